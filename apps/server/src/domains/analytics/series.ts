import {
  ANALYTICS_LIMITS,
  ANALYTICS_PERIODS,
  type AnalyticsMeasure,
  type AnalyticsPeriod,
  type AnalyticsScope,
  type CurveRef,
} from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { cachedAnswer } from './cache';
import { LINEAR_SPREAD, type Spread, spreadOf, spreadParams } from './curves';
import { SCOPE_WORKS, type ScopeVersion, scopeParams, scopeVersions, WORK_MONEY } from './scope';

/** The three lines of a series. */
const LINES = ['plan', 'approved', 'fact'] as const;
type Line = (typeof LINES)[number];

/**
 * What each line of a measure is made of, as SQL over `leaf` (and `money`): spans, whose quantity is
 * spread over the calendar days from start to finish by the curve `pick` gives (0: evenly; the plan and
 * the approved plan only, the fact is always even), and points, whose quantity falls on one day.
 * The fact line runs to the data date: a work in progress has done its actual quantity so far between
 * its actual start and the data date.
 */
function partsOf(measure: AnalyticsMeasure, pick = '0'): { spans: string; points: string } {
  const factEnd = `coalesce("factFinish", dd)`;
  if (measure === 'count')
    return {
      spans: 'SELECT NULL::text, NULL::timestamp, NULL::timestamp, NULL::float8, 0 WHERE false',
      points: `SELECT 'plan', "planFinish"::date, 1::float8 FROM leaf WHERE "planFinish" IS NOT NULL
        UNION ALL SELECT 'approved', "approvedFinish"::date, 1 FROM leaf WHERE "approvedFinish" IS NOT NULL
        UNION ALL SELECT 'fact', "factFinish"::date, 1 FROM leaf
          WHERE status = 'completed' AND "factFinish" IS NOT NULL`,
    };
  if (measure === 'volume')
    return {
      spans: `SELECT 'plan', "planStart", "planFinish", "planVolume", ${pick} FROM leaf WHERE unit = $4
        UNION ALL SELECT 'approved', "approvedStart", "approvedFinish", coalesce("approvedVolume", "planVolume"),
          ${pick} FROM leaf WHERE unit = $4
        UNION ALL SELECT 'fact', "factStart", ${factEnd}, "factVolume", 0 FROM leaf
          WHERE unit = $4 AND NOT EXISTS (SELECT 1 FROM wdp_values d WHERE d."workId" = leaf.id AND d."factVolume" IS NOT NULL)`,
      // The daily plan's facts, where a work has them, are the days its volume was done.
      points: `SELECT 'fact', d.date, d."factVolume" FROM wdp_values d JOIN leaf ON leaf.id = d."workId"
        WHERE leaf.unit = $4 AND d."factVolume" IS NOT NULL AND d.date <= leaf.dd`,
    };
  const [plan, approved, fact] =
    measure === 'cost'
      ? ['"planCost"', '"approvedCost"', '"factCost"']
      : ['"planLabour"', '"approvedLabour"', '"factLabour"'];
  // One pass over the works with money, each giving its three spans.
  return {
    spans: `SELECT v.line, v.s, v.f, v.q, v.c FROM leaf JOIN money ON money."workId" = leaf.id
      CROSS JOIN LATERAL (VALUES
        ('plan', "planStart", "planFinish", ${plan}, ${pick}),
        ('approved', coalesce("approvedStart", "planStart"), coalesce("approvedFinish", "planFinish"), ${approved},
          ${pick}),
        ('fact', "factStart", ${factEnd}, ${fact}, 0)) AS v(line, s, f, q, c)`,
    points: 'SELECT NULL::text, NULL::date, NULL::float8 WHERE false',
  };
}

/**
 * The statement of a series: every span turned into a daily rate that starts on its first day and stops
 * after its last (two events), the events summed by day, the rate carried from day to day by a running
 * sum, the points added on their days, and the days summed by period.
 *
 * A span on a curve (`curved`: the curves are `unnest($5, $6, $7)`, see `spreadParams`) is twenty parts
 * of a constant rate each: at the end of each part the rate changes, and a change at a fraction of a day
 * counts on that day for the rest of the day and in full from the next day (two events), so a day holds
 * exactly the quantity of the parts that cover it. Spans alike (line, first day, days, curve) are summed
 * before they are split.
 */
