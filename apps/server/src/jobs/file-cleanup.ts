import type { Services } from '../context';
import { type StoredObject, UPLOAD_SPOOL_PREFIX } from '../files/storage';

export const FILE_CLEANUP_JOB = 'file-cleanup';
/** Every quarter of an hour, on one worker of all the processes (a pg-boss schedule). */
export const FILE_CLEANUP_CRON = '*/15 * * * *';
/**
 * Bytes younger than this are never orphans: a file is written before its row (an upload in progress, a
 * BIM model being converted), so a file without a row may simply not have its row yet.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;
const BATCH = 500;

export interface CleanupOutcome {
  /** rows past their time removed with their bytes (exports, uploads whose import never completed) */
  expired: number;
  /** files in storage that no row refers to, removed */
  orphaned: number;
  orphanedBytes: number;
}

/**
 * What owns a stored key, as the places that write files name them: `spaces/{space}/files/{id}` a row of
 * `stored_files`, `spaces/{space}/kanban/{id}` a card's attachment, `spaces/{space}/chat/{chat}/{id}` a
 * message's attachment (rows that go with their board, schedule or chat without a word to the storage),
 * `spaces/{space}/reports/{id}` a report form's template, `spaces/{space}/files/{id}.thumbnail` the thumbnail of a
 * stored picture (owned by the picture's row),
 * `spaces/{space}/bim/{model}/…` a BIM model, `avatars/{user}` the user's avatar; spooled uploads and
 * unfinished writes are nobody's. Anything else in storage was written by no one Takt knows and is left
 * alone.
 */
type Owner =
  | { kind: 'transient' }
  | { kind: 'row'; table: KeyedTable; key: string }
  | { kind: 'bim-model'; spaceId: string; modelId: string }
  | { kind: 'avatar'; userId: string; key: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The tables whose rows own a file by its key, with the keys they give their files. */
const KEYED_FILES = {
  stored_files: new RegExp(`^spaces/${UUID}/files/${UUID}$`),
  kanban_item_files: new RegExp(`^spaces/${UUID}/kanban/${UUID}$`),
  chat_attachments: new RegExp(`^spaces/${UUID}/chat/${UUID}/${UUID}$`),
  report_forms: new RegExp(`^spaces/${UUID}/reports/${UUID}$`),
} as const;
type KeyedTable = keyof typeof KEYED_FILES;
const KEYED_TABLES = Object.keys(KEYED_FILES) as KeyedTable[];
/** A picture's thumbnail (`interchange/gallery.ts`) is owned by the row of the picture beside it. */
const THUMBNAIL = new RegExp(`^(spaces/${UUID}/files/${UUID})\\.thumbnail$`);
const BIM_FILE = new RegExp(`^spaces/(${UUID})/bim/(${UUID})/`);
const AVATAR = new RegExp(`^avatars/(${UUID})$`);
/** A multipart upload spooled while it streams in (`rest/multipart.ts`), or a write cut short before its rename. */
const TRANSIENT = new RegExp(`^${UPLOAD_SPOOL_PREFIX}/${UUID}$|\\.\\d+\\.tmp$`);

function ownerOf(key: string): Owner | null {
  // nothing keeps these past the request that wrote them: one older than the grace period was left by a crash
  if (TRANSIENT.test(key)) return { kind: 'transient' };
  const thumbnail = THUMBNAIL.exec(key);
  if (thumbnail) return { kind: 'row', table: 'stored_files', key: thumbnail[1]! };
  const table = KEYED_TABLES.find((t) => KEYED_FILES[t].test(key));
  if (table) return { kind: 'row', table, key };
  const bim = BIM_FILE.exec(key);
  if (bim) return { kind: 'bim-model', spaceId: bim[1]!, modelId: bim[2]! };
  const avatar = AVATAR.exec(key);
  if (avatar) return { kind: 'avatar', userId: avatar[1]!, key };
  return null;
}

/**
 * Files past their time — exports kept for download, uploads whose import never completed — are removed
 * with their bytes; returns how many.
 */
export async function removeExpiredFiles(services: Pick<Services, 'db' | 'files'>): Promise<number> {
  const { rows } = await services.db.pool.query<{ key: string }>(
    `DELETE FROM stored_files WHERE "expiresAt" < now() RETURNING key`,
  );
  for (const row of rows) await services.files.delete(row.key);
  return rows.length;
}

/** The keys of a batch whose owner no longer exists. */
async function orphansOf(services: Pick<Services, 'db'>, batch: StoredObject[]): Promise<StoredObject[]> {
  const pool = services.db.pool;
  const owners = batch.map((object) => ({ object, owner: ownerOf(object.key) }));
  const keysOf = (table: KeyedTable) =>
    owners.flatMap(({ owner }) => (owner?.kind === 'row' && owner.table === table ? [owner.key] : []));
  const models = owners.flatMap(({ owner }) => (owner?.kind === 'bim-model' ? [owner.modelId] : []));
  const avatars = owners.flatMap(({ owner }) => (owner?.kind === 'avatar' ? [owner.key] : []));
  const [keyed, bim, users] = await Promise.all([
    Promise.all(
      KEYED_TABLES.map((table) =>
        pool.query<{ key: string }>(`SELECT key FROM ${table} WHERE key = ANY($1::text[])`, [keysOf(table)]),
      ),
    ),
    pool.query<{ id: string; spaceId: string }>(
      `SELECT id, "spaceId" FROM bim_models WHERE id = ANY($1::uuid[])`,
      [models],
    ),
    pool.query<{ avatarKey: string }>(`SELECT "avatarKey" FROM users WHERE "avatarKey" = ANY($1::text[])`, [
      avatars,
    ]),
  ]);
  const liveKeys = new Set([
    ...keyed.flatMap((result) => result.rows.map((r) => r.key)),
    ...users.rows.map((r) => r.avatarKey),
  ]);
  const liveModels = new Set(bim.rows.map((r) => `${r.spaceId}/${r.id}`));
  return owners.flatMap(({ object, owner }) => {
    if (!owner) return [];
    if (owner.kind === 'transient') return [object];
    if (owner.kind === 'bim-model')
      return liveModels.has(`${owner.spaceId}/${owner.modelId}`) ? [] : [object];
    return liveKeys.has(owner.key) ? [] : [object];
  });
}

/**
 * The periodic file cleanup: removes rows past their time with their bytes, then walks the storage and
 * removes files older than `ORPHAN_GRACE_MS` that no row refers to any more — left by a process that died
 * between writing a file and its row, or between deleting a row and its file.
 */
export async function cleanUpFiles(
  services: Pick<Services, 'db' | 'files' | 'log'>,
  now = Date.now(),
): Promise<CleanupOutcome> {
  const outcome: CleanupOutcome = {
    expired: await removeExpiredFiles(services),
    orphaned: 0,
    orphanedBytes: 0,
  };
  const settle = async (batch: StoredObject[]) => {
    for (const orphan of await orphansOf(services, batch)) {
      await services.files.delete(orphan.key);
      outcome.orphaned++;
      outcome.orphanedBytes += orphan.size;
    }
  };
  let batch: StoredObject[] = [];
  for await (const object of services.files.list('')) {
    if (now - object.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
    batch.push(object);
    if (batch.length >= BATCH) {
      await settle(batch);
      batch = [];
    }
  }
  if (batch.length) await settle(batch);
  if (outcome.expired || outcome.orphaned) services.log.info('files cleaned up', { ...outcome });
  return outcome;
}
