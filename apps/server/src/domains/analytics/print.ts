import { PassThrough } from 'node:stream';
import type { AnalyticsScope, DashboardLayout, DashboardWidget } from '@takt/contracts';
import { barsHeight, barsOption, type ChartTexts, PAPER_PALETTE, sCurveOption } from '@takt/gantt/charts';
import { chartSvg, type PdfTableCell, type PdfTableRow, writeTablePdf } from '@takt/gantt/pdf';
import { formatDate, formatDateTime, formatNumber, translate } from '@takt/i18n';
import type { Grid } from '@takt/interchange';
import type { SpaceContext } from '../../context';
import type { FileResult } from '../../files/result';
import { scopeBreakdown } from './breakdown';
import { SHEETS, type Tr } from './export';
import { scopeIndicators } from './indicators';
import { listPresets } from './presets';
import { scopeSeries } from './series';

/** A chart's size as drawn (points on the page: the SVG is scaled to the page's width). */
const CHART_WIDTH = 1100;
const CHART_HEIGHT = 340;
/** The charts are drawn wider than the page and scaled down to it: their texts come out at about 8 points. */
const SCALE = 786 / CHART_WIDTH;

/** The scope's name on the page's title: the space, the EPS node, or a version's schedule and number. */
async function scopeName(ctx: SpaceContext, scope: AnalyticsScope): Promise<string> {
  const { rows } = await ctx.db.pool.query<{ name: string }>(
    scope.level === 'space'
      ? 'SELECT name FROM spaces WHERE id = $1 AND id = $2'
      : scope.level === 'version'
        ? `SELECT s.name || ' · ' || v.number AS name FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId"
           WHERE v.id = $1 AND v."spaceId" = $2`
        : 'SELECT name FROM eps_nodes WHERE id = $1 AND "spaceId" = $2',
    [scope.id, ctx.space.spaceId],
  );
  return rows[0]?.name ?? '';
}

/** The charts of a widget as the dashboard draws them (a table widget has none). */
async function chartsOf(
  ctx: SpaceContext,
  scope: AnalyticsScope,
  widget: DashboardWidget,
  layout: DashboardLayout,
  texts: ChartTexts,
): Promise<{ title?: string; svg: string; height: number }[]> {
  const curve = async (measure: DashboardLayout['measure']) => {
    const series = await scopeSeries(ctx, { ...scope, measure, period: layout.period, curve: layout.curve });
    return [
      {
        svg: chartSvg(sCurveOption(series, PAPER_PALETTE, texts), CHART_WIDTH, CHART_HEIGHT),
        height: CHART_HEIGHT,
      },
    ];
  };
  const bars = async (
    measure: 'cost' | 'labour',
    by: Parameters<typeof scopeBreakdown>[1]['by'],
    title?: string,
  ) => {
    const { rows } = await scopeBreakdown(ctx, { ...scope, measure, by });
    if (!rows.length) return [];
    const height = barsHeight(rows.length);
    const option = barsOption(rows, PAPER_PALETTE, texts, texts.t(`analytics.none.${by}`));
    return [{ ...(title ? { title } : {}), svg: chartSvg(option, CHART_WIDTH, height), height }];
  };
  switch (widget) {
    case 'progress': {
      // Planned and actual % complete, of each schedule.
      const { versions } = await scopeIndicators(ctx, scope);
      const rows = versions.map((v) => ({
        label: v.project ? `${v.project} / ${v.schedule}` : v.schedule,
        plan: v.indicators.percentPlan ?? 0,
        fact: v.indicators.percentFact ?? 0,
      }));
      const height = barsHeight(rows.length);
      return [{ svg: chartSvg(barsOption(rows, PAPER_PALETTE, texts, ''), CHART_WIDTH, height), height }];
    }
    case 'cumulative':
      return curve(layout.measure);
    case 'cost':
      return curve('cost');
    case 'breakdown':
      return bars('cost', layout.breakdown);
    case 'projects': {
      const by = scope.level === 'space' || scope.level === 'facility' ? 'project' : 'schedule';
      return [
        ...(await bars('cost', by, texts.t('analytics.measure.cost'))),
        ...(await bars('labour', by, texts.t('analytics.measure.labour'))),
      ];
    }
    default:
      return [];
  }
}

