import { randomUUID } from 'node:crypto';
import { INTERCHANGE_LIMITS } from '@takt/contracts';
import { kyselyOf, type Tables } from '@takt/db';
import { type Selectable, sql } from 'kysely';
import type { Context, SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { AppError, notFound } from '../../errors';
import type { FileResult } from '../../files/result';

/**
 * entities storage kinds: documents (uploaded schedule files), temp (exports kept for download), backup, gallery
 * (photos and documents of an EPS node; `scheduleId` then names the node, of any kind), passport (a node's one
 * data sheet, likewise).
 */
export type StoredFileKind = 'documents' | 'temp' | 'backup' | 'gallery' | 'passport';

/** Where a stored picture's thumbnail is kept: beside the file, gone with it. */
export const thumbnailKeyOf = (key: string) => `${key}.thumbnail`;

/** The columns of a stored file the domain reads; the size (int8) as text, which `pg` gives it as. */
const FILE_COLUMNS = [
  'id',
  'scheduleId',
  'kind',
  'name',
  'contentType',
  'size',
  'key',
  'createdById',
  'createdAt',
  'expiresAt',
] as const;

type StoredFileDb = Pick<Selectable<Tables.StoredFile>, (typeof FILE_COLUMNS)[number]>;

function toFile(row: StoredFileDb) {
  return {
    id: row.id,
    scheduleId: row.scheduleId,
    kind: row.kind as StoredFileKind,
    name: row.name,
    contentType: row.contentType,
    size: Number(row.size),
    createdById: row.createdById,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export function scheduleOf(on: Sql, spaceId: string, scheduleId: string) {
  return kyselyOf(on)
    .selectFrom('eps_nodes')
    .select(['id', 'name'])
    .where('id', '=', scheduleId)
    .where('spaceId', '=', spaceId)
    .where('kind', '=', 'schedule')
    .executeTakeFirstOrThrow(notFound);
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
    const keepHours = file.keepHours ?? (file.kind === 'temp' ? INTERCHANGE_LIMITS.exportKeepHours : null);
    await kyselyOf(ctx.db.pool)
      .insertInto('stored_files')
      .values({
        id,
        spaceId: file.spaceId,
        scheduleId: file.scheduleId,
        kind: file.kind,
        name: file.name.slice(0, 255),
        contentType: file.contentType.slice(0, 128),
        size: String(size),
        key,
        createdById: file.userId,
        // expires on the database clock, as the file cleanup compares it
        expiresAt: keepHours === null ? null : sql`now() + make_interval(hours => ${keepHours}::int)`,
      })
      .execute();
  } catch (error) {
    await ctx.files.delete(key);
    throw error;
  }
  return { id, size };
}

export function storedFileRow(on: Sql, spaceId: string, fileId: string): Promise<StoredFileDb> {
  return kyselyOf(on)
    .selectFrom('stored_files')
    .select(FILE_COLUMNS)
    .where('id', '=', fileId)
    .where('spaceId', '=', spaceId)
    .executeTakeFirstOrThrow(notFound);
}

/**
 * API GET storage/schedule/{id}: the schedule's uploaded files, newest first. An upload whose import has
 * not completed (it expires) is not yet a file of the schedule.
 */
export async function listScheduleFiles(ctx: SpaceContext, scheduleId: string) {
  await scheduleOf(ctx.db.pool, ctx.space.spaceId, scheduleId);
  const rows = await kyselyOf(ctx.db.pool)
    .selectFrom('stored_files')
    .select(FILE_COLUMNS)
    .where('spaceId', '=', ctx.space.spaceId)
    .where('scheduleId', '=', scheduleId)
    .where('kind', '=', 'documents')
    .where('expiresAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .execute();
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
  await kyselyOf(ctx.db.pool).deleteFrom('stored_files').where('id', '=', row.id).execute();
  await removeStoredBytes(ctx, [row.key]);
  return { success: true as const };
}

/**
 * The storage keys of the files of the schedules in an EPS node's subtree (read before the node is deleted:
 * their rows go with the schedules, their bytes are removed with `removeStoredBytes` after the commit).
 */
export async function storedFileKeysUnder(on: Sql, spaceId: string, nodeId: string): Promise<string[]> {
  const rows = await kyselyOf(on)
    .withRecursive('sub(id)', (qb) =>
      qb
        .selectFrom('eps_nodes')
        .select('id')
        .where('id', '=', nodeId)
        .where('spaceId', '=', spaceId)
        .union(qb.selectFrom('eps_nodes as n').innerJoin('sub', 'n.parentId', 'sub.id').select('n.id')),
    )
    .selectFrom('stored_files as f')
    .innerJoin('sub', 'f.scheduleId', 'sub.id')
    .select('f.key')
    .execute();
  return rows.map((r) => r.key);
}

/** Removes stored bytes whose rows are gone, with their thumbnails; a file that is already missing is no failure. */
export async function removeStoredBytes(ctx: Pick<Context, 'files'>, keys: readonly string[]) {
  for (const key of keys) {
    await ctx.files.delete(key);
    await ctx.files.delete(thumbnailKeyOf(key));
  }
}

/** Removes an uploaded file at once (its import failed or was stopped); a missing one is no failure. */
export async function discardUpload(ctx: Pick<Context, 'db' | 'files'>, spaceId: string, fileId: string) {
  const rows = await kyselyOf(ctx.db.pool)
    .deleteFrom('stored_files')
    .where('id', '=', fileId)
    .where('spaceId', '=', spaceId)
    .returning('key')
    .execute();
  await removeStoredBytes(
    ctx,
    rows.map((row) => row.key),
  );
}

/** API GET storage/max-size. */
export function storageMaxSize() {
  return {
    maxSize: INTERCHANGE_LIMITS.uploadMaxBytes,
    synchronousMaxSize: INTERCHANGE_LIMITS.synchronousMaxBytes,
  };
}
