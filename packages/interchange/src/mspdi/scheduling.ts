/**
 * How MS Project schedules a task's time, as engine input: the calendar a task runs on and the length of
 * its span.
 * - Elapsed durations (`ed`, `ew`, `emo`…) run on a 24-hour clock: the engine's `24h` calendar.
 * - A task with work resources runs on their calendar: MS Project schedules each assignment on its
 *   resource's calendar — unless the task is fixed-duration (Type 1), whose span is its duration on the
 *   task's own calendar (as MPXJ's MS Project scheduler, checked against files MS Project calculated). Without a task calendar that is the resource's calendar; with one (and
 *   "Scheduling ignores resource calendars" off) only the working time common to both. When the task's
 *   resources have different calendars, each assignment runs on its own and the task spans them all,
 *   which one engine calendar cannot express: the task then stays on its own (or the project's)
 *   calendar and a warning says so.
 * - A split task's span holds its work and the working time of its interruptions (the split keeps its
 *   length when the task moves).
 */
import {
  type Calendar,
  type CalendarInput,
  calendarCompile,
  calendarCreate24Hour,
  calendarWorkingMinutesBetween,
  type Minutes,
  timeFromIso,
} from '@takt/engine';
import type { IxActivity, IxCalendar, IxInterval, IxProject } from '../common/model.js';

export const ELAPSED_CALENDAR = '24h';

export interface MsProjectCalendars {
  /** The calendar id each activity is scheduled on, where it is not its own (by activity id). */
  calendarOf: Map<string, string>;
  /** Calendars made for that: the working time common to a task calendar and a resource calendar. */
  extra: IxCalendar[];
  warnings: string[];
}

const minutesOf = (hhmm: string, end: boolean): number => {
  const m = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return end && m === 0 ? 1440 : m;
};
const hhmm = (m: number): string =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The working time two lists of intervals of one day have in common. */
export function intersectIntervals(a: IxInterval[], b: IxInterval[]): IxInterval[] {
  const out: IxInterval[] = [];
  for (const x of a)
    for (const y of b) {
      const start = Math.max(minutesOf(x.start, false), minutesOf(y.start, false));
      const finish = Math.min(minutesOf(x.finish, true), minutesOf(y.finish, true));
      if (finish > start) out.push({ start: hhmm(start), finish: hhmm(finish) });
    }
  return out.sort((x, y) => minutesOf(x.start, false) - minutesOf(y.start, false));
}

function dayOf(c: IxCalendar, date: string, exceptions: Map<string, IxInterval[]>): IxInterval[] {
  const own = exceptions.get(date);
  if (own) return own;
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return c.allDay ? [{ start: '00:00', finish: '00:00' }] : (c.week[weekday] ?? []);
}

/** A calendar of the working time two calendars have in common (week and every exception date of either). */
export function intersectCalendars(id: string, a: IxCalendar, b: IxCalendar): IxCalendar {
  const exA = new Map(a.exceptions.map((e) => [e.date, e.intervals]));
  const exB = new Map(b.exceptions.map((e) => [e.date, e.intervals]));
  const dates = [...new Set([...exA.keys(), ...exB.keys()])].sort();
  const full = [{ start: '00:00', finish: '00:00' }];
  return {
    id,
    name: `${a.name} ∩ ${b.name}`,
    week: [0, 1, 2, 3, 4, 5, 6].map((d) =>
      intersectIntervals(a.allDay ? full : (a.week[d] ?? []), b.allDay ? full : (b.week[d] ?? [])),
    ),
    exceptions: dates.map((date) => ({
      date,
      intervals: intersectIntervals(dayOf(a, date, exA), dayOf(b, date, exB)),
    })),
    ...(a.hoursPerDay ? { hoursPerDay: a.hoursPerDay } : {}),
  };
}

/**
 * Each calendar id → the first calendar with the same working time. MS Project gives every resource a
 * calendar of its own, mostly the project's unchanged: those are one calendar here, so a task with
 * several such resources is not a task on different calendars.
 */
function sameWorkingTime(calendars: IxCalendar[]): Map<string, string> {
  const first = new Map<string, string>();
  const canonical = new Map<string, string>();
  for (const c of calendars) {
    const key = JSON.stringify([c.allDay ?? false, c.week, c.exceptions]);
    const id = first.get(key) ?? c.id;
    first.set(key, id);
    canonical.set(c.id, id);
  }
  return canonical;
}

/** The calendar MS Project schedules each task on, where that is not the task's own calendar. */
export function msProjectCalendars(p: IxProject): MsProjectCalendars {
  const result: MsProjectCalendars = { calendarOf: new Map(), extra: [], warnings: [] };
  const calendars = new Map(p.calendars.map((c) => [c.id, c]));
  const canonical = sameWorkingTime(p.calendars);
  const canon = (id: string) => canonical.get(id) ?? id;
  const resourceCalendar = new Map(
    p.resources.filter((r) => r.type === 'labor' && r.calendarId).map((r) => [r.id, canon(r.calendarId!)]),
  );
  const byTask = new Map<string, Set<string>>();
  for (const x of p.assignments) {
    const c = resourceCalendar.get(x.resourceId);
    if (!c) continue;
    const set = byTask.get(x.activityId);
    if (set) set.add(c);
    else byTask.set(x.activityId, new Set([c]));
  }
  const made = new Map<string, IxCalendar>();
  for (const a of p.activities) {
    if (a.type === 'summary') continue;
    if (a.elapsed) {
      result.calendarOf.set(a.id, ELAPSED_CALENDAR);
      continue;
    }
    const own = a.calendarId;
    if ((own && a.ignoreResourceCalendar) || a.fixedDuration) continue;
    const resources = byTask.get(a.id);
    if (!resources) continue;
    if (resources.size > 1) {
      result.warnings.push(
        `${a.code}: resources on different calendars (${[...resources].join(', ')}): scheduled on ${own ? 'its task' : 'the project'} calendar`,
      );
      continue;
    }
    const resource = [...resources][0]!;
    if (resource === canon(own ?? p.defaultCalendarId)) continue;
    if (!own) {
      result.calendarOf.set(a.id, resource);
      continue;
    }
    const id = `${own}&${resource}`;
    if (!made.has(id)) {
      const x = calendars.get(own);
      const y = calendars.get(resource);
      if (!x || !y) continue;
      made.set(id, intersectCalendars(id, x, y));
    }
    result.calendarOf.set(a.id, id);
  }
  result.extra.push(...made.values());
  return result;
}

/** Working minutes of a split task's interruptions on the calendar it runs on (those after `from`). */
export function splitMinutes(a: IxActivity, calendar: Calendar, from?: string): number {
  let total = 0;
  for (const gap of a.splits ?? []) {
    const start = from && from > gap.start ? from : gap.start;
    if (start >= gap.finish) continue;
    total += calendarWorkingMinutesBetween(
      calendar,
      timeFromIso(start) as Minutes,
      timeFromIso(gap.finish) as Minutes,
    );
  }
  return total;
}

/** Compiles engine calendar inputs on demand (the 24-hour one included). */
export function calendarCache(inputs: CalendarInput[]): (id: string) => Calendar {
  const compiled = new Map<string, Calendar>();
  return (id) => {
    let c = compiled.get(id);
    if (!c) {
      const input = inputs.find((x) => x.id === id);
      c = input ? calendarCompile(input) : calendarCreate24Hour();
      compiled.set(id, c);
    }
    return c;
  };
}
