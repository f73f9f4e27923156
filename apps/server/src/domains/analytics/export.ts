import type {
  AnalyticsBreakdown,
  AnalyticsMeasure,
  AnalyticsPeriod,
  AnalyticsScope,
  CurveRef,
  DashboardLayout,
  DashboardWidget,
} from '@takt/contracts';
import { translate } from '@takt/i18n';
import { type Grid, type GridColumn, writeGridsXlsx } from '@takt/interchange';
import type { SpaceContext } from '../../context';
import type { FileResult } from '../../files/result';
import { scopeBreakdown, scopeVolumes } from './breakdown';
import { scopeDeadlines } from './deadlines';
import { scopeIndicators } from './indicators';
import { listPresets } from './presets';
import { scopeRanking } from './ranking';
import { scopeSeries } from './series';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type Tr = (id: string, values?: Record<string, unknown>) => string;

const column = (
  id: string,
  header: string,
  kind: GridColumn['kind'] = 'text',
  decimals?: number,
): GridColumn => ({
  id,
  header,
  kind,
  ...(decimals === undefined ? {} : { decimals }),
});

/** The indicators' columns in order, with their decimals (none: a count of works). */
const INDICATOR_COLUMNS = [
  ['works', 0],
  ['completed', 0],
  ['inProgress', 0],
  ['notStarted', 0],
  ['overdue', 0],
  ['critical', 0],
  ['negativeFloat', 0],
  ['percentPlan', 2],
  ['percentFact', 2],
  ['spi', 3],
  ['cpi', 3],
  ['finishDelayDays', 2],
  ['milestonesDelayed', 0],
] as const;

/** The sheet of the indicators: the scope's total, then one row a schedule. */
async function indicatorsSheet(ctx: SpaceContext, scope: AnalyticsScope, t: Tr): Promise<Grid> {
  const { total, versions } = await scopeIndicators(ctx, scope);
  return {
    sheetName: t('analytics.widget.indicators'),
    columns: [
      column('project', t('analytics.project')),
      column('schedule', t('analytics.schedule')),
      ...INDICATOR_COLUMNS.map(([k, decimals]) =>
        decimals
          ? column(k, t(`analytics.indicator.${k}`), 'number', decimals)
          : column(k, t(`analytics.indicator.${k}`), 'integer'),
      ),
    ],
    rows: [
      { level: 0, summary: true, values: { project: t('analytics.export.total'), ...total } },
      ...versions.map((v) => ({
        level: 1,
        values: { project: v.project ?? '', schedule: v.schedule, ...v.indicators },
      })),
    ],
  };
}

/** The progress sheet: planned and actual % complete and the completed works, of the scope and of each schedule. */
async function progressSheet(ctx: SpaceContext, scope: AnalyticsScope, t: Tr): Promise<Grid> {
  const { total, versions } = await scopeIndicators(ctx, scope);
  const values = (i: typeof total) => ({
    percentPlan: i.percentPlan,
    percentFact: i.percentFact,
    completed: i.completed,
    works: i.works,
  });
  return {
    sheetName: t('analytics.widget.progress'),
    columns: [
      column('project', t('analytics.project')),
      column('schedule', t('analytics.schedule')),
      column('percentPlan', t('analytics.indicator.percentPlan'), 'number', 1),
      column('percentFact', t('analytics.indicator.percentFact'), 'number', 1),
      column('completed', t('analytics.indicator.completed'), 'integer'),
      column('works', t('analytics.indicator.works'), 'integer'),
    ],
    rows: [
      { level: 0, summary: true, values: { project: t('analytics.export.total'), ...values(total) } },
      ...versions.map((v) => ({
        level: 1,
        values: { project: v.project ?? '', schedule: v.schedule, ...values(v.indicators) },
      })),
    ],
  };
}

/** A series sheet: plan, approved and fact by period with their running totals. */
async function seriesSheet(
  ctx: SpaceContext,
  scope: AnalyticsScope,
  measure: AnalyticsMeasure,
  period: AnalyticsPeriod,
  curve: CurveRef | undefined,
  t: Tr,
  title = `analytics.measure.${measure}`,
): Promise<Grid> {
  const series = await scopeSeries(ctx, { ...scope, measure, period, curve });
  const lines = ['plan', 'approved', 'fact', 'planTotal', 'approvedTotal', 'factTotal'] as const;
  const header: Record<(typeof lines)[number], string> = {
    plan: t('analytics.line.plan'),
    approved: t('analytics.line.approved'),
    fact: t('analytics.line.fact'),
    planTotal: t('analytics.line.plan_total'),
    approvedTotal: t('analytics.line.approved_total'),
    factTotal: t('analytics.line.fact_total'),
  };
  return {
    sheetName: t(title),
    columns: [
      column('start', t('analytics.export.period'), 'date'),
      ...lines.map((l) => column(l, header[l], 'number')),
    ],
    rows: series.periods.map((p) => ({ level: 0, values: p })),
  };
}

