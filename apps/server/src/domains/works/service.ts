import type { WorkFields } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { iso } from '../../db/time';
import { AppError } from '../../errors';
import { UndoRecorder } from '../undo';
import { checkEditingPeriod, versionForEdit, versionOf } from '../versions';
import {
  checkWorkReferences,
  periodDates,
  toWork,
  WORK_SELECT,
  type WorkRow,
  wbsOrder,
  workAssignments,
  writeAttributeValues,
} from './fields';
import { orderKeyAfter } from './order';

type Sql = pg.Pool | pg.PoolClient;

async function attributeValuesOf(sql: Sql, workIds: string[]) {
  const { rows } = await sql.query<{ workId: string; values: Record<string, unknown> }>(
    `SELECT "workId", jsonb_object_agg("attributeId", value) AS values FROM attribute_values
     WHERE "workId" = ANY($1::uuid[]) GROUP BY "workId"`,
    [workIds],
  );
  return new Map(rows.map((r) => [r.workId, r.values]));
}

async function readWorks(sql: Sql, spaceId: string, ids: string[]) {
  const { rows } = await sql.query<WorkRow>(
    `SELECT ${WORK_SELECT} FROM works w WHERE w.id = ANY($1::uuid[]) AND w."spaceId" = $2`,
    [ids, spaceId],
  );
  const values = await attributeValuesOf(sql, ids);
  const byId = new Map(rows.map((r) => [r.id, toWork(r, values.get(r.id) ?? {})]));
  return ids.map((id) => byId.get(id)).filter((w) => w !== undefined);
}

async function readWork(sql: Sql, spaceId: string, id: string) {
  const [work] = await readWorks(sql, spaceId, [id]);
  if (!work) throw new AppError('NotFound');
  return work;
}

/** The works of a version in WBS order, with the caller's checked/expanded state. */
export async function listWorks(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, versionId);
  const { rows } = await ctx.db.pool.query<WorkRow & { checked: boolean | null; expanded: boolean | null }>(
    `SELECT ${WORK_SELECT}, s.checked, s.expanded FROM works w
     LEFT JOIN work_user_states s ON s."workId" = w.id AND s."userId" = $3
     WHERE w."versionId" = $1 AND w."spaceId" = $2`,
    [versionId, spaceId, ctx.session.userId],
  );
  const values = await attributeValuesOf(
    ctx.db.pool,
    rows.map((r) => r.id),
  );
  return wbsOrder(rows).map(({ checked, expanded, ...row }) => ({
    ...toWork(row, values.get(row.id) ?? {}),
    checked: checked ?? false,
    expanded: expanded ?? true,
  }));
}

export async function getWork(ctx: SpaceContext, versionId: string, workId: string) {
  const work = await readWork(ctx.db.pool, ctx.space.spaceId, workId);
  if (work.versionId !== versionId) throw new AppError('NotFound');
  return work;
}

interface Locked {
  id: string;
  parentId: string | null;
  sortKey: number;
  type: string;
  revision: number;
}

