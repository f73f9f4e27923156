import {
  ANALYTICS_BREAKDOWNS,
  ANALYTICS_MEASURES,
  ANALYTICS_PERIODS,
  type AnalyticsBreakdown,
  type AnalyticsMeasure,
  type AnalyticsPeriod,
  type CurveRef,
} from '@takt/contracts';
import { barsHeight, barsOption, type ChartTexts, sCurveOption } from '@takt/gantt/charts';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { CompactSelect, choicesOf } from '../../components/compact-select';
import { useSpace } from '../../layouts/space-context';
import { type Translate, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { curveOfChoice, useCurveChoices } from './curves';
import { chartColors, EChart } from './echart';
import { Figures } from './figures';
import { type DashboardScope, day, num } from './scope';

/** The chart texts in the reader's language and number and date formats. */
const chartTexts = (t: Translate): ChartTexts => ({
  // The shared chart options name only the analytics' own messages.
  t: (id) => t(id as Parameters<Translate>[0]),
  num: (v) => num(v),
  day: (iso) => day(iso),
});

/**
 * Cumulative plan / actual (and the cost widget, with the measure fixed): the S-curve of a measure by
 * period. Volumes are of one unit at a time, chosen among the scope's units. The plan follows the curve
 * chosen here (the dashboard's, else the space's settings); counts have none.
 */
export function CumulativeWidget({
  scope,
  measure: initialMeasure,
  period: initialPeriod,
  curve: initialCurve,
  fixedMeasure,
}: {
  scope: DashboardScope;
  measure: AnalyticsMeasure;
  period: AnalyticsPeriod;
  curve?: CurveRef | undefined;
  fixedMeasure?: boolean;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [measure, setMeasure] = useState(initialMeasure);
  const [period, setPeriod] = useState(initialPeriod);
  const [unit, setUnit] = useState<string | undefined>(undefined);
  const [curve, setCurve] = useState(initialCurve);
  const curves = useCurveChoices();
  const query = trpc.analytics.series.useQuery({
    spaceId,
    ...scope,
    measure,
    period,
    unit,
    curve: measure === 'count' ? undefined : curve,
  });
  const option = useMemo(
    () => (query.data ? sCurveOption(query.data, chartColors(), chartTexts(t)) : null),
    [query.data, t],
  );
  const data = query.data;
  return (
    <>
      <div className="analytics-widget-tools">
        {!fixedMeasure && (
          <CompactSelect
            aria-label={t('analytics.measure')}
            value={measure}
            onChange={(m) => {
              setMeasure(m);
              setUnit(undefined);
            }}
            options={choicesOf(ANALYTICS_MEASURES, (m) => t(`analytics.measure.${m}`))}
          />
        )}
        {measure === 'volume' && data && data.units.length > 1 && (
          <CompactSelect
            aria-label={t('analytics.unit')}
            value={data.unit ?? ''}
            onChange={setUnit}
            options={data.units.map((u) => ({ value: u, label: u }))}
          />
        )}
        <CompactSelect
          aria-label={t('analytics.period')}
          value={period}
          onChange={setPeriod}
          options={choicesOf(ANALYTICS_PERIODS, (p) => t(`analytics.period.${p}`))}
        />
        {measure !== 'count' && (
          <CompactSelect
            aria-label={t('analytics.curve')}
            title={t('analytics.curve')}
            value={curve ?? ''}
            onChange={(value) => setCurve(curveOfChoice(value))}
            options={curves}
            data-testid="widget-curve"
          />
        )}
        {data && data.period !== period && (
          <span className="analytics-note">
            {t('analytics.coarser', { period: t(`analytics.period.${data.period}`) })}
          </span>
        )}
      </div>
      <Figures of={query} empty={!data?.periods.length && t('analytics.no_data')}>
        {option && (
          <EChart
            option={option}
            label={t(`analytics.widget.${fixedMeasure ? 'cost' : 'cumulative'}`)}
            testId={`chart-${fixedMeasure ? 'cost' : 'cumulative'}`}
          />
        )}
      </Figures>
    </>
  );
}

type BreakdownRow = {
  key: string | null;
  label: string | null;
  plan: number;
  approved: number;
  fact: number;
};

/**
 * Cost or labour by work type or performer: plan and fact by executor, trade (specialty), resource or
 * kind of resource.
 */
export function BreakdownWidget({ scope, initial }: { scope: DashboardScope; initial: AnalyticsBreakdown }) {
  const t = useT();
  const { spaceId } = useSpace();
  const [measure, setMeasure] = useState<'cost' | 'labour'>('cost');
  const [by, setBy] = useState<AnalyticsBreakdown>(initial);
  const query = trpc.analytics.breakdown.useQuery({ spaceId, ...scope, measure, by });
  const rows = query.data?.rows ?? [];
  const option = useMemo(
    () => barsOption(rows, chartColors(), chartTexts(t), t(`analytics.none.${by}`)),
    [rows, t, by],
  );
  return (
    <>
      <div className="analytics-widget-tools">
        <CompactSelect
          aria-label={t('analytics.measure')}
          value={measure}
          onChange={setMeasure}
          options={choicesOf(['cost', 'labour'] as const, (m) => t(`analytics.measure.${m}`))}
        />
        <CompactSelect
          aria-label={t('analytics.breakdown_by')}
          value={by}
          onChange={setBy}
          options={choicesOf(ANALYTICS_BREAKDOWNS, (b) => t(`analytics.by.${b}`))}
        />
      </div>
      <Figures of={query} empty={!rows.length && t('analytics.no_resources')}>
        <EChart
          option={option}
          height={barsHeight(rows.length)}
          label={t('analytics.widget.breakdown')}
          testId="chart-breakdown"
        />
        {query.data?.other && (
          <p className="analytics-note">{t('analytics.other_rows', { count: query.data.other.count })}</p>
        )}
      </Figures>
    </>
  );
}

/** Cost and labour by projects, plan and fact; a bar opens the project's grid of schedules. */
export function ProjectsWidget({ scope }: { scope: DashboardScope }) {
  const t = useT();
  const { spaceId } = useSpace();
  const [, navigate] = useLocation();
  const by = scope.level === 'space' || scope.level === 'facility' ? 'project' : 'schedule';
  const cost = trpc.analytics.breakdown.useQuery({ spaceId, ...scope, measure: 'cost', by });
  const labour = trpc.analytics.breakdown.useQuery({ spaceId, ...scope, measure: 'labour', by });
  const [costRows, labourRows] = [cost.data?.rows ?? [], labour.data?.rows ?? []];
  const other = t(`analytics.none.${by}`);
  const costOption = useMemo(
    () => barsOption(costRows, chartColors(), chartTexts(t), other),
    [costRows, t, other],
  );
  const labourOption = useMemo(
    () => barsOption(labourRows, chartColors(), chartTexts(t), other),
    [labourRows, t, other],
  );
  const open = (rows: BreakdownRow[]) => (event: { dataIndex: number }) => {
    const row = rows[rows.length - 1 - event.dataIndex];
    if (row?.key) navigate(by === 'project' ? `/grid/${row.key}` : `/schedule/${row.key}`);
  };
  return (
    <Figures
      of={[cost, labour]}
      empty={!costRows.length && !labourRows.length && t('analytics.no_resources')}
    >
      <div className="analytics-pair">
        <div>
          <h4 className="analytics-subtitle">{t('analytics.measure.cost')}</h4>
          <EChart
            option={costOption}
            height={barsHeight(costRows.length)}
            label={t('analytics.measure.cost')}
            onClick={open(costRows)}
            testId="chart-projects-cost"
          />
        </div>
        <div>
          <h4 className="analytics-subtitle">{t('analytics.measure.labour')}</h4>
          <EChart
            option={labourOption}
            height={barsHeight(labourRows.length)}
            label={t('analytics.measure.labour')}
            onClick={open(labourRows)}
            testId="chart-projects-labour"
          />
        </div>
      </div>
    </Figures>
  );
}

/** Physical volume plan / fact: by unit, since volumes of different units do not add up. */
export function VolumeWidget({ scope }: { scope: DashboardScope }) {
  const t = useT();
  const { spaceId } = useSpace();
  const query = trpc.analytics.volumes.useQuery({ spaceId, ...scope });
  const units = query.data?.units ?? [];
  return (
    <Figures of={query} empty={!units.length && t('analytics.no_volumes')}>
      <table className="table analytics-table" data-testid="analytics-volumes">
        <thead>
          <tr>
            <th>{t('analytics.unit')}</th>
            <th className="num">{t('analytics.indicator.works')}</th>
            <th className="num">{t('analytics.line.plan')}</th>
            <th className="num">{t('analytics.line.approved')}</th>
            <th className="num">{t('analytics.line.fact')}</th>
            <th className="analytics-bar-cell">%</th>
          </tr>
        </thead>
        <tbody>
          {units.map((u) => {
            const share = u.plan > 0 ? Math.min(100, (u.fact * 100) / u.plan) : 0;
            return (
              <tr key={u.unit}>
                <td>{u.unit}</td>
                <td className="num">{num(u.works, 0)}</td>
                <td className="num">{num(u.plan)}</td>
                <td className="num">{num(u.approved)}</td>
                <td className="num">{num(u.fact)}</td>
                <td className="analytics-bar-cell">
                  <span className="analytics-bar" style={{ width: `${share}%` }} />
                  <span className="analytics-bar-text">{num(share, 0)} %</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Figures>
  );
}
