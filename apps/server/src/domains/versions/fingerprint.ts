import { kyselyOf } from '@takt/db';
import { sql } from 'kysely';
import type { Sql } from '../../db/sql';

/**
 * What a version's document looks like right now, in one cheap scan: the row count and the sum of the
 * creating transaction ids (`xmin`) of its works and relations, of the space's calendars and their
 * exceptions, and of the predecessors of other schedules its works follow (their dates hold their
 * successors here), and the `xmin` of the version row. Every insert, update or delete gives the rows it
 * touches the id of a transaction newer than every id already there, so between two readings with equal
 * counts the sum can only grow: any change changes the fingerprint, with no trigger and no bookkeeping in
 * the write paths. (A 32-bit transaction id wraparound between two readings could in theory repeat a sum;
 * PostgreSQL forces a wraparound only after ~2 billion transactions, by which time the entry is long
 * evicted.)
 */
export async function versionFingerprint(on: Sql, spaceId: string, versionId: string): Promise<string> {
  return (await versionFingerprints(on, spaceId, versionId)).full;
}

/**
 * The fingerprint in its two parts: `data`, everything the version's document is read from except the
 * version row itself (its works and relations, the calendars, the predecessors in other schedules), and
 * `full`, the version row's `xmin` before it. A document kept for `data` still holds when only the version
 * row changed (its status or revision), once the row's scheduling fields are compared (`versionDocument`).
 */
export async function versionFingerprints(
  on: Sql,
  spaceId: string,
  versionId: string,
): Promise<{ full: string; data: string }> {
  // One statement of sub-selects over system columns (`xmin`), which no query builder types: raw SQL.
  const sum = sql.raw(`count(*) || ':' || coalesce(sum(xmin::text::bigint), 0)`);
  const { rows } = await sql<{ version: string | null; data: string | null }>`
    SELECT (SELECT xmin::text FROM versions WHERE id = ${versionId} AND "spaceId" = ${spaceId}) AS version,
       (SELECT ${sum} FROM works WHERE "versionId" = ${versionId} AND "spaceId" = ${spaceId}) || '/' ||
       (SELECT ${sum} FROM relations WHERE "versionId" = ${versionId} AND "spaceId" = ${spaceId}) || '/' ||
       (SELECT ${sum} FROM calendars WHERE "spaceId" = ${spaceId}) || '/' ||
       (SELECT ${sum} FROM calendar_exceptions WHERE "spaceId" = ${spaceId}) || '/' ||
       (SELECT count(*) || ':' || coalesce(sum(p.xmin::text::bigint), 0)
          FROM relations r JOIN works p ON p.id = r."predecessorId"
          WHERE r."versionId" = ${versionId} AND r."spaceId" = ${spaceId} AND p."versionId" <> ${versionId}) AS data`.execute(
    kyselyOf(on),
  );
  const version = rows[0]?.version;
  // A version that does not exist has no fingerprint (''), so nothing is ever kept for it.
  if (!version) return { full: '', data: '' };
  const data = rows[0]?.data ?? '';
  return { full: `${version}/${data}`, data };
}

/**
 * The fingerprints when only the version row may have changed since `data` was read (a calculation that
 * moved nothing writes only its status): the row's `xmin` read by id, instead of scanning the works again.
 */
export async function fingerprintsWithData(
  on: Sql,
  spaceId: string,
  versionId: string,
  data: string,
): Promise<{ full: string; data: string }> {
  const { rows } = await on.query<{ xmin: string }>(
    `SELECT xmin::text FROM versions WHERE id = $1 AND "spaceId" = $2`,
    [versionId, spaceId],
  );
  if (!rows[0] || !data) return { full: '', data: '' };
  return { full: `${rows[0].xmin}/${data}`, data };
}

/** The two parts of a full fingerprint: the `xmin` of the version row (read in a transaction that updated it, that transaction's id) and the data part. */
export function fingerprintParts(full: string): { versionXmin: number; data: string } {
  const at = full.indexOf('/');
  return { versionXmin: Number(full.slice(0, at)), data: full.slice(at + 1) };
}

/**
 * Whether between two data fingerprints only works were updated: the same count of works, and the same
 * relations, calendars and predecessors in other schedules.
 */
export function onlyWorksUpdated(before: string, now: string): boolean {
  const [beforeWorks, ...beforeRest] = before.split('/');
  const [nowWorks, ...nowRest] = now.split('/');
  return beforeRest.join('/') === nowRest.join('/') && beforeWorks?.split(':')[0] === nowWorks?.split(':')[0];
}
