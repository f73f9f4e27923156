import { RANKING_INDICATORS, type RankingIndicator } from '@takt/contracts';
import { useState } from 'react';
import { Link } from 'wouter';
import { CompactSelect, choicesOf } from '../../components/compact-select';
import { Empty, ProgressBar } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { type Translate, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { Figures } from './figures';
import { type DashboardScope, day, type Indicators, num, type ScopeVersion, scheduleLink } from './scope';

/** A tile of the indicators: its figure, the grid indicator it opens (for one schedule), a warning tone. */
interface Tile {
  key: string;
  value: string;
  indicator?: string;
  tone?: 'late' | 'ok';
}

function tilesOf(i: Indicators): Tile[] {
  const late = (bad: boolean): Tile['tone'] => (bad ? 'late' : undefined);
  return [
    { key: 'works', value: num(i.works, 0) },
    { key: 'completed', value: num(i.completed, 0), indicator: 'completed' },
    { key: 'inProgress', value: num(i.inProgress, 0), indicator: 'in_progress' },
    { key: 'notStarted', value: num(i.notStarted, 0), indicator: 'not_started' },
    { key: 'overdue', value: num(i.overdue, 0), tone: late(i.overdue > 0) },
    { key: 'critical', value: num(i.critical, 0), indicator: 'critical' },
    {
      key: 'negativeFloat',
      value: num(i.negativeFloat, 0),
      indicator: 'negative_float',
      tone: late(i.negativeFloat > 0),
    },
    { key: 'percentPlan', value: `${num(i.percentPlan, 1)} %` },
    { key: 'percentFact', value: `${num(i.percentFact, 1)} %`, tone: late((i.percentLag ?? 0) > 5) },
    { key: 'spi', value: num(i.spi, 2), tone: i.spi === null ? undefined : i.spi < 0.95 ? 'late' : 'ok' },
    { key: 'cpi', value: num(i.cpi, 2), tone: i.cpi === null ? undefined : i.cpi < 0.95 ? 'late' : 'ok' },
    { key: 'finishDelayDays', value: num(i.finishDelayDays, 0), tone: late((i.finishDelayDays ?? 0) > 0) },
    {
      key: 'milestonesDelayed',
      value: num(i.milestonesDelayed, 0),
      indicator: 'milestones',
      tone: late(i.milestonesDelayed > 0),
    },
  ];
}

/**
 * Project and schedule indicators: the scope's tiles (a tile of one schedule opens its grid filtered by
 * that indicator) and, for more than one schedule, a table of them, each opening its schedule.
 */
export function IndicatorsWidget({ scope }: { scope: DashboardScope }) {
  const t = useT();
  const { spaceId } = useSpace();
  const query = trpc.analytics.indicators.useQuery({ spaceId, ...scope });
  const versions = query.data?.versions ?? [];
  const single = versions.length === 1 ? versions[0] : undefined;
  return (
    <Figures of={query} empty={!versions.length && t('analytics.no_schedules')}>
      {query.data && (
        <>
          <div className="analytics-tiles" data-testid="analytics-tiles">
            {tilesOf(query.data.total).map((tile) => {
              const body = (
                <>
                  <div className="stat-label">{t(`analytics.indicator.${tile.key}` as never)}</div>
                  <div className="stat-value">{tile.value}</div>
                </>
              );
              const className = `stat analytics-tile${tile.tone ? ` analytics-tile-${tile.tone}` : ''}`;
              return single && tile.indicator ? (
                <Link
                  key={tile.key}
                  href={scheduleLink(single, { indicator: tile.indicator })}
                  className={className}
                  data-testid={`tile-${tile.key}`}
                >
                  {body}
                </Link>
              ) : (
                <div key={tile.key} className={className} data-testid={`tile-${tile.key}`}>
                  {body}
                </div>
              );
            })}
          </div>
          {versions.length > 1 && <VersionsTable versions={versions} t={t} />}
        </>
      )}
    </Figures>
  );
}

function VersionsTable({ versions, t }: { versions: ScopeVersion[]; t: Translate }) {
  return (
    <table className="table analytics-table" data-testid="analytics-versions">
      <thead>
        <tr>
          <th>{t('analytics.project')}</th>
          <th>{t('analytics.schedule')}</th>
          <th className="num">{t('analytics.indicator.works')}</th>
          <th className="num">{t('analytics.indicator.percentPlan')}</th>
          <th className="num">{t('analytics.indicator.percentFact')}</th>
          <th className="num">{t('analytics.indicator.spi')}</th>
          <th className="num">{t('analytics.indicator.overdue')}</th>
          <th className="num">{t('analytics.indicator.finishDelayDays')}</th>
        </tr>
      </thead>
      <tbody>
        {versions.map((v) => (
          <tr key={v.versionId}>
            <td>{v.project ?? '—'}</td>
            <td>
              <Link href={scheduleLink(v)}>{v.schedule}</Link>
            </td>
            <td className="num">{num(v.indicators.works, 0)}</td>
            <td className="num">{num(v.indicators.percentPlan, 1)}</td>
            <td className="num">{num(v.indicators.percentFact, 1)}</td>
            <td className="num">{num(v.indicators.spi, 2)}</td>
            <td className="num">{num(v.indicators.overdue, 0)}</td>
            <td className="num">{num(v.indicators.finishDelayDays, 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Progress on completed work: planned and actual % complete at the data date, and the completed works. */
export function ProgressWidget({ scope }: { scope: DashboardScope }) {
  const t = useT();
  const { spaceId } = useSpace();
  const query = trpc.analytics.indicators.useQuery({ spaceId, ...scope });
  const total = query.data?.total;
  return (
    <Figures of={query} empty={!total?.works && t('analytics.no_works')}>
      {total && (
        <div className="analytics-progress" data-testid="analytics-progress">
          <ProgressBar
            value={total.percentPlan ?? 0}
            label={`${t('analytics.indicator.percentPlan')}: ${num(total.percentPlan, 1)} %`}
          />
          <ProgressBar
            value={total.percentFact ?? 0}
            label={`${t('analytics.indicator.percentFact')}: ${num(total.percentFact, 1)} %`}
          />
          <ProgressBar
            value={total.works ? (total.completed * 100) / total.works : 0}
            label={t('analytics.completed_of', {
              completed: num(total.completed, 0),
              works: num(total.works, 0),
            })}
          />
          <p className="analytics-note">{t(`analytics.weighted_by.${total.weightedBy}`)}</p>
        </div>
      )}
    </Figures>
  );
}

type Deadlines = Omit<RouterOutputs['analytics']['deadlines'], 'stale'>;

/** A deadlines list: past finishes first (red, with the days past), then coming ones; a row opens its work. */
export function DeadlinesTable({ deadlines, testId }: { deadlines: Deadlines; testId: string }) {
  const t = useT();
  if (!deadlines.works.length) return <Empty>{t('analytics.no_deadlines')}</Empty>;
  return (
    <>
      <p className="analytics-note">
        {t('analytics.deadlines_counts', { overdue: deadlines.overdue, upcoming: deadlines.upcoming })}
      </p>
      <table className="table analytics-table" data-testid={testId}>
        <thead>
          <tr>
            <th>{t('analytics.work')}</th>
            <th>{t('analytics.schedule')}</th>
            <th>{t('analytics.finish')}</th>
            <th className="num">{t('analytics.overdue_days')}</th>
          </tr>
        </thead>
        <tbody>
          {deadlines.works.map((w) => (
            <tr key={w.id} className={w.overdueDays > 0 ? 'analytics-row-late' : undefined}>
              <td>
                <Link href={scheduleLink(w, { target: w.id })}>
                  {w.milestone ? '◆ ' : ''}
                  {w.code ? `${w.code} ` : ''}
                  {w.name}
                </Link>
              </td>
              <td>{w.schedule}</td>
              <td>{day(w.planFinish)}</td>
              <td className="num">{w.overdueDays > 0 ? num(w.overdueDays, 0) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function DeadlinesWidget({ scope }: { scope: DashboardScope }) {
  const { spaceId } = useSpace();
  const query = trpc.analytics.deadlines.useQuery({ spaceId, ...scope, days: 14 });
  return (
    <Figures of={query} empty={false}>
      {query.data && <DeadlinesTable deadlines={query.data} testId="analytics-deadlines" />}
    </Figures>
  );
}

/** Project ranking: the scope's projects (schedules below a project) by an indicator, with its light. */
export function RankingWidget({ scope, initial }: { scope: DashboardScope; initial: RankingIndicator }) {
  const t = useT();
  const { spaceId } = useSpace();
  const [indicator, setIndicator] = useState<RankingIndicator>(initial);
  const query = trpc.analytics.ranking.useQuery({ spaceId, ...scope, indicator });
  return (
    <>
      <div className="analytics-widget-tools">
        <CompactSelect
          aria-label={t('analytics.rank_by')}
          value={indicator}
          onChange={setIndicator}
          options={choicesOf(RANKING_INDICATORS, (i) => t(`analytics.indicator.${i}`))}
        />
      </div>
      <Figures of={query} empty={!query.data?.rows.length && t('analytics.no_schedules')}>
        <ol className="analytics-ranking" data-testid="analytics-ranking">
          {query.data?.rows.map((row) => (
            <li key={row.key}>
              <span className={`analytics-light analytics-light-${row.light ?? 'none'}`} aria-hidden="true" />
              <span className="analytics-ranking-label">{row.label}</span>
              <span className="analytics-ranking-value">
                {num(row.value, indicator === 'spi' || indicator === 'cpi' ? 2 : 1)}
              </span>
            </li>
          ))}
        </ol>
      </Figures>
    </>
  );
}