/** Locks works of the version for an edit; a missing one is NotFound, a stale revision Conflict. */
async function lockWorks(
  client: pg.PoolClient,
  versionId: string,
  refs: { workId: string; revision?: number }[],
): Promise<Map<string, Locked>> {
  const { rows } = await client.query<Locked>(
    `SELECT id, "parentId", "sortKey", type, revision FROM works
     WHERE "versionId" = $1 AND id = ANY($2::uuid[]) FOR UPDATE`,
    [versionId, refs.map((r) => r.workId)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const ref of refs) {
    const row = byId.get(ref.workId);
    if (!row) throw new AppError('NotFound');
    if (ref.revision !== undefined && row.revision !== ref.revision) throw new AppError('Conflict');
  }
  return byId;
}

/** A parent becomes a summary when it gets children. */
async function makeSummary(client: pg.PoolClient, undo: UndoRecorder, parentId: string | null) {
  if (!parentId) return;
  const { rows } = await client.query<{ type: string }>(`SELECT type FROM works WHERE id = $1`, [parentId]);
  if (rows[0] && rows[0].type !== 'sum') {
    await undo.works([parentId]);
    await client.query(
      `UPDATE works SET type = 'sum', revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
      [parentId],
    );
  }
}

export async function createWork(
  ctx: SpaceContext,
  input: Partial<WorkFields> & {
    versionId: string;
    name: string;
    parentId?: string | null;
    afterId?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  const { versionId, parentId = null, afterId, ...fields } = input;
  const id = await inTransaction(ctx.db.pool, async (client) => {
    const version = await versionForEdit(client, spaceId, versionId);
    await checkEditingPeriod(ctx, client, periodDates(fields));
    await checkWorkReferences(ctx, client, version.scheduleId, fields);
    const undo = new UndoRecorder(client);
    if (parentId) await lockWorks(client, versionId, [{ workId: parentId }]);
    if (afterId) {
      const after = await lockWorks(client, versionId, [{ workId: afterId }]);
      if (after.get(afterId)!.parentId !== parentId) throw new AppError('InvalidHierarchy');
    }
    const sortKey = await orderKeyAfter(client, 'works', versionId, parentId, afterId ?? 'last', (ids) =>
      undo.works(ids),
    );
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO works (id, "spaceId", "versionId", "parentId", "originId", "sortKey", name)
       VALUES (gen_random_uuid(), $1, $2, $3, gen_random_uuid(), $4, $5) RETURNING id`,
      [spaceId, versionId, parentId, sortKey, fields.name],
    );
    const id = rows[0]!.id;
    const { attributes, name: _name, ...columns } = fields;
    const { sets, params } = workAssignments(columns, 2);
    sets.push(`"originId" = id`);
    await client.query(`UPDATE works SET ${sets.join(', ')} WHERE id = $1`, [id, ...params]);
    await writeAttributeValues(ctx, client, [id], attributes);
    await makeSummary(client, undo, parentId);
    undo.created('works', [id]);
    await undo.save(ctx, versionId, 'undo_wbs', 'works.create');
    return id;
  });
  return readWork(ctx.db.pool, spaceId, id);
}

export async function updateWork(
  ctx: SpaceContext,
  input: Partial<WorkFields> & { versionId: string; workId: string; revision: number },
) {
  const { versionId, workId, revision, ...fields } = input;
  await bulkUpdateWorks(ctx, { versionId, works: [{ workId, revision }], set: fields }, 'works.update');
  return readWork(ctx.db.pool, ctx.space.spaceId, workId);
}

/** Sets the same fields on many works in one statement; any stale revision refuses the whole edit. */
export async function bulkUpdateWorks(
  ctx: SpaceContext,
  input: { versionId: string; works: { workId: string; revision: number }[]; set: Partial<WorkFields> },
  action = 'works.bulk_update',
) {
  const spaceId = ctx.space.spaceId;
  const { versionId, works, set } = input;
  const ids = [...new Set(works.map((w) => w.workId))];
  await inTransaction(ctx.db.pool, async (client) => {
    const version = await versionForEdit(client, spaceId, versionId);
    await checkEditingPeriod(ctx, client, periodDates(set));
    await checkWorkReferences(ctx, client, version.scheduleId, set);
    await lockWorks(client, versionId, works);
    const undo = new UndoRecorder(client);
    await undo.works(ids);
    const { attributes, ...columns } = set;
    const { sets, params } = workAssignments(columns, 2);
    await client.query(
      `UPDATE works SET ${[...sets, 'revision = revision + 1', '"updatedAt" = now()'].join(', ')}
       WHERE id = ANY($1::uuid[])`,
      [ids, ...params],
    );
    await writeAttributeValues(ctx, client, ids, attributes);
    await undo.save(ctx, versionId, 'undo_wbs', action);
  });
  return { success: true as const, count: ids.length };
}

/** Deletes works with their subtrees and every relation touching them. */
export async function deleteWorks(ctx: SpaceContext, input: { versionId: string; workIds: string[] }) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await versionForEdit(client, spaceId, input.versionId);
    await lockWorks(
      client,
      input.versionId,
      input.workIds.map((workId) => ({ workId })),
    );
    const { rows } = await client.query<{ id: string }>(
      `WITH RECURSIVE sub AS (
         SELECT id FROM works WHERE id = ANY($1::uuid[]) AND "versionId" = $2
         UNION SELECT w.id FROM works w JOIN sub ON w."parentId" = sub.id)
       SELECT id FROM sub`,
      [input.workIds, input.versionId],
    );
    const all = rows.map((r) => r.id);
    const relations = await client.query<{ id: string }>(
      `SELECT id FROM relations WHERE "predecessorId" = ANY($1::uuid[]) OR "successorId" = ANY($1::uuid[])`,
      [all],
    );
    const undo = new UndoRecorder(client);
    await undo.works(all);
    await undo.relations(relations.rows.map((r) => r.id));
    await client.query(`DELETE FROM works WHERE id = ANY($1::uuid[])`, [all]);
    await undo.save(ctx, input.versionId, 'undo_wbs', 'works.delete');
    return { success: true as const, count: all.length };
  });
}

