import { randomUUID } from 'node:crypto';
import { INTERCHANGE_LIMITS } from '@takt/contracts';
import type { Context, SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { AppError } from '../../errors';
import type { FileResult } from '../../files/result';

/** entities storage kinds: documents (uploaded schedule files), temp (exports kept for download), backup. */
export type StoredFileKind = 'documents' | 'temp' | 'backup';

interface StoredFileDb {
  id: string;
  scheduleId: string | null;
  kind: StoredFileKind;
  name: string;
  contentType: string;
  size: string;
  key: string;
  createdById: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}

function toFile(row: StoredFileDb) {
  return {
    id: row.id,
    scheduleId: row.scheduleId,
    kind: row.kind,
    name: row.name,
    contentType: row.contentType,
    size: Number(row.size),
    createdById: row.createdById,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

const SELECT = `id, "scheduleId", kind, name, "contentType", size::text AS size, key, "createdById", "createdAt", "expiresAt"`;

export async function scheduleOf(sql: Sql, spaceId: string, scheduleId: string) {
  const { rows } = await sql.query<{ id: string; name: string }>(
    `SELECT id, name FROM eps_nodes WHERE id = $1 AND "spaceId" = $2 AND kind = 'schedule'`,
    [scheduleId, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0];
}

/** Stores bytes (or a stream of chunks) as a file of the space; returns its id. */
export async function storeFile(
  ctx: Pick<Context, 'db' | 'files'>,
  file: {
    spaceId: string;
    scheduleId: string | null;
    kind: StoredFileKind;
    name: string;
    contentType: string;
    userId: string | null;
    data: Uint8Array | AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
    /** removed by the file cleanup after this many hours (temp files: the export keep time) */
    keepHours?: number;
  },
): Promise<{ id: string; size: number }> {
  const id = randomUUID();
  const key = `spaces/${file.spaceId}/files/${id}`;
  let size: number;
  if (file.data instanceof Uint8Array) {
    await ctx.files.put(key, file.data);
    size = file.data.byteLength;
  } else size = await ctx.files.putChunks(key, file.data);
  try {
    await ctx.db.pool.query(
      `INSERT INTO stored_files (id, "spaceId", "scheduleId", kind, name, "contentType", size, key, "createdById", "expiresAt")
       VALUES ($1, $2, $3, $4::text, $5, $6, $7, $8, $9,
         CASE WHEN $10::int IS NOT NULL THEN now() + make_interval(hours => $10::int) END)`,
      [
        id,
        file.spaceId,
        file.scheduleId,
        file.kind,
        file.name.slice(0, 255),
        file.contentType.slice(0, 128),
        size,
        key,
        file.userId,
        file.keepHours ?? (file.kind === 'temp' ? INTERCHANGE_LIMITS.exportKeepHours : null),
      ],
    );
  } catch (error) {
    await ctx.files.delete(key);
    throw error;
  }
  return { id, size };
}

export async function storedFileRow(sql: Sql, spaceId: string, fileId: string): Promise<StoredFileDb> {
  const { rows } = await sql.query<StoredFileDb>(
    `SELECT ${SELECT} FROM stored_files WHERE id = $1 AND "spaceId" = $2`,
    [fileId, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0];
}

/**
 * API GET storage/schedule/{id}: the schedule's uploaded files, newest first. An upload whose import has
 * not completed (it expires) is not yet a file of the schedule.
 */
export async function listScheduleFiles(ctx: SpaceContext, scheduleId: string) {
  await scheduleOf(ctx.db.pool, ctx.space.spaceId, scheduleId);
  const { rows } = await ctx.db.pool.query<StoredFileDb>(
    `SELECT ${SELECT} FROM stored_files
     WHERE "spaceId" = $1 AND "scheduleId" = $2 AND kind = 'documents' AND "expiresAt" IS NULL
     ORDER BY "createdAt" DESC`,
    [ctx.space.spaceId, scheduleId],
  );
  return rows.map(toFile);
}

/** API POST storage/schedule/{id}: attaches a file to the schedule. */
export async function uploadScheduleFile(
  ctx: SpaceContext,
  input: { scheduleId: string; file: { name: string; type: string; data: Uint8Array } },
) {
  await scheduleOf(ctx.db.pool, ctx.space.spaceId, input.scheduleId);
  if (input.file.data.byteLength > INTERCHANGE_LIMITS.uploadMaxBytes) throw new AppError('FileTooLarge');
  const { id } = await storeFile(ctx, {
    spaceId: ctx.space.spaceId,
    scheduleId: input.scheduleId,
    kind: 'documents',
    name: input.file.name || 'file',
    contentType: input.file.type || 'application/octet-stream',
    userId: ctx.session.userId,
    data: input.file.data,
  });
  return toFile(await storedFileRow(ctx.db.pool, ctx.space.spaceId, id));
}

/** API GET storage/download/{id}: the file's bytes with its name. */
export async function downloadFile(ctx: SpaceContext, fileId: string): Promise<FileResult> {
  const row = await storedFileRow(ctx.db.pool, ctx.space.spaceId, fileId);
  if (row.expiresAt && row.expiresAt.getTime() < Date.now()) throw new AppError('NotFound');
  const data = await ctx.files.get(row.key);
  if (!data) throw new AppError('NotFound');
  return { file: true, contentType: row.contentType, data, fileName: row.name };
}

/** API DELETE storage/{id}. */
export async function deleteFile(ctx: SpaceContext, fileId: string) {
  const row = await storedFileRow(ctx.db.pool, ctx.space.spaceId, fileId);
  await ctx.db.pool.query(`DELETE FROM stored_files WHERE id = $1`, [row.id]);
  await ctx.files.delete(row.key);
  return { success: true as const };
}

/**
 * The storage keys of the files of the schedules in an EPS node's subtree (read before the node is deleted:
 * their rows go with the schedules, their bytes are removed with `removeStoredBytes` after the commit).
 */
export async function storedFileKeysUnder(sql: Sql, spaceId: string, nodeId: string): Promise<string[]> {
  const { rows } = await sql.query<{ key: string }>(
    `WITH RECURSIVE sub AS (SELECT id FROM eps_nodes WHERE id = $1 AND "spaceId" = $2
       UNION SELECT n.id FROM eps_nodes n JOIN sub ON n."parentId" = sub.id)
     SELECT f.key FROM stored_files f JOIN sub ON f."scheduleId" = sub.id`,
    [nodeId, spaceId],
  );
  return rows.map((r) => r.key);
}

/** Removes stored bytes whose rows are gone; a file that is already missing is no failure. */
export async function removeStoredBytes(ctx: Pick<Context, 'files'>, keys: readonly string[]) {
  for (const key of keys) await ctx.files.delete(key);
}

/** Removes an uploaded file at once (its import failed or was stopped); a missing one is no failure. */
export async function discardUpload(ctx: Pick<Context, 'db' | 'files'>, spaceId: string, fileId: string) {
  const { rows } = await ctx.db.pool.query<{ key: string }>(
    `DELETE FROM stored_files WHERE id = $1 AND "spaceId" = $2 RETURNING key`,
    [fileId, spaceId],
  );
  for (const row of rows) await ctx.files.delete(row.key);
}

/** API GET storage/max-size. */
export function storageMaxSize() {
  return {
    maxSize: INTERCHANGE_LIMITS.uploadMaxBytes,
    synchronousMaxSize: INTERCHANGE_LIMITS.synchronousMaxBytes,
  };
}
