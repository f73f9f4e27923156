import type { AnalyticsScope } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { iso, keyDate } from '../../db/time';
import { AppError } from '../../errors';

/** One version a scope's figures are taken from, with where it sits in the EPS. */
export interface ScopeVersion {
  versionId: string;
  scheduleId: string;
  schedule: string;
  projectId: string | null;
  project: string | null;
  /** The version's data date, or the start of today when it has none: "now" for plan and fact (`YYYY-MM-DDTHH:mm`). */
  dataDate: string;
}

const VERSION_COLUMNS = `v.id AS "versionId", v."scheduleId", s.name AS schedule, p.id AS "projectId",
  p.name AS project, ${iso('coalesce(v."dataDate", $2::timestamp)')} AS "dataDate"`;
const VERSION_JOINS = `JOIN eps_nodes s ON s.id = v."scheduleId"
  LEFT JOIN eps_nodes p ON p.id = s."parentId" AND p.kind = 'project'`;
/** Of each schedule its actual version, else its latest. */
const ONE_PER_SCHEDULE = `ORDER BY v."scheduleId", v.actual DESC, v.number DESC`;

/**
 * The versions a scope's figures come from (docs/product-rules.md, "Analytics"): a version alone; else
 * of every schedule under the node (under every node of the space) its actual version, or its latest
 * when none is marked actual. NotFound when the id is not a node of that level (or a version) of this space.
 */
export async function scopeVersions(ctx: SpaceContext, scope: AnalyticsScope): Promise<ScopeVersion[]> {
  const sql = ctx.db.pool;
  const spaceId = ctx.space.spaceId;
  const today = keyDate();
  if (scope.level === 'version') {
    const { rows } = await sql.query<ScopeVersion>(
      `SELECT ${VERSION_COLUMNS} FROM versions v ${VERSION_JOINS} WHERE v.id = $1 AND v."spaceId" = $3`,
      [scope.id, today, spaceId],
    );
    if (!rows[0]) throw new AppError('NotFound');
    return rows;
  }
  if (scope.level === 'space') {
    if (scope.id !== spaceId) throw new AppError('NotFound');
    return schedulesVersions(sql, `SELECT id FROM eps_nodes WHERE "spaceId" = $1`, [spaceId, today]);
  }
  const { rows } = await sql.query<{ kind: string }>(
    `SELECT kind FROM eps_nodes WHERE id = $1 AND "spaceId" = $2`,
    [scope.id, spaceId],
  );
  if (rows[0]?.kind !== scope.level) throw new AppError('NotFound');
  return schedulesVersions(
    sql,
    `WITH RECURSIVE sub AS (SELECT id FROM eps_nodes WHERE id = $1
       UNION SELECT n.id FROM eps_nodes n JOIN sub ON n."parentId" = sub.id) SELECT id FROM sub`,
    [scope.id, today],
  );
}

async function schedulesVersions(sql: Sql, nodes: string, params: unknown[]): Promise<ScopeVersion[]> {
  const { rows } = await sql.query<ScopeVersion>(
    `SELECT DISTINCT ON (v."scheduleId") ${VERSION_COLUMNS}
     FROM versions v ${VERSION_JOINS}
     WHERE v."scheduleId" IN (${nodes})
     ${ONE_PER_SCHEDULE}`,
    params,
  );
  return rows.sort(
    (a, b) => (a.project ?? '').localeCompare(b.project ?? '') || a.schedule.localeCompare(b.schedule),
  );
}

/** The scope's versions as the two arrays the analytics statements take (`unnest($1, $2)`). */
export const scopeParams = (versions: readonly ScopeVersion[]) => [
  versions.map((v) => v.versionId),
  versions.map((v) => v.dataDate),
];

/** The columns of works the analytics read (a narrow copy of the scope's works is cheaper to keep). */
const LEAF_COLUMNS = [
  'id',
  'versionId',
  'code',
  'name',
  'type',
  'status',
  'progress',
  'critical',
  'totalFloat',
  'durationMinutes',
  'planStart',
  'planFinish',
  'approvedStart',
  'approvedFinish',
  'factStart',
  'factFinish',
  'planVolume',
  'approvedVolume',
  'factVolume',
  'unit',
  'executorId',
  'curatorId',
];

/** The leaf works of a scope's versions, with each version's data date `dd` (a statement's opening CTE). */
export const SCOPE_WORKS = `scope(vid, dd) AS (SELECT * FROM unnest($1::uuid[], $2::timestamp[])),
  leaf AS (SELECT ${LEAF_COLUMNS.map((c) => `w."${c}"`).join(', ')}, scope.dd
           FROM works w JOIN scope ON scope.vid = w."versionId"
           WHERE w.type NOT IN ('sum', 'draft'))`;

/**
 * The money and labour of each work of a scope's versions, plan / approved / fact, from its assignments:
 * cost is quantity × price (the assignment's, else the resource's), and the quantity itself for a
 * resource of distributed price; labour is the quantity of labour resources (hours).
 */
export const WORK_MONEY = `money AS (
  SELECT a."workId",
    sum(${costOf('a."planQuantity"')}) AS "planCost",
    sum(${costOf('coalesce(a."approvedQuantity", a."planQuantity")')}) AS "approvedCost",
    sum(${costOf('coalesce(a."factQuantity", 0)')}) AS "factCost",
    sum(a."planQuantity") FILTER (WHERE r.kind = 'labour') AS "planLabour",
    sum(coalesce(a."approvedQuantity", a."planQuantity")) FILTER (WHERE r.kind = 'labour') AS "approvedLabour",
    sum(coalesce(a."factQuantity", 0)) FILTER (WHERE r.kind = 'labour') AS "factLabour"
  FROM assignments a JOIN resources r ON r.id = a."resourceId"
  WHERE a."versionId" = ANY($1::uuid[])
  GROUP BY a."workId")`;

/** The money of an assignment's quantity (SQL over `a` and `r`). */
export function costOf(quantity: string) {
  return `CASE WHEN r.kind = 'distributed_price' THEN ${quantity} ELSE ${quantity} * coalesce(a.price, r.price) END`;
}