function seriesSql(measure: AnalyticsMeasure, spread: Spread) {
  const { spans, points } = partsOf(measure, spread.pick);
  const curved = spread.curves.length > 0;
  const linear = curved ? 'sp WHERE c = 0' : 'sp';
  const bends = `cur AS (SELECT line, d0, n, c, sum(q) AS q FROM sp WHERE c > 0 GROUP BY line, d0, n, c),
    bounds_(c, k, f) AS (SELECT * FROM unnest($5::int[], $6::int[], $7::float8[])),
    bends AS (SELECT cur.line, cur.d0 + cur.n * b.k / 20 AS d, cur.q * b.f / cur.n AS rate,
                (cur.n * b.k % 20) / 20::float8 AS part
              FROM cur JOIN bounds_ b ON b.c = cur.c AND b.k >= 0),`;
  const bent = `UNION ALL SELECT line, d, rate * (1 - part) FROM bends
    UNION ALL SELECT line, d + 1, rate * part FROM bends WHERE part > 0`;
  const firstDays = `UNION ALL SELECT cur.line, cur.d0, cur.q * b.f FROM cur JOIN bounds_ b ON b.c = cur.c AND b.k = -1`;
  return `WITH ${SCOPE_WORKS}, ${WORK_MONEY}, ${ARGS},
    spans(line, s, f, q, c) AS (${spans}),
    points(line, d, q) AS (${points}),
    sp AS (SELECT line, s::date AS d0,
             greatest(1, f::date - s::date + CASE WHEN f::time > time '00:00' THEN 1 ELSE 0 END) AS n, q, c
           FROM spans WHERE s IS NOT NULL AND f IS NOT NULL AND f >= s AND q IS NOT NULL AND q <> 0),
    ${curved ? bends : ''}
    events AS (SELECT line, d0 AS d, q / n AS rate FROM ${linear} UNION ALL SELECT line, d0 + n, -q / n FROM ${linear}
      ${curved ? bent : ''}),
    deltas AS (SELECT line, d, sum(rate) AS rate FROM events GROUP BY line, d),
    pts AS (SELECT line, d, sum(q) AS q FROM (SELECT line, d, q FROM points ${curved ? firstDays : ''}) p
            WHERE d IS NOT NULL AND q IS NOT NULL GROUP BY line, d),
    bounds AS (SELECT min(d) AS lo, max(d) AS hi FROM (SELECT d FROM deltas UNION ALL SELECT d FROM pts) x),
    days AS (SELECT generate_series(lo, hi, interval '1 day')::date AS d FROM bounds WHERE lo IS NOT NULL),
    lines(line) AS (VALUES ('plan'), ('approved'), ('fact')),
    daily AS (SELECT l.line, days.d,
                sum(coalesce(de.rate, 0)) OVER (PARTITION BY l.line ORDER BY days.d) + coalesce(p.q, 0) AS amount
              FROM lines l CROSS JOIN days
                LEFT JOIN deltas de ON de.line = l.line AND de.d = days.d
                LEFT JOIN pts p ON p.line = l.line AND p.d = days.d)
    SELECT to_char(date_trunc($3, d::timestamp), 'YYYY-MM-DD') AS period, line, sum(amount)::float8 AS amount
    FROM daily GROUP BY 1, 2 ORDER BY 1`;
}

/** The period ($3) and the unit ($4) typed, whether the measure's SQL reads them or not. */
const ARGS = 'args(period, unit) AS (SELECT $3::text, $4::text)';

/** Periods between the first and the last day, by the period's length (an estimate, for choosing it). */
const PERIOD_DAYS: Record<AnalyticsPeriod, number> = {
  day: 1,
  week: 7,
  month: 30.4,
  quarter: 91.3,
  year: 365.25,
};

/** The units of the scope's volumes, the most used first. */
async function volumeUnits(ctx: SpaceContext, versions: readonly ScopeVersion[]) {
  const { rows } = await ctx.db.pool.query<{ unit: string }>(
    `WITH ${SCOPE_WORKS}
     SELECT unit FROM leaf WHERE unit IS NOT NULL AND coalesce("planVolume", "factVolume") IS NOT NULL
     GROUP BY unit ORDER BY count(*) DESC, unit`,
    scopeParams(versions),
  );
  return rows.map((r) => r.unit);
}

