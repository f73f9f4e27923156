import { type AssignmentFields, reservedModeIssue } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { UndoRecorder } from '../undo';
import { versionOf } from '../versions';
import { versionForResources } from './lock';
import { setClauses } from './set-clauses';

export const ASSIGNMENT_SELECT = `a.id, a."versionId", a."workId", a."resourceId", a."planQuantity", a."approvedQuantity",
  a."factQuantity", a.price, a.distribution, a.reserved, a."lagMinutes", a."windowMinutes", a.period, a.entries,
  a."followsId", a.revision, r.name AS "resourceName", r.code AS "resourceCode", r.kind, r.unit,
  r.price AS "resourcePrice", w.code AS "workCode", w.name AS "workName"`;
const ASSIGNMENT_FROM = `assignments a JOIN resources r ON r.id = a."resourceId" JOIN works w ON w.id = a."workId"`;

export interface AssignmentDto extends AssignmentFields {
  id: string;
  versionId: string;
  workId: string;
  resourceId: string;
  revision: number;
  resourceName: string;
  resourceCode: string | null;
  kind: 'volume' | 'labour' | 'cost' | 'distributed_price';
  unit: string | null;
  resourcePrice: number;
  workCode: string | null;
  workName: string;
}

export async function listAssignments(ctx: SpaceContext, input: { versionId: string; workId?: string }) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, input.versionId);
  const { rows } = await ctx.db.pool.query<AssignmentDto>(
    `SELECT ${ASSIGNMENT_SELECT} FROM ${ASSIGNMENT_FROM}
     WHERE a."versionId" = $1 AND a."spaceId" = $2 AND ($3::uuid IS NULL OR a."workId" = $3)
     ORDER BY w."sortKey", a."createdAt", a.id`,
    [input.versionId, spaceId, input.workId ?? null],
  );
  return rows;
}

/**
 * The grid columns of resources: per work of the version with assignments, the resources assigned
 * (codes, else names), the planned labour (labour quantities) and the planned cost (quantity × price; a
 * distributed price as it is); and per summary above such works, their labour and cost summed (its own
 * assignments, if any, included), with no names (docs/product-rules.md, "Summary roll-ups").
 */
export async function assignmentSummary(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, versionId);
  return workResourceFigures(ctx.db.pool, spaceId, versionId);
}

/**
 * By work: the names of its resources, its planned labour (hours of labour resources) and planned cost,
 * a summary's the sums of the works under it at any depth (docs/product-rules.md, "Summary roll-ups") —
 * what the grid's columns, the Gantt's tooltip, print and the exports show. Works without assignments
 * and summaries without any under them are absent.
 */
export async function workResourceFigures(sql: Sql, spaceId: string, versionId: string) {
  const { rows } = await sql.query<{ workId: string; names: string; labour: number; cost: number }>(
    `WITH RECURSIVE own AS (
       SELECT a."workId", string_agg(coalesce(r.code, r.name), ', ' ORDER BY a."createdAt") AS names,
         coalesce(sum(a."planQuantity") FILTER (WHERE r.kind = 'labour'), 0)::float8 AS labour,
         sum(CASE WHEN r.kind = 'distributed_price' THEN a."planQuantity"
             ELSE a."planQuantity" * coalesce(a.price, r.price) END)::float8 AS cost
       FROM assignments a JOIN resources r ON r.id = a."resourceId"
       WHERE a."versionId" = $1 AND a."spaceId" = $2 GROUP BY a."workId"
     ), up AS (
       SELECT o."workId" AS "fromId", w."parentId" AS "summaryId"
       FROM own o JOIN works w ON w.id = o."workId" WHERE w."parentId" IS NOT NULL
       UNION ALL
       SELECT up."fromId", p."parentId" FROM up JOIN works p ON p.id = up."summaryId" WHERE p."parentId" IS NOT NULL
     ), rolled AS (
       SELECT up."summaryId" AS "workId", sum(o.labour)::float8 AS labour, sum(o.cost)::float8 AS cost
       FROM up JOIN own o ON o."workId" = up."fromId" GROUP BY up."summaryId"
     )
     SELECT coalesce(o."workId", s."workId") AS "workId", coalesce(o.names, '') AS names,
       (coalesce(o.labour, 0) + coalesce(s.labour, 0))::float8 AS labour,
       (coalesce(o.cost, 0) + coalesce(s.cost, 0))::float8 AS cost
     FROM own o FULL JOIN rolled s ON s."workId" = o."workId"`,
    [versionId, spaceId],
  );
  return rows;
}

async function assignmentOf(sql: Sql, spaceId: string, id: string): Promise<AssignmentDto> {
  return rowOrNotFound<AssignmentDto>(
    sql,
    `SELECT ${ASSIGNMENT_SELECT} FROM ${ASSIGNMENT_FROM} WHERE a.id = $1 AND a."spaceId" = $2`,
    [id, spaceId],
  );
}

