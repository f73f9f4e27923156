import { documentOfColumns, type ScheduleDocument } from '@takt/schedule';
import type { Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { FingerprintCache } from '../../files/fingerprint-cache';
import { versionFingerprints } from './fingerprint';
import { schedulingKeyOf, versionColumns, versionFields } from './payload';

/** What a kept document stands for besides its data fingerprint. */
export interface KeptDocument {
  document: ScheduleDocument;
  /** The stored id of each relation, by document relation. */
  relationIds: readonly string[];
  /** `schedulingKeyOf` the version row it was read or written with. */
  schedulingKey: string;
}

/** A version's document as a calculation or an edit starts from it. */
export interface VersionDocument extends KeptDocument {
  /** The data part of the version's fingerprint when it was read (`versionFingerprints`). */
  dataFingerprint: string;
  /** Whether it came from this process's memory rather than from the database. */
  kept: boolean;
}

/**
 * The documents of the versions this process calculated or edited last, by the data part of their
 * fingerprint (docs/architecture.md, "The calculation round trip"). Reading a 100k-work version costs
 * about 1.5 s; checking that a kept one still holds costs one fingerprint scan (~0.1 s). A kept document
 * is never changed: whoever edits or calculates it builds a new one (`planEdit` copies the columns it
 * changes, the calculation its result columns) and keeps that once its transaction has committed.
 */
const documents = new FingerprintCache<KeptDocument>(4);

const keyOf = (spaceId: string, versionId: string) => `${spaceId}/${versionId}`;

/**
 * The version's document: the one kept in memory while its data fingerprint and the version row's
 * scheduling fields are those it was kept with (the row's revision and status are taken as they are now),
 * else read (`versionColumns`) and kept. The fingerprint is read first, so a change committed during
 * the read leaves the document kept under an older fingerprint than its data, never the reverse. With a
 * transaction's connection it is the version as that transaction sees it.
 */
export async function versionDocument(
  sql: Sql,
  spaceId: string,
  versionId: string,
): Promise<VersionDocument> {
  const { data } = await versionFingerprints(sql, spaceId, versionId);
  const fields = await versionFields(sql, spaceId, versionId);
  if (!fields) throw new AppError('NotFound');
  const schedulingKey = schedulingKeyOf(fields);
  const hit = documents.peek(keyOf(spaceId, versionId), data);
  if (hit && hit.schedulingKey === schedulingKey) {
    const document = { ...hit.document, versionRevision: fields.revision, calcStatus: fields.calcStatus };
    return { document, relationIds: hit.relationIds, schedulingKey, dataFingerprint: data, kept: true };
  }
  const columns = await versionColumns(sql, spaceId, versionId);
  const document = documentOfColumns(columns);
  const read = { document, relationIds: columns.relationIds, schedulingKey };
  documents.put(keyOf(spaceId, versionId), data, read);
  return { ...read, dataFingerprint: data, kept: false };
}

/**
 * Keeps the document of a version as a committed transaction wrote it, under the data fingerprint that
 * transaction read after its writes.
 */
export function keepVersionDocument(
  spaceId: string,
  versionId: string,
  dataFingerprint: string,
  kept: KeptDocument,
) {
  if (dataFingerprint) documents.put(keyOf(spaceId, versionId), dataFingerprint, kept);
}
