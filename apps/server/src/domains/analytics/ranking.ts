import type { AnalyticsScope, RankingIndicator } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { addSums, type IndicatorSums, type Indicators, indicatorsOf, versionSums } from './indicators';
import { type ScopeVersion, scopeVersions } from './scope';

/** Whether a larger value of the indicator is better (ranked first). */
const HIGHER_IS_BETTER: Record<RankingIndicator, boolean> = {
  spi: true,
  cpi: true,
  percentFact: true,
  percentLag: false,
  finishDelayDays: false,
  overdue: false,
  critical: false,
  negativeFloat: false,
};

export type Light = 'green' | 'amber' | 'red' | null;

/**
 * The traffic light of an indicator (docs/product-rules.md, "Analytics"): SPI and CPI green from 0.95,
 * amber from 0.85; lag behind plan green up to 5 points, amber up to 15; finish delay green when not
 * late, amber up to 14 days; overdue, critical and negative-float works green at none, amber up to 5 %
 * of the works, red beyond. No light without a value.
 */
export function lightOf(indicator: RankingIndicator, value: number | null, works: number): Light {
  if (value === null) return null;
  switch (indicator) {
    case 'spi':
    case 'cpi':
      return value >= 0.95 ? 'green' : value >= 0.85 ? 'amber' : 'red';
    case 'percentFact':
      return null;
    case 'percentLag':
      return value <= 5 ? 'green' : value <= 15 ? 'amber' : 'red';
    case 'finishDelayDays':
      return value <= 0 ? 'green' : value <= 14 ? 'amber' : 'red';
    default:
      return value === 0 ? 'green' : works > 0 && value / works <= 0.05 ? 'amber' : 'red';
  }
}

/** What the ranked rows are: projects for a space or a facility, schedules below that. */
const byProject = (level: AnalyticsScope['level']) => level === 'space' || level === 'facility';

/** A project (or a schedule) of a scope with the indicators of its versions together. */
export interface RankedGroup {
  key: string;
  kind: 'project' | 'schedule';
  label: string;
  versionIds: string[];
  indicators: Indicators;
}

/**
 * The scope's versions grouped into projects (a schedule outside any project stands alone) or into
 * schedules, each with its indicators.
 */
export async function groupedIndicators(
  ctx: SpaceContext,
  versions: readonly ScopeVersion[],
  projects: boolean,
): Promise<RankedGroup[]> {
  const sums = await versionSums(ctx, versions);
  const groups = new Map<
    string,
    { key: string; kind: RankedGroup['kind']; label: string; sums: IndicatorSums[]; versionIds: string[] }
  >();
  for (const v of versions) {
    const project = projects && v.projectId !== null;
    const [key, label] = project ? [v.projectId!, v.project!] : [v.scheduleId, v.schedule];
    const kind = project ? ('project' as const) : ('schedule' as const);
    const group = groups.get(key) ?? { key, kind, label, sums: [], versionIds: [] };
    groups.set(key, group);
    group.sums.push(sums.get(v.versionId)!);
    group.versionIds.push(v.versionId);
  }
  return [...groups.values()].map((g) => ({
    key: g.key,
    kind: g.kind,
    label: g.label,
    versionIds: g.versionIds,
    indicators: indicatorsOf(addSums(g.sums)),
  }));
}

/** Orders groups by an indicator: the best first, those without a value last, then by name. */
export function byIndicator(indicator: RankingIndicator) {
  const better = HIGHER_IS_BETTER[indicator] ? -1 : 1;
  return (a: RankedGroup, b: RankedGroup) => {
    const [x, y] = [a.indicators[indicator], b.indicators[indicator]];
    return x === null || y === null
      ? Number(x === null) - Number(y === null) || a.label.localeCompare(b.label)
      : better * (x - y) || a.label.localeCompare(b.label);
  };
}

/**
 * The scope's projects (or schedules) ranked by an indicator, the best first and those without a value
 * last, each with its indicators and the light of the ranking one (the project ranking widget).
 */
export async function scopeRanking(
  ctx: SpaceContext,
  input: AnalyticsScope & { indicator: RankingIndicator },
) {
  const versions = await scopeVersions(ctx, input);
  const groups = await groupedIndicators(ctx, versions, byProject(input.level));
  const rows = groups.sort(byIndicator(input.indicator)).map((g) => {
    const value = g.indicators[input.indicator];
    return { ...g, value, light: lightOf(input.indicator, value, g.indicators.works) };
  });
  return { indicator: input.indicator, groupedBy: byProject(input.level) ? 'project' : 'schedule', rows };
}