/** A grid's rows as table rows of the page: the header (repeated on the pages the table runs onto), then the values. */
async function tableRows(grid: Grid, ctx: SpaceContext): Promise<PdfTableRow[]> {
  const columns = grid.columns.map((c) => (c.kind === 'text' ? 2.4 : 1.5));
  const cell = (value: unknown, kind: Grid['columns'][number]['kind'], decimals?: number): PdfTableCell => {
    if (value === null || value === undefined || value === '') return { text: '' };
    if (kind === 'number' || kind === 'integer')
      return {
        text: formatNumber(Number(value), ctx.lang, kind === 'integer' ? 0 : (decimals ?? 2)),
        align: 'right',
      };
    if (kind === 'date') return { text: formatDate(`${String(value).slice(0, 10)}T00:00:00`) };
    if (kind === 'datetime') return { text: formatDateTime(String(value)) };
    return { text: String(value) };
  };
  const out: PdfTableRow[] = [
    {
      columns,
      rule: true,
      // The header and the first rows on one page.
      keepWithNext: 30,
      cells: grid.columns.map((c) => ({
        text: c.header,
        bold: true,
        size: 7,
        wrap: true,
        fill: '#f1f3f6',
        ...(c.kind === 'text' ? {} : { align: 'right' as const }),
      })),
    },
  ];
  for await (const row of grid.rows)
    out.push({
      columns,
      table: true,
      rule: true,
      cells: grid.columns.map((c) => ({
        ...cell(row.values[c.id], c.kind, c.decimals),
        ...(row.summary ? { bold: true } : {}),
      })),
    });
  return out;
}

/**
 * A dashboard, or one widget, printed by the server as a PDF (API analytics/{level}/{id}/print; the print
 * view's PDF): landscape A4 pages, a block per widget — its title, its charts drawn as on screen (the
 * reader's active dashboard's measure, period and breakdown) and its figures as a table — in the caller's
 * language.
 */
export async function printDashboard(
  ctx: SpaceContext,
  input: AnalyticsScope & { widgets: readonly DashboardWidget[] },
): Promise<FileResult> {
  const t: Tr = (id, values) => translate(ctx.lang, id, values);
  const texts: ChartTexts = {
    t,
    num: (v) => (v === null || v === undefined ? '—' : formatNumber(v, ctx.lang)),
    day: (iso) => formatDate(`${iso.slice(0, 10)}T00:00:00`),
  };
  const [{ dashboard }, name] = await Promise.all([listPresets(ctx), scopeName(ctx, input)]);
  const title = `${t('analytics.export.file')} — ${name}`;
  const rows: PdfTableRow[] = [
    { cells: [{ text: title, bold: true, size: 13 }] },
    { cells: [{ text: formatDateTime(new Date()), size: 8, color: '#6b7280' }] },
  ];
  for (const widget of input.widgets) {
    const heading = t(`analytics.widget.${widget}`);
    const charts = await chartsOf(ctx, input, widget, dashboard.layout, texts);
    // A chart carries its widget's heading, so that the two never part at a page's end.
    if (!charts.length) rows.push({ cells: [{ text: heading, bold: true, size: 10 }], keepWithNext: 60 });
    charts.forEach((chart, index) => {
      const title = index === 0 ? [heading, chart.title].filter(Boolean).join(' — ') : chart.title;
      const height = Math.min(chart.height * SCALE, 420);
      rows.push({ cells: [], picture: { svg: chart.svg, height, ...(title ? { title } : {}) } });
    });
    rows.push(...(await tableRows(await SHEETS[widget](ctx, input, t, dashboard.layout), ctx)));
    rows.push({ cells: [{ text: '' }] });
  }
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeTablePdf(
    {
      title,
      columns: [1],
      rows: (async function* () {
        yield* rows;
      })(),
      footer: title,
    },
    out,
  );
  return {
    file: true,
    contentType: 'application/pdf',
    data: Buffer.concat(chunks),
    fileName: `${t('analytics.export.file')} ${new Date().toISOString().slice(0, 10)}.pdf`,
  };
}
