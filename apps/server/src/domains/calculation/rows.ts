import { CALC_STATUS } from '@takt/contracts';
import { NO_TIME, RESULT_WORK_ARRAYS, type ScheduleResult } from '@takt/engine';
import {
  type Calculated,
  calculateDocument,
  type DocumentParts,
  ROLLED_UP_COLUMNS,
  rolledUpAfter,
  rollUpChanged,
  type ScheduleDocument,
  type SummaryRollUps,
} from '@takt/schedule';

/** The summary's index in the type column (`PAYLOAD_ENUMS.type`). */
export const SUMMARY = 0;

/**
 * A calculation's results in the document's own order: work columns by WBS row, the driving flag by
 * document relation (0 for a link from an undated work of another schedule, which the engine does not
 * see). Plain typed arrays and ids, so they cross a worker thread by transfer.
 */
type WorkResultArrays = { [K in (typeof RESULT_WORK_ARRAYS)[number]]: ScheduleResult[K] };

export interface RowResults extends WorkResultArrays {
  /** By document relation; `relationCalculated[k]` says whether the engine scheduled relation k. */
  driving: Uint8Array;
  relationCalculated: Uint8Array;
  /** Rows whose stored results differ from these (only they are written back). */
  changedRows: Int32Array;
  /** Document relations whose stored driving flag differs. */
  changedRelations: Int32Array;
  conflicts: { workId: string; kind: string }[];
  /**
   * Every row's duration, progress, status, volumes and unit with the summaries rolled up from their
   * works (docs/product-rules.md, "Summary roll-ups"); the other rows' values are the document's.
   */
  rolled: SummaryRollUps;
}

/** What the engine refused (a cycle, a date out of range), with the works it names. */
export interface EngineFailure {
  name?: string;
  code?: string;
  message: string;
  workIds: readonly string[];
}

/** The engine's refusal of a project (`EngineError`), as plain data; anything else is rethrown. */
export function engineFailureOf(error: unknown): EngineFailure | null {
  const e = error as Error & { code?: string; workIds?: readonly string[] };
  if (e?.name !== 'EngineError') return null;
  return { name: e.name, code: e.code, message: e.message, workIds: e.workIds ?? [] };
}

/** The parts of a document a worker needs (its maps are rebuilt there rather than copied). */
export function documentParts(doc: ScheduleDocument): DocumentParts {
  const {
    rowOf: _rowOf,
    depth: _depth,
    childCount: _childCount,
    stringIndex: _index,
    enums: _enums,
    ...parts
  } = doc;
  return parts;
}

/**
 * Calculates a document with the one engine input server and browser share (`@takt/schedule`) and
 * compares the results with what the document holds — the stored results — so that a calculation
 * writes back only the rows it changed. What is stored for a row: its early and late dates and
 * floats (no floats without dates), the critical flag, a planned start and finish that follow the
 * early dates whenever there are some, and on a summary the roll-up of its works (duration on its
 * calendar between the rolled-up dates, % complete — weighted by `weights` where the version's
 * scenario gives them —, status, volumes and unit).
 */
