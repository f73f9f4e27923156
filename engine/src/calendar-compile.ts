import type { Calendar } from './calendar.js';
import { CALENDAR_BUCKET_SHIFT } from './calendar.js';
import { EngineError } from './engine-error.js';
import {
  MINUTES_PER_DAY,
  TIME_MAX,
  TIME_RANGE_DAYS,
  timeFromIso,
  timeOfDayFromText,
  timeWeekday,
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

/**
 * Compiles a calendar over 2000–2050. A weekday interval that finishes at or before its start crosses
 * midnight and belongs to the day it starts on; an exception replaces the intervals starting on its days.
 */
export function calendarCompile(input: CalendarInput): Calendar {
  const id = input.id;
  if (typeof id !== 'string' || id === '') throw new EngineError('invalid_calendar', 'a calendar has no id');
  if (input.allDay)
    return calendarFromIntervals(id, input.name ?? id, [0], [TIME_MAX], input.hoursPerDay ?? 24, true);

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

  const starts: number[] = [];
  const finishes: number[] = [];
  for (let day = 0; day < TIME_RANGE_DAYS; day++) {
    const dayStart = day * MINUTES_PER_DAY;
    for (const [start, finish] of exceptions.get(day) ?? week[timeWeekday(day)]!) {
      const absoluteStart = dayStart + start;
      const absoluteFinish = Math.min(dayStart + finish, TIME_MAX);
      const last = starts.length - 1;
      if (last >= 0 && absoluteStart <= finishes[last]!) {
        finishes[last] = Math.max(finishes[last]!, absoluteFinish);
      } else {
        starts.push(absoluteStart);
        finishes.push(absoluteFinish);
      }
    }
  }
  if (starts.length === 0) {
    throw new EngineError('invalid_calendar', `calendar "${id}" has no working time`, { calendarId: id });
  }
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
  return calendarFromIntervals(id, input.name ?? id, starts, finishes, hoursPerDay, false);
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

function calendarFromIntervals(
  id: string,
  name: string,
  starts: readonly number[],
  finishes: readonly number[],
  hoursPerDay: number,
  allDay: boolean,
): Calendar {
  const count = starts.length;
  const intervalStart = Int32Array.from(starts);
  const intervalFinish = Int32Array.from(finishes);
  const workingBefore = new Int32Array(count + 1);
  for (let k = 0; k < count; k++)
    workingBefore[k + 1] = workingBefore[k]! + intervalFinish[k]! - intervalStart[k]!;
  const totalWorking = workingBefore[count]!;

  const dayFirstInterval = new Int32Array(TIME_RANGE_DAYS + 1);
  let k = 0;
  for (let day = 0; day <= TIME_RANGE_DAYS; day++) {
    while (k < count && intervalFinish[k]! <= day * MINUTES_PER_DAY) k++;
    dayFirstInterval[day] = k;
  }
  const bucketCount = allDay ? 0 : (totalWorking >> CALENDAR_BUCKET_SHIFT) + 1;
  const bucketFirstInterval = new Int32Array(bucketCount);
  k = 0;
  for (let bucket = 0; bucket < bucketCount; bucket++) {
    const working = bucket << CALENDAR_BUCKET_SHIFT;
    while (k < count - 1 && workingBefore[k + 1]! <= working) k++;
    bucketFirstInterval[bucket] = k;
  }
  return {
    id,
    name,
    hoursPerDay,
    allDay,
    intervalStart,
    intervalFinish,
    workingBefore,
    dayFirstInterval,
    bucketFirstInterval,
    totalWorking,
  };
}

/** The built-in 24-hour calendar. */
export function calendarCreate24Hour(id = CALENDAR_24H_ID): Calendar {
  return calendarCompile({ id, allDay: true });
}
