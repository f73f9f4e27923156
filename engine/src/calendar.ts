import { MINUTES_PER_DAY, TIME_END_DAY, TIME_FIRST_DAY, TIME_MAX, TIME_MIN, timeWeekday } from './time.js';
import type { Minutes, WorkingMinutes } from './types.js';

/**
 * A compiled working-time calendar. Working time is the monotone function W(t) = working minutes in
 * [TIME_MIN, t): the "working coordinate" of an instant, counted from 1900-01-01 so that it is never
 * negative and never moves. Two instants stand for a coordinate w: the finish convention
 * `calendarFinishInstant` (the end of the w-th working minute, e.g. 17:00) and the start convention
 * `calendarStartInstant` (the start of the next working minute, e.g. 08:00 next day) — as in P6, a finish
 * is the end of the last working minute and a start snaps to the next working instant.
 *
 * The calendar's working intervals are materialised only over a window of days (absolute, sorted,
 * disjoint minute intervals with their coordinates, plus two lookup tables — first interval of each
 * day, first interval of each block of working minutes — so that both directions of the conversion are a
 * table lookup and a scan over at most a day's intervals, never a day-by-day walk). The window starts
 * as 2000–2050 and grows on demand (at least doubling) when a lookup falls outside it, up to the whole
 * range 1900–2199; the coordinates of the window's ends come from a count of working minutes that needs
 * no materialised intervals. The window fields change when it grows: read them after the lookup.
 */
export interface Calendar {
  readonly id: string;
  readonly name: string;
  readonly hoursPerDay: number;
  readonly allDay: boolean;
  /** First day of the materialised window (days since 2000-01-01). */
  windowFirstDay: number;
  /** The day after the window's last day. */
  windowEndDay: number;
  /** The window's first and last instants, and their working coordinates. */
  windowStart: number;
  windowEnd: number;
  windowStartWorking: number;
  windowEndWorking: number;
  /** Working intervals starting in the window (clipped to it). */
  intervalStart: Int32Array;
  intervalFinish: Int32Array;
  /** Working coordinate of each interval's start; one extra entry holds W at the window's end. */
  workingBefore: Int32Array;
  /** Per day of the window (and the day after): index of the first interval finishing after midnight. */
  dayFirstInterval: Int32Array;
  /**
   * Per block of 2^BUCKET_SHIFT working minutes from the window's first coordinate: index of the interval
   * holding the block's first minute (empty for a 24-hour calendar, whose working time is calendar time).
   */
  bucketFirstInterval: Int32Array;
  /** Working minutes of the whole range. */
  readonly totalWorking: number;
  /** The week and exceptions the window is materialised from (null for a 24-hour calendar). */
  readonly source: CalendarSource | null;
}

/** Working intervals of a day as [start, finish) minutes after its midnight (finish up to 2 × 24:00). */
export type CalendarDayIntervals = ReadonlyArray<readonly [number, number]>;

export interface CalendarSource {
  /** Monday first. */
  readonly week: readonly CalendarDayIntervals[];
  /** Exception days (days since 2000-01-01), ascending, and the intervals replacing each. */
  readonly exceptionDays: Int32Array;
  readonly exceptionIntervals: readonly CalendarDayIntervals[];
}

export const CALENDAR_BUCKET_SHIFT = 8;
/** The window a calendar is first materialised over: 2000-01-01 to 2051-01-01. */
export const CALENDAR_INITIAL_WINDOW = [0, 18628] as const;

/**
 * Working intervals of the days [fromDay, endDay) — with the day before, whose intervals may cross
 * midnight — clipped to the window and merged where they touch; pushed to `starts`/`finishes` when given.
 * Returns their working minutes.
 */
export function calendarWalk(
  source: CalendarSource,
  fromDay: number,
  endDay: number,
  starts: number[] | null,
  finishes: number[] | null,
): number {
  const low = Math.max(fromDay * MINUTES_PER_DAY, TIME_MIN);
  const high = Math.min(endDay * MINUTES_PER_DAY, TIME_MAX);
  const { week, exceptionDays, exceptionIntervals } = source;
  const firstDay = fromDay - 1;
  let e = 0;
  let hi = exceptionDays.length;
  while (e < hi) {
    const mid = (e + hi) >> 1;
    if (exceptionDays[mid]! < firstDay) e = mid + 1;
    else hi = mid;
  }
  let weekday = timeWeekday(firstDay);
  let lastFinish = Number.NEGATIVE_INFINITY;
  let total = 0;
  for (let day = firstDay; day < endDay; day++) {
    let intervals: CalendarDayIntervals;
    if (e < exceptionDays.length && exceptionDays[e] === day) intervals = exceptionIntervals[e++]!;
    else intervals = week[weekday]!;
    const dayStart = day * MINUTES_PER_DAY;
    for (const [start, finish] of intervals) {
      const a = Math.max(dayStart + start, low);
      const b = Math.min(dayStart + finish, high);
      if (b <= a) continue;
      if (a <= lastFinish) {
        if (b <= lastFinish) continue;
        total += b - lastFinish;
        lastFinish = b;
        if (finishes) finishes[finishes.length - 1] = b;
      } else {
        total += b - a;
        lastFinish = b;
        starts?.push(a);
        finishes?.push(b);
      }
    }
    if (++weekday === 7) weekday = 0;
  }
  return total;
}

