import {
  type Calendar,
  type CalendarInput,
  calendarCompile,
  type EngineProject,
  type Minutes,
  type RelationInput,
  Scheduler,
  type WorkInput,
  type WorkPatch,
  type WorkType,
} from '@takt/engine';
import type { GanttSnapshot } from '@takt/gantt';
import { type ScheduleModel, textOf } from '../../../lib/columnar';
import { hasDate, isoToMinutes, NO_DATE } from '../../../lib/schedule-time';
import type { PlanDetails } from '../plan-details';

/** A calendar as calendars.list returns it. */
export interface CalendarRecord {
  id: string;
  name: string;
  isDefault: boolean;
  allDay: boolean;
  hoursPerDay: number | null;
  week: { start: string; finish: string }[][];
  exceptions: { date: string; until: string | null; intervals: { start: string; finish: string }[] }[];
}

export interface VersionDates {
  calendarId: string | null;
  projectStart: string | null;
  dataDate: string | null;
}

export const STANDARD_CALENDAR_ID = 'standard';

export function calendarInput(c: CalendarRecord): CalendarInput {
  return {
    id: c.id,
    name: c.name,
    allDay: c.allDay,
    week: c.week,
    hoursPerDay: c.hoursPerDay ?? undefined,
    exceptions: c.exceptions.map((e) => ({
      date: e.date,
      until: e.until ?? undefined,
      intervals: e.intervals,
    })),
  };
}

/** The version's default calendar id as the server's calculation picks it. */
export function defaultCalendarId(calendars: readonly CalendarRecord[], version: VersionDates): string {
  return (
    version.calendarId ?? calendars.find((c) => c.isDefault)?.id ?? calendars[0]?.id ?? STANDARD_CALENDAR_ID
  );
}

/** The version's default calendar compiled for the engine (the standard one when it is not listed). */
export function defaultCalendarCompiled(
  calendars: readonly CalendarRecord[],
  version: VersionDates,
): Calendar {
  const id = defaultCalendarId(calendars, version);
  const record = calendars.find((c) => c.id === id);
  return calendarCompile(record ? calendarInput(record) : { id });
}

const RELATION_ID = (k: number) => `r${k}`;

let sceneVersion = 0;
/** A new scene version for every snapshot drawn (the renderer redraws when it changes). */
export function nextSceneVersion(): number {
  sceneVersion += 1;
  return sceneVersion;
}

/**
 * The engine's input for a decoded version, the way the server's calculation reads it from the database:
 * the works in model row order (engine index = model row), durations, calendars, constraints (from the
 * plan details), actual dates and remaining work, and the links between works of this version. A link
 * from another schedule is not in the payload's rows; when it drives its successor, that end of the
 * successor is held no earlier than where the server's calculation put it.
 */
