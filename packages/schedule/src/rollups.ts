import { SUMMARY_ROLLED_UP_FIELDS } from '@takt/contracts';
import { calendarWorkingMinutesBetween, type Minutes, NO_TIME } from '@takt/engine';
import { CompiledCalendars } from './calendars.js';
import { hasDate, type ProgressWeighting, type ScheduleDocument, textOf } from './document.js';

/** Row values of the enums the roll-up reads (indices into `PAYLOAD_ENUMS`). */
const SUM = 0;
const DRAFT = 5;
const NOT_STARTED = 0;
const IN_PROGRESS = 1;
const COMPLETED = 2;
/** Unit accumulators: -1 nothing known yet, else a string ref, or one of these. */
const MIXED_UNITS = -2;
/** Volumes without a unit. */
const NO_UNIT = -3;

/**
 * What a summary shows of the works under it (docs/product-rules.md, "Summary roll-ups"). Every column is
 * the document's length; rows that are no summary (and summaries with nothing under them) keep the
 * document's values, so a caller can compare the columns with what it stores row by row.
 */
export interface SummaryRollUps {
  durationMinutes: Int32Array;
  progress: Float64Array;
  status: Uint8Array;
  planVolume: Float64Array;
  factVolume: Float64Array;
  unit: Int32Array;
}

/**
 * The approved plan (baseline) of every row, which the payload does not carry: the server passes it
 * from the stored rows. Dates in engine minutes (`NO_TIME` none), the volume NaN for none.
 */
export interface ApprovedColumns {
  approvedStart: Int32Array;
  approvedFinish: Int32Array;
  approvedVolume: Float64Array;
}

/**
 * What a roll-up reads of a document: the work columns it sums, the tree, the string table (units,
 * calendar ids) and the calendars. A whole `ScheduleDocument` is one; the server also builds one of a
 * few subtrees read from the database.
 */
export type RollUpSource = Pick<
  ScheduleDocument,
  | 'count'
  | 'parent'
  | 'type'
  | 'progress'
  | 'status'
  | 'factStart'
  | 'durationMinutes'
  | 'planStart'
  | 'planFinish'
  | 'planVolume'
  | 'factVolume'
  | 'unit'
  | 'calendar'
  | 'strings'
  | 'calendars'
> & { scheduling: Pick<ScheduleDocument['scheduling'], 'defaultCalendarId'> };

/** The work columns a roll-up writes onto summary rows: those no one may set on a summary itself. */
export const ROLLED_UP_COLUMNS = SUMMARY_ROLLED_UP_FIELDS satisfies readonly (keyof SummaryRollUps)[];

export interface RollUpOptions {
  /**
   * The start and finish of every row (a summary's are the engine's roll-up of its works); the
   * document's planned dates when absent.
   */
  start?: Int32Array;
  finish?: Int32Array;
  /**
   * The weight of each work's progress when the version's calculation scenario measures progress by
   * something else than duration (plan volume, labour, cost); NaN or 0 for a work without. A summary
   * none of whose works has a weight is weighted by duration.
   */
  weights?: Float64Array | null;
  /** The approved plan of every row, rolled up too when given (`SummaryRollUps.approved`). */
  approved?: ApprovedColumns;
}

/** Whether two numbers of a column are the same value (NaN, "none" in volume columns, equals itself). */
export const sameValue = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

const compiledByCalendars = new WeakMap<object, CompiledCalendars>();

/** The document's calendars, compiled once for every copy of it (copies share the calendar list). */
function calendarsOf(doc: RollUpSource): CompiledCalendars {
  let compiled = compiledByCalendars.get(doc.calendars);
  if (!compiled || compiled.defaultId !== doc.scheduling.defaultCalendarId) {
    compiled = new CompiledCalendars(doc.calendars, doc.scheduling.defaultCalendarId);
    compiledByCalendars.set(doc.calendars, compiled);
  }
  return compiled;
}

/**
 * Rolls every summary up from the works under it, in one pass from the last row to the first (a WBS
 * row's children come after it, so each summary is complete when the pass reaches it):
 *
 * - duration: the working minutes between its start and finish on its own calendar (P6, MS Project);
 * - % complete: Σ weight × progress / Σ weight over its works — the weight is the work's duration (MS
 *   Project: actual duration over duration) unless `weights` gives another measure; works without any
 *   duration or weight count alike;
 * - status: completed when every work is, in progress when any has started, else not started;
 * - planned and actual volume: the sums, when every work with a volume or a unit has the same unit;
 *   none (NaN, no unit) when the units differ.
 *
 * "Works" are the rows that are neither summaries nor drafts; a summary with none under it keeps its
 * own values. O(rows), with a handful of scratch arrays.
 */
