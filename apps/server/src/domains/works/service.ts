import type { WorkFields } from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import { sql } from 'kysely';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { anyOf, inTransaction, type Sql } from '../../db/sql';
import { WORK_RECORD_COLUMNS, workColumns } from '../../db/work-row';
import { AppError } from '../../errors';
import { followDriverValues } from '../complex-relations';
import { UndoRecorder } from '../undo';
import { checkEditingPeriod, versionForEdit, versionOf } from '../versions';
import {
  checkWorkReferences,
  periodDates,
  toWork,
  wbsOrder,
  workAssignments,
  writeAttributeValues,
} from './fields';
import { takeWorkCode } from './numbering';
import { orderKeyAfter } from './order';
import { refuseRolledUpEdit } from './summaries';

async function attributeValuesOf(on: Sql, workIds: string[]) {
  const rows = await kyselyOf(on)
    .selectFrom('attribute_values')
    .select(['workId', sql<Record<string, unknown>>`jsonb_object_agg("attributeId", value)`.as('values')])
    .where('workId', '=', anyOf(workIds, 'uuid'))
    .groupBy('workId')
    .execute();
  return new Map(rows.map((r) => [r.workId, r.values]));
}

async function readWorks(on: Sql, spaceId: string, ids: string[]) {
  const rows = await kyselyOf(on)
    .selectFrom('works as w')
    .select(workColumns('w', WORK_RECORD_COLUMNS))
    .where('w.id', '=', anyOf(ids, 'uuid'))
    .where('w.spaceId', '=', spaceId)
    .execute();
  const values = await attributeValuesOf(on, ids);
  const byId = new Map(rows.map((r) => [r.id, toWork(r, values.get(r.id) ?? {})]));
  return ids.map((id) => byId.get(id)).filter((w) => w !== undefined);
}

async function readWork(on: Sql, spaceId: string, id: string) {
  const [work] = await readWorks(on, spaceId, [id]);
  if (!work) throw new AppError('NotFound');
  return work;
}

/** The works of a version in WBS order, with the caller's checked/expanded state. */
export async function listWorks(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, versionId);
  const rows = await kyselyOf(ctx.db.pool)
    .selectFrom('works as w')
    .leftJoin('work_user_states as s', (join) =>
      join.onRef('s.workId', '=', 'w.id').on('s.userId', '=', ctx.session.userId),
    )
    .select(workColumns('w', WORK_RECORD_COLUMNS))
    .select(['s.checked', 's.expanded'])
    .where('w.versionId', '=', versionId)
    .where('w.spaceId', '=', spaceId)
    .execute();
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

type Locked = Awaited<ReturnType<typeof lockWorks>> extends Map<string, infer L> ? L : never;

/** Locks works of the version for an edit; a missing one is NotFound, a stale revision Conflict. */
async function lockWorks(
  client: pg.PoolClient,
  versionId: string,
  refs: { workId: string; revision?: number }[],
) {
  const rows = await kyselyOf(client)
    .selectFrom('works')
    .select(['id', 'parentId', 'sortKey', 'type', 'revision'])
    .where('versionId', '=', versionId)
    .where(
      'id',
      '=',
      anyOf(
        refs.map((r) => r.workId),
        'uuid',
      ),
    )
    .forUpdate()
    .execute();
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
  const db = kyselyOf(client);
  const parent = await db.selectFrom('works').select('type').where('id', '=', parentId).executeTakeFirst();
  if (parent && parent.type !== 'sum') {
    await undo.works([parentId]);
    await db
      .updateTable('works')
      .set((eb) => ({ type: 'sum', revision: eb('revision', '+', 1), updatedAt: sql`now()` }))
      .where('id', '=', parentId)
      .execute();
  }
}

