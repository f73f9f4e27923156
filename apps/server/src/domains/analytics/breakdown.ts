import { ANALYTICS_LIMITS, type AnalyticsBreakdown, type AnalyticsScope } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { cachedAnswer } from './cache';
import { costOf, SCOPE_WORKS, type ScopeVersion, scopeParams, scopeVersions } from './scope';

/** What a breakdown groups by: the key and the label, as SQL over the joined rows. */
const GROUPS: Record<AnalyticsBreakdown, { key: string; label: string }> = {
  project: { key: 'p.id::text', label: `coalesce(p.name, s.name)` },
  schedule: { key: 's.id::text', label: 's.name' },
  executor: { key: 'u.id::text', label: `trim(u."lastName" || ' ' || u."firstName")` },
  specialty: { key: 'sp.id::text', label: 'sp.name' },
  resource: { key: 'r.id::text', label: 'r.name' },
  resourceKind: { key: 'r.kind::text', label: 'r.kind::text' },
};

/**
 * Cost or labour of a scope broken down (API: analytics …/cost, …/labour, …/money): plan, approved plan
 * and fact by project, schedule, executor of the work, specialty (trade) of the resource, resource or
 * kind of resource; the largest plans first, past `ANALYTICS_LIMITS.maxBreakdownRows` summed as one
 * row with a null key. Rows with nothing to group by (a work without executor) have a null key too, and
 * come last.
 */
export async function scopeBreakdown(
  ctx: SpaceContext,
  input: AnalyticsScope & { measure: 'cost' | 'labour'; by: AnalyticsBreakdown },
) {
  const versions = await scopeVersions(ctx, input);
  return cachedAnswer(ctx, versions, `breakdown:${input.measure}:${input.by}`, () =>
    figureBreakdown(ctx, input, versions),
  );
}

async function figureBreakdown(
  ctx: SpaceContext,
  input: AnalyticsScope & { measure: 'cost' | 'labour'; by: AnalyticsBreakdown },
  versions: readonly ScopeVersion[],
) {
  if (!versions.length) return { measure: input.measure, by: input.by, rows: [], other: null };
  const group = GROUPS[input.by];
  const quantity = (q: string) => (input.measure === 'cost' ? costOf(q) : q);
  const { rows } = await ctx.db.pool.query<{
    key: string | null;
    label: string | null;
    plan: number;
    approved: number;
    fact: number;
  }>(
    `WITH ${SCOPE_WORKS}
     SELECT ${group.key} AS key, ${group.label} AS label,
       coalesce(sum(${quantity('a."planQuantity"')}), 0)::float8 AS plan,
       coalesce(sum(${quantity('coalesce(a."approvedQuantity", a."planQuantity")')}), 0)::float8 AS approved,
       coalesce(sum(${quantity('coalesce(a."factQuantity", 0)')}), 0)::float8 AS fact
     FROM assignments a
       JOIN leaf w ON w.id = a."workId"
       JOIN resources r ON r.id = a."resourceId"
       JOIN versions v ON v.id = w."versionId"
       JOIN eps_nodes s ON s.id = v."scheduleId"
       LEFT JOIN eps_nodes p ON p.id = s."parentId" AND p.kind = 'project'
       LEFT JOIN users u ON u.id = w."executorId"
       LEFT JOIN specialties sp ON sp.id = r."specialtyId"
     WHERE a."versionId" = ANY($1::uuid[]) ${input.measure === 'labour' ? `AND r.kind = 'labour'` : ''}
     GROUP BY 1, 2
     ORDER BY (${group.key}) IS NULL, plan DESC, label`,
    scopeParams(versions),
  );
  const round = (v: number) => Math.round(v * 100) / 100;
  const rounded = rows.map((r) => ({
    ...r,
    plan: round(r.plan),
    approved: round(r.approved),
    fact: round(r.fact),
  }));
  const max = ANALYTICS_LIMITS.maxBreakdownRows;
  const rest = rounded.slice(max);
  const other = rest.length
    ? {
        count: rest.length,
        plan: round(rest.reduce((a, r) => a + r.plan, 0)),
        approved: round(rest.reduce((a, r) => a + r.approved, 0)),
        fact: round(rest.reduce((a, r) => a + r.fact, 0)),
      }
    : null;
  return { measure: input.measure, by: input.by, rows: rounded.slice(0, max), other };
}

/**
 * Physical volumes of a scope (API: analytics …/volume): plan, approved plan and fact of its works by
 * unit (volumes of different units are never added up), with how many works carry each unit and how
 * much of the planned volume belongs to completed works.
 */
export async function scopeVolumes(ctx: SpaceContext, input: AnalyticsScope) {
  const versions = await scopeVersions(ctx, input);
  return cachedAnswer(ctx, versions, 'volumes', () => figureVolumes(ctx, versions));
}

async function figureVolumes(ctx: SpaceContext, versions: readonly ScopeVersion[]) {
  if (!versions.length) return { units: [] };
  const { rows } = await ctx.db.pool.query<{
    unit: string;
    works: number;
    plan: number;
    approved: number;
    fact: number;
    completedPlan: number;
  }>(
    `WITH ${SCOPE_WORKS}
     SELECT unit, count(*)::int AS works,
       coalesce(sum("planVolume"), 0)::float8 AS plan,
       coalesce(sum(coalesce("approvedVolume", "planVolume")), 0)::float8 AS approved,
       coalesce(sum("factVolume"), 0)::float8 AS fact,
       coalesce(sum("planVolume") FILTER (WHERE status = 'completed'), 0)::float8 AS "completedPlan"
     FROM leaf WHERE unit IS NOT NULL AND coalesce("planVolume", "factVolume") IS NOT NULL
     GROUP BY unit ORDER BY works DESC, unit`,
    scopeParams(versions),
  );
  return { units: rows };
}