async function moveTo(
  ctx: SpaceContext,
  input: { versionId: string; workId: string; revision: number },
  action: string,
  target: (
    client: pg.PoolClient,
    work: Locked,
  ) => Promise<{ parentId: string | null; afterId: string | null }>,
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    await versionForEdit(client, spaceId, input.versionId);
    const work = (await lockWorks(client, input.versionId, [input]))!.get(input.workId)!;
    const { parentId, afterId } = await target(client, work);
    if (parentId) {
      await lockWorks(client, input.versionId, [{ workId: parentId }]);
      const { rowCount } = await client.query(
        `WITH RECURSIVE up AS (
           SELECT id, "parentId" FROM works WHERE id = $1
           UNION SELECT w.id, w."parentId" FROM works w JOIN up ON w.id = up."parentId")
         SELECT 1 FROM up WHERE id = $2`,
        [parentId, work.id],
      );
      if (rowCount) throw new AppError('InvalidHierarchy');
    }
    if (afterId) {
      const after = await lockWorks(client, input.versionId, [{ workId: afterId }]);
      if (after.get(afterId)!.parentId !== parentId || afterId === work.id)
        throw new AppError('InvalidHierarchy');
    }
    const undo = new UndoRecorder(client);
    await undo.works([work.id]);
    const sortKey = await orderKeyAfter(client, 'works', input.versionId, parentId, afterId, (ids) =>
      undo.works(ids),
    );
    await client.query(
      `UPDATE works SET "parentId" = $2, "sortKey" = $3, revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
      [work.id, parentId, sortKey],
    );
    await makeSummary(client, undo, parentId);
    await undo.save(ctx, input.versionId, 'undo_wbs', action);
  });
  return readWork(ctx.db.pool, spaceId, input.workId);
}

export function moveWork(
  ctx: SpaceContext,
  input: {
    versionId: string;
    workId: string;
    revision: number;
    parentId: string | null;
    afterId?: string | null;
  },
) {
  return moveTo(ctx, input, 'works.move', async () => ({
    parentId: input.parentId,
    afterId: input.afterId ?? null,
  }));
}

/** Indent: the work becomes the last child of its previous sibling. */
export function indentWork(
  ctx: SpaceContext,
  input: { versionId: string; workId: string; revision: number },
) {
  return moveTo(ctx, input, 'works.indent', async (client, work) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM works WHERE "versionId" = $1 AND "parentId" IS NOT DISTINCT FROM $2 AND "sortKey" < $3
       ORDER BY "sortKey" DESC LIMIT 1`,
      [input.versionId, work.parentId, work.sortKey],
    );
    const previous = rows[0]?.id;
    if (!previous) throw new AppError('InvalidHierarchy');
    const last = await client.query<{ id: string }>(
      `SELECT id FROM works WHERE "parentId" = $1 ORDER BY "sortKey" DESC LIMIT 1`,
      [previous],
    );
    return { parentId: previous, afterId: last.rows[0]?.id ?? null };
  });
}

/** Outdent: the work becomes the next sibling of its parent. */
export function outdentWork(
  ctx: SpaceContext,
  input: { versionId: string; workId: string; revision: number },
) {
  return moveTo(ctx, input, 'works.outdent', async (client, work) => {
    if (!work.parentId) throw new AppError('InvalidHierarchy');
    const { rows } = await client.query<{ parentId: string | null }>(
      `SELECT "parentId" FROM works WHERE id = $1`,
      [work.parentId],
    );
    return { parentId: rows[0]!.parentId, afterId: work.parentId };
  });
}

/** Checked and expanded state of rows, per user (states). */
export async function setWorkState(
  ctx: SpaceContext,
  input: { versionId: string; workIds: string[]; checked?: boolean; expanded?: boolean },
) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, input.versionId);
  const { rowCount } = await ctx.db.pool.query(
    `INSERT INTO work_user_states ("spaceId", "userId", "workId", "versionId", checked, expanded)
     SELECT $1, $2, w.id, w."versionId", coalesce($5, false), coalesce($6, true)
     FROM works w WHERE w.id = ANY($3::uuid[]) AND w."versionId" = $4 AND w."spaceId" = $1
     ON CONFLICT ("userId", "workId") DO UPDATE SET
       checked = coalesce($5, work_user_states.checked), expanded = coalesce($6, work_user_states.expanded)`,
    [
      spaceId,
      ctx.session.userId,
      input.workIds,
      input.versionId,
      input.checked ?? null,
      input.expanded ?? null,
    ],
  );
  return { success: true as const, count: rowCount ?? 0 };
}