export function engineProjectFromModel(
  model: ScheduleModel,
  details: ReadonlyMap<string, PlanDetails>,
  calendars: readonly CalendarRecord[],
  version: VersionDates,
  today: string,
): EngineProject {
  const inputs = calendars.map(calendarInput);
  const defaultId = defaultCalendarId(calendars, version);
  if (defaultId === STANDARD_CALENDAR_ID) inputs.push({ id: STANDARD_CALENDAR_ID });
  const known = new Set(inputs.map((c) => c.id));
  const types = model.enums.type as readonly string[];
  const linkTypes = model.enums.linkType as readonly RelationInput['type'][];
  const n = model.count;

  const pins = new Map<number, { start?: number; finish?: number }>();
  const r = model.relations;
  for (let k = 0; k < r.count; k++) {
    if (r.predecessor[k]! >= 0 || r.driving[k] !== 1) continue;
    const s = r.successor[k]!;
    const type = linkTypes[r.type[k]!] ?? 'fs';
    const pin = pins.get(s) ?? {};
    if (type === 'fs' || type === 'ss') pin.start = Math.max(pin.start ?? NO_DATE, model.earlyStart[s]!);
    else pin.finish = Math.max(pin.finish ?? NO_DATE, model.earlyFinish[s]!);
    pins.set(s, pin);
  }

  const works: WorkInput[] = new Array(n);
  let firstPlan = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const type = (types[model.type[i]!] ?? 'task') as WorkType;
    const milestone = type === 'milestone_start' || type === 'milestone_finish';
    const p = model.parent[i]!;
    const calendarId = textOf(model, model.calendar[i]!);
    const factStart = model.factStart[i]!;
    const factFinish = model.factFinish[i]!;
    const progress = model.progress[i]!;
    const work: WorkInput = {
      id: model.ids[i]!,
      parentId: p >= 0 ? model.ids[p]! : null,
      type,
      durationMinutes: milestone ? 0 : model.durationMinutes[i]!,
      calendarId: calendarId && known.has(calendarId) ? calendarId : null,
      actualStart: hasDate(factStart) ? (factStart as Minutes) : null,
      actualFinish: hasDate(factStart) && hasDate(factFinish) ? (factFinish as Minutes) : null,
      remainingMinutes:
        hasDate(factStart) && !hasDate(factFinish) && progress > 0
          ? Math.round(model.durationMinutes[i]! * (1 - Math.min(progress, 100) / 100))
          : null,
    };
    const d = details.get(model.ids[i]!);
    const limit = (l: PlanDetails['startLimit'] | undefined) =>
      l?.date ? { type: l.type, date: isoToMinutes(l.date) as Minutes } : undefined;
    let start = limit(d?.startLimit);
    let finish = limit(d?.finishLimit);
    const pin = pins.get(i);
    if (hasDate(pin?.start) && !start) start = { type: 'not_earlier', date: pin.start as Minutes };
    if (hasDate(pin?.finish) && !finish) finish = { type: 'not_earlier', date: pin.finish as Minutes };
    if (start || finish) work.constraint = { start, finish };
    works[i] = work;
    if (hasDate(model.planStart[i]) && model.planStart[i]! < firstPlan) firstPlan = model.planStart[i]!;
  }

  const relations: RelationInput[] = [];
  for (let k = 0; k < r.count; k++) {
    const from = r.predecessor[k]!;
    if (from < 0) continue;
    relations.push({
      id: RELATION_ID(k),
      predecessorId: model.ids[from]!,
      successorId: model.ids[r.successor[k]!]!,
      type: linkTypes[r.type[k]!] ?? 'fs',
      lagMinutes: r.lagMinutes[k]!,
    });
  }
  const projectStart =
    version.projectStart ?? (Number.isFinite(firstPlan) ? (firstPlan as Minutes) : today.slice(0, 10));
  return {
    calendars: inputs,
    defaultCalendarId: defaultId,
    works,
    relations,
    projectStart,
    dataDate: version.dataDate,
  };
}

/**
 * Dates of a what-if: the snapshot with the works the edit moves, and how many moved. The snapshot's
 * arrays are reused by the next preview of the same base (draw it before asking for the next one).
 */
export interface WhatIfPreview {
  readonly snapshot: GanttSnapshot;
  /** Works whose dates differ from the calculated schedule (the dragged one included). */
  readonly moved: number;
}

/**
 * Live recalculation while dragging (the browser recalculates with the same engine as the server): an
 * incremental Scheduler built once per loaded version. `preview` applies a tentative edit of one work
 * and returns the snapshot with the works whose engine dates changed — only those, so everything else
 * keeps the server's dates even where the browser's input is approximate; `reset` takes the edit back.
 */
export class WhatIf {
  private readonly scheduler: Scheduler;
  private readonly baseStart: Int32Array;
  private readonly baseFinish: Int32Array;
  private readonly baseCritical: Uint8Array;
  private readonly baseFloat: Int32Array;
  private readonly baseLateFinish: Int32Array;
  private readonly original = new Map<number, WorkPatch>();
  private readonly calendarsById = new Map<string, Calendar>();
  private buffers: {
    base: GanttSnapshot;
    planStart: Int32Array;
    planFinish: Int32Array;
    critical: Uint8Array;
    totalFloat: Int32Array;
    lateFinish: Int32Array;
  } | null = null;

