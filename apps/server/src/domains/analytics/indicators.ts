import type { AnalyticsScope } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { cachedAnswer } from './cache';
import { cumulativeCurves, type Spread, spreadOf } from './curves';
import { SCOPE_WORKS, type ScopeVersion, scopeParams, scopeVersions, WORK_MONEY } from './scope';

/** Working minutes of a day, for floats in days (the engine's 8-hour day). */
const DAY_MINUTES = 480;
/** Total float above which a work is "high float" (the DCMA assessment's 44 working days). */
export const HIGH_FLOAT_DAYS = 44;

/**
 * The additive sums behind a version's indicators: counts, and plan / earned / actual values by
 * duration and by cost, so that a project's or a space's indicators are the sums of its versions'.
 */
export interface IndicatorSums {
  works: number;
  completed: number;
  inProgress: number;
  notStarted: number;
  milestones: number;
  critical: number;
  negativeFloat: number;
  highFloat: number;
  overdue: number;
  /** Budget, planned value and earned value weighted by duration (minutes). */
  budgetDuration: number;
  plannedDuration: number;
  earnedDuration: number;
  /** Budget (plan cost), planned value, earned value and actual cost (fact cost) in money. */
  budgetCost: number;
  plannedCost: number;
  earnedCost: number;
  actualCost: number;
  approvedCost: number;
  planLabour: number;
  approvedLabour: number;
  factLabour: number;
  milestonesDelayed: number;
  maxMilestoneDelayDays: number;
  /** Latest planned and approved finish of the works (`YYYY-MM-DDTHH:mm`), null without any. */
  planFinish: string | null;
  approvedFinish: string | null;
}

/**
 * The sums of each version: the planned fraction of a work at the data date follows its distribution
 * curve (`pick`, as the S-curves spread plans; see `cumulativeCurves`): the linear share of its span
 * elapsed, `t`, read through the curve's cumulative shares at its twentieths.
 */
const sumsSql = (pick: string) => `WITH ${SCOPE_WORKS}, ${WORK_MONEY},
  w0 AS (SELECT leaf.*, greatest(leaf."durationMinutes", 0)::float8 AS d,
          CASE WHEN leaf."planStart" IS NULL OR leaf."planFinish" IS NULL THEN 0
               WHEN leaf.dd >= leaf."planFinish" THEN 1
               WHEN leaf.dd <= leaf."planStart" THEN 0
               ELSE extract(epoch FROM leaf.dd - leaf."planStart")
                    / extract(epoch FROM leaf."planFinish" - leaf."planStart") END AS t,
          ${pick} AS curve,
          leaf.progress / 100.0 AS ef,
          CASE WHEN leaf.type IN ('milestone_start', 'milestone_finish') AND leaf."approvedFinish" IS NOT NULL
               THEN extract(epoch FROM coalesce(leaf."factFinish", leaf."planFinish") - leaf."approvedFinish") / 86400
          END AS "milestoneDelay",
          m.*
        FROM leaf LEFT JOIN money m ON m."workId" = leaf.id),
  w AS (SELECT w0.*, CASE WHEN curve = 0 OR t <= 0 OR t >= 1 THEN t
          ELSE ($3::float8[])[(curve - 1) * 21 + floor(t * 20)::int + 1]
             + (($3::float8[])[(curve - 1) * 21 + floor(t * 20)::int + 2]
                - ($3::float8[])[(curve - 1) * 21 + floor(t * 20)::int + 1]) * (t * 20 - floor(t * 20))
          END AS pf
        FROM w0)
  SELECT w."versionId",
    count(*)::int AS works,
    count(*) FILTER (WHERE status = 'completed')::int AS completed,
    count(*) FILTER (WHERE status = 'in_progress')::int AS "inProgress",
    count(*) FILTER (WHERE status = 'not_started')::int AS "notStarted",
    count(*) FILTER (WHERE type IN ('milestone_start', 'milestone_finish'))::int AS milestones,
    count(*) FILTER (WHERE critical AND status <> 'completed')::int AS critical,
    count(*) FILTER (WHERE "totalFloat" < 0)::int AS "negativeFloat",
    count(*) FILTER (WHERE "totalFloat" > ${HIGH_FLOAT_DAYS * DAY_MINUTES})::int AS "highFloat",
    count(*) FILTER (WHERE status <> 'completed' AND "planFinish" < dd)::int AS overdue,
    coalesce(sum(d), 0)::float8 AS "budgetDuration",
    coalesce(sum(d * pf), 0)::float8 AS "plannedDuration",
    coalesce(sum(d * ef), 0)::float8 AS "earnedDuration",
    coalesce(sum("planCost"), 0)::float8 AS "budgetCost",
    coalesce(sum("planCost" * pf), 0)::float8 AS "plannedCost",
    coalesce(sum("planCost" * ef), 0)::float8 AS "earnedCost",
    coalesce(sum("factCost"), 0)::float8 AS "actualCost",
    coalesce(sum("approvedCost"), 0)::float8 AS "approvedCost",
    coalesce(sum("planLabour"), 0)::float8 AS "planLabour",
    coalesce(sum("approvedLabour"), 0)::float8 AS "approvedLabour",
    coalesce(sum("factLabour"), 0)::float8 AS "factLabour",
    count(*) FILTER (WHERE "milestoneDelay" > 0)::int AS "milestonesDelayed",
    coalesce(max("milestoneDelay") FILTER (WHERE "milestoneDelay" > 0), 0)::float8 AS "maxMilestoneDelayDays",
    to_char(max("planFinish"), 'YYYY-MM-DD"T"HH24:MI') AS "planFinish",
    to_char(max("approvedFinish"), 'YYYY-MM-DD"T"HH24:MI') AS "approvedFinish"
  FROM w GROUP BY w."versionId"`;

