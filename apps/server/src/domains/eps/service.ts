import {
  ACTIVE_FLAG,
  CALC_STATUS,
  CALC_STATUS_TEXT,
  EPS_PARENT_KINDS,
  type EpsKind,
  VALIDITY_FLAG,
} from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound, type Sql } from '../../db/sql';
import { AppError, deleteSpaceRow } from '../../errors';
import { groupBy } from '../../group-by';
import { chatFileKeysUnder } from '../chat';
import { listNodeFiles, removeStoredBytes, storedFileKeysUnder } from '../interchange';
import { taskRelations } from '../relations';
import { listAssignments } from '../resources';
import { timesheetsOfVersion } from '../timesheets';
import { applyVersionTemplate } from '../version-templates';
import { insertVersion } from '../versions';
import { wdpOfVersion } from '../wdp';
import { orderKeyAfter, wbsOrder } from '../works';

type NodeRow = {
  id: string;
  parentId: string | null;
  kind: EpsKind;
  name: string;
  code: string | null;
  groupId: string | null;
  sortKey: number;
  revision: number;
};
const NODE_SELECT = `n.id, n."parentId", n.kind, n.name, n.code, n."groupId", n."sortKey", n.revision`;

async function nodeOf(sql: Sql, spaceId: string, nodeId: string, lock = false): Promise<NodeRow> {
  return rowOrNotFound<NodeRow>(
    sql,
    `SELECT ${NODE_SELECT} FROM eps_nodes n WHERE n.id = $1 AND n."spaceId" = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [nodeId, spaceId],
  );
}

async function checkParent(sql: Sql, spaceId: string, kind: EpsKind, parentId: string | null) {
  const parent = parentId ? await nodeOf(sql, spaceId, parentId) : null;
  if (!EPS_PARENT_KINDS[kind].includes(parent?.kind ?? null)) throw new AppError('InvalidHierarchy');
  return parent;
}

/** The whole EPS of the space as a flat list in tree order; schedules carry their actual version. */
export async function listEps(ctx: SpaceContext) {
  const { rows } = await ctx.db.pool.query<
    NodeRow & { actualVersionId: string | null; versionCount: number }
  >(
    `SELECT ${NODE_SELECT},
       (SELECT v.id FROM versions v WHERE v."scheduleId" = n.id AND v.actual LIMIT 1) AS "actualVersionId",
       (SELECT count(*)::int FROM versions v WHERE v."scheduleId" = n.id) AS "versionCount"
     FROM eps_nodes n WHERE n."spaceId" = $1`,
    [ctx.space.spaceId],
  );
  return wbsOrder(rows);
}

export async function getEpsNode(ctx: SpaceContext, nodeId: string) {
  return nodeOf(ctx.db.pool, ctx.space.spaceId, nodeId);
}

export async function createEpsNode(
  ctx: SpaceContext,
  input: { parentId?: string | null; kind: EpsKind; name: string; code?: string; templateId?: string },
) {
  const spaceId = ctx.space.spaceId;
  const id = await inTransaction(ctx.db.pool, async (client) => {
    const parentId = input.parentId ?? null;
    await checkParent(client, spaceId, input.kind, parentId);
    const sortKey = await orderKeyAfter(client, 'eps_nodes', spaceId, parentId, 'last');
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO eps_nodes (id, "spaceId", "parentId", kind, name, code, "sortKey", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3::"EpsKind", $4, $5, $6, now()) RETURNING id`,
      [spaceId, parentId, input.kind, input.name, input.code || null, sortKey],
    );
    const id = rows[0]!.id;
    // A new schedule starts with its first (actual) version, from a version template when one is named.
    if (input.kind === 'schedule') {
      const versionId = await insertVersion(ctx, client, { scheduleId: id });
      if (input.templateId)
        await applyVersionTemplate(client, spaceId, {
          templateId: input.templateId,
          versionId,
          scheduleId: id,
        });
    }
    return id;
  });
  return nodeOf(ctx.db.pool, spaceId, id);
}