export function rollUpSummaries(
  doc: RollUpSource,
  options: RollUpOptions = {},
): SummaryRollUps & { approved?: ApprovedColumns } {
  const n = doc.count;
  const start = options.start ?? doc.planStart;
  const finish = options.finish ?? doc.planFinish;
  const weights = options.weights ?? null;
  const out: SummaryRollUps = {
    durationMinutes: doc.durationMinutes.slice(),
    progress: doc.progress.slice(),
    status: doc.status.slice(),
    planVolume: doc.planVolume.slice(),
    factVolume: doc.factVolume.slice(),
    unit: doc.unit.slice(),
  };
  const approvedIn = options.approved;
  const approved = approvedIn && {
    approvedStart: approvedIn.approvedStart.slice(),
    approvedFinish: approvedIn.approvedFinish.slice(),
    approvedVolume: approvedIn.approvedVolume.slice(),
  };
  // Per row, what its subtree holds so far: works, completed ones, started ones; Σ duration and
  // Σ duration × progress; Σ weight and Σ weight × progress; Σ progress (for works without either).
  const works = new Int32Array(n);
  const completed = new Int32Array(n);
  const started = new Int32Array(n);
  const duration = new Float64Array(n);
  const durationDone = new Float64Array(n);
  const weight = new Float64Array(n);
  const weightDone = new Float64Array(n);
  const progressSum = new Float64Array(n);
  // The unit of the subtree's volumes (-1: none yet, MIXED_UNITS), and its volume sums (NaN: none).
  const unit = new Int32Array(n).fill(-1);
  const planVolume = new Float64Array(n).fill(Number.NaN);
  const factVolume = new Float64Array(n).fill(Number.NaN);
  // The approved plan of the subtree: earliest start, latest finish (NO_TIME: none), volume (NaN: none).
  const approvedStart = approved ? new Int32Array(n).fill(NO_TIME) : null;
  const approvedFinish = approved ? new Int32Array(n).fill(NO_TIME) : null;
  const approvedVolume = approved ? new Float64Array(n).fill(Number.NaN) : null;
  let calendars: CompiledCalendars | null = null;

  for (let row = n - 1; row >= 0; row--) {
    const type = doc.type[row]!;
    if (type === SUM) {
      if (works[row]! > 0) {
        calendars ??= calendarsOf(doc);
        writeSummary(row);
      }
    } else if (type !== DRAFT) {
      const progress = doc.progress[row]!;
      const status = doc.status[row]!;
      works[row] = 1;
      if (status === COMPLETED) completed[row] = 1;
      if (status !== NOT_STARTED || progress > 0 || hasDate(doc.factStart[row])) started[row] = 1;
      const d = Math.max(0, doc.durationMinutes[row]!);
      duration[row] = d;
      durationDone[row] = d * progress;
      const w = weights ? weights[row]! : 0;
      if (w > 0) {
        weight[row] = w;
        weightDone[row] = w * progress;
      }
      progressSum[row] = progress;
      const plan = doc.planVolume[row]!;
      const fact = doc.factVolume[row]!;
      const u = doc.unit[row]!;
      unit[row] = u >= 0 ? u : Number.isNaN(plan) && Number.isNaN(fact) ? -1 : NO_UNIT;
      planVolume[row] = plan;
      factVolume[row] = fact;
      if (approvedIn) {
        approvedStart![row] = approvedIn.approvedStart[row]!;
        approvedFinish![row] = approvedIn.approvedFinish[row]!;
        approvedVolume![row] = approvedIn.approvedVolume[row]!;
      }
    }
    const p = doc.parent[row]!;
    if (p >= 0 && works[row]! > 0) mergeInto(p, row);
  }
  return approved ? { ...out, approved } : out;

  function mergeInto(p: number, row: number) {
    works[p]! += works[row]!;
    completed[p]! += completed[row]!;
    started[p]! += started[row]!;
    duration[p]! += duration[row]!;
    durationDone[p]! += durationDone[row]!;
    weight[p]! += weight[row]!;
    weightDone[p]! += weightDone[row]!;
    progressSum[p]! += progressSum[row]!;
    unit[p] = mergedUnit(unit[p]!, unit[row]!);
    planVolume[p] = addVolume(planVolume[p]!, planVolume[row]!);
    factVolume[p] = addVolume(factVolume[p]!, factVolume[row]!);
    if (approvedStart) {
      approvedStart[p] = earlier(approvedStart[p]!, approvedStart[row]!);
      approvedFinish![p] = later(approvedFinish![p]!, approvedFinish![row]!);
      approvedVolume![p] = addVolume(approvedVolume![p]!, approvedVolume![row]!);
    }
  }

  /**
   * The unit of two subtrees' volumes. A work with neither unit nor volume says nothing about it (-1);
   * one with a volume but no unit differs from one with a unit.
   */
  function mergedUnit(a: number, b: number): number {
    if (a === -1 || a === b) return b;
    if (b === -1) return a;
    if (a === MIXED_UNITS || b === MIXED_UNITS) return MIXED_UNITS;
    // The string table may hold one text twice (an interned edit next to the payload's own).
    if (a >= 0 && b >= 0 && textOf(doc, a) === textOf(doc, b)) return a;
    return MIXED_UNITS;
  }

  function writeSummary(row: number) {
    const s = start[row]!;
    const f = finish[row]!;
    out.durationMinutes[row] =
      hasDate(s) && hasDate(f) && f > s
        ? calendarWorkingMinutesBetween(
            calendars!.of(textOf(doc, doc.calendar[row]!) || null),
            s as Minutes,
            f as Minutes,
          )
        : 0;
    const progress =
      weight[row]! > 0
        ? weightDone[row]! / weight[row]!
        : duration[row]! > 0
          ? durationDone[row]! / duration[row]!
          : progressSum[row]! / works[row]!;
    out.progress[row] = Math.round(Math.min(100, Math.max(0, progress)) * 100) / 100;
    out.status[row] =
      completed[row] === works[row] ? COMPLETED : started[row]! > 0 ? IN_PROGRESS : NOT_STARTED;
    const u = unit[row]!;
    out.unit[row] = u >= 0 ? u : -1;
    out.planVolume[row] = u === MIXED_UNITS ? Number.NaN : planVolume[row]!;
    out.factVolume[row] = u === MIXED_UNITS ? Number.NaN : factVolume[row]!;
    if (approved) {
      approved.approvedStart[row] = approvedStart![row]!;
      approved.approvedFinish[row] = approvedFinish![row]!;
      // Approved volumes follow the planned ones' unit: none when the works' units differ.
      approved.approvedVolume[row] = u === MIXED_UNITS ? Number.NaN : approvedVolume![row]!;
    }
  }
}