/** Cost and labour broken down by what the widget shows: projects (schedules below a project), or the dashboard's breakdown. */
async function breakdownSheet(
  ctx: SpaceContext,
  scope: AnalyticsScope,
  t: Tr,
  by: AnalyticsBreakdown,
): Promise<Grid> {
  const [cost, labour] = await Promise.all([
    scopeBreakdown(ctx, { ...scope, measure: 'cost', by }),
    scopeBreakdown(ctx, { ...scope, measure: 'labour', by }),
  ]);
  const rows = [
    ...cost.rows.map((r) => ({ level: 0, values: { measure: t('analytics.measure.cost'), ...r } })),
    ...labour.rows.map((r) => ({ level: 0, values: { measure: t('analytics.measure.labour'), ...r } })),
  ];
  return {
    sheetName: t(`analytics.by.${by}`),
    columns: [
      column('measure', t('analytics.measure')),
      column('label', t(`analytics.by.${by}`)),
      column('plan', t('analytics.line.plan'), 'number'),
      column('approved', t('analytics.line.approved'), 'number'),
      column('fact', t('analytics.line.fact'), 'number'),
    ],
    rows,
  };
}

async function volumesSheet(ctx: SpaceContext, scope: AnalyticsScope, t: Tr): Promise<Grid> {
  const { units } = await scopeVolumes(ctx, scope);
  return {
    sheetName: t('analytics.widget.volume'),
    columns: [
      column('unit', t('analytics.unit')),
      column('works', t('analytics.indicator.works'), 'integer'),
      column('plan', t('analytics.line.plan'), 'number'),
      column('approved', t('analytics.line.approved'), 'number'),
      column('fact', t('analytics.line.fact'), 'number'),
    ],
    rows: units.map((u) => ({ level: 0, values: u })),
  };
}

async function deadlinesSheet(ctx: SpaceContext, scope: AnalyticsScope, t: Tr): Promise<Grid> {
  const { works } = await scopeDeadlines(ctx, { ...scope, days: 14 });
  return {
    sheetName: t('analytics.widget.deadlines'),
    columns: [
      column('code', t('analytics.export.code')),
      column('name', t('analytics.work')),
      column('schedule', t('analytics.schedule')),
      column('planFinish', t('analytics.finish'), 'datetime'),
      column('overdueDays', t('analytics.overdue_days'), 'integer'),
    ],
    rows: works.map((w) => ({ level: 0, values: { ...w } })),
  };
}

async function rankingSheet(ctx: SpaceContext, scope: AnalyticsScope, t: Tr): Promise<Grid> {
  const { rows } = await scopeRanking(ctx, { ...scope, indicator: 'spi' });
  return {
    sheetName: t('analytics.widget.ranking'),
    columns: [
      column('label', t('analytics.project')),
      column('spi', t('analytics.indicator.spi'), 'number', 3),
      column('cpi', t('analytics.indicator.cpi'), 'number', 3),
      column('percentFact', t('analytics.indicator.percentFact'), 'number'),
      column('finishDelayDays', t('analytics.indicator.finishDelayDays'), 'integer'),
    ],
    rows: rows.map((r) => ({ level: 0, values: { label: r.label, ...r.indicators } })),
  };
}

/** The sheets of each widget (a widget drawn from the same figures as another shares its sheet). */
export const SHEETS: Record<
  DashboardWidget,
  (ctx: SpaceContext, scope: AnalyticsScope, t: Tr, layout: DashboardLayout) => Promise<Grid>
> = {
  indicators: indicatorsSheet,
  progress: progressSheet,
  cumulative: (ctx, scope, t, layout) =>
    seriesSheet(ctx, scope, layout.measure, layout.period, layout.curve, t),
  cost: (ctx, scope, t, layout) =>
    seriesSheet(ctx, scope, 'cost', layout.period, layout.curve, t, 'analytics.widget.cost'),
  deadlines: deadlinesSheet,
  projects: (ctx, scope, t) =>
    breakdownSheet(
      ctx,
      scope,
      t,
      scope.level === 'space' || scope.level === 'facility' ? 'project' : 'schedule',
    ),
  breakdown: (ctx, scope, t, layout) => breakdownSheet(ctx, scope, t, layout.breakdown),
  ranking: rankingSheet,
  volume: volumesSheet,
};

/**
 * A dashboard's figures, or one widget's, as an Excel workbook (API analytics/print/{value}/xlsx): a
 * sheet per widget, each as the dashboard shows it, in the caller's language.
 */
export async function exportDashboard(
  ctx: SpaceContext,
  input: AnalyticsScope & { widgets: readonly DashboardWidget[] },
): Promise<FileResult> {
  const t: Tr = (id, values) => translate(ctx.lang, id, values);
  const makers = [...new Set(input.widgets.map((w) => SHEETS[w]))];
  const grids: Grid[] = [];
  // Two sheets of one name (the cumulative widget on cost beside the cost widget): the second is numbered.
  const named = new Map<string, number>();
  const { dashboard } = await listPresets(ctx);
  for (const make of makers) {
    const grid = await make(ctx, input, t, dashboard.layout);
    const name = grid.sheetName ?? '';
    const seen = (named.get(name) ?? 0) + 1;
    named.set(name, seen);
    grids.push(seen > 1 ? { ...grid, sheetName: `${name} (${seen})` } : grid);
  }
  const data = await writeGridsXlsx(grids);
  return {
    file: true,
    contentType: XLSX,
    data,
    fileName: `${t('analytics.export.file')} ${new Date().toISOString().slice(0, 10)}.xlsx`,
  };
}