/** The first and last day any line of the measure touches (what decides how many periods there are). */
async function spanDays(
  ctx: SpaceContext,
  versions: readonly ScopeVersion[],
  measure: AnalyticsMeasure,
  unit: string | null,
) {
  const { spans, points } = partsOf(measure);
  const { rows } = await ctx.db.pool.query<{ days: number | null }>(
    `WITH ${SCOPE_WORKS}, ${WORK_MONEY}, ${ARGS}, spans(line, s, f, q, c) AS (${spans}),
       points(line, d, q) AS (${points})
     SELECT (max(d) - min(d))::int AS days FROM (
       SELECT s::date AS d FROM spans UNION ALL SELECT f::date FROM spans UNION ALL SELECT d FROM points) x`,
    [...scopeParams(versions), null, unit],
  );
  return rows[0]?.days ?? 0;
}

/**
 * A time series of a scope (API: analytics …/series, …/count, …/graph): by period, how much of the
 * measure the plan, the approved plan and the fact put into it, and the running totals (the S-curve).
 * Volumes are of one unit (the most used one unless asked). A period so fine that the series would pass
 * `ANALYTICS_LIMITS.maxPeriods` is replaced by the next coarser one, and the answer says which it used.
 * The plan and the approved plan follow the curve asked for, else the space's curve settings.
 */
export async function scopeSeries(ctx: SpaceContext, input: SeriesInput) {
  const versions = await scopeVersions(ctx, input);
  const spread = input.measure === 'count' ? LINEAR_SPREAD : await spreadOf(ctx, input.curve);
  // The spread's key is part of the question: a curve or a setting changed is another question.
  const question = `series:${input.measure}:${input.period}:${input.unit ?? ''}${spread.key ? `:${spread.key}` : ''}`;
  return cachedAnswer(ctx, versions, question, () => figureSeries(ctx, input, versions, spread));
}

type SeriesInput = AnalyticsScope & {
  measure: AnalyticsMeasure;
  period: AnalyticsPeriod;
  unit?: string;
  curve?: CurveRef;
};

async function figureSeries(
  ctx: SpaceContext,
  input: SeriesInput,
  versions: readonly ScopeVersion[],
  spread: Spread,
) {
  const units = input.measure === 'volume' ? await volumeUnits(ctx, versions) : [];
  const unit = input.measure === 'volume' ? (input.unit ?? units[0] ?? null) : null;
  const dataDate = versions.reduce<string | null>(
    (a, v) => (a === null || v.dataDate > a ? v.dataDate : a),
    null,
  );
  const empty = { measure: input.measure, period: input.period, unit, units, dataDate, periods: [] };
  if (!versions.length || (input.measure === 'volume' && unit === null)) return empty;

  let period = input.period;
  const days = await spanDays(ctx, versions, input.measure, unit);
  while (days / PERIOD_DAYS[period] > ANALYTICS_LIMITS.maxPeriods && period !== 'year')
    period = ANALYTICS_PERIODS[ANALYTICS_PERIODS.indexOf(period) + 1]!;

  const { rows } = await ctx.db.pool.query<{ period: string; line: Line; amount: number }>(
    seriesSql(input.measure, spread),
    [...scopeParams(versions), period, unit, ...(spread.curves.length ? spreadParams(spread) : [])],
  );
  const byPeriod = new Map<string, Record<Line, number>>();
  for (const row of rows) {
    const entry = byPeriod.get(row.period) ?? { plan: 0, approved: 0, fact: 0 };
    byPeriod.set(row.period, entry);
    entry[row.line] += row.amount;
  }
  const totals = { plan: 0, approved: 0, fact: 0 };
  const factEnd = dataDate?.slice(0, 10) ?? null;
  const periods = [...byPeriod.entries()].map(([start, amounts]) => {
    for (const line of LINES) totals[line] += amounts[line];
    // No fact after the data date: the actual line stops where the facts do.
    const hasFact = factEnd === null || start <= factEnd;
    return {
      start,
      plan: round(amounts.plan),
      approved: round(amounts.approved),
      fact: hasFact ? round(amounts.fact) : null,
      planTotal: round(totals.plan),
      approvedTotal: round(totals.approved),
      factTotal: hasFact ? round(totals.fact) : null,
    };
  });
  return { ...empty, period, periods };
}

const round = (value: number) => Math.round(value * 1000) / 1000;