  constructor(
    private readonly model: ScheduleModel,
    private readonly project: EngineProject,
  ) {
    this.scheduler = new Scheduler(project);
    const result = this.scheduler.result();
    this.baseStart = result.earlyStart;
    this.baseFinish = result.earlyFinish;
    this.baseCritical = result.critical;
    this.baseFloat = result.totalFloat;
    this.baseLateFinish = result.lateFinish;
  }

  /** The compiled calendar a work is scheduled on (durations of a resize are counted on it). */
  calendarOf(row: number): Calendar {
    const id = this.project.works[row]?.calendarId ?? this.project.defaultCalendarId;
    let calendar = this.calendarsById.get(id);
    if (!calendar) {
      const input = this.project.calendars.find((c) => c.id === id) ?? { id };
      calendar = calendarCompile(input);
      this.calendarsById.set(id, calendar);
    }
    return calendar;
  }

  /** The engine input of a work as loaded (its constraint and duration before any tentative edit). */
  workInput(row: number): WorkInput | undefined {
    return this.project.works[row];
  }

  /** Applies a tentative edit of one work (replacing an earlier one of the same work) and recalculates. */
  preview(base: GanttSnapshot, row: number, patch: WorkPatch): WhatIfPreview {
    const work = this.project.works[row]!;
    if (!this.original.has(row))
      this.original.set(row, { constraint: work.constraint, durationMinutes: work.durationMinutes });
    this.scheduler.updateWork(work.id, patch);
    return this.snapshot(base);
  }

  /** Takes back every tentative edit. */
  reset(): void {
    for (const [row, patch] of this.original) this.scheduler.updateWork(this.model.ids[row]!, patch);
    this.original.clear();
  }

  /** Whether a new link would close a cycle (the engine refuses it); the link is not kept. */
  wouldCycle(predecessorRow: number, successorRow: number, type: RelationInput['type']): boolean {
    const id = 'gantt-link-check';
    try {
      this.scheduler.addRelation({
        id,
        predecessorId: this.model.ids[predecessorRow]!,
        successorId: this.model.ids[successorRow]!,
        type,
      });
    } catch (error) {
      return (error as { code?: string }).code === 'cycle';
    }
    this.scheduler.removeRelation(id);
    return false;
  }

  private snapshot(base: GanttSnapshot): WhatIfPreview {
    const result = this.scheduler.result();
    // One set of preview arrays, refilled at every step: a drag makes no garbage of 100k-work arrays.
    const n = base.workCount;
    if (this.buffers?.base !== base)
      this.buffers = {
        base,
        planStart: new Int32Array(n),
        planFinish: new Int32Array(n),
        critical: new Uint8Array(n),
        totalFloat: new Int32Array(n),
        lateFinish: new Int32Array(n),
      };
    const { planStart, planFinish, critical, totalFloat, lateFinish } = this.buffers;
    planStart.set(base.planStart);
    planFinish.set(base.planFinish);
    critical.set(base.critical);
    totalFloat.set(base.totalFloat);
    lateFinish.set(base.lateFinish);
    const es = result.earlyStart;
    const ef = result.earlyFinish;
    let moved = 0;
    for (let i = 0; i < this.model.count; i++) {
      const changed = es[i] !== this.baseStart[i] || ef[i] !== this.baseFinish[i];
      if (changed && hasDate(es[i])) {
        planStart[i] = es[i]!;
        planFinish[i] = ef[i]!;
        moved++;
      }
      if (
        result.critical[i] !== this.baseCritical[i] ||
        result.totalFloat[i] !== this.baseFloat[i] ||
        result.lateFinish[i] !== this.baseLateFinish[i]
      ) {
        critical[i] = result.critical[i]!;
        totalFloat[i] = result.totalFloat[i]!;
        lateFinish[i] = result.lateFinish[i]!;
      }
    }
    return {
      snapshot: {
        ...base,
        version: nextSceneVersion(),
        planStart,
        planFinish,
        critical,
        totalFloat,
        lateFinish,
      },
      moved,
    };
  }
}