/**
 * The sums of each version of a scope (a version without works has all zeros), planned values spread by
 * the space's curve settings (the default S-curve's: a changed setting is another question).
 */
export async function versionSums(
  ctx: SpaceContext,
  versions: readonly ScopeVersion[],
): Promise<Map<string, IndicatorSums>> {
  const spread = await spreadOf(ctx, undefined);
  // Kept as JSON, so as an object by version id.
  const sums = await cachedAnswer(ctx, versions, spread.key ? `sums:${spread.key}` : 'sums', async () =>
    Object.fromEntries(await figureSums(ctx, versions, spread)),
  );
  return new Map(Object.entries(sums));
}

async function figureSums(ctx: SpaceContext, versions: readonly ScopeVersion[], spread: Spread) {
  const out = new Map<string, IndicatorSums>();
  if (!versions.length) return out;
  const { rows } = await ctx.db.pool.query<IndicatorSums & { versionId: string }>(sumsSql(spread.pick), [
    ...scopeParams(versions),
    cumulativeCurves(spread),
  ]);
  for (const { versionId, ...sums } of rows) out.set(versionId, sums);
  for (const v of versions) if (!out.has(v.versionId)) out.set(v.versionId, emptySums());
  return out;
}

function emptySums(): IndicatorSums {
  return {
    works: 0,
    completed: 0,
    inProgress: 0,
    notStarted: 0,
    milestones: 0,
    critical: 0,
    negativeFloat: 0,
    highFloat: 0,
    overdue: 0,
    budgetDuration: 0,
    plannedDuration: 0,
    earnedDuration: 0,
    budgetCost: 0,
    plannedCost: 0,
    earnedCost: 0,
    actualCost: 0,
    approvedCost: 0,
    planLabour: 0,
    approvedLabour: 0,
    factLabour: 0,
    milestonesDelayed: 0,
    maxMilestoneDelayDays: 0,
    planFinish: null,
    approvedFinish: null,
  };
}