export async function updateEpsNode(
  ctx: SpaceContext,
  input: { nodeId: string; name: string; code?: string; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  const node = await nodeOf(ctx.db.pool, spaceId, input.nodeId);
  const { rowCount } = await ctx.db.pool.query(
    `UPDATE eps_nodes SET name = $3, code = $4, revision = revision + 1, "updatedAt" = now()
     WHERE id = $1 AND "spaceId" = $2 AND revision = $5`,
    [node.id, spaceId, input.name, input.code === undefined ? node.code : input.code || null, input.revision],
  );
  if (!rowCount) throw new AppError('Conflict');
  return nodeOf(ctx.db.pool, spaceId, node.id);
}

export async function moveEpsNode(
  ctx: SpaceContext,
  input: { nodeId: string; parentId: string | null; afterId?: string | null; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const node = await nodeOf(client, spaceId, input.nodeId, true);
    if (node.revision !== input.revision) throw new AppError('Conflict');
    await checkParent(client, spaceId, node.kind, input.parentId);
    if (input.parentId) {
      const { rowCount } = await client.query(
        `WITH RECURSIVE up AS (SELECT id, "parentId" FROM eps_nodes WHERE id = $1
           UNION SELECT n.id, n."parentId" FROM eps_nodes n JOIN up ON n.id = up."parentId")
         SELECT 1 FROM up WHERE id = $2`,
        [input.parentId, node.id],
      );
      if (rowCount) throw new AppError('InvalidHierarchy');
    }
    if (input.afterId) {
      const after = await nodeOf(client, spaceId, input.afterId);
      if (after.parentId !== input.parentId || after.id === node.id) throw new AppError('InvalidHierarchy');
    }
    const sortKey = await orderKeyAfter(client, 'eps_nodes', spaceId, input.parentId, input.afterId ?? null);
    await client.query(
      `UPDATE eps_nodes SET "parentId" = $2, "sortKey" = $3,
         "groupId" = CASE WHEN "parentId" IS NOT DISTINCT FROM $2 THEN "groupId" ELSE NULL END,
         revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
      [node.id, input.parentId, sortKey],
    );
  });
  return nodeOf(ctx.db.pool, spaceId, input.nodeId);
}

/**
 * The subtree under a node as it is before a copy starts, by parent: a copy placed inside the subtree
 * it copies (a facility copied into itself) must not find itself among the children it copies.
 */
async function subtreeChildren(client: pg.PoolClient, nodeId: string): Promise<Map<string, NodeRow[]>> {
  const { rows } = await client.query<NodeRow>(
    `WITH RECURSIVE sub AS (SELECT id FROM eps_nodes WHERE "parentId" = $1
       UNION SELECT n.id FROM eps_nodes n JOIN sub ON n."parentId" = sub.id)
     SELECT ${NODE_SELECT} FROM eps_nodes n JOIN sub ON sub.id = n.id ORDER BY n."sortKey"`,
    [nodeId],
  );
  return groupBy(rows, (row) => row.parentId!);
}

async function copySubtree(
  ctx: SpaceContext,
  client: pg.PoolClient,
  node: NodeRow,
  parentId: string | null,
  name: string,
  sortKey: number,
  childrenOf: Map<string, NodeRow[]>,
): Promise<string> {
  const spaceId = ctx.space.spaceId;
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO eps_nodes (id, "spaceId", "parentId", kind, name, code, "sortKey", "updatedAt")
     VALUES (gen_random_uuid(), $1, $2, $3::"EpsKind", $4, $5, $6, now()) RETURNING id`,
    [spaceId, parentId, node.kind, name, node.code, sortKey],
  );
  const id = rows[0]!.id;
  const versions = await client.query<{ id: string; name: string }>(
    `SELECT id, name FROM versions WHERE "scheduleId" = $1 ORDER BY number`,
    [node.id],
  );
  for (const version of versions.rows)
    await insertVersion(ctx, client, { scheduleId: id, name: version.name, copyFrom: version.id });
  for (const child of childrenOf.get(node.id) ?? [])
    await copySubtree(ctx, client, child, id, child.name, child.sortKey, childrenOf);
  return id;
}

/** Copies a node with its subtree, schedules with all their versions and data. */
export async function copyEpsNode(
  ctx: SpaceContext,
  input: { nodeId: string; parentId?: string | null; name?: string },
) {
  const spaceId = ctx.space.spaceId;
  const id = await inTransaction(ctx.db.pool, async (client) => {
    const node = await nodeOf(client, spaceId, input.nodeId);
    const parentId = input.parentId === undefined ? node.parentId : input.parentId;
    await checkParent(client, spaceId, node.kind, parentId);
    const sortKey = await orderKeyAfter(client, 'eps_nodes', spaceId, parentId, 'last');
    const childrenOf = await subtreeChildren(client, node.id);
    return copySubtree(ctx, client, node, parentId, input.name ?? node.name, sortKey, childrenOf);
  });
  return nodeOf(ctx.db.pool, spaceId, id);
}

/** Deletes a node and its subtree with every version, work and relation in it (confirmed by the caller). */
export async function deleteEpsNode(ctx: SpaceContext, nodeId: string) {
  const spaceId = ctx.space.spaceId;
  const fileKeys = await inTransaction(ctx.db.pool, async (client) => {
    await nodeOf(client, spaceId, nodeId, true);
    const locked = await client.query(
      `WITH RECURSIVE sub AS (SELECT id FROM eps_nodes WHERE id = $1
         UNION SELECT n.id FROM eps_nodes n JOIN sub ON n."parentId" = sub.id)
       SELECT 1 FROM versions v JOIN sub ON v."scheduleId" = sub.id WHERE v.locked LIMIT 1`,
      [nodeId],
    );
    if (locked.rowCount) throw new AppError('VersionLocked');
    const keys = [
      ...(await storedFileKeysUnder(client, spaceId, nodeId)),
      ...(await chatFileKeysUnder(client, spaceId, nodeId)),
    ];
    // links between projects name their nodes without a foreign key (a project's backup holds none): they go here
    await client.query(
      `WITH RECURSIVE sub AS (SELECT id FROM eps_nodes WHERE id = $1
         UNION SELECT n.id FROM eps_nodes n JOIN sub ON n."parentId" = sub.id)
       DELETE FROM project_links WHERE "fromId" IN (SELECT id FROM sub) OR "toId" IN (SELECT id FROM sub)`,
      [nodeId],
    );
    await client.query(`DELETE FROM eps_nodes WHERE id = $1 AND "spaceId" = $2`, [nodeId, spaceId]);
    return keys;
  });
  // the schedules' stored files (uploads, exports, attachments) and the nodes' chat files lose their rows
  // with them; their bytes go now
  await removeStoredBytes(ctx, fileKeys);
  return { success: true as const };
}

// ── schedule groups ───────────────────────────────────────────────────────────────────────────
async function groupOf(sql: Sql, spaceId: string, groupId: string) {
  return rowOrNotFound<{
    id: string;
    projectId: string;
    name: string;
    sortKey: number;
    revision: number;
  }>(
    sql,
    `SELECT id, "projectId", name, "sortKey", revision FROM schedule_groups WHERE id = $1 AND "spaceId" = $2`,
    [groupId, spaceId],
  );
}

export async function listScheduleGroups(ctx: SpaceContext, projectId?: string) {
  const { rows } = await ctx.db.pool.query(
    `SELECT g.id, g."projectId", g.name, g."sortKey", g.revision,
       coalesce(array_agg(n.id ORDER BY n."sortKey") FILTER (WHERE n.id IS NOT NULL), '{}') AS "scheduleIds"
     FROM schedule_groups g LEFT JOIN eps_nodes n ON n."groupId" = g.id
     WHERE g."spaceId" = $1 AND ($2::uuid IS NULL OR g."projectId" = $2)
     GROUP BY g.id ORDER BY g."projectId", g."sortKey"`,
    [ctx.space.spaceId, projectId ?? null],
  );
  return rows;
}

export async function createScheduleGroup(ctx: SpaceContext, input: { projectId: string; name: string }) {
  const spaceId = ctx.space.spaceId;
  const project = await nodeOf(ctx.db.pool, spaceId, input.projectId);
  if (project.kind !== 'project') throw new AppError('InvalidHierarchy');
  const { rows } = await ctx.db.pool.query<{ id: string }>(
    `INSERT INTO schedule_groups (id, "spaceId", "projectId", name, "sortKey", "updatedAt")
     SELECT gen_random_uuid(), $1, $2, $3, coalesce(max("sortKey"), 0) + 1024, now()
     FROM schedule_groups WHERE "projectId" = $2 RETURNING id`,
    [spaceId, project.id, input.name],
  );
  return groupOf(ctx.db.pool, spaceId, rows[0]!.id);
}

export async function updateScheduleGroup(
  ctx: SpaceContext,
  input: { groupId: string; name: string; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  await groupOf(ctx.db.pool, spaceId, input.groupId);
  const { rowCount } = await ctx.db.pool.query(
    `UPDATE schedule_groups SET name = $3, revision = revision + 1, "updatedAt" = now()
     WHERE id = $1 AND "spaceId" = $2 AND revision = $4`,
    [input.groupId, spaceId, input.name, input.revision],
  );
  if (!rowCount) throw new AppError('Conflict');
  return groupOf(ctx.db.pool, spaceId, input.groupId);
}

/** Reorders a group among its project's groups: after `afterId`, or first. */
export async function moveScheduleGroup(
  ctx: SpaceContext,
  input: { groupId: string; afterId?: string | null },
) {
  const spaceId = ctx.space.spaceId;
  const group = await groupOf(ctx.db.pool, spaceId, input.groupId);
  const { rows } = await ctx.db.pool.query<{ id: string }>(
    `SELECT id FROM schedule_groups WHERE "projectId" = $1 AND id <> $2 ORDER BY "sortKey"`,
    [group.projectId, group.id],
  );
  const ids = rows.map((r) => r.id);
  const at = input.afterId ? ids.indexOf(input.afterId) + 1 : 0;
  if (input.afterId && at === 0) throw new AppError('InvalidHierarchy');
  ids.splice(at, 0, group.id);
  await ctx.db.pool.query(
    `UPDATE schedule_groups g SET "sortKey" = o.n * 1024 FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, n)
     WHERE g.id = o.id`,
    [ids],
  );
  return listScheduleGroups(ctx, group.projectId);
}

export const deleteScheduleGroup = (ctx: SpaceContext, groupId: string) =>
  deleteSpaceRow(ctx.db.prisma.scheduleGroup, ctx.space.spaceId, groupId);

/** Puts a schedule into a group of its own project, or out of any group. */
export async function moveScheduleToGroup(
  ctx: SpaceContext,
  input: { scheduleId: string; groupId: string | null },
) {
  const spaceId = ctx.space.spaceId;
  const schedule = await nodeOf(ctx.db.pool, spaceId, input.scheduleId);
  if (schedule.kind !== 'schedule') throw new AppError('InvalidHierarchy');
  if (input.groupId) {
    const group = await groupOf(ctx.db.pool, spaceId, input.groupId);
    if (group.projectId !== schedule.parentId) throw new AppError('InvalidHierarchy');
  }
  await ctx.db.pool.query(
    `UPDATE eps_nodes SET "groupId" = $2, revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
    [schedule.id, input.groupId],
  );
  return nodeOf(ctx.db.pool, spaceId, schedule.id);
}

// ── node info ─────────────────────────────────────────────────────────────────────────────────
/**
 * The node info panel (screens and routes): one call per tab. `gallery` is the node's photos and documents;
 * `planning` is where each schedule under the node stands: its actual version's dates, progress and
 * calculation, with the validity and active flags (states).
 */
type PlanningDb = {
  id: string;
  name: string;
  versionId: string | null;
  versionName: string | null;
  versionNumber: number | null;
  calcStatus: number | null;
  calcError: string | null;
  calculatedAt: Date | null;
  locked: boolean | null;
  dataDate: Date | null;
  start: Date | null;
  finish: Date | null;
  works: number;
  completed: number;
  critical: number;
  progress: number;
};

/**
 * A schedule's row of the planning tab. Validity: 1 when its actual version is calculated without an error
 * (the dates shown are the calculation's), 0 otherwise. Active: 1 when that version is open for edits, 0 when it
 * is locked or the schedule has no actual version.
 */
function planningRow(row: PlanningDb) {
  const calculated = row.calcStatus === CALC_STATUS.calculated && !row.calcError;
  return {
    id: row.id,
    name: row.name,
    version:
      row.versionId === null
        ? null
        : { id: row.versionId, name: row.versionName ?? '', number: row.versionNumber ?? 0 },
    calcStatus: CALC_STATUS_TEXT[row.calcStatus ?? CALC_STATUS.notCalculated] ?? 'not_calculated',
    calculatedAt: row.calculatedAt?.toISOString() ?? null,
    dataDate: row.dataDate?.toISOString() ?? null,
    start: row.start?.toISOString() ?? null,
    finish: row.finish?.toISOString() ?? null,
    works: row.works,
    completed: row.completed,
    critical: row.critical,
    progress: row.progress,
    valid: row.versionId !== null && calculated ? VALIDITY_FLAG.valid : VALIDITY_FLAG.notValid,
    active: row.versionId !== null && !row.locked ? ACTIVE_FLAG.active : ACTIVE_FLAG.disabled,
  };
}

export async function nodeInfo(ctx: SpaceContext, input: { nodeId: string; tab: string }) {
  const spaceId = ctx.space.spaceId;
  const node = await nodeOf(ctx.db.pool, spaceId, input.nodeId);
  const subtree = `WITH RECURSIVE sub AS (SELECT id FROM eps_nodes WHERE id = $1
      UNION SELECT n.id FROM eps_nodes n JOIN sub ON n."parentId" = sub.id)`;
  const actual = `SELECT v.id FROM versions v JOIN sub ON v."scheduleId" = sub.id WHERE v.actual`;
  switch (input.tab) {
    case 'analytics': {
      const { rows } = await ctx.db.pool.query(
        `${subtree} SELECT count(*)::int AS works,
           count(*) FILTER (WHERE w.status = 'completed')::int AS completed,
           count(*) FILTER (WHERE w.status = 'in_progress')::int AS "inProgress",
           count(*) FILTER (WHERE w.critical)::int AS critical,
           coalesce(round(avg(w.progress)::numeric, 2), 0)::float8 AS "averageProgress"
         FROM works w WHERE w."versionId" IN (${actual}) AND w.type <> 'sum'`,
        [node.id],
      );
      return { tab: input.tab, node, data: rows[0] };
    }
    case 'node_info': {
      const { rows } = await ctx.db.pool.query(
        `WITH RECURSIVE up AS (SELECT id, "parentId", name, kind, 0 AS depth FROM eps_nodes WHERE id = $1
           UNION SELECT n.id, n."parentId", n.name, n.kind, up.depth + 1 FROM eps_nodes n JOIN up ON n.id = up."parentId")
         SELECT id, name, kind FROM up ORDER BY depth DESC`,
        [node.id],
      );
      const counts = await ctx.db.pool.query(
        `${subtree} SELECT (SELECT count(*)::int - 1 FROM sub) AS descendants,
           (SELECT count(*)::int FROM versions v JOIN sub ON v."scheduleId" = sub.id) AS versions`,
        [node.id],
      );
      return { tab: input.tab, node, data: { path: rows, ...counts.rows[0] } };
    }
    case 'task_relations': {
      if (node.kind !== 'schedule') return { tab: input.tab, node, data: [] };
      const { rows } = await ctx.db.pool.query<{ id: string }>(
        `SELECT id FROM versions WHERE "scheduleId" = $1 AND actual`,
        [node.id],
      );
      return { tab: input.tab, node, data: rows[0] ? await taskRelations(ctx, rows[0].id) : [] };
    }
    case 'directories': {
      const { rows } = await ctx.db.pool.query(
        `${subtree} SELECT DISTINCT d.id AS "directoryId", d.name AS directory, dv.id, dv.code, dv.name
         FROM version_directory_values vd JOIN directory_values dv ON dv.id = vd."valueId"
         JOIN directories d ON d.id = dv."directoryId" WHERE vd."versionId" IN (${actual}) ORDER BY d.name, dv.name`,
        [node.id],
      );
      return { tab: input.tab, node, data: rows };
    }
    case 'related_schedules': {
      const { rows } = await ctx.db.pool.query(
        `${subtree}, mine AS (SELECT w.id, w."versionId" FROM works w WHERE w."versionId" IN (${actual}))
         SELECT DISTINCT n.id, n.name FROM relations r
         JOIN works p ON p.id = r."predecessorId" JOIN works s ON s.id = r."successorId"
         JOIN versions v ON v.id IN (p."versionId", s."versionId") JOIN eps_nodes n ON n.id = v."scheduleId"
         WHERE (r."predecessorId" IN (SELECT id FROM mine) OR r."successorId" IN (SELECT id FROM mine))
           AND p."versionId" <> s."versionId" AND n.id NOT IN (SELECT id FROM sub)`,
        [node.id],
      );
      return { tab: input.tab, node, data: rows };
    }
    case 'gallery':
      return { tab: input.tab, node, data: await listNodeFiles(ctx, node.id) };
    case 'planning': {
      const { rows } = await ctx.db.pool.query<PlanningDb>(
        `${subtree} SELECT n.id, n.name, v.id AS "versionId", v.name AS "versionName", v.number AS "versionNumber",
           v."calcStatus", v."calcError", v."calculatedAt", v.locked, v."dataDate",
           w.start, w.finish, coalesce(w.works, 0)::int AS works, coalesce(w.completed, 0)::int AS completed,
           coalesce(w.critical, 0)::int AS critical, coalesce(w.progress, 0)::float8 AS progress
         FROM eps_nodes n JOIN sub ON sub.id = n.id
         LEFT JOIN versions v ON v."scheduleId" = n.id AND v.actual
         LEFT JOIN LATERAL (SELECT min(coalesce(x."earlyStart", x."planStart")) AS start,
             max(coalesce(x."earlyFinish", x."planFinish")) AS finish, count(*) AS works,
             count(*) FILTER (WHERE x.status = 'completed') AS completed,
             count(*) FILTER (WHERE x.critical) AS critical, round(avg(x.progress)::numeric, 2) AS progress
           FROM works x WHERE x."versionId" = v.id AND x.type <> 'sum') w ON true
         WHERE n.kind = 'schedule' ORDER BY n.name, n.id`,
        [node.id],
      );
      return { tab: input.tab, node, data: rows.map(planningRow) };
    }
    case 'daily_planning':
    case 'timesheets':
    case 'assignments': {
      if (node.kind !== 'schedule') return { tab: input.tab, node, data: [] };
      const { rows } = await ctx.db.pool.query<{ id: string }>(
        `SELECT id FROM versions WHERE "scheduleId" = $1 AND actual`,
        [node.id],
      );
      const versionId = rows[0]?.id;
      if (!versionId) return { tab: input.tab, node, data: [] };
      const data =
        input.tab === 'daily_planning'
          ? await wdpOfVersion(ctx, versionId)
          : input.tab === 'timesheets'
            ? await timesheetsOfVersion(ctx, versionId)
            : await listAssignments(ctx, { versionId });
      return { tab: input.tab, node, data };
    }
    default:
      return { tab: input.tab, node, data: [] };
  }
}
