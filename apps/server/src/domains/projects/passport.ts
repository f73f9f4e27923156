import { PASSPORT_MAX_BYTES } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import type { FileResult } from '../../files/result';
import { audit } from '../audit';
import { downloadFile, removeStoredBytes, storeFile } from '../interchange';
import { nodeOfKind } from './nodes';

/**
 * A node's passport (API storage/eps/{id}/passport): the one document that describes a facility, project or
 * schedule (its data sheet), kept as a stored file of kind `passport`. A new upload replaces the old one.
 */
type PassportRow = {
  id: string;
  name: string;
  contentType: string;
  size: string;
  createdAt: Date;
  author: string | null;
};

async function passportRow(ctx: SpaceContext, nodeId: string) {
  const { rows } = await ctx.db.pool.query<PassportRow>(
    `SELECT f.id, f.name, f."contentType", f.size, f."createdAt",
       coalesce(nullif(trim(concat_ws(' ', u."firstName", u."lastName")), ''), u.login) AS author
     FROM stored_files f LEFT JOIN users u ON u.id = f."createdById"
     WHERE f."spaceId" = $1 AND f."scheduleId" = $2 AND f.kind = 'passport' ORDER BY f."createdAt" DESC LIMIT 1`,
    [ctx.space.spaceId, nodeId],
  );
  return rows[0] ?? null;
}

const toPassport = (row: PassportRow) => ({
  id: row.id,
  name: row.name,
  contentType: row.contentType,
  size: Number(row.size),
  createdAt: row.createdAt.toISOString(),
  author: row.author,
});

/** API GET storage/eps/{id}/passport/info: the node's passport file, or null. */
export async function passportInfo(ctx: SpaceContext, nodeId: string) {
  const node = await nodeOfKind(ctx.db.pool, ctx.space.spaceId, nodeId, null);
  const row = await passportRow(ctx, node.id);
  return { nodeId: node.id, passport: row ? toPassport(row) : null };
}

/** API GET storage/eps/{id}/passport: the passport's bytes with its name. */
export async function downloadPassport(ctx: SpaceContext, nodeId: string): Promise<FileResult> {
  const node = await nodeOfKind(ctx.db.pool, ctx.space.spaceId, nodeId, null);
  const row = await passportRow(ctx, node.id);
  if (!row) throw new AppError('NotFound');
  return downloadFile(ctx, row.id);
}

/** API POST storage/eps/{id}/passport: uploads the node's passport, replacing the one it had (whose bytes go). */
export async function uploadPassport(
  ctx: SpaceContext,
  input: { nodeId: string; file: { name: string; type: string; data: Uint8Array } },
) {
  const spaceId = ctx.space.spaceId;
  const node = await nodeOfKind(ctx.db.pool, spaceId, input.nodeId, null);
  if (input.file.data.byteLength > PASSPORT_MAX_BYTES) throw new AppError('FileTooLarge');
  if (input.file.data.byteLength === 0) {
    throw new AppError('ValidationError', {}, [{ path: 'file', message: 'validation.required' }]);
  }
  const { id } = await storeFile(ctx, {
    spaceId,
    scheduleId: node.id,
    kind: 'passport',
    name: input.file.name || 'passport',
    contentType: input.file.type || 'application/octet-stream',
    userId: ctx.session.userId,
    data: input.file.data,
  });
  const oldKeys = await inTransaction(ctx.db.pool, async (client) => {
    const { rows } = await client.query<{ key: string }>(
      `DELETE FROM stored_files WHERE "spaceId" = $1 AND "scheduleId" = $2 AND kind = 'passport' AND id <> $3
       RETURNING key`,
      [spaceId, node.id, id],
    );
    return rows.map((r) => r.key);
  });
  await removeStoredBytes(ctx, oldKeys);
  await audit(ctx, {
    action: 'eps.passport',
    details: { nodeId: node.id, fileId: id, replaced: oldKeys.length > 0 },
  });
  return passportInfo(ctx, node.id);
}

/** API DELETE storage/eps/{id}/passport. */
export async function deletePassport(ctx: SpaceContext, nodeId: string) {
  const spaceId = ctx.space.spaceId;
  const node = await nodeOfKind(ctx.db.pool, spaceId, nodeId, null);
  const { rows } = await ctx.db.pool.query<{ key: string }>(
    `DELETE FROM stored_files WHERE "spaceId" = $1 AND "scheduleId" = $2 AND kind = 'passport' RETURNING key`,
    [spaceId, node.id],
  );
  if (!rows.length) throw new AppError('NotFound');
  await removeStoredBytes(
    ctx,
    rows.map((r) => r.key),
  );
  await audit(ctx, { action: 'eps.passport_delete', details: { nodeId: node.id } });
  return { success: true as const };
}