const laterOf = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** The sums of several versions together. */
export function addSums(all: Iterable<IndicatorSums>): IndicatorSums {
  const total = emptySums();
  for (const s of all) {
    for (const key of Object.keys(total) as (keyof IndicatorSums)[]) {
      if (key === 'planFinish' || key === 'approvedFinish') total[key] = laterOf(total[key], s[key]);
      else if (key === 'maxMilestoneDelayDays') total[key] = Math.max(total[key], s[key]);
      else total[key] += s[key];
    }
  }
  return total;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
const round = (value: number | null, digits = 2) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Indicators of summed versions (docs/product-rules.md, "Analytics"): % complete planned at the data
 * date and actual, weighted by cost where the scope has costs and by duration otherwise; SPI = earned
 * value ÷ planned value on the same weights; CPI = earned value ÷ actual cost (costs only); the finish
 * delay of the latest planned finish against the latest approved one, in calendar days.
 */
export function indicatorsOf(s: IndicatorSums) {
  const byCost = s.budgetCost > 0;
  const [budget, planned, earned] = byCost
    ? [s.budgetCost, s.plannedCost, s.earnedCost]
    : [s.budgetDuration, s.plannedDuration, s.earnedDuration];
  const percentPlan = ratio(planned * 100, budget);
  const percentFact = ratio(earned * 100, budget);
  const finishDelayDays =
    s.planFinish && s.approvedFinish
      ? Math.round((Date.parse(`${s.planFinish}:00Z`) - Date.parse(`${s.approvedFinish}:00Z`)) / 864e5)
      : null;
  return {
    works: s.works,
    completed: s.completed,
    inProgress: s.inProgress,
    notStarted: s.notStarted,
    milestones: s.milestones,
    critical: s.critical,
    negativeFloat: s.negativeFloat,
    highFloat: s.highFloat,
    overdue: s.overdue,
    weightedBy: byCost ? ('cost' as const) : ('duration' as const),
    percentPlan: round(percentPlan),
    percentFact: round(percentFact),
    percentLag: percentPlan === null || percentFact === null ? null : round(percentPlan - percentFact),
    spi: round(ratio(earned, planned), 3),
    cpi: byCost ? round(ratio(s.earnedCost, s.actualCost), 3) : null,
    planCost: round(s.budgetCost),
    approvedCost: round(s.approvedCost),
    earnedCost: round(s.earnedCost),
    factCost: round(s.actualCost),
    planLabour: round(s.planLabour),
    approvedLabour: round(s.approvedLabour),
    factLabour: round(s.factLabour),
    planFinish: s.planFinish,
    approvedFinish: s.approvedFinish,
    finishDelayDays,
    milestonesDelayed: s.milestonesDelayed,
    maxMilestoneDelayDays: Math.ceil(s.maxMilestoneDelayDays),
  };
}
export type Indicators = ReturnType<typeof indicatorsOf>;

/**
 * A scope's indicators (API: analytics …/indicator and …/stats): the scope's total and each of its
 * versions' (schedule, project, data date).
 */
export async function scopeIndicators(ctx: SpaceContext, scope: AnalyticsScope) {
  const versions = await scopeVersions(ctx, scope);
  const sums = await versionSums(ctx, versions);
  return {
    total: indicatorsOf(addSums(sums.values())),
    versions: versions.map((v) => ({ ...v, indicators: indicatorsOf(sums.get(v.versionId)!) })),
  };
}

/**
 * A version's indicators (API PATCH versions/{id}/calculate/indicators/all). They are figured from the
 * version's rows as stored whenever asked, so after a calculation or an edit they are already current:
 * the call answers them, the version's and the total of the one version alike.
 */
export async function versionIndicators(ctx: SpaceContext, input: { versionId: string }) {
  const { total } = await scopeIndicators(ctx, {
    spaceId: ctx.space.spaceId,
    level: 'version',
    id: input.versionId,
  });
  return total;
}