const FIELD_CASTS: Record<keyof AssignmentFields, string> = {
  planQuantity: 'float8',
  approvedQuantity: 'float8',
  factQuantity: 'float8',
  price: 'float8',
  distribution: '"DistributionMode"',
  reserved: '"ReservedAllocationMode"',
  lagMinutes: 'int',
  windowMinutes: 'int',
  period: '"ResourcePeriod"',
  entries: 'jsonb',
  followsId: 'uuid',
};

function assignmentSets(fields: Partial<AssignmentFields>, first: number) {
  return setClauses(fields, FIELD_CASTS, first, (key, value) =>
    key === 'entries' && value !== null ? JSON.stringify(value) : value,
  );
}

/** The merged row must carry what its reserved mode needs; by_volume follows another assignment of the work. */
async function checkAssignment(
  client: pg.PoolClient,
  row: Partial<AssignmentFields> & { workId: string; id?: string },
) {
  const issue = reservedModeIssue(row);
  if (issue) throw new AppError('ValidationError', {}, [{ path: issue.path, message: issue.message }]);
  // Whatever the mode, a followed assignment is one of the same work (so of the same version and space).
  if (row.followsId) {
    const { rowCount } = await client.query(
      `SELECT 1 FROM assignments WHERE id = $1 AND "workId" = $2 AND id IS DISTINCT FROM $3::uuid`,
      [row.followsId, row.workId, row.id ?? null],
    );
    if (!rowCount)
      throw new AppError('ValidationError', {}, [
        { path: 'followsId', message: 'resources.validation.follows_required' },
      ]);
  }
}

async function workOfVersion(client: pg.PoolClient, versionId: string, workIds: string[]) {
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM works WHERE "versionId" = $1 AND id = ANY($2::uuid[]) FOR UPDATE`,
    [versionId, workIds],
  );
  return new Set(rows.map((r) => r.id));
}

async function resourceInSpace(client: pg.PoolClient, spaceId: string, resourceId: string) {
  return rowOrNotFound<{ id: string; name: string }>(
    client,
    `SELECT id, name FROM resources WHERE id = $1 AND "spaceId" = $2`,
    [resourceId, spaceId],
  );
}

export async function createAssignment(
  ctx: SpaceContext,
  input: Partial<AssignmentFields> & { versionId: string; workId: string; resourceId: string },
) {
  const spaceId = ctx.space.spaceId;
  const { versionId, workId, resourceId, ...fields } = input;
  const id = await inTransaction(ctx.db.pool, async (client) => {
    await versionForResources(client, spaceId, versionId);
    if (!(await workOfVersion(client, versionId, [workId])).has(workId)) throw new AppError('NotFound');
    await resourceInSpace(client, spaceId, resourceId);
    await checkAssignment(client, { ...fields, workId });
    const exists = await client.query(`SELECT 1 FROM assignments WHERE "workId" = $1 AND "resourceId" = $2`, [
      workId,
      resourceId,
    ]);
    if (exists.rowCount) throw new AppError('AssignmentExists');
    const undo = new UndoRecorder(client);
    await undo.workRows([workId], ['assignments']);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO assignments (id, "spaceId", "versionId", "workId", "resourceId")
       VALUES (gen_random_uuid(), $1, $2, $3, $4) RETURNING id`,
      [spaceId, versionId, workId, resourceId],
    );
    const id = rows[0]!.id;
    const { sets, params } = assignmentSets(fields, 2);
    if (sets.length)
      await client.query(`UPDATE assignments SET ${sets.join(', ')} WHERE id = $1`, [id, ...params]);
    await undo.save(ctx, versionId, 'undo_wbs', 'assignments.create');
    return id;
  });
  return assignmentOf(ctx.db.pool, spaceId, id);
}

interface LockedAssignment extends AssignmentFields {
  id: string;
  workId: string;
  revision: number;
}

