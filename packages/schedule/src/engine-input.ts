import type {
  CalculateOptions,
  CalendarInput,
  ConstraintInput,
  EngineProject,
  Minutes,
  RelationInput,
  WorkInput,
  WorkType,
} from '@takt/engine';
import { calendarToEngine, STANDARD_CALENDAR_ID } from './calendars.js';
import { hasDate, limitOf, type ScheduleDocument, textOf } from './document.js';

/** A version's input to the engine, and how its indices map back to the document. */
export interface EngineInput {
  project: EngineProject;
  options: CalculateOptions;
  /** Engine works `[0, ownWorkCount)` are the document's rows in order; the rest are external predecessors. */
  ownWorkCount: number;
  /** The document's relation index of each engine relation (links from undated external works are left out). */
  relationRows: Int32Array;
}

/** The engine's id of a document relation (relations have no id in the payload; their index is enough). */
export const relationKey = (k: number) => `r${k}`;

/**
 * The engine input of a work row: its duration (none for milestones), calendar (when the version
 * knows it, else the default), constraints, actual dates and remaining work. A started work that has
 * not finished has the share of its duration not yet done left — all of it at 0 % — scheduled from the
 * data date, as P6 and MS Project do, not the time elapsed since the actual start.
 */
export function workInputOf(doc: ScheduleDocument, row: number, known: ReadonlySet<string>): WorkInput {
  const type = (doc.enums.type[doc.type[row]!] ?? 'task') as WorkType;
  const milestone = type === 'milestone_start' || type === 'milestone_finish';
  const p = doc.parent[row]!;
  const calendarId = textOf(doc, doc.calendar[row]!);
  const factStart = doc.factStart[row]!;
  const factFinish = doc.factFinish[row]!;
  const duration = doc.durationMinutes[row]!;
  const started = hasDate(factStart);
  const work: WorkInput = {
    id: doc.ids[row]!,
    parentId: p >= 0 ? doc.ids[p]! : null,
    type,
    durationMinutes: milestone ? 0 : duration,
    calendarId: calendarId && known.has(calendarId) ? calendarId : null,
    actualStart: started ? (factStart as Minutes) : null,
    actualFinish: started && hasDate(factFinish) ? (factFinish as Minutes) : null,
    remainingMinutes:
      started && !hasDate(factFinish)
        ? Math.round(duration * (1 - Math.min(doc.progress[row]!, 100) / 100))
        : null,
  };
  const constraint = constraintOf(doc, row);
  if (constraint) work.constraint = constraint;
  return work;
}

/** A work's start and finish limits as the engine's constraint; undefined without either. */
export function constraintOf(doc: ScheduleDocument, row: number): ConstraintInput | undefined {
  const start = limitOf(doc, row, 'start');
  const finish = limitOf(doc, row, 'finish');
  if (!start && !finish) return undefined;
  return {
    start: start ? { type: start.type, date: start.date as Minutes } : undefined,
    finish: finish ? { type: finish.type, date: finish.date as Minutes } : undefined,
  };
}

/** Ids of the calendars works of the document may be scheduled on. */
export function knownCalendars(doc: ScheduleDocument): Set<string> {
  const known = new Set(doc.calendars.map((c) => c.id));
  if (!known.has(doc.scheduling.defaultCalendarId)) known.add(STANDARD_CALENDAR_ID);
  return known;
}

/**
 * The per-work columns `engineInput` reads besides the row's id, type, parent and calendar (which, with the
 * relations, externals, calendars and scheduling, make the network): a work's own input.
 */
export const ENGINE_INPUT_WORK_COLUMNS = [
  'factStart',
  'factFinish',
  'durationMinutes',
  'progress',
  'startLimit',
  'startLimitDate',
  'finishLimit',
  'finishLimitDate',
] as const satisfies readonly (keyof ScheduleDocument)[];

/**
 * The fields of a document `engineInput` reads, but `planStart`, of which it reads only the earliest
 * (`firstPlannedStart`), and `relations`, of which it reads `ENGINE_INPUT_RELATION_FIELDS`: two documents
 * with the same values there (the same arrays, in documents no one changes) and the same earliest planned
 * start have the same input — and the same calculation, which a caller may then keep. Its test records
 * what `engineInput` reads, so the lists cannot fall behind.
 */
