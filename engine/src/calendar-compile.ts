import type { Calendar, CalendarSource } from './calendar.js';
import { CALENDAR_INITIAL_WINDOW, calendarCount, calendarMaterialize } from './calendar.js';
import { EngineError } from './engine-error.js';
import {
  MINUTES_PER_DAY,
  TIME_END_DAY,
  TIME_FIRST_DAY,
  TIME_MAX,
  TIME_MIN,
  timeFromIso,
  timeOfDayFromText,
} from './time.js';
import type { CalendarInput, WorkingIntervalInput } from './types.js';

/** Mon–Fri 08:00–12:00 and 13:00–17:00, used when a calendar gives no week. */
export const CALENDAR_STANDARD_WEEK: readonly WorkingIntervalInput[][] = [0, 1, 2, 3, 4, 5, 6].map((day) =>
  day < 5
    ? [
        { start: '08:00', finish: '12:00' },
        { start: '13:00', finish: '17:00' },
      ]
    : [],
);

/** Id of the built-in 24-hour calendar (used for '24h' lags; projects may also assign it to works). */
export const CALENDAR_24H_ID = '24h';

type DayIntervals = Array<[number, number]>;

function compileDayIntervals(intervals: readonly WorkingIntervalInput[], calendarId: string): DayIntervals {
  const result: DayIntervals = intervals.map((interval) => {
    const start = timeOfDayFromText(interval.start);
    let finish = timeOfDayFromText(interval.finish);
    if (start >= MINUTES_PER_DAY) {
      throw new EngineError('invalid_calendar', `calendar "${calendarId}": an interval starts at 24:00`, {
        calendarId,
      });
    }
    if (finish <= start) finish += MINUTES_PER_DAY;
    return [start, finish];
  });
  return result.sort((a, b) => a[0] - b[0]);
}

export interface CalendarCompileOptions {
  /** The days to lay the intervals out over first, [first, end) since 2000-01-01. */
  readonly window?: readonly [number, number];
}

/**
 * Compiles a calendar over 1900–2199 (materialised lazily: see `Calendar`), its intervals first laid
 * out over `options.window` (days since 2000-01-01, end excluded; 2000–2050 unless given): a caller that knows
 * the dates it will ask about (a chart of one project) passes them and saves laying out decades it
 * never reads. The results do not depend on it: a lookup outside the window widens it.
 *
 * A weekday interval that finishes at or before its start crosses midnight and belongs to the day it
 * starts on; an exception replaces the intervals starting on its days.
 */
export function calendarCompile(input: CalendarInput, options: CalendarCompileOptions = {}): Calendar {
  const window = options.window ?? CALENDAR_INITIAL_WINDOW;
  const id = input.id;
  if (typeof id !== 'string' || id === '') throw new EngineError('invalid_calendar', 'a calendar has no id');
  const name = input.name ?? id;
  if (input.allDay) {
    return {
      id,
      name,
      hoursPerDay: input.hoursPerDay ?? 24,
      allDay: true,
      windowFirstDay: TIME_FIRST_DAY,
      windowEndDay: TIME_END_DAY,
      windowStart: TIME_MIN,
      windowEnd: TIME_MAX,
      windowStartWorking: 0,
      windowEndWorking: TIME_MAX - TIME_MIN,
      intervalStart: Int32Array.of(TIME_MIN),
      intervalFinish: Int32Array.of(TIME_MAX),
      workingBefore: Int32Array.of(0, TIME_MAX - TIME_MIN),
      dayFirstInterval: new Int32Array(0),
      bucketFirstInterval: new Int32Array(0),
      totalWorking: TIME_MAX - TIME_MIN,
      source: null,
    };
  }

  const weekInput = input.week ?? CALENDAR_STANDARD_WEEK;
  if (weekInput.length !== 7) {
    throw new EngineError('invalid_calendar', `calendar "${id}": week must list 7 weekdays, Monday first`, {
      calendarId: id,
    });
  }
  const week = weekInput.map((intervals) => compileDayIntervals(intervals, id));
  const exceptions = new Map<number, DayIntervals>();
  for (const exception of input.exceptions ?? []) {
    const intervals = compileDayIntervals(exception.intervals, id);
    const first = parseDay(exception.date, id);
    const last = exception.until === undefined ? first : parseDay(exception.until, id);
    for (let day = first; day <= last; day++) exceptions.set(day, intervals);
  }
  const exceptionDays = Int32Array.from(exceptions.keys()).sort();
  const source: CalendarSource = {
    week,
    exceptionDays,
    exceptionIntervals: Array.from(exceptionDays, (day) => exceptions.get(day)!),
  };
  const windowFirst = Math.max(TIME_FIRST_DAY, Math.min(Math.floor(window[0]), TIME_END_DAY - 1));
  const windowEnd = Math.max(windowFirst + 1, Math.min(Math.ceil(window[1]), TIME_END_DAY));
  const before = calendarCount(source, TIME_FIRST_DAY, windowFirst);
  const after = calendarCount(source, windowEnd, TIME_END_DAY);
  const workingDays = week.filter((intervals) => intervals.length > 0);
  const weekMinutes = workingDays.reduce(
    (sum, intervals) => sum + intervals.reduce((s, [a, b]) => s + b - a, 0),
    0,
  );
  const hoursPerDay =
    input.hoursPerDay ?? (workingDays.length > 0 ? weekMinutes / workingDays.length / 60 : 8);
  if (!(hoursPerDay > 0 && hoursPerDay <= 24)) {
    throw new EngineError('invalid_calendar', `calendar "${id}": hoursPerDay must be in (0, 24]`, {
      calendarId: id,
    });
  }
  const empty = new Int32Array(0);
  const calendar: Calendar = {
    id,
    name,
    hoursPerDay,
    allDay: false,
    windowFirstDay: windowFirst,
    windowEndDay: windowFirst,
    windowStart: 0,
    windowEnd: 0,
    windowStartWorking: 0,
    windowEndWorking: 0,
    intervalStart: empty,
    intervalFinish: empty,
    workingBefore: empty,
    dayFirstInterval: empty,
    bucketFirstInterval: empty,
    totalWorking: 0,
    source,
  };
  calendarMaterialize(calendar, windowFirst, windowEnd, before);
  const totalWorking = calendar.windowEndWorking + after;
  if (totalWorking === 0) {
    throw new EngineError('invalid_calendar', `calendar "${id}" has no working time`, { calendarId: id });
  }
  return { ...calendar, totalWorking };
}

function parseDay(text: string, calendarId: string): number {
  try {
    return Math.floor(timeFromIso(text) / MINUTES_PER_DAY);
  } catch (error) {
    if (error instanceof EngineError) {
      throw new EngineError('invalid_calendar', `calendar "${calendarId}": ${error.message}`, { calendarId });
    }
    throw error;
  }
}

/** The built-in 24-hour calendar. */
export function calendarCreate24Hour(id = CALENDAR_24H_ID): Calendar {
  return calendarCompile({ id, allDay: true });
}
