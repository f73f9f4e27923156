import { describe, expect, it } from 'vitest';
import { weekDays, weekRange } from './format';

describe('a week of the docks', () => {
  it('runs from the Monday of the day given, and its requests ask from that Monday to the Sunday', () => {
    const days = weekDays('2026-11-27');
    expect(days[0]).toBe('2026-11-23');
    expect(weekRange(days)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('runs from the Sunday where the locale starts weeks on Sunday', () => {
    expect(weekRange(weekDays('2026-11-27', 7, 7))).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(weekDays('2026-11-22', 7, 7)[0]).toBe('2026-11-22');
  });
});