/** The sibling right before `beforeId` (null: `beforeId` is the first); `beforeId` must be a child of `parentId`. */
async function siblingBefore(
  client: pg.PoolClient,
  versionId: string,
  parentId: string | null,
  beforeId: string,
): Promise<string | null> {
  const before = await lockWorks(client, versionId, [{ workId: beforeId }]);
  const { parentId: actual, sortKey } = before.get(beforeId)!;
  if (actual !== parentId) throw new AppError('InvalidHierarchy');
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM works
    WHERE "versionId" = ${versionId} AND "parentId" IS NOT DISTINCT FROM ${parentId}
      AND ("sortKey", id) < (${sortKey}, ${beforeId}::uuid)
    ORDER BY "sortKey" DESC, id DESC LIMIT 1`.execute(kyselyOf(client));
  return rows[0]?.id ?? null;
}

export async function createWork(
  ctx: SpaceContext,
  input: Partial<WorkFields> & {
    versionId: string;
    name: string;
    parentId?: string | null;
    afterId?: string | null;
    beforeId?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  const { versionId, parentId = null, beforeId, ...rest } = input;
  let { afterId, ...fields } = rest;
  const id = await inTransaction(ctx.db.pool, async (client) => {
    const version = await versionForEdit(client, spaceId, versionId);
    await checkEditingPeriod(ctx, client, periodDates(fields));
    await checkWorkReferences(ctx, client, version.scheduleId, fields);
    const undo = new UndoRecorder(client);
    if (parentId) await lockWorks(client, versionId, [{ workId: parentId }]);
    if (beforeId) afterId = await siblingBefore(client, versionId, parentId, beforeId);
    else if (afterId) {
      const after = await lockWorks(client, versionId, [{ workId: afterId }]);
      if (after.get(afterId)!.parentId !== parentId) throw new AppError('InvalidHierarchy');
    }
    // With `beforeId` a null `afterId` means "first"; otherwise an absent one means "last".
    const position = beforeId ? (afterId ?? null) : (afterId ?? 'last');
    const sortKey = await orderKeyAfter(client, 'works', versionId, parentId, position, (ids) =>
      undo.works(ids),
    );
    if (!fields.code?.trim())
      fields.code = await takeWorkCode(client, spaceId, version.scheduleId, versionId, {
        parentId,
        neighbourId: afterId ?? beforeId ?? null,
      });
    const db = kyselyOf(client);
    const { id } = await db
      .insertInto('works')
      .values({
        id: sql`gen_random_uuid()`,
        spaceId,
        versionId,
        parentId,
        originId: sql`gen_random_uuid()`,
        sortKey,
        name: fields.name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { attributes, name: _name, ...columns } = fields;
    await db
      .updateTable('works')
      .set((eb) => ({ ...workAssignments(columns), originId: eb.ref('id') }))
      .where('id', '=', id)
      .execute();
    await writeAttributeValues(ctx, client, [id], attributes);
    // Made with a driver value of a complex relation: its dependent values follow at once (part of the work).
    if (attributes)
      await followDriverValues(client, spaceId, {
        scheduleId: version.scheduleId,
        versionId,
        workIds: [id],
        attributeIds: Object.keys(attributes),
      });
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
  input: BulkUpdateInput,
  action = 'works.bulk_update',
) {
  return inTransaction(ctx.db.pool, (client) => bulkUpdateWorksIn(ctx, client, input, action));
}

interface BulkUpdateInput {
  versionId: string;
  works: { workId: string; revision: number }[];
  set: Partial<WorkFields>;
}

/**
 * `bulkUpdateWorks` inside the caller's transaction, for a change of something else that edits works too
 * (a kanban card moved to a column of a work status). The version is locked first, as every edit of works
 * locks it: a caller that locks its own rows after the version's cannot deadlock with an edit of the grid.
 */
export async function bulkUpdateWorksIn(
  ctx: SpaceContext,
  client: pg.PoolClient,
  input: BulkUpdateInput,
  action = 'works.bulk_update',
) {
  const spaceId = ctx.space.spaceId;
  const { versionId, works, set } = input;
  const ids = [...new Set(works.map((w) => w.workId))];
  const version = await versionForEdit(client, spaceId, versionId);
  await checkEditingPeriod(ctx, client, periodDates(set));
  await checkWorkReferences(ctx, client, version.scheduleId, set);
  await lockWorks(client, versionId, works);
  await refuseRolledUpEdit(client, versionId, ids, set);
  const undo = new UndoRecorder(client);
  await undo.works(ids);
  const { attributes, ...columns } = set;
  await kyselyOf(client)
    .updateTable('works')
    .set((eb) => ({ ...workAssignments(columns), revision: eb('revision', '+', 1), updatedAt: sql`now()` }))
    .where('id', '=', anyOf(ids, 'uuid'))
    .execute();
  await writeAttributeValues(ctx, client, ids, attributes);
  // A driver value of a complex relation edited: the works' dependent values follow (in this undo action).
  if (attributes)
    await followDriverValues(client, spaceId, {
      scheduleId: version.scheduleId,
      versionId,
      workIds: ids,
      attributeIds: Object.keys(attributes),
    });
  // Recording the edit rolls up the summaries above the works (they show their new progress, status,
  // volumes or approved plan at once, not after the next calculation), then moves the cards of works whose
  // status changed and tells the newly assigned (`onWorksChanged`).
  await undo.save(ctx, versionId, 'undo_wbs', action);
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
    const db = kyselyOf(client);
    const rows = await db
      .withRecursive('sub(id)', (qb) =>
        qb
          .selectFrom('works')
          .select('id')
          .where('id', '=', anyOf(input.workIds, 'uuid'))
          .where('versionId', '=', input.versionId)
          .union(qb.selectFrom('works as w').innerJoin('sub', 'w.parentId', 'sub.id').select('w.id')),
      )
      .selectFrom('sub')
      .select('id')
      .execute();
    const all = rows.map((r) => r.id);
    const relations = await db
      .selectFrom('relations')
      .select('id')
      .where((eb) =>
        eb.or([eb('predecessorId', '=', anyOf(all, 'uuid')), eb('successorId', '=', anyOf(all, 'uuid'))]),
      )
      .execute();
    const undo = new UndoRecorder(client);
    await undo.works(all);
    await undo.relations(relations.map((r) => r.id));
    await db.deleteFrom('works').where('id', '=', anyOf(all, 'uuid')).execute();
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
      const cycle = await kyselyOf(client)
        .withRecursive('up(id, parentId)', (qb) =>
          qb
            .selectFrom('works')
            .select(['id', 'parentId'])
            .where('id', '=', parentId)
            .union(
              qb
                .selectFrom('works as w')
                .innerJoin('up', 'w.id', 'up.parentId')
                .select(['w.id', 'w.parentId']),
            ),
        )
        .selectFrom('up')
        .select('id')
        .where('id', '=', work.id)
        .execute();
      if (cycle.length) throw new AppError('InvalidHierarchy');
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
    await kyselyOf(client)
      .updateTable('works')
      .set((eb) => ({ parentId, sortKey, revision: eb('revision', '+', 1), updatedAt: sql`now()` }))
      .where('id', '=', work.id)
      .execute();
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
    const db = kyselyOf(client);
    const previous = (
      await db
        .selectFrom('works')
        .select('id')
        .where('versionId', '=', input.versionId)
        .where('parentId', 'is not distinct from', work.parentId)
        .where('sortKey', '<', work.sortKey)
        .orderBy('sortKey', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.id;
    if (!previous) throw new AppError('InvalidHierarchy');
    const last = await db
      .selectFrom('works')
      .select('id')
      .where('parentId', '=', previous)
      .orderBy('sortKey', 'desc')
      .limit(1)
      .executeTakeFirst();
    return { parentId: previous, afterId: last?.id ?? null };
  });
}

/** Outdent: the work becomes the next sibling of its parent. */
export function outdentWork(
  ctx: SpaceContext,
  input: { versionId: string; workId: string; revision: number },
) {
  return moveTo(ctx, input, 'works.outdent', async (client, work) => {
    if (!work.parentId) throw new AppError('InvalidHierarchy');
    const parent = await kyselyOf(client)
      .selectFrom('works')
      .select('parentId')
      .where('id', '=', work.parentId)
      .executeTakeFirstOrThrow();
    return { parentId: parent.parentId, afterId: work.parentId };
  });
}

/** Checked and expanded state of rows, per user (states). */
export async function setWorkState(
  ctx: SpaceContext,
  input: { versionId: string; workIds: string[]; checked?: boolean; expanded?: boolean },
) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, input.versionId);
  const checked = input.checked ?? null;
  const expanded = input.expanded ?? null;
  const db = kyselyOf(ctx.db.pool);
  const result = await db
    .insertInto('work_user_states')
    .columns(['spaceId', 'userId', 'workId', 'versionId', 'checked', 'expanded'])
    .expression(
      db
        .selectFrom('works as w')
        .select([
          sql.val(spaceId).as('spaceId'),
          sql.val(ctx.session.userId).as('userId'),
          'w.id',
          'w.versionId',
          sql<boolean>`coalesce(${checked}::boolean, false)`.as('checked'),
          sql<boolean>`coalesce(${expanded}::boolean, true)`.as('expanded'),
        ])
        .where('w.id', '=', anyOf(input.workIds, 'uuid'))
        .where('w.versionId', '=', input.versionId)
        .where('w.spaceId', '=', spaceId),
    )
    .onConflict((oc) =>
      oc.columns(['userId', 'workId']).doUpdateSet({
        checked: sql`coalesce(${checked}::boolean, work_user_states.checked)`,
        expanded: sql`coalesce(${expanded}::boolean, work_user_states.expanded)`,
      }),
    )
    .executeTakeFirst();
  return { success: true as const, count: Number(result.numInsertedOrUpdatedRows ?? 0) };
}

/**
 * The caller's view state of a version, compact for large versions: ids of the rows they collapsed
 * and of the rows they checked (the grid reads rows from the columnar payload, not from `listWorks`).
 */
export async function workViewState(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, versionId);
  const rows = await kyselyOf(ctx.db.pool)
    .selectFrom('work_user_states')
    .select(['workId', 'checked', 'expanded'])
    .where('versionId', '=', versionId)
    .where('spaceId', '=', spaceId)
    .where('userId', '=', ctx.session.userId)
    .where((eb) => eb.or([eb('checked', '=', true), eb('expanded', '=', false)]))
    .execute();
  return {
    collapsed: rows.filter((r) => !r.expanded).map((r) => r.workId),
    checked: rows.filter((r) => r.checked).map((r) => r.workId),
  };
}

/** What of a work the columnar payload leaves out: approved (baseline) dates and volume, constraints. */
const PLAN_DETAIL_COLUMNS = [
  'id',
  'approvedStart',
  'approvedFinish',
  'approvedVolume',
  'startLimit',
  'startLimitDate',
  'finishLimit',
  'finishLimitDate',
] as const;

/** The rows of PLAN_DETAIL_COLUMNS of the version's works that have any plan detail (the rest have none). */
export function planDetailRows(on: Sql, spaceId: string, versionId: string) {
  return kyselyOf(on)
    .selectFrom('works as w')
    .select(workColumns('w', PLAN_DETAIL_COLUMNS))
    .where('w.versionId', '=', versionId)
    .where('w.spaceId', '=', spaceId)
    .where((eb) =>
      eb.or([
        eb('w.approvedStart', 'is not', null),
        eb('w.approvedFinish', 'is not', null),
        eb('w.approvedVolume', 'is not', null),
        eb('w.startLimit', 'is not', null),
        eb('w.finishLimit', 'is not', null),
      ]),
    )
    .execute();
}

/**
 * Works whose plan details are outside the columnar payload — approved (baseline) dates and volume,
 * start and finish constraints — sparse: only the works that have any of them.
 */
export async function workPlanDetails(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, versionId);
  const rows = await planDetailRows(ctx.db.pool, spaceId, versionId);
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
  let query = kyselyOf(ctx.db.pool)
    .selectFrom('works as w')
    .innerJoin('versions as v', 'v.id', 'w.versionId')
    .innerJoin('eps_nodes as s', 's.id', 'v.scheduleId')
    .select(['w.id', 'w.code', 'w.name', 'w.versionId', 'v.name as versionName', 'v.locked', 'v.scheduleId'])
    .select('s.name as scheduleName')
    .where('w.spaceId', '=', ctx.space.spaceId);
  if (input.workIds?.length) query = query.where('w.id', '=', anyOf(input.workIds, 'uuid'));
  if (needle)
    query = query.where((eb) =>
      eb.or([eb('w.code', 'ilike', `${needle}%`), eb('w.name', 'ilike', `%${needle}%`)]),
    );
  if (input.excludeVersionId) query = query.where('w.versionId', '<>', input.excludeVersionId);
  return query
    .orderBy('s.name')
    .orderBy('v.number')
    .orderBy('w.sortKey')
    .orderBy('w.id')
    .limit(input.limit ?? 30)
    .execute();
}