/**
 * The caller's view state of a version, compact for large versions: ids of the rows they collapsed
 * and of the rows they checked (the grid reads rows from the columnar payload, not from `listWorks`).
 */
export async function workViewState(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, versionId);
  const { rows } = await ctx.db.pool.query<{ workId: string; checked: boolean; expanded: boolean }>(
    `SELECT "workId", checked, expanded FROM work_user_states
     WHERE "versionId" = $1 AND "spaceId" = $2 AND "userId" = $3 AND (checked OR NOT expanded)`,
    [versionId, spaceId, ctx.session.userId],
  );
  return {
    collapsed: rows.filter((r) => !r.expanded).map((r) => r.workId),
    checked: rows.filter((r) => r.checked).map((r) => r.workId),
  };
}

/**
 * Works whose plan details are outside the columnar payload — approved (baseline) dates and volume,
 * start and finish constraints — sparse: only the works that have any of them.
 */
export async function workPlanDetails(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, versionId);
  const { rows } = await ctx.db.pool.query<{
    id: string;
    approvedStart: string | null;
    approvedFinish: string | null;
    approvedVolume: number | null;
    startLimit: string | null;
    startLimitDate: string | null;
    finishLimit: string | null;
    finishLimitDate: string | null;
  }>(
    `SELECT w.id, ${iso('w."approvedStart"')} AS "approvedStart", ${iso('w."approvedFinish"')} AS "approvedFinish",
       w."approvedVolume", w."startLimit", ${iso('w."startLimitDate"')} AS "startLimitDate",
       w."finishLimit", ${iso('w."finishLimitDate"')} AS "finishLimitDate"
     FROM works w WHERE w."versionId" = $1 AND w."spaceId" = $2
       AND (w."approvedStart" IS NOT NULL OR w."approvedFinish" IS NOT NULL OR w."approvedVolume" IS NOT NULL
         OR w."startLimit" IS NOT NULL OR w."finishLimit" IS NOT NULL)`,
    [versionId, spaceId],
  );
  return rows.map(({ startLimit, startLimitDate, finishLimit, finishLimitDate, ...rest }) => ({
    ...rest,
    startLimit: startLimit ? { type: startLimit, date: startLimitDate } : null,
    finishLimit: finishLimit ? { type: finishLimit, date: finishLimitDate } : null,
  }));
}

/**
 * Works of any schedule and version of the space by code (prefix) or name (substring), or by id, with
 * the names of their schedule and version: predecessors from other schedules (entities relations).
 */
export async function searchWorks(
  ctx: SpaceContext,
  input: { query?: string; workIds?: string[]; excludeVersionId?: string; limit?: number },
) {
  const needle = input.query?.trim().replace(/[\\%_]/g, (c) => `\\${c}`) || null;
  if (!needle && !input.workIds?.length) return [];
  const { rows } = await ctx.db.pool.query<{
    id: string;
    code: string | null;
    name: string;
    versionId: string;
    versionName: string;
    locked: boolean;
    scheduleId: string;
    scheduleName: string;
  }>(
    `SELECT w.id, w.code, w.name, w."versionId", v.name AS "versionName", v.locked, v."scheduleId",
       s.name AS "scheduleName"
     FROM works w JOIN versions v ON v.id = w."versionId" JOIN eps_nodes s ON s.id = v."scheduleId"
     WHERE w."spaceId" = $1
       AND ($2::uuid[] IS NULL OR w.id = ANY($2::uuid[]))
       AND ($3::text IS NULL OR w.code ILIKE $3 || '%' OR w.name ILIKE '%' || $3 || '%')
       AND ($4::uuid IS NULL OR w."versionId" <> $4)
     ORDER BY s.name, v.number, w."sortKey", w.id LIMIT $5`,
    [
      ctx.space.spaceId,
      input.workIds?.length ? input.workIds : null,
      needle,
      input.excludeVersionId ?? null,
      input.limit ?? 30,
    ],
  );
  return rows;
}