/**
 * The working minutes of the days [fromDay, endDay), as `calendarWalk` counts them, in time that grows
 * with the exceptions rather than the days: a calendar is compiled over three centuries, and counting
 * them day by day was most of the cost of opening a schedule. The working time is the same every week
 * away from exceptions (an exception's day and the day after it, which its intervals may reach), so
 * runs of plain weeks count as one week times their number; what is left is walked. Exact: the working
 * time of a range is the sum of that of its parts, and a walk starts with the day before its range.
 */
export function calendarCount(source: CalendarSource, fromDay: number, endDay: number): number {
  const { exceptionDays } = source;
  const firstDay = Math.max(fromDay, TIME_FIRST_DAY);
  const lastDay = Math.min(endDay, TIME_END_DAY);
  let total = 0;
  let day = firstDay;
  let e = 0;
  while (day < lastDay) {
    while (e < exceptionDays.length && exceptionDays[e]! < day - 1) e++;
    const exception = e < exceptionDays.length ? exceptionDays[e]! : Number.POSITIVE_INFINITY;
    // From `day` on, the day before and the days up to the next exception are plain.
    const weeks = exception >= day ? Math.floor((Math.min(lastDay, exception) - day) / 7) : 0;
    if (weeks >= 2) {
      total += weeks * calendarWalk(source, day, day + 7, null, null);
      day += weeks * 7;
    } else {
      // walk through the exception and the day its intervals may reach
      const stop = Math.min(lastDay, Math.max(day + 1, exception + 2));
      total += calendarWalk(source, day, stop, null, null);
      day = stop;
    }
  }
  return total;
}

/** Materialises the window [firstDay, endDay) whose first instant has working coordinate `base`. */
export function calendarMaterialize(
  calendar: Calendar,
  firstDay: number,
  endDay: number,
  base: number,
): void {
  const starts: number[] = [];
  const finishes: number[] = [];
  calendarWalk(calendar.source!, firstDay, endDay, starts, finishes);
  const count = starts.length;
  const intervalStart = Int32Array.from(starts);
  const intervalFinish = Int32Array.from(finishes);
  const workingBefore = new Int32Array(count + 1);
  workingBefore[0] = base;
  for (let k = 0; k < count; k++)
    workingBefore[k + 1] = workingBefore[k]! + intervalFinish[k]! - intervalStart[k]!;
  const days = endDay - firstDay;
  const dayFirstInterval = new Int32Array(days + 1);
  let k = 0;
  for (let day = 0; day <= days; day++) {
    while (k < count && intervalFinish[k]! <= (firstDay + day) * MINUTES_PER_DAY) k++;
    dayFirstInterval[day] = k;
  }
  const bucketCount = ((workingBefore[count]! - base) >> CALENDAR_BUCKET_SHIFT) + 1;
  const bucketFirstInterval = new Int32Array(bucketCount);
  k = 0;
  for (let bucket = 0; bucket < bucketCount; bucket++) {
    const working = base + (bucket << CALENDAR_BUCKET_SHIFT);
    while (k < count - 1 && workingBefore[k + 1]! <= working) k++;
    bucketFirstInterval[bucket] = k;
  }
  calendar.windowFirstDay = firstDay;
  calendar.windowEndDay = endDay;
  calendar.windowStart = firstDay * MINUTES_PER_DAY;
  calendar.windowEnd = endDay * MINUTES_PER_DAY;
  calendar.windowStartWorking = base;
  calendar.windowEndWorking = workingBefore[count]!;
  calendar.intervalStart = intervalStart;
  calendar.intervalFinish = intervalFinish;
  calendar.workingBefore = workingBefore;
  calendar.dayFirstInterval = dayFirstInterval;
  calendar.bucketFirstInterval = bucketFirstInterval;
}

/** Grows the window (at least doubling it on each side that grows) to hold the days [firstDay, endDay). */
export function calendarWiden(calendar: Calendar, firstDay: number, endDay: number): void {
  const oldFirst = calendar.windowFirstDay;
  const oldEnd = calendar.windowEndDay;
  const size = oldEnd - oldFirst;
  const first =
    firstDay < oldFirst ? Math.max(TIME_FIRST_DAY, Math.min(firstDay, oldFirst - size)) : oldFirst;
  const end = endDay > oldEnd ? Math.min(TIME_END_DAY, Math.max(endDay, oldEnd + size)) : oldEnd;
  if (first === oldFirst && end === oldEnd) return;
  const base =
    calendar.windowStartWorking - (first < oldFirst ? calendarCount(calendar.source!, first, oldFirst) : 0);
  calendarMaterialize(calendar, first, end, base);
}