/** The earlier of two dates where `NO_TIME` is "none" (only when both are). */
const earlier = (a: number, b: number) => (!hasDate(a) ? b : !hasDate(b) ? a : Math.min(a, b));
/** The later of two dates where `NO_TIME` is "none". */
const later = (a: number, b: number) => (!hasDate(a) ? b : !hasDate(b) ? a : Math.max(a, b));

/** A sum of volumes where NaN is "none": none only when both are. */
const addVolume = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : a + b);

/**
 * The status of every row with summaries judged by their works (the roll-up's rule), for filters that
 * must not trust a summary's stored status (a version not calculated since its works' progress changed).
 */
export function rolledUpStatus(doc: ScheduleDocument): Uint8Array {
  const n = doc.count;
  const status = doc.status.slice();
  const works = new Int32Array(n);
  const completed = new Int32Array(n);
  const started = new Int32Array(n);
  for (let row = n - 1; row >= 0; row--) {
    const type = doc.type[row]!;
    if (type === SUM) {
      if (works[row]! > 0)
        status[row] =
          completed[row] === works[row] ? COMPLETED : started[row]! > 0 ? IN_PROGRESS : NOT_STARTED;
    } else if (type !== DRAFT) {
      const s = doc.status[row]!;
      works[row] = 1;
      if (s === COMPLETED) completed[row] = 1;
      if (s !== NOT_STARTED || doc.progress[row]! > 0 || hasDate(doc.factStart[row])) started[row] = 1;
    }
    const p = doc.parent[row]!;
    if (p >= 0 && works[row]! > 0) {
      works[p]! += works[row]!;
      completed[p]! += completed[row]!;
      started[p]! += started[row]!;
    }
  }
  return status;
}

/**
 * The weight of each row's progress in its summaries' % complete under a version's weighting (the
 * server's `progressWeights` and the browser compute it here, so both roll up alike): null by duration,
 * the planned volume by volume, the planned labour or cost of the work's assignments (`byWork`) by
 * those; NaN for a row without the measure.
 */
export function progressWeightsOf(
  doc: Pick<ScheduleDocument, 'count' | 'ids' | 'planVolume'>,
  weighting: ProgressWeighting | null | undefined,
): Float64Array | null {
  if (!weighting || weighting.measure === 'duration') return null;
  if (weighting.measure === 'volume') return doc.planVolume.slice();
  const weights = new Float64Array(doc.count).fill(Number.NaN);
  const byWork = weighting.byWork;
  if (byWork && byWork.size > 0)
    for (let row = 0; row < doc.count; row++) {
      const w = byWork.get(doc.ids[row]!);
      if (w !== undefined) weights[row] = w;
    }
  return weights;
}

/**
 * Writes the roll-ups of the summaries above `row` into the document in place — what the browser does
 * after an edit of a work's progress, duration or volumes, so its summaries are right before the next
 * calculation. Only the ancestors change; % complete is weighted as the server weighs it when the
 * document carries the version's weighting (`progressWeighting`), else by duration. False when the
 * row has no summary above it.
 */
export function rollUpAncestors(doc: ScheduleDocument, row: number): boolean {
  let p = doc.parent[row] ?? -1;
  if (p < 0) return false;
  const r = rollUpSummaries(doc, { weights: progressWeightsOf(doc, doc.progressWeighting) });
  for (; p >= 0; p = doc.parent[p]!) for (const name of ROLLED_UP_COLUMNS) doc[name][p] = r[name][p]!;
  return true;
}

/** Whether a row's rolled-up values differ from the document's (the row is written back). */
export function rollUpChanged(doc: ScheduleDocument, r: SummaryRollUps, row: number): boolean {
  for (const name of ROLLED_UP_COLUMNS) if (!sameValue(doc[name][row]!, r[name][row]!)) return true;
  return false;
}
