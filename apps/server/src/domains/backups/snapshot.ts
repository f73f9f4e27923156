/**
 * Taking a backup: every row and file of a space or a project, read in one repeatable-read, read-only
 * transaction (one snapshot of the database: what it holds is consistent as of one moment), streamed through
 * a server-side cursor into the gzip'd archive, so memory stays bounded whatever the size.
 */
import type { Services } from '../../context';
import { ARCHIVE_FORMAT, type ArchiveHeader, FILE_CHUNK_BYTES, writeArchive } from './archive';
import { type Catalog, quoteIdent as q, readCatalog, rowsQuery } from './catalog';

/** Rows fetched from the cursor at a time. */
const FETCH_ROWS = 2_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface SnapshotTarget {
  spaceId: string;
  scope: 'space' | 'project';
  projectId: string | null;
}

interface SnapshotResult {
  size: number;
  rows: number;
  files: number;
  takenAt: Date;
  schema: string;
  name: string;
}

/** The last migration applied: the schema version a backup records. */
export async function schemaVersion(on: Pick<Services['db']['pool'], 'query'>): Promise<string> {
  const { rows } = await on.query<{ name: string }>(
    `SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL
     ORDER BY migration_name DESC LIMIT 1`,
  );
  return rows[0]?.name ?? '';
}

/** Where a backup's archive is kept: the `backup` storage of its space. */
export const backupKey = (spaceId: string, backupId: string) =>
  `spaces/${spaceId}/backup/${backupId}.jsonl.gz`;
/** The prefix of a space's backups, which a space backup never copies. */
const backupPrefix = (spaceId: string) => `spaces/${spaceId}/backup/`;

/**
 * Writes the archive of `target` to `key`. `progress(done, total)` is called as rows are written; it may throw
 * (a stopped job), which abandons the archive. Throws NotFound-like `Error('gone')` when the project is gone.
 */
export async function takeSnapshot(
  services: Pick<Services, 'db' | 'files'>,
  target: SnapshotTarget,
  key: string,
  progress: (done: number, total: number) => Promise<void>,
): Promise<SnapshotResult> {
  const client = await services.db.pool.connect();
  let open = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    open = true;
    const params = [target.spaceId, target.projectId];
    const head = await client.query<{ takenAt: Date; name: string | null }>(
      target.scope === 'space'
        ? `SELECT now() AS "takenAt", (SELECT name FROM spaces WHERE id = $1) AS name`
        : `SELECT now() AS "takenAt",
                  (SELECT name FROM eps_nodes WHERE id = $2 AND "spaceId" = $1 AND kind = 'project') AS name`,
      target.scope === 'space' ? [target.spaceId] : params,
    );
    const { takenAt, name } = head.rows[0]!;
    if (name === null) throw new SnapshotGone();
    const catalog = await readCatalog(client);
    const schema = await schemaVersion(client);
    const query = (table: string, select: string) => rowsQuery(catalog, target.scope, table, select);
    // Counted in the same snapshot, so the total is exact.
    const counts = new Map<string, number>();
    let total = target.scope === 'space' ? 1 : 0;
    for (const table of catalog.order) {
      const { rows } = await client.query<{ n: string }>(query(table, 'count(*) AS n'), params);
      counts.set(table, Number(rows[0]!.n));
      total += Number(rows[0]!.n);
    }
    // The space's stored files (its backups aside); a project's are those named after one of its rows.
    const stored: { key: string; size: number }[] = [];
    for await (const object of services.files.list(`spaces/${target.spaceId}/`))
      if (!object.key.startsWith(backupPrefix(target.spaceId)) && !object.key.endsWith('.tmp'))
        stored.push({ key: object.key, size: object.size });
    const byId = new Map<string, string[]>();
    for (const file of stored)
      for (const part of file.key.split('/').slice(2))
        if (UUID.test(part)) byId.set(part, [...(byId.get(part) ?? []), file.key]);
    const wanted = new Set<string>(target.scope === 'space' ? stored.map((f) => f.key) : []);

    let done = 0;
    let fileCount = 0;
    const header: ArchiveHeader = {
      $backup: ARCHIVE_FORMAT,
      schema,
      scope: target.scope,
      spaceId: target.spaceId,
      projectId: target.projectId,
      name,
      takenAt: takenAt.toISOString(),
      rows: total,
    };
    async function* lines(): AsyncGenerator<string> {
      yield JSON.stringify(header);
      if (target.scope === 'space') {
        const { rows } = await client.query<{ j: string }>(
          'SELECT row_to_json(t)::text AS j FROM spaces t WHERE id = $1',
          [target.spaceId],
        );
        yield JSON.stringify({ $table: 'spaces', columns: columnsOf(catalog, 'spaces') });
        yield rows[0]!.j;
        done++;
      }
      for (const table of catalog.order) {
        if (!counts.get(table)) continue;
        yield JSON.stringify({ $table: table, columns: columnsOf(catalog, table) });
        const key = catalog.tables.get(table)!.key;
        // A project's files are found by the ids of its rows.
        const keyed = target.scope === 'project' && key?.type === 'uuid';
        const select = keyed
          ? `t.${q(key.name)}::text AS i, row_to_json(t)::text AS j`
          : 'row_to_json(t)::text AS j';
        await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR ${query(table, select)}`, params);
        for (;;) {
          const { rows } = await client.query<{ i?: string; j: string }>(
            `FETCH ${FETCH_ROWS} FROM backup_rows`,
          );
          for (const row of rows) {
            if (row.i) for (const fileKey of byId.get(row.i) ?? []) wanted.add(fileKey);
            yield row.j;
          }
          done += rows.length;
          await progress(done, total);
          if (rows.length < FETCH_ROWS) break;
        }
        await client.query('CLOSE backup_rows');
      }
      for (const file of stored) {
        if (!wanted.has(file.key)) continue;
        const opened = await services.files.open(file.key);
        if (!opened) continue; // removed since it was listed: its row was deleted after the snapshot
        yield JSON.stringify({ $file: file.key, size: opened.size });
        let pending = Buffer.alloc(0);
        for await (const chunk of opened.chunks) {
          pending = Buffer.concat([pending, chunk]);
          while (pending.length >= FILE_CHUNK_BYTES) {
            yield JSON.stringify({ $chunk: pending.subarray(0, FILE_CHUNK_BYTES).toString('base64') });
            pending = pending.subarray(FILE_CHUNK_BYTES);
          }
        }
        if (pending.length) yield JSON.stringify({ $chunk: pending.toString('base64') });
        yield JSON.stringify({ $fileEnd: true });
        fileCount++;
      }
      yield JSON.stringify({ $end: true, rows: done, files: fileCount });
    }
    const size = await writeArchive(services.files, key, lines());
    await client.query('COMMIT');
    open = false;
    return { size, rows: done, files: fileCount, takenAt, schema, name };
  } finally {
    if (open) await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}

/** The project of a project backup no longer exists. */
export class SnapshotGone extends Error {
  constructor() {
    super('the project to back up no longer exists');
  }
}

function columnsOf(catalog: Catalog, table: string): string[] {
  return catalog.tables
    .get(table)!
    .columns.filter((c) => !c.generated)
    .map((c) => c.name);
}
