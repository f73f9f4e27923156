import { DOCUMENT_WORK_COLUMNS, documentOfColumns, namesOf, type ScheduleDocument } from '@takt/schedule';
import type { Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { FingerprintCache } from '../../files/fingerprint-cache';
import { fingerprintParts, onlyWorksUpdated, versionFingerprints } from './fingerprint';
import { schedulingKeyOf, stringInterner, versionColumns, versionFields, worksWrittenSince } from './payload';

/** What a kept document stands for besides its data fingerprint. */
export interface KeptDocument {
  document: ScheduleDocument;
  /** The stored id of each relation, by document relation. */
  relationIds: readonly string[];
  /** `schedulingKeyOf` the version row it was read or written with. */
  schedulingKey: string;
  /** By row: the `xmin` of the work's row as this document holds it, and its ordering key. */
  xmins: Float64Array;
  sortKeys: Int32Array;
}

/** A version's document as a calculation or an edit starts from it. */
export interface VersionDocument extends KeptDocument {
  /** The data part of the version's fingerprint when it was read (`versionFingerprints`). */
  dataFingerprint: string;
  /**
   * Where it came from: kept in this process's memory as it is, kept and brought up to date with the
   * works changed since (`patched`), or read from the database.
   */
  source: 'kept' | 'patched' | 'read';
}

/**
 * The documents of the versions this process read, calculated or edited last, by the data part of their
 * fingerprint (docs/architecture.md, "The calculation round trip"). Reading a 100k-work version costs
 * about 1.5 s; checking that a kept one still holds costs one fingerprint scan (~0.1 s). A kept document
 * is never changed: whoever edits or calculates it builds a new one (`planEdit` copies the columns it
 * changes, the calculation its result columns) and keeps that once its transaction has committed.
 */
const documents = new FingerprintCache<KeptDocument>(4);

const keyOf = (spaceId: string, versionId: string) => `${spaceId}/${versionId}`;

/** Beyond this many changed works a version is read again rather than patched. */
const MAX_PATCHED_ROWS = 5_000;

/**
 * The version's document: the one kept in memory while its data fingerprint and the version row's
 * scheduling fields are those it was kept with (the row's revision and status are taken as they are
 * now); the kept one patched with the rows of the works changed since, when only works changed and none
 * came or went; else read (`versionColumns`). What is answered is kept. The fingerprint is read first,
 * so a change committed during the read leaves the document kept under an older fingerprint than its
 * data, never the reverse. With a transaction's connection it is the version as that transaction sees it.
 */
export async function versionDocument(
  sql: Sql,
  spaceId: string,
  versionId: string,
  /** The version's full fingerprint when the caller has just read it (it is not read again). */
  fingerprint?: string,
): Promise<VersionDocument> {
  const { data } = fingerprint
    ? fingerprintParts(fingerprint)
    : await versionFingerprints(sql, spaceId, versionId);
  const fields = await versionFields(sql, spaceId, versionId);
  if (!fields) throw new AppError('NotFound');
  const schedulingKey = schedulingKeyOf(fields);
  const key = keyOf(spaceId, versionId);
  const now = { versionRevision: fields.revision, calcStatus: fields.calcStatus };
  const hit = documents.peek(key, data);
  if (hit && hit.schedulingKey === schedulingKey)
    return { ...hit, document: { ...hit.document, ...now }, dataFingerprint: data, source: 'kept' };
  const last = documents.latest(key);
  if (last && last.value.schedulingKey === schedulingKey) {
    const patched = await patchedDocument(sql, spaceId, versionId, last, data);
    if (patched) {
      documents.put(key, data, patched);
      return {
        ...patched,
        document: { ...patched.document, ...now },
        dataFingerprint: data,
        source: 'patched',
      };
    }
  }
  const columns = await versionColumns(sql, spaceId, versionId);
  const read = {
    document: documentOfColumns(columns),
    relationIds: columns.relationIds,
    schedulingKey,
    xmins: columns.xmins,
    sortKeys: columns.sortKeys,
  };
  documents.put(key, data, read);
  return { ...read, dataFingerprint: data, source: 'read' };
}

/** The work columns a patch copies and sets (the parent stays: a work that moved is read again). */
const PATCHED_COLUMNS = namesOf(DOCUMENT_WORK_COLUMNS).filter((name) => name !== 'parent');

/**
 * The kept document brought up to `data`: possible when only the works part of the fingerprint moved
 * and their count stayed, and the works whose `xmin` changed keep their parent, ordering key and a
 * calendar the document carries. Null otherwise (the version is read again).
 */
async function patchedDocument(
  sql: Sql,
  spaceId: string,
  versionId: string,
  last: { fingerprint: string; value: KeptDocument },
  data: string,
): Promise<KeptDocument | null> {
  if (!onlyWorksUpdated(last.fingerprint, data)) return null;
  const kept = last.value;
  const doc = kept.document;
  const strings = doc.strings.slice();
  const fresh = await worksWrittenSince(
    sql,
    spaceId,
    versionId,
    [...new Set(kept.xmins)],
    MAX_PATCHED_ROWS,
    stringInterner(strings),
  );
  if (!fresh) return null;
  // Only the columns a changed work differs in are copied, and the string table only when it grew: the
  // calculation thread is sent the arrays that are new, and compares only those with what it holds.
  const next: ScheduleDocument = { ...doc };
  const copied = new Set<string>();
  const xmins = kept.xmins.slice();
  const calendars = new Set(doc.calendars.map((c) => c.id));
  for (let j = 0; j < fresh.ids.length; j++) {
    const row = doc.rowOf.get(fresh.ids[j]!);
    // A work added (as many removed: the count is the same) is read with the version.
    if (row === undefined) return null;
    const parent = doc.parent[row]!;
    if (fresh.parentIds[j] !== (parent < 0 ? null : doc.ids[parent])) return null;
    if (fresh.sortKeys[j] !== kept.sortKeys[row]) return null;
    const calendar = fresh.columns.calendar[j]!;
    if (calendar >= 0 && !calendars.has(strings[calendar]!)) return null;
    for (const name of PATCHED_COLUMNS) {
      const value = fresh.columns[name][j]!;
      if (Object.is(next[name][row], value)) continue;
      if (!copied.has(name)) {
        copied.add(name);
        (next as unknown as Record<string, unknown>)[name] = doc[name].slice();
      }
      next[name][row] = value;
    }
    xmins[row] = fresh.xmins[j]!;
  }
  if (strings.length !== doc.strings.length) Object.assign(next, { strings, stringIndex: null });
  return { ...kept, document: next, xmins };
}

/**
 * Keeps the document a committed transaction wrote — `before` (the version as it read it) become
 * `document` — under the fingerprints it read after its writes. The rows it wrote (`writtenRows`) carry
 * its transaction id, which is the `xmin` of the version row it also updated.
 */
export function keepWrittenDocument(
  spaceId: string,
  after: { full: string; data: string },
  before: KeptDocument,
  document: ScheduleDocument,
  writtenRows: Iterable<number>,
  relationIds: readonly string[] = before.relationIds,
) {
  if (!after.data) return;
  const xid = fingerprintParts(after.full).versionXmin;
  const xmins = before.xmins.slice();
  for (const row of writtenRows) xmins[row] = xid;
  documents.put(keyOf(spaceId, document.versionId), after.data, { ...before, document, relationIds, xmins });
}
