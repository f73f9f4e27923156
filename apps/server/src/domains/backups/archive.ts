/**
 * The backup archive: one gzip stream of JSON lines (docs/architecture.md, "Backups").
 *
 *   {"$backup": 1, "schema": "<last migration>", "scope": …, "rows": n, …}   the header, first
 *   {"$table": "works", "columns": ["id", …]}                               a table's section
 *   {…}                                                                      its rows, PostgreSQL's row_to_json
 *   {"$file": "spaces/…/files/…", "size": n}                                 a stored file
 *   {"$chunk": "<base64>"}                                                   its bytes, up to 192 KB a line
 *   {"$end": true, "rows": n, "files": n}                                    the trailer: the archive is whole
 *
 * Rows are written and read as PostgreSQL's own JSON text (never parsed here), so numbers, timestamps and
 * binary values travel exactly.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { FileStorage } from '../../files/storage';

export const ARCHIVE_FORMAT = 1;
/** Bytes of a stored file per `$chunk` line. */
export const FILE_CHUNK_BYTES = 192 * 1024;

export interface ArchiveHeader {
  $backup: number;
  /** the last migration of the Takt that wrote it */
  schema: string;
  scope: 'space' | 'project';
  spaceId: string;
  projectId: string | null;
  /** the space's or the project's name then */
  name: string;
  /** the snapshot's moment, ISO */
  takenAt: string;
  /** rows in all, for the restore's progress */
  rows: number;
}

/** Writes the archive's lines, gzip'd, to `key`; returns the archive's size in bytes. */
export async function writeArchive(
  files: FileStorage,
  key: string,
  lines: AsyncIterable<string>,
): Promise<number> {
  const source = Readable.from(
    (async function* () {
      for await (const line of lines) yield `${line}\n`;
    })(),
  );
  const gzip = createGzip({ level: 6 });
  source.on('error', (error) => gzip.destroy(error));
  return files.putChunks(key, source.pipe(gzip));
}

/** The lines of an archive in storage, one by one (null when there is no such file). */
export async function readArchive(files: FileStorage, key: string): Promise<AsyncIterator<string> | null> {
  const opened = await files.open(key);
  if (!opened) return null;
  const gunzip = createGunzip();
  const source = Readable.from(opened.chunks);
  source.on('error', (error) => gunzip.destroy(error));
  const lines = createInterface({ input: source.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  return lines[Symbol.asyncIterator]();
}

/** Which kind of line this is: a marker (`$…`) or a row. */
export function markerOf(line: string): string | null {
  if (!line.startsWith('{"$')) return null;
  const end = line.indexOf('"', 3);
  return end > 3 ? line.slice(3, end) : null;
}
