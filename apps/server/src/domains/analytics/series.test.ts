import { describe, expect, it } from 'vitest';
import { periodStart } from './series';

describe('periodStart', () => {
  it('starts weeks on Monday, months on the first, quarters in January, April, July and October', () => {
    // 2025-03-12 is a Wednesday; 2025-03-16 a Sunday; 2025-03-17 a Monday.
    expect(periodStart('2025-03-12', 'week')).toBe('2025-03-10');
    expect(periodStart('2025-03-16', 'week')).toBe('2025-03-10');
    expect(periodStart('2025-03-17', 'week')).toBe('2025-03-17');
    // A week across the new year starts in the old one.
    expect(periodStart('2026-01-01', 'week')).toBe('2025-12-29');
    expect(periodStart('2025-03-12', 'day')).toBe('2025-03-12');
    expect(periodStart('2025-03-12', 'month')).toBe('2025-03-01');
    expect(periodStart('2025-03-12', 'quarter')).toBe('2025-01-01');
    expect(periodStart('2025-12-31', 'quarter')).toBe('2025-10-01');
    expect(periodStart('2025-07-01', 'quarter')).toBe('2025-07-01');
    expect(periodStart('2025-03-12', 'year')).toBe('2025-01-01');
  });
});
