import { type ScheduleResult, Scheduler } from '@takt/engine';
import {
  type Calculated,
  ENGINE_INPUT_RELATION_FIELDS,
  ENGINE_INPUT_WORK_COLUMNS,
  type EngineInput,
  engineInput,
  firstPlannedStart,
  hasDate,
  knownCalendars,
  type ScheduleDocument,
  textOf,
  workInputOf,
} from '@takt/schedule';

/**
 * The relation columns `engineInput` reads, compared array by array (their count apart): the same arrays,
 * the same relations. A work that differs in one of `ENGINE_INPUT_WORK_COLUMNS` or its calendar is handed
 * to the engine's `Scheduler` as an edit of that work.
 */
const RELATION_COLUMNS = ENGINE_INPUT_RELATION_FIELDS.filter((name) => name !== 'count');

/**
 * Beyond this many changed works that are not summaries, a calculation starts from scratch: each edit
 * propagates through its successors and predecessors on its own, which for many scattered edits costs
 * more than one full pass. Summaries cost nothing to edit (the engine rolls them up from their works).
 */
const MAX_EDITED_WORKS = 500;
const MAX_EDITED_ROWS = 20_000;

/** The summary's index in the type column (`PAYLOAD_ENUMS.type`). */
const SUMMARY = 0;

function sameArray(a: ArrayLike<unknown>, b: ArrayLike<unknown>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The calendar id of a row as the engine input names it (null: the version's default). */
const calendarOf = (doc: ScheduleDocument, row: number) => textOf(doc, doc.calendar[row]!);

/**
 * The rows of `next` whose engine input differs from `held`'s, when both map to the same network: the
 * same works in the same order with the same types and parents, the same relations, external
 * predecessors, calendars, scheduling and day, and the same earliest planned start where that starts
 * the version. Null when the network differs (the caller calculates from scratch).
 */
function editedRows(held: ScheduleDocument, next: ScheduleDocument): number[] | null {
  if (held.count !== next.count) return null;
  if (
    held.externals !== next.externals ||
    held.scheduling !== next.scheduling ||
    held.calendars !== next.calendars
  )
    return null;
  if (held.relations.count !== next.relations.count) return null;
  for (const name of RELATION_COLUMNS)
    if (!sameArray(held.relations[name], next.relations[name])) return null;
  if (
    !sameArray(held.ids, next.ids) ||
    !sameArray(held.parent, next.parent) ||
    !sameArray(held.type, next.type)
  )
    return null;
  // External predecessors are named through the string table: the same table, or the same texts.
  if (held.strings !== next.strings) {
    const x = next.externals;
    for (let k = 0; k < x.count; k++) {
      if (textOf(held, x.id[k]!) !== textOf(next, x.id[k]!)) return null;
      if (textOf(held, x.calendar[k]!) !== textOf(next, x.calendar[k]!)) return null;
    }
    for (let k = 0; k < next.relations.count; k++) {
      const e = next.relations.externalPredecessor[k]!;
      if (e >= 0 && textOf(held, e) !== textOf(next, e)) return null;
    }
  }
  const rows: number[] = [];
  const differs = new Uint8Array(next.count);
  for (const name of ENGINE_INPUT_WORK_COLUMNS) {
    const a = held[name];
    const b = next[name];
    if (a === b) continue;
    for (let row = 0; row < next.count; row++) if (!Object.is(a[row], b[row])) differs[row] = 1;
  }
  if (held.calendar !== next.calendar || held.strings !== next.strings)
    for (let row = 0; row < next.count; row++)
      if (calendarOf(held, row) !== calendarOf(next, row)) differs[row] = 1;
  for (let row = 0; row < next.count; row++) if (differs[row]) rows.push(row);
  return rows;
}

/** Whether a document's project start comes from the earliest planned start of its works. */
const startsAtFirstPlan = (doc: ScheduleDocument) => !hasDate(doc.scheduling.projectStart);

/**
 * The engine's calculation of the documents a calculation thread is sent one after another, kept between
 * them: the engine's `Scheduler` of the document calculated last, and its results. The next document,
 * when it maps to the same network (a version calculated again, after a drag, after a change of a few
 * works made elsewhere), is handed to it as edits of the works whose input changed — the engine
 * recalculates only what they move, in milliseconds, instead of building the input of 100,000 works,
 * compiling it and scheduling it again (~0.5 s). Anything else is calculated from scratch. The
 * `Scheduler`'s results equal a calculation from scratch of the edited input (the engine's tests hold it
 * to that), so which way was taken never shows in the results.
 */
export class IncrementalCalculation {
  private held: {
    doc: ScheduleDocument;
    today: string;
    firstPlan: number | null;
    input: EngineInput;
    scheduler: Scheduler;
    result: ScheduleResult;
  } | null = null;

  /** How the last document was calculated (for tests and traces). */
  lastWay: 'kept' | 'edited' | 'full' = 'full';

  calculate(doc: ScheduleDocument, today: string): Calculated {
    const firstPlan = startsAtFirstPlan(doc) ? firstPlannedStart(doc) : null;
    const held = this.held;
    if (held && held.today === today && held.firstPlan === firstPlan) {
      const rows = editedRows(held.doc, doc);
      if (rows && this.editable(doc, rows)) {
        try {
          return this.edited(doc, rows);
        } catch {
          // What the engine refuses is answered as a calculation from scratch answers it (below).
        }
      }
    }
    this.held = null;
    const input = engineInput(doc, today);
    const scheduler = new Scheduler(input.project, input.options);
    const result = scheduler.result();
    this.held = { doc, today, firstPlan, input, scheduler, result };
    this.lastWay = 'full';
    return { input, result };
  }

  private editable(doc: ScheduleDocument, rows: readonly number[]): boolean {
    if (rows.length > MAX_EDITED_ROWS) return false;
    let works = 0;
    for (const row of rows) if (doc.type[row] !== SUMMARY && ++works > MAX_EDITED_WORKS) return false;
    return true;
  }

  private edited(doc: ScheduleDocument, rows: readonly number[]): Calculated {
    const held = this.held!;
    if (rows.length === 0) {
      held.doc = doc;
      this.lastWay = 'kept';
      return { input: held.input, result: held.result };
    }
    // A failed edit leaves the scheduler part-way: it is dropped before, kept again only when all went in.
    this.held = null;
    const known = knownCalendars(doc);
    for (const row of rows) {
      const { id, ...work } = workInputOf(doc, row, known);
      // A limit removed is a field absent from the input: the edit names it (null) so that it goes.
      held.scheduler.updateWork(id, { ...work, constraint: work.constraint ?? null });
    }
    const result = held.scheduler.result();
    this.held = { ...held, doc, result };
    this.lastWay = 'edited';
    return { input: held.input, result };
  }
}
