import { MINUTES_PER_DAY, TIME_MAX } from './time.js';
import type { Minutes, WorkingMinutes } from './types.js';

/**
 * A compiled working-time calendar: its working intervals over the whole supported range as absolute,
 * sorted, disjoint minute intervals with prefix sums of working minutes, plus two lookup tables (first
 * interval of each day, first interval of each block of working minutes) so that both directions of the
 * conversion are a table lookup and a scan over at most a day's intervals — never a day-by-day walk.
 *
 * Working time is the monotone function W(t) = working minutes in [epoch, t). A "working coordinate" w is
 * a value of W. Two instants stand for w: the finish convention `calendarFinishInstant` (the end of the
 * w-th working minute, e.g. 17:00) and the start convention `calendarStartInstant` (the start of the next
 * working minute, e.g. 08:00 next day) — as in P6, a finish is the end of the last working minute and a
 * start snaps to the next working instant.
 */
export interface Calendar {
  readonly id: string;
  readonly name: string;
  readonly hoursPerDay: number;
  readonly allDay: boolean;
  readonly intervalStart: Int32Array;
  readonly intervalFinish: Int32Array;
  /** Working minutes before each interval; one extra entry holds the total. */
  readonly workingBefore: Int32Array;
  /** Per day: index of the first interval finishing after the day's midnight. */
  readonly dayFirstInterval: Int32Array;
  /**
   * Per block of 2^BUCKET_SHIFT working minutes: index of the interval holding the block's first minute
   * (empty for a 24-hour calendar, whose working time is calendar time).
   */
  readonly bucketFirstInterval: Int32Array;
  readonly totalWorking: number;
}

export const CALENDAR_BUCKET_SHIFT = 8;

/** Working minutes in [epoch, time): the working coordinate of an instant. */
export function calendarWorkingTime(calendar: Calendar, time: number): WorkingMinutes {
  if (time <= 0) return 0 as WorkingMinutes;
  if (time >= TIME_MAX) return calendar.totalWorking as WorkingMinutes;
  if (calendar.allDay) return time as WorkingMinutes;
  const starts = calendar.intervalStart;
  const finishes = calendar.intervalFinish;
  const count = starts.length;
  let k = calendar.dayFirstInterval[Math.floor(time / MINUTES_PER_DAY)]!;
  while (k < count && finishes[k]! <= time) k++;
  if (k === count) return calendar.totalWorking as WorkingMinutes;
  const start = starts[k]!;
  const before = calendar.workingBefore[k]!;
  return (time <= start ? before : before + time - start) as WorkingMinutes;
}

/** The latest instant whose working coordinate is `working`: where work resumes (start convention). */
export function calendarStartInstant(calendar: Calendar, working: number): Minutes {
  if (working <= 0) return (working === 0 ? calendar.intervalStart[0]! : 0) as Minutes;
  if (working >= calendar.totalWorking) return TIME_MAX;
  if (calendar.allDay) return working as Minutes;
  const before = calendar.workingBefore;
  let k = calendar.bucketFirstInterval[working >> CALENDAR_BUCKET_SHIFT]!;
  while (before[k + 1]! <= working) k++;
  return (calendar.intervalStart[k]! + working - before[k]!) as Minutes;
}

/** The earliest instant whose working coordinate is `working`: where work stops (finish convention). */
export function calendarFinishInstant(calendar: Calendar, working: number): Minutes {
  if (working <= 0) return 0 as Minutes;
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
