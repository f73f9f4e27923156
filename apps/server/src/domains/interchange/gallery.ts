import { GALLERY_LIMITS } from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { AppError, notFound } from '../../errors';
import type { FileResult } from '../../files/result';
import { discardUpload, storedFileRow, storeFile, thumbnailKeyOf } from './files';

/**
 * The gallery of an EPS node (node info tab `gallery`): photos and documents kept with a facility, project or
 * schedule, as stored files of kind `gallery`. A photo is a file the server could read as a picture: it is kept
 * with its real type and a small WebP copy (its thumbnail) beside it; anything else is a document.
 */

/** Picture formats a thumbnail is made of; SVG (which may name outside resources) and PDF are documents. */
const PICTURE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif', 'heif']);

function nodeOf(on: Sql, spaceId: string, nodeId: string) {
  return kyselyOf(on)
    .selectFrom('eps_nodes')
    .select(['id', 'name', 'kind'])
    .where('id', '=', nodeId)
    .where('spaceId', '=', spaceId)
    .executeTakeFirstOrThrow(notFound);
}

/** A picture's format and its thumbnail, or null for a file that is not a picture the server reads. */
export async function makeThumbnail(data: Uint8Array): Promise<{ format: string; thumbnail: Buffer } | null> {
  try {
    const image = sharp(data, { limitInputPixels: GALLERY_LIMITS.pictureMaxPixels, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !PICTURE_FORMATS.has(meta.format)) return null;
    const size = GALLERY_LIMITS.thumbnailPx;
    const thumbnail = await image
      .rotate() // as the camera held it (EXIF orientation)
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { format: meta.format, thumbnail };
  } catch {
    return null;
  }
}

const isPhoto = (contentType: string) => contentType.startsWith('image/');

type GalleryRow = {
  id: string;
  name: string;
  contentType: string;
  size: string;
  createdAt: Date;
  createdById: string | null;
  author: string | null;
};

const toGalleryFile = (row: GalleryRow) => ({
  id: row.id,
  name: row.name,
  contentType: row.contentType,
  size: Number(row.size),
  kind: isPhoto(row.contentType) ? ('photo' as const) : ('document' as const),
  createdAt: row.createdAt.toISOString(),
  createdById: row.createdById,
  author: row.author,
});

/** API GET storage/eps/{id}/gallery: the node's photos and documents, newest first. */
export async function listNodeFiles(ctx: SpaceContext, nodeId: string) {
  const spaceId = ctx.space.spaceId;
  await nodeOf(ctx.db.pool, spaceId, nodeId);
  const rows = await kyselyOf(ctx.db.pool)
    .selectFrom('stored_files as f')
    .leftJoin('users as u', 'u.id', 'f.createdById')
    .select([
      'f.id',
      'f.name',
      'f.contentType',
      'f.size',
      'f.createdAt',
      'f.createdById',
      sql<string | null>`coalesce(nullif(concat_ws(' ', u."firstName", u."lastName"), ''), u.login)`.as(
        'author',
      ),
    ])
    .where('f.spaceId', '=', spaceId)
    .where('f.scheduleId', '=', nodeId)
    .where('f.kind', '=', 'gallery')
    .orderBy('f.createdAt', 'desc')
    .orderBy('f.id')
    .execute();
  return rows.map((row) => toGalleryFile(row as GalleryRow));
}

/**
 * API POST storage/eps/{id}/gallery: adds a file to the node's gallery. A picture is kept with the type the
 * server read (not the one the browser claimed) and its thumbnail; the row and both files go together.
 */
export async function uploadNodeFile(
  ctx: SpaceContext,
  input: { nodeId: string; file: { name: string; type: string; data: Uint8Array } },
) {
  const spaceId = ctx.space.spaceId;
  await nodeOf(ctx.db.pool, spaceId, input.nodeId);
  if (input.file.data.byteLength > GALLERY_LIMITS.fileMaxBytes) throw new AppError('FileTooLarge');
  const picture = await makeThumbnail(input.file.data);
  const claimed = input.file.type || 'application/octet-stream';
  // A file the server cannot read as a picture is a document, whatever type the browser gave it.
  const contentType = picture
    ? `image/${picture.format}`
    : isPhoto(claimed)
      ? 'application/octet-stream'
      : claimed;
  const { id } = await storeFile(ctx, {
    spaceId,
    scheduleId: input.nodeId,
    kind: 'gallery',
    name: input.file.name || 'file',
    contentType,
    userId: ctx.session.userId,
    data: input.file.data,
  });
  if (picture) {
    try {
      const row = await storedFileRow(ctx.db.pool, spaceId, id);
      await ctx.files.put(thumbnailKeyOf(row.key), picture.thumbnail);
    } catch (error) {
      await discardUpload(ctx, spaceId, id);
      throw error;
    }
  }
  const [file] = (await listNodeFiles(ctx, input.nodeId)).filter((f) => f.id === id);
  return file!;
}

/** API GET storage/thumbnail/{id}: the thumbnail of a photo (WebP); a document has none. */
export async function fileThumbnail(ctx: SpaceContext, fileId: string): Promise<FileResult> {
  const row = await storedFileRow(ctx.db.pool, ctx.space.spaceId, fileId);
  if (!isPhoto(row.contentType)) throw new AppError('NotFound');
  const data = await ctx.files.get(thumbnailKeyOf(row.key));
  if (!data) throw new AppError('NotFound');
  // A file's thumbnail never changes (a new picture is a new file): the browser may keep it.
  return { file: true, contentType: 'image/webp', data, cacheControl: 'private, max-age=86400, immutable' };
}
