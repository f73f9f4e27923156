import { describe, expect, it } from 'vitest';
import {
  daysToMinutes,
  formatIso,
  formatMinutes,
  formatNumber,
  isoToMinutes,
  minutesToDays,
  NO_DATE,
  nowMinutes,
  parseDateText,
  parseNumberText,
} from './schedule-time';

describe('schedule dates', () => {
  it('converts API dates to engine minutes and back to DD.MM.YYYY', () => {
    expect(isoToMinutes('2000-01-02')).toBe(1440);
    expect(isoToMinutes(null)).toBe(NO_DATE);
    const m = isoToMinutes('2030-03-04T08:00');
    expect(formatMinutes(m)).toBe('04.03.2030');
    expect(formatMinutes(m, true)).toBe('04.03.2030 08:00');
    expect(formatMinutes(isoToMinutes('2030-03-04'), true)).toBe('04.03.2030');
    expect(formatMinutes(NO_DATE)).toBe('');
    expect(formatMinutes(-1, true)).toBe('31.12.1999 23:59');
    expect(formatMinutes(isoToMinutes('1995-03-06T08:00'), true)).toBe('06.03.1995 08:00');
    expect(formatIso('2030-12-31T17:30')).toBe('31.12.2030 17:30');
  });

  it('parses the typed formats of validation rules', () => {
    expect(parseDateText('4.3.2030')).toBe('2030-03-04T00:00');
    expect(parseDateText('04.03.30 8:15')).toBe('2030-03-04T08:15');
    expect(parseDateText('31.02.2030')).toBeUndefined();
    expect(parseDateText('  ')).toBeNull();
  });

  it('reads and writes numbers with a decimal comma', () => {
    expect(parseNumberText('12,5')).toBe(12.5);
    expect(parseNumberText('1 000')).toBe(1000);
    expect(parseNumberText('abc')).toBeNaN();
    expect(parseNumberText('')).toBeNull();
    expect(formatNumber(12.5, 'ru')).toBe('12,5');
    expect(formatNumber(12.5, 'en')).toBe('12.5');
  });

  it('turns durations into working days and back', () => {
    expect(minutesToDays(960, 8)).toBe(2);
    expect(daysToMinutes(1.5, 9)).toBe(810);
  });

  it('reads the local wall clock as engine minutes', () => {
    const local = new Date(2030, 2, 4, 8, 15, 42);
    expect(formatMinutes(nowMinutes(local), true)).toBe('04.03.2030 08:15');
  });
});
