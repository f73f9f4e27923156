import { timeDateFromDays, timeDaysFromDate, timeWeekday } from '../time.js';
import type { Period } from './resource-types.js';

export const PERIODS: readonly Period[] = ['day', 'week', 'month', 'quarter', 'year'];

/** The first day (days since 2000-01-01) of the period holding `day`; weeks start on Monday. */
export function periodStartDay(period: Period, day: number): number {
  if (period === 'day') return day;
  if (period === 'week') return day - timeWeekday(day);
  const { year, month } = timeDateFromDays(day);
  if (period === 'month') return timeDaysFromDate(year, month, 1);
  if (period === 'quarter') return timeDaysFromDate(year, month - ((month - 1) % 3), 1);
  return timeDaysFromDate(year, 1, 1);
}

/** The first day of the period after the one starting at (or holding) `day`. */
export function periodNextStartDay(period: Period, day: number): number {
  if (period === 'day') return day + 1;
  if (period === 'week') return periodStartDay(period, day) + 7;
  const { year, month } = timeDateFromDays(periodStartDay(period, day));
  if (period === 'month')
    return month === 12 ? timeDaysFromDate(year + 1, 1, 1) : timeDaysFromDate(year, month + 1, 1);
  if (period === 'quarter') {
    return month >= 10 ? timeDaysFromDate(year + 1, 1, 1) : timeDaysFromDate(year, month + 3, 1);
  }
  return timeDaysFromDate(year + 1, 1, 1);
}

/**
 * Periods covering `dayCount` days from `firstDay`: each day's period index and each period's first day
 * (the first period may start before `firstDay`), plus one more entry: the day after the last period.
 */
export function periodsOfDays(
  period: Period,
  firstDay: number,
  dayCount: number,
): { dayPeriod: Int32Array; periodStart: Int32Array } {
  const dayPeriod = new Int32Array(dayCount);
  const starts: number[] = [periodStartDay(period, firstDay)];
  let next = periodNextStartDay(period, firstDay);
  for (let d = 0; d < dayCount; d++) {
    if (firstDay + d >= next) {
      starts.push(next);
      next = periodNextStartDay(period, next);
    }
    dayPeriod[d] = starts.length - 1;
  }
  starts.push(next);
  return { dayPeriod, periodStart: Int32Array.from(starts) };
}
