import type { Calendar } from '../calendar.js';
import { calendarStartInstant, calendarWorkingTime } from '../calendar.js';
import { MINUTES_PER_DAY, TIME_END_DAY } from '../time.js';

/**
 * Days as the resource side sees them: day `d` of a grid is the calendar day `firstDay + d` (days since
 * 2000-01-01). Per calendar the grid keeps the working coordinate at each midnight, so "how many working
 * minutes of [a, b) fall on day d" is two array reads. The grid grows on demand (doubling) up to the end of 2199.
 */
export interface DayGrid {
  readonly calendars: readonly Calendar[];
  readonly firstDay: number;
  /** Days covered: `dayW[c]` has `length + 1` entries. */
  length: number;
  /** Per calendar: W at the midnight that starts each day, and one more at the end. */
  readonly dayW: Int32Array[];
}

export function dayGridCreate(calendars: readonly Calendar[], firstDay: number, length = 64): DayGrid {
  const grid: DayGrid = {
    calendars,
    firstDay,
    length: 0,
    dayW: calendars.map(() => new Int32Array(0)),
  };
  dayGridEnsure(grid, length - 1);
  return grid;
}

/** Makes day index `d` (and the midnight after it) part of the grid. */
export function dayGridEnsure(grid: DayGrid, d: number): void {
  if (d < grid.length) return;
  const limit = TIME_END_DAY - grid.firstDay;
  const length = Math.max(1, Math.min(limit, Math.max(d + 1, grid.length * 2)));
  if (length <= grid.length) return;
  for (let c = 0; c < grid.calendars.length; c++) {
    const calendar = grid.calendars[c]!;
    const next = new Int32Array(length + 1);
    const previous = grid.dayW[c]!;
    const kept = Math.min(previous.length, length + 1);
    next.set(previous.subarray(0, kept));
    for (let k = kept; k <= length; k++) {
      next[k] = calendarWorkingTime(calendar, (grid.firstDay + k) * MINUTES_PER_DAY);
    }
    grid.dayW[c] = next;
  }
  grid.length = length;
}

/** The day index of the working minute that starts at coordinate `w` of calendar `c`. */
export function dayGridDayOfStart(grid: DayGrid, c: number, w: number): number {
  const time = calendarStartInstant(grid.calendars[c]!, w);
  const d = Math.floor(time / MINUTES_PER_DAY) - grid.firstDay;
  if (d >= 0) dayGridEnsure(grid, d);
  return d;
}

/** The day index of the last working minute before coordinate `w` (where a finish at `w` falls). */
export function dayGridDayOfFinish(grid: DayGrid, c: number, w: number): number {
  return w <= 0 ? dayGridDayOfStart(grid, c, 0) : dayGridDayOfStart(grid, c, w - 1);
}