export const ENGINE_INPUT_FIELDS = [
  'count',
  'ids',
  'type',
  'parent',
  'calendar',
  ...ENGINE_INPUT_WORK_COLUMNS,
  'strings',
  'enums',
  'externals',
  'scheduling',
  'calendars',
] as const satisfies readonly (keyof ScheduleDocument)[];

/** The relation columns `engineInput` reads (all but the driving flags, which a calculation rewrites). */
export const ENGINE_INPUT_RELATION_FIELDS = [
  'count',
  'predecessor',
  'externalPredecessor',
  'successor',
  'type',
  'lagMinutes',
] as const satisfies readonly (keyof ScheduleDocument['relations'])[];

/** The earliest planned start of the document's works (the project start of a version without one); infinity when none has one. */
export function firstPlannedStart(doc: Pick<ScheduleDocument, 'count' | 'planStart'>): number {
  let first = Number.POSITIVE_INFINITY;
  for (let i = 0; i < doc.count; i++) {
    const plan = doc.planStart[i]!;
    if (hasDate(plan) && plan < first) first = plan;
  }
  return first;
}

/**
 * The engine's input for a version — the one mapping the server's calculation and the browser's
 * what-if both use, so that a preview shows what saving computes. Its calendars with the default one
 * (the engine's standard week when the version has no stored one), the works in row order (engine
 * index = row), then each dated predecessor in another schedule as a fixed work held at its own
 * calculated (else planned) start; the relations; the project start (the version's own, else the
 * earliest planned start of its works, else `today`, `YYYY-MM-DD`), data date and must-finish date;
 * and the version's scheduling options.
 */
export function engineInput(doc: ScheduleDocument, today: string): EngineInput {
  const s = doc.scheduling;
  const calendars: CalendarInput[] = doc.calendars.map(calendarToEngine);
  const known = knownCalendars(doc);
  if (!doc.calendars.some((c) => c.id === s.defaultCalendarId)) calendars.push({ id: STANDARD_CALENDAR_ID });
  const defaultCalendarId = known.has(s.defaultCalendarId) ? s.defaultCalendarId : STANDARD_CALENDAR_ID;

  const n = doc.count;
  const works: WorkInput[] = new Array(n);
  for (let i = 0; i < n; i++) works[i] = workInputOf(doc, i, known);
  const firstPlan = firstPlannedStart(doc);
  const x = doc.externals;
  const external = new Set<string>();
  for (let k = 0; k < x.count; k++) {
    const id = textOf(doc, x.id[k]!);
    const calendarId = textOf(doc, x.calendar[k]!);
    if (!id || !hasDate(x.anchor[k]) || external.has(id)) continue;
    external.add(id);
    works.push({
      id,
      parentId: null,
      type: 'task',
      durationMinutes: x.durationMinutes[k]!,
      calendarId: calendarId && known.has(calendarId) ? calendarId : null,
      actualStart: null,
      actualFinish: null,
      remainingMinutes: null,
      constraint: { start: { type: 'in_date', date: x.anchor[k]! as Minutes } },
    });
  }

  const r = doc.relations;
  const relations: RelationInput[] = [];
  const relationRows: number[] = [];
  for (let k = 0; k < r.count; k++) {
    const from = r.predecessor[k]!;
    const predecessorId = from >= 0 ? doc.ids[from]! : textOf(doc, r.externalPredecessor[k]!);
    if (from < 0 && !external.has(predecessorId)) continue;
    relations.push({
      id: relationKey(k),
      predecessorId,
      successorId: doc.ids[r.successor[k]!]!,
      type: doc.enums.linkType[r.type[k]!] ?? 'fs',
      lagMinutes: r.lagMinutes[k]!,
    });
    relationRows.push(k);
  }

  const project: EngineProject = {
    calendars,
    defaultCalendarId,
    works,
    relations,
    projectStart: hasDate(s.projectStart)
      ? (s.projectStart as Minutes)
      : Number.isFinite(firstPlan)
        ? (firstPlan as Minutes)
        : today,
    dataDate: hasDate(s.dataDate) ? (s.dataDate as Minutes) : null,
  };
  if (hasDate(s.projectFinish)) project.projectFinish = s.projectFinish as Minutes;
  return { project, options: s.options, ownWorkCount: n, relationRows: Int32Array.from(relationRows) };
}
