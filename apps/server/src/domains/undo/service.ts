import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import { rollUpSummariesAbove } from '../calculation';
import { versionForEdit, versionOf } from '../versions';
import { worksBefore, worksChanged } from './changes';
import { payloadWorkIds, redoSnapshot, type UndoPayload, undoPayloadApply } from './record';

/**
 * The works whose summaries applying these payloads can move, read before they are applied: the works
 * they touch (`payloadWorkIds`) and the parents those have now — a work the undo deletes (one the
 * action created) is gone afterwards, and so is the way up to its summaries.
 */
async function touchedWorks(client: pg.PoolClient, payloads: readonly UndoPayload[]): Promise<string[]> {
  const ids = new Set(payloads.flatMap(payloadWorkIds));
  if (ids.size === 0) return [];
  const { rows } = await client.query<{ parentId: string }>(
    `SELECT DISTINCT "parentId" FROM works WHERE id = ANY($1::uuid[]) AND "parentId" IS NOT NULL`,
    [[...ids]],
  );
  for (const row of rows) ids.add(row.parentId);
  return [...ids];
}

/** The version's undo list, latest first (actions not yet undone). */
export async function listUndoActions(ctx: SpaceContext, versionId: string) {
  await versionOf(ctx.db.pool, ctx.space.spaceId, versionId);
  const { rows } = await ctx.db.pool.query<{
    id: string;
    kind: string;
    action: string;
    userId: string | null;
    createdAt: Date;
  }>(
    `SELECT id::text, kind, action, "userId", "createdAt" FROM undo_actions
     WHERE "versionId" = $1 AND "spaceId" = $2 AND "appliedAt" IS NULL ORDER BY undo_actions.id DESC LIMIT 200`,
    [versionId, ctx.space.spaceId],
  );
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Undoes the given action and every later one of the version (or the latest one), latest first. */
export async function applyUndo(
  ctx: SpaceContext,
  input: { versionId: string; undoActionId?: string | number },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await versionForEdit(client, spaceId, input.versionId);
    const target = input.undoActionId === undefined ? null : String(input.undoActionId);
    const { rows } = await client.query<{ id: string; payload: UndoPayload }>(
      `SELECT id::text, payload FROM undo_actions
       WHERE "versionId" = $1 AND "spaceId" = $2 AND "appliedAt" IS NULL AND ($3::bigint IS NULL OR id >= $3::bigint)
       ORDER BY undo_actions.id DESC ${target === null ? 'LIMIT 1' : ''} FOR UPDATE`,
      [input.versionId, spaceId, target],
    );
    if (rows.length === 0 || (target !== null && rows.at(-1)!.id !== target))
      throw new AppError('NothingToUndo');
    const touched = await touchedWorks(
      client,
      rows.map((row) => row.payload),
    );
    const before = await worksBefore(client, touched);
    for (const row of rows) {
      // Each action's redo is read just before it is undone: the state its undo leaves is the one a redo
      // of the later actions starts from.
      const redo = await redoSnapshot(client, row.payload);
      await undoPayloadApply(client, row.payload);
      await client.query(`UPDATE undo_actions SET "appliedAt" = now(), redo = $2 WHERE id = $1::bigint`, [
        row.id,
        JSON.stringify(redo),
      ]);
    }
    // The summaries above what the undo put back are rolled up as any edit leaves them.
    const rolled = await rollUpSummariesAbove(client, spaceId, input.versionId, touched);
    await worksChanged(ctx, client, input.versionId, [...touched, ...rolled], before);
    return { success: true as const, undone: rows.map((r) => r.id) };
  });
}

/**
 * Redoes the earliest action undone after the version's last living one (the top of the redo stack):
 * puts back the rows its undo overwrote and removes the rows it brought back. The action joins the undo
 * list again, so it can be undone once more. A change made after an undo ends the redo (`UndoRecorder.save`).
 */
export async function applyRedo(ctx: SpaceContext, input: { versionId: string }) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await versionForEdit(client, spaceId, input.versionId);
    const { rows } = await client.query<{ id: string; redo: UndoPayload | null }>(
      `SELECT id::text, redo FROM undo_actions
       WHERE "versionId" = $1 AND "spaceId" = $2 AND "appliedAt" IS NOT NULL AND redo IS NOT NULL
         AND id > coalesce((SELECT max(id) FROM undo_actions
                            WHERE "versionId" = $1 AND "spaceId" = $2 AND "appliedAt" IS NULL), 0)
       ORDER BY undo_actions.id LIMIT 1 FOR UPDATE`,
      [input.versionId, spaceId],
    );
    const row = rows[0];
    if (!row?.redo) throw new AppError('NothingToRedo');
    const touched = await touchedWorks(client, [row.redo]);
    const before = await worksBefore(client, touched);
    await undoPayloadApply(client, row.redo);
    const rolled = await rollUpSummariesAbove(client, spaceId, input.versionId, touched);
    await worksChanged(ctx, client, input.versionId, [...touched, ...rolled], before);
    await client.query(`UPDATE undo_actions SET "appliedAt" = NULL, redo = NULL WHERE id = $1::bigint`, [
      row.id,
    ]);
    return { success: true as const, redone: row.id };
  });
}

/** Whether the version has an undone action a redo would bring back. */
export async function canRedo(ctx: SpaceContext, versionId: string) {
  await versionOf(ctx.db.pool, ctx.space.spaceId, versionId);
  const { rows } = await ctx.db.pool.query<{ id: string }>(
    `SELECT id::text FROM undo_actions
     WHERE "versionId" = $1 AND "spaceId" = $2 AND "appliedAt" IS NOT NULL AND redo IS NOT NULL
       AND id > coalesce((SELECT max(id) FROM undo_actions
                          WHERE "versionId" = $1 AND "spaceId" = $2 AND "appliedAt" IS NULL), 0)
     LIMIT 1`,
    [versionId, ctx.space.spaceId],
  );
  return { redoable: rows.length > 0 };
}