export function calculateRows(
  doc: ScheduleDocument,
  today: string,
  weights: Float64Array | null = null,
  /** The engine's calculation of `doc` when the caller kept it (the calculation thread does). */
  calculated: Calculated = calculateDocument(doc, today),
): RowResults {
  const { input, result } = calculated;
  const n = doc.count;
  // The document's own works come first in the engine's order; external predecessors follow.
  const out = Object.fromEntries(
    RESULT_WORK_ARRAYS.map((name) => [name, result[name].slice(0, n)]),
  ) as WorkResultArrays;
  // Over the planned dates as they are stored after this calculation (the early ones where dated).
  const rolled = rolledUpAfter(doc, out, weights);
  const changed: number[] = [];
  for (let row = 0; row < n; row++) {
    const es = out.earlyStart[row]!;
    const dated = es !== NO_TIME;
    // Without dates the floats are stored as none, which the document reads as 0.
    const tf = dated ? out.totalFloat[row]! : 0;
    const ff = dated ? out.freeFloat[row]! : 0;
    if (
      es !== doc.earlyStart[row] ||
      out.earlyFinish[row] !== doc.earlyFinish[row] ||
      out.lateStart[row] !== doc.lateStart[row] ||
      out.lateFinish[row] !== doc.lateFinish[row] ||
      tf !== doc.totalFloat[row] ||
      ff !== doc.freeFloat[row] ||
      out.critical[row] !== doc.critical[row] ||
      (dated && (es !== doc.planStart[row] || out.earlyFinish[row] !== doc.planFinish[row])) ||
      (doc.type[row] === SUMMARY && rollUpChanged(doc, rolled, row))
    )
      changed.push(row);
  }

  const m = doc.relations.count;
  const driving = new Uint8Array(m);
  const relationCalculated = new Uint8Array(m);
  const changedRelations: number[] = [];
  input.relationRows.forEach((k, engineIndex) => {
    driving[k] = result.relationDriving[engineIndex]!;
    relationCalculated[k] = 1;
    if (driving[k] !== doc.relations.driving[k]) changedRelations.push(k);
  });
  return {
    ...out,
    driving,
    relationCalculated,
    changedRows: Int32Array.from(changed),
    changedRelations: Int32Array.from(changedRelations),
    conflicts: result.conflicts.map((c) => ({ workId: c.workId, kind: c.kind })),
    rolled,
  };
}

/** The buffers of results that can be moved to another thread instead of copied. */
export function transferables(r: RowResults): ArrayBuffer[] {
  const arrays = [
    ...RESULT_WORK_ARRAYS.map((name) => r[name]),
    r.driving,
    r.relationCalculated,
    r.changedRows,
    r.changedRelations,
    ...ROLLED_UP_COLUMNS.map((name) => r.rolled[name]),
  ];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

/**
 * The roll-ups, with the document's own column wherever the roll-up left every value as it was: a version
 * calculated again keeps the same arrays, so the calculation thread neither receives them again nor
 * calculates again what it calculated last (`calculationOf` in `worker-thread.ts`).
 */
function unchangedKept(doc: ScheduleDocument, rolled: SummaryRollUps): SummaryRollUps {
  const out = { ...rolled };
  for (const name of ROLLED_UP_COLUMNS) {
    const before = doc[name];
    const after = rolled[name];
    let same = before.length === after.length;
    for (let row = 0; same && row < after.length; row++) same = Object.is(before[row], after[row]);
    if (same) (out as Record<string, unknown>)[name] = before;
  }
  return out;
}

/**
 * The document with the results put into its columns as the write stores them: the version as it is
 * after the calculation, so its payload can be encoded and the document kept without reading it again.
 * The result columns are new arrays; the others are shared with `doc`, which stays as it was.
 */
export function documentWithResults(doc: ScheduleDocument, r: RowResults): ScheduleDocument {
  const n = doc.count;
  const totalFloat = new Int32Array(n);
  const freeFloat = new Int32Array(n);
  const planStart = doc.planStart.slice();
  const planFinish = doc.planFinish.slice();
  for (let row = 0; row < n; row++) {
    const es = r.earlyStart[row]!;
    if (es === NO_TIME) continue;
    totalFloat[row] = r.totalFloat[row]!;
    freeFloat[row] = r.freeFloat[row]!;
    planStart[row] = es;
    planFinish[row] = r.earlyFinish[row]!;
  }
  const driving = doc.relations.driving.slice();
  for (let k = 0; k < doc.relations.count; k++) if (r.relationCalculated[k]) driving[k] = r.driving[k]!;
  return {
    ...doc,
    calcStatus: CALC_STATUS.calculated,
    earlyStart: r.earlyStart.slice(0, n),
    earlyFinish: r.earlyFinish.slice(0, n),
    lateStart: r.lateStart.slice(0, n),
    lateFinish: r.lateFinish.slice(0, n),
    totalFloat,
    freeFloat,
    critical: r.critical.slice(0, n),
    planStart,
    planFinish,
    ...unchangedKept(doc, r.rolled),
    relations: { ...doc.relations, driving },
  };
}
