import { appState } from '../../../state/app-state';

const EPOCH_MS = Date.UTC(2000, 0, 1);
const DAY_MINUTES = 1440;

/**
 * The date cursor is the app-level `activitySelectedDay` (screens and routes): a local calendar day that the
 * Gantt and the 4D player both show and both set. The timeline works in engine minutes (the local
 * clock counted from 2000-01-01), so the day is converted at the edge.
 */
export function cursorDayStart(day: Date): number {
  return (Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()) - EPOCH_MS) / 60_000;
}

/** The local calendar day that holds an engine minute. */
export function cursorDayOf(minute: number): Date {
  const d = new Date(EPOCH_MS + Math.floor(minute / DAY_MINUTES) * DAY_MINUTES * 60_000);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** Puts the cursor on the day holding an engine minute (no store change when it is already there). */
export function cursorSet(minute: number): void {
  const day = cursorDayOf(minute);
  const current = appState.get().activitySelectedDay;
  if (current && current.toDateString() === day.toDateString()) return;
  appState.set({ activitySelectedDay: day });
}

export function cursorClear(): void {
  if (appState.get().activitySelectedDay) appState.set({ activitySelectedDay: null });
}
