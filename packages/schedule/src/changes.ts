import { RESULT_WORK_ARRAYS } from '@takt/engine';
import { namesOf, WORK_COLUMNS } from './columns.js';
import type { ScheduleDocument } from './document.js';
import { sameValue } from './rollups.js';

/**
 * The work columns an edit of the schedule and its calculation change: the edited fields (duration,
 * limits, the row's revision), the calculated ones and a summary's roll-up (its unit, a text column,
 * rarely changes with an edit: when it does, the client loads the version).
 */
export const CHANGED_WORK_COLUMNS = [
  'durationMinutes',
  'revision',
  'startLimit',
  'startLimitDate',
  'finishLimit',
  'finishLimitDate',
  'planStart',
  'planFinish',
  ...RESULT_WORK_ARRAYS,
  'progress',
  'status',
  'planVolume',
  'factVolume',
] as const;

type ChangedColumn = (typeof CHANGED_WORK_COLUMNS)[number];

/** Changed columns whose "none" is NaN, which JSON carries as null. */
const VOLUME_COLUMNS: ReadonlySet<ChangedColumn> = new Set(['planVolume', 'factVolume']);

/** Columns that hold an index into the document's own string table: compared by their text. */
const TEXT_COLUMNS = ['code', 'name', 'unit', 'executor', 'curator'] as const;
const TEXT = new Set<string>(TEXT_COLUMNS);
const CHANGED = new Set<string>(CHANGED_WORK_COLUMNS);
/** The other columns: a change in one of them cannot be sent as changes (the client loads the version). */
const OTHER_COLUMNS = namesOf(WORK_COLUMNS).filter((name) => !CHANGED.has(name) && !TEXT.has(name));

/** Whether a row's columns outside CHANGED_WORK_COLUMNS are the same in both documents. */
function sameOtherColumns(a: ScheduleDocument, b: ScheduleDocument, row: number): boolean {
  // Object.is: an empty volume or progress is NaN, which is not !== to itself.
  for (const name of OTHER_COLUMNS) if (!Object.is(a[name][row], b[name][row])) return false;
  for (const name of TEXT_COLUMNS) if (a.strings[a[name][row]!] !== b.strings[b[name][row]!]) return false;
  return true;
}

/**
 * What a saved edit changed in a version's document when its works and relations stay the same ones:
 * the changed rows' columns by work id, and the relations whose driving flag changed (by their index in
 * the document, the same in every copy of one revision). A client that holds the document at the
 * revision before applies them instead of loading the whole version again.
 */
export interface DocumentChanges {
  versionRevision: number;
  calcStatus: number;
  workIds: string[];
  /** By column, the changed works' values; null for a volume of none (NaN, which JSON cannot carry). */
  works: Record<ChangedColumn, (number | null)[]>;
  drivingRelations: number[];
  driving: number[];
}

/** Whether the two documents have the same relations (only their driving flags may differ). */
function sameRelations(a: ScheduleDocument, b: ScheduleDocument): boolean {
  const x = a.relations;
  const y = b.relations;
  if (x.count !== y.count) return false;
  for (let k = 0; k < x.count; k++)
    if (
      x.predecessor[k] !== y.predecessor[k] ||
      x.externalPredecessor[k] !== y.externalPredecessor[k] ||
      x.successor[k] !== y.successor[k] ||
      x.type[k] !== y.type[k] ||
      x.lagMinutes[k] !== y.lagMinutes[k]
    )
      return false;
  return true;
}

/**
 * The changes from `before` to `after`, two states of one version with the same works in the same
 * order; null when more than `maxRows` works changed, the relations themselves did, or a column outside
 * CHANGED_WORK_COLUMNS did (a name, a progress, an executor: another client's grid edit) — a client then
 * loads the version again, which is cheaper than a long list of changes.
 */
export function documentChanges(
  before: ScheduleDocument,
  after: ScheduleDocument,
  maxRows: number,
): DocumentChanges | null {
  if (before.count !== after.count || !sameRelations(before, after)) return null;
  const rows: number[] = [];
  for (let row = 0; row < after.count; row++) {
    if (before.ids[row] !== after.ids[row] || !sameOtherColumns(before, after, row)) return null;
    if (CHANGED_WORK_COLUMNS.some((name) => !sameValue(before[name][row]!, after[name][row]!))) {
      if (rows.length === maxRows) return null;
      rows.push(row);
    }
  }
  const drivingRelations: number[] = [];
  for (let k = 0; k < after.relations.count; k++)
    if (before.relations.driving[k] !== after.relations.driving[k]) drivingRelations.push(k);
  return {
    versionRevision: after.versionRevision,
    calcStatus: after.calcStatus,
    workIds: rows.map((row) => after.ids[row]!),
    works: Object.fromEntries(
      CHANGED_WORK_COLUMNS.map((name) => [
        name,
        rows.map((row) => (Number.isNaN(after[name][row]!) ? null : after[name][row]!)),
      ]),
    ) as Record<ChangedColumn, (number | null)[]>,
    drivingRelations,
    driving: drivingRelations.map((k) => after.relations.driving[k]!),
  };
}

/**
 * Applies changes to a document in place. False, with nothing changed, when the document is not the one
 * they were made from: another revision, an unknown work or relation (the caller loads the version).
 */
export function applyDocumentChanges(doc: ScheduleDocument, changes: DocumentChanges, baseRevision: number) {
  if (doc.versionRevision !== baseRevision) return false;
  const rows = changes.workIds.map((id) => doc.rowOf.get(id));
  if (rows.some((row) => row === undefined)) return false;
  if (changes.drivingRelations.some((k) => k < 0 || k >= doc.relations.count)) return false;
  for (const name of CHANGED_WORK_COLUMNS) {
    const column = doc[name];
    const values = changes.works[name];
    const none = VOLUME_COLUMNS.has(name) ? Number.NaN : 0;
    rows.forEach((row, i) => {
      column[row!] = values[i] ?? none;
    });
  }
  changes.drivingRelations.forEach((k, i) => {
    doc.relations.driving[k] = changes.driving[i]!;
  });
  doc.versionRevision = changes.versionRevision;
  doc.calcStatus = changes.calcStatus;
  return true;
}