/** Working minutes in [TIME_MIN, time): the working coordinate of an instant. */
export function calendarWorkingTime(calendar: Calendar, time: number): WorkingMinutes {
  if (time <= TIME_MIN) return 0 as WorkingMinutes;
  if (time >= TIME_MAX) return calendar.totalWorking as WorkingMinutes;
  if (calendar.allDay) return (time - TIME_MIN) as WorkingMinutes;
  if (time < calendar.windowStart || time > calendar.windowEnd) {
    const day = Math.floor(time / MINUTES_PER_DAY);
    calendarWiden(calendar, day, day + 1);
  }
  const day = Math.floor((time - calendar.windowStart) / MINUTES_PER_DAY);
  const starts = calendar.intervalStart;
  const finishes = calendar.intervalFinish;
  const count = starts.length;
  let k = calendar.dayFirstInterval[day]!;
  while (k < count && finishes[k]! <= time) k++;
  const before = calendar.workingBefore[k]!;
  if (k === count) return before as WorkingMinutes;
  const start = starts[k]!;
  return (time <= start ? before : before + time - start) as WorkingMinutes;
}

/** The latest instant whose working coordinate is `working`: where work resumes (start convention). */
export function calendarStartInstant(calendar: Calendar, working: number): Minutes {
  if (working < 0) return TIME_MIN;
  if (working >= calendar.totalWorking) return TIME_MAX;
  if (calendar.allDay) return (working + TIME_MIN) as Minutes;
  while (working < calendar.windowStartWorking) {
    calendarWiden(calendar, calendar.windowFirstDay - 1, calendar.windowEndDay);
  }
  while (working >= calendar.windowEndWorking) {
    calendarWiden(calendar, calendar.windowFirstDay, calendar.windowEndDay + 1);
  }
  const before = calendar.workingBefore;
  let k = calendar.bucketFirstInterval[(working - calendar.windowStartWorking) >> CALENDAR_BUCKET_SHIFT]!;
  while (before[k + 1]! <= working) k++;
  return (calendar.intervalStart[k]! + working - before[k]!) as Minutes;
}

/** The earliest instant whose working coordinate is `working`: where work stops (finish convention). */
export function calendarFinishInstant(calendar: Calendar, working: number): Minutes {
  if (working <= 0) return TIME_MIN;
  if (working > calendar.totalWorking) return TIME_MAX;
  return (calendarStartInstant(calendar, working - 1) + 1) as Minutes;
}

/** Whether the minute starting at `time` is working time. */
export function calendarIsWorking(calendar: Calendar, time: Minutes): boolean {
  return calendarWorkingTime(calendar, time + 1) > calendarWorkingTime(calendar, time);
}

/**
 * The instant `minutes` working minutes after `time` (before it when negative). Forward the result is
 * the end of the last working minute counted (17:00, not 08:00 next day); backward it is the start of the
 * earliest minute counted. Zero returns `time` unchanged.
 */
export function calendarAddWorkingMinutes(calendar: Calendar, time: Minutes, minutes: number): Minutes {
  if (minutes === 0) return time;
  const target = calendarWorkingTime(calendar, time) + minutes;
  return minutes > 0 ? calendarFinishInstant(calendar, target) : calendarStartInstant(calendar, target);
}

export function calendarSubtractWorkingMinutes(calendar: Calendar, time: Minutes, minutes: number): Minutes {
  return calendarAddWorkingMinutes(calendar, time, -minutes);
}

/** Working minutes from `from` to `to` (negative when `to` is earlier). */
export function calendarWorkingMinutesBetween(
  calendar: Calendar,
  from: Minutes,
  to: Minutes,
): WorkingMinutes {
  return (calendarWorkingTime(calendar, to) - calendarWorkingTime(calendar, from)) as WorkingMinutes;
}

/** `time` itself when working time follows it, else the start of the next working interval. */
export function calendarNextWorkingInstant(calendar: Calendar, time: Minutes): Minutes {
  return calendarStartInstant(calendar, calendarWorkingTime(calendar, time));
}

/** `time` itself when working time precedes it, else the end of the previous working interval. */
export function calendarPreviousWorkingInstant(calendar: Calendar, time: Minutes): Minutes {
  return calendarFinishInstant(calendar, calendarWorkingTime(calendar, time));
}

/** Working minutes of a number of calendar "days" of `hoursPerDay` hours. */
export function calendarMinutesFromDays(calendar: Calendar, days: number): WorkingMinutes {
  return Math.round(days * calendar.hoursPerDay * 60) as WorkingMinutes;
}

export function calendarDaysFromMinutes(calendar: Calendar, minutes: number): number {
  return minutes / (calendar.hoursPerDay * 60);
}
