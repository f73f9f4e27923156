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
function groupOf(level: AnalyticsScope['level'], v: ScopeVersion) {
  if (level === 'space' || level === 'facility')
    return v.projectId ? { key: v.projectId, label: v.project! } : { key: v.scheduleId, label: v.schedule };
  return { key: v.scheduleId, label: v.schedule };
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
  const sums = await versionSums(ctx, versions);
  const groups = new Map<
    string,
    { key: string; label: string; sums: IndicatorSums[]; versionIds: string[] }
  >();
  for (const v of versions) {
    const { key, label } = groupOf(input.level, v);
    const group = groups.get(key) ?? { key, label, sums: [], versionIds: [] };
    groups.set(key, group);
    group.sums.push(sums.get(v.versionId)!);
    group.versionIds.push(v.versionId);
  }
  const rows = [...groups.values()].map((g) => {
    const indicators: Indicators = indicatorsOf(addSums(g.sums));
    const value = indicators[input.indicator];
    return {
      key: g.key,
      label: g.label,
      versionIds: g.versionIds,
      value,
      light: lightOf(input.indicator, value, indicators.works),
      indicators,
    };
  });
  const better = HIGHER_IS_BETTER[input.indicator] ? -1 : 1;
  rows.sort((a, b) =>
    a.value === null || b.value === null
      ? Number(a.value === null) - Number(b.value === null) || a.label.localeCompare(b.label)
      : better * (a.value - b.value) || a.label.localeCompare(b.label),
  );
  return {
    indicator: input.indicator,
    groupedBy: input.level === 'space' || input.level === 'facility' ? 'project' : 'schedule',
    rows,
  };
}
