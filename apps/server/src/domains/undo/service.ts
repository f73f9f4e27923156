import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import { versionForEdit, versionOf } from '../versions';
import { type UndoPayload, undoPayloadApply } from './record';

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
    for (const row of rows) await undoPayloadApply(client, row.payload);
    await client.query(`UPDATE undo_actions SET "appliedAt" = now() WHERE id = ANY($1::bigint[])`, [
      rows.map((r) => r.id),
    ]);
    return { success: true as const, undone: rows.map((r) => r.id) };
  });
}
