import { describe, expect, it } from 'vitest';
import { appState } from '../../../state/app-state';
import { cursorClear, cursorDayOf, cursorDayStart, cursorSet } from './cursor';

// 2026-03-11 00:00 of the engine's clock.
const MARCH_11 = (Date.UTC(2026, 2, 11) - Date.UTC(2000, 0, 1)) / 60_000;

describe('date cursor ↔ activitySelectedDay', () => {
  it('converts a local day to the engine minute of its start and back', () => {
    expect(cursorDayStart(new Date(2026, 2, 11))).toBe(MARCH_11);
    expect(cursorDayStart(new Date(2026, 2, 11, 23, 30))).toBe(MARCH_11);
    expect(cursorDayOf(MARCH_11).toDateString()).toBe(new Date(2026, 2, 11).toDateString());
    expect(cursorDayOf(MARCH_11 + 1439).toDateString()).toBe(new Date(2026, 2, 11).toDateString());
    expect(cursorDayOf(MARCH_11 - 1).toDateString()).toBe(new Date(2026, 2, 10).toDateString());
  });

  it('sets the shared day once per day and clears it', () => {
    cursorSet(MARCH_11 + 600);
    const first = appState.get().activitySelectedDay;
    expect(first?.toDateString()).toBe(new Date(2026, 2, 11).toDateString());
    cursorSet(MARCH_11 + 60);
    expect(appState.get().activitySelectedDay).toBe(first);
    cursorSet(MARCH_11 + 1440);
    expect(appState.get().activitySelectedDay?.getDate()).toBe(12);
    cursorClear();
    expect(appState.get().activitySelectedDay).toBeNull();
  });
});