async function lockAssignments(client: pg.PoolClient, versionId: string, ids: string[]) {
  const { rows } = await client.query<LockedAssignment>(
    `SELECT id, "workId", revision, "planQuantity", "approvedQuantity", "factQuantity", price, distribution, reserved,
       "lagMinutes", "windowMinutes", period, entries, "followsId"
     FROM assignments WHERE "versionId" = $1 AND id = ANY($2::uuid[]) FOR UPDATE`,
    [versionId, ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) if (!byId.has(id)) throw new AppError('NotFound');
  return byId;
}

/** Changes assignments, each at its revision; one undo action for all of them. */
async function updateMany(
  ctx: SpaceContext,
  versionId: string,
  items: (Partial<AssignmentFields> & { assignmentId: string; revision: number })[],
  action: string,
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    await versionForResources(client, spaceId, versionId);
    const locked = await lockAssignments(
      client,
      versionId,
      items.map((i) => i.assignmentId),
    );
    const undo = new UndoRecorder(client);
    await undo.workRows([...new Set([...locked.values()].map((a) => a.workId))], ['assignments']);
    for (const { assignmentId, revision, ...fields } of items) {
      const current = locked.get(assignmentId)!;
      if (current.revision !== revision) throw new AppError('Conflict');
      await checkAssignment(client, { ...current, ...fields });
      const { sets, params } = assignmentSets(fields, 2);
      await client.query(
        `UPDATE assignments SET ${[...sets, 'revision = revision + 1', '"updatedAt" = now()'].join(', ')}
         WHERE id = $1`,
        [assignmentId, ...params],
      );
      current.revision += 1;
    }
    await undo.save(ctx, versionId, 'undo_wbs', action);
  });
}

export async function updateAssignment(
  ctx: SpaceContext,
  input: Partial<AssignmentFields> & { versionId: string; assignmentId: string; revision: number },
) {
  const { versionId, ...item } = input;
  await updateMany(ctx, versionId, [item], 'assignments.update');
  return assignmentOf(ctx.db.pool, ctx.space.spaceId, input.assignmentId);
}

/** Deletes an assignment; assignments that followed its volume fall back to their distribution mode. */
export async function deleteAssignment(
  ctx: SpaceContext,
  input: { versionId: string; assignmentId: string },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await versionForResources(client, spaceId, input.versionId);
    const locked = await lockAssignments(client, input.versionId, [input.assignmentId]);
    const undo = new UndoRecorder(client);
    await undo.workRows([locked.get(input.assignmentId)!.workId], ['assignments']);
    await client.query(
      `UPDATE assignments SET reserved = NULL, "followsId" = NULL, revision = revision + 1, "updatedAt" = now()
       WHERE "followsId" = $1`,
      [input.assignmentId],
    );
    await client.query(`DELETE FROM assignments WHERE id = $1`, [input.assignmentId]);
    await undo.save(ctx, input.versionId, 'undo_wbs', 'assignments.delete');
    return { success: true as const };
  });
}

/**
 * Assigns a resource to many works (error catalogue "assignment success and warning"): works that already have it
 * and summary works are skipped, and the answer says how many, so the client shows a success or a warning.
 */
export async function assignResource(
  ctx: SpaceContext,
  input: {
    versionId: string;
    resourceId: string;
    workIds: string[];
    planQuantity?: number;
    distribution?: AssignmentFields['distribution'];
  },
) {
  const spaceId = ctx.space.spaceId;
  const workIds = [...new Set(input.workIds)];
  return inTransaction(ctx.db.pool, async (client) => {
    await versionForResources(client, spaceId, input.versionId);
    const resource = await resourceInSpace(client, spaceId, input.resourceId);
    const { rows } = await client.query<{ id: string }>(
      `SELECT w.id FROM works w WHERE w."versionId" = $1 AND w.id = ANY($2::uuid[]) AND w.type <> 'sum'
         AND NOT EXISTS (SELECT 1 FROM assignments a WHERE a."workId" = w.id AND a."resourceId" = $3)
       FOR UPDATE`,
      [input.versionId, workIds, input.resourceId],
    );
    const targets = rows.map((r) => r.id);
    if (targets.length) {
      const undo = new UndoRecorder(client);
      await undo.workRows(targets, ['assignments']);
      await client.query(
        `INSERT INTO assignments (id, "spaceId", "versionId", "workId", "resourceId", "planQuantity", distribution)
         SELECT gen_random_uuid(), $1, $2, unnest($3::uuid[]), $4, $5, $6::"DistributionMode"`,
        [
          spaceId,
          input.versionId,
          targets,
          input.resourceId,
          input.planQuantity ?? 0,
          input.distribution ?? 'evenly',
        ],
      );
      await undo.save(ctx, input.versionId, 'undo_wbs', 'assignments.assign');
    }
    const skipped = workIds.length - targets.length;
    return {
      success: true as const,
      status: skipped === 0 ? ('success' as const) : ('warning' as const),
      resourceName: resource.name,
      assigned: targets.length,
      skipped,
    };
  });
}

/** Saves the distribution settings of many assignments (API PUT distributions/save). */
export async function saveDistributions(
  ctx: SpaceContext,
  input: {
    versionId: string;
    items: (Partial<AssignmentFields> & { assignmentId: string; revision: number })[];
  },
) {
  await updateMany(ctx, input.versionId, input.items, 'distributions.save');
  return { success: true as const, count: input.items.length };
}
