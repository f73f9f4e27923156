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
      spans: `SELECT 'plan', "planStart", "planFinish", "planVolume", ${pick} FROM leaf WHERE unit = $3
        UNION ALL SELECT 'approved', "approvedStart", "approvedFinish", coalesce("approvedVolume", "planVolume"),
          ${pick} FROM leaf WHERE unit = $3
        UNION ALL SELECT 'fact', "factStart", ${factEnd}, "factVolume", 0 FROM leaf
          WHERE unit = $3 AND NOT EXISTS (SELECT 1 FROM wdp_values d WHERE d."workId" = leaf.id AND d."factVolume" IS NOT NULL)`,
      // The daily plan's facts, where a work has them, are the days its volume was done.
      points: `SELECT 'fact', d.date, d."factVolume" FROM wdp_values d JOIN leaf ON leaf.id = d."workId"
        WHERE leaf.unit = $3 AND d."factVolume" IS NOT NULL AND d.date <= leaf.dd`,
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
 * sum, the points added on their days. It answers the amount of each line on each day, and (on every row)
 * how many days lie between the first and the last date any span or point touches, which chooses the
 * period: one pass over the works for both.
 *
 * A span on a curve (`curved`: the curves are `unnest($4, $5, $6)`, see `spreadParams`) is twenty parts
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
    bounds_(c, k, f) AS (SELECT * FROM unnest($4::int[], $5::int[], $6::float8[])),
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
                LEFT JOIN pts p ON p.line = l.line AND p.d = days.d),
    span AS (SELECT (max(x) - min(x))::int AS days FROM (
      SELECT s::date AS x FROM spans UNION ALL SELECT f::date FROM spans UNION ALL SELECT d FROM points) e)
    SELECT to_char(d, 'YYYY-MM-DD') AS day, line, amount::float8 AS amount, span.days
    FROM daily CROSS JOIN span ORDER BY d`;
}

/** The unit ($3) typed, whether the measure's SQL reads it or not. */
const ARGS = 'args(unit) AS (SELECT $3::text)';

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
  // The spread's key is part of the question: a curve or a setting changed is another question. The
  // period is not: the days are kept, and summed by any period on the way out.
  const question = `series:${input.measure}:${input.unit ?? ''}${spread.key ? `:${spread.key}` : ''}`;
  const daily = await cachedAnswer(ctx, versions, question, () => figureDays(ctx, input, versions, spread));
  return byPeriod(daily, input.period);
}

type SeriesInput = AnalyticsScope & {
  measure: AnalyticsMeasure;
  period: AnalyticsPeriod;
  unit?: string;
  curve?: CurveRef;
};

/** A series by day: each day's amount of the three lines, and the days its spans and points cover. */
interface DailySeries {
  measure: AnalyticsMeasure;
  unit: string | null;
  units: string[];
  dataDate: string | null;
  days: number;
  /** By day (`YYYY-MM-DD`, ascending): plan, approved plan and fact. */
  amounts: [string, number, number, number][];
}

async function figureDays(
  ctx: SpaceContext,
  input: SeriesInput,
  versions: readonly ScopeVersion[],
  spread: Spread,
): Promise<DailySeries> {
  const units = input.measure === 'volume' ? await volumeUnits(ctx, versions) : [];
  const unit = input.measure === 'volume' ? (input.unit ?? units[0] ?? null) : null;
  const dataDate = versions.reduce<string | null>(
    (a, v) => (a === null || v.dataDate > a ? v.dataDate : a),
    null,
  );
  const daily: DailySeries = { measure: input.measure, unit, units, dataDate, days: 0, amounts: [] };
  if (!versions.length || (input.measure === 'volume' && unit === null)) return daily;
  const { rows } = await ctx.db.pool.query<{ day: string; line: Line; amount: number; days: number | null }>(
    seriesSql(input.measure, spread),
    [...scopeParams(versions), unit, ...(spread.curves.length ? spreadParams(spread) : [])],
  );
  const column = { plan: 1, approved: 2, fact: 3 } as const;
  for (const row of rows) {
    let last = daily.amounts.at(-1);
    if (last?.[0] !== row.day) {
      last = [row.day, 0, 0, 0];
      daily.amounts.push(last);
    }
    last[column[row.line]] += row.amount;
    daily.days = row.days ?? 0;
  }
  return daily;
}

/**
 * The days summed by period. A period so fine that the series would pass `ANALYTICS_LIMITS.maxPeriods` is
 * replaced by the next coarser one. No fact after the data date: the actual line stops where facts do.
 */
function byPeriod(daily: DailySeries, asked: AnalyticsPeriod) {
  let period = asked;
  while (daily.days / PERIOD_DAYS[period] > ANALYTICS_LIMITS.maxPeriods && period !== 'year')
    period = ANALYTICS_PERIODS[ANALYTICS_PERIODS.indexOf(period) + 1]!;
  const sums = new Map<string, Record<Line, number>>();
  for (const [day, plan, approved, fact] of daily.amounts) {
    const start = periodStart(day, period);
    const entry = sums.get(start) ?? { plan: 0, approved: 0, fact: 0 };
    sums.set(start, entry);
    entry.plan += plan;
    entry.approved += approved;
    entry.fact += fact;
  }
  const totals = { plan: 0, approved: 0, fact: 0 };
  const factEnd = daily.dataDate?.slice(0, 10) ?? null;
  const periods = [...sums.entries()].map(([start, amounts]) => {
    for (const line of LINES) totals[line] += amounts[line];
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
  const { measure, unit, units, dataDate } = daily;
  return { measure, period, unit, units, dataDate, periods };
}

/** The first day of the period a day (`YYYY-MM-DD`) falls in: weeks start on Monday, quarters in January, April, July and October. */
export function periodStart(day: string, period: AnalyticsPeriod): string {
  if (period === 'day') return day;
  if (period === 'year') return `${day.slice(0, 4)}-01-01`;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  if (period === 'quarter') {
    const month = Math.floor((Number(day.slice(5, 7)) - 1) / 3) * 3 + 1;
    return `${day.slice(0, 4)}-${String(month).padStart(2, '0')}-01`;
  }
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

const round = (value: number) => Math.round(value * 1000) / 1000;
