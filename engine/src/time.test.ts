import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { EngineError } from './engine-error.js';
import {
  TIME_END_DAY,
  TIME_FIRST_DAY,
  TIME_MAX,
  TIME_MIN,
  timeDateFromDays,
  timeDaysFromDate,
  timeFromDateInput,
  timeFromIso,
  timeFromPlainDateTime,
  timeToIso,
  timeToPlainDateTime,
  timeWeekday,
} from './time.js';
import type { Minutes } from './types.js';

describe('timeFromIso / timeToIso', () => {
  it('counts minutes from 2000-01-01T00:00', () => {
    expect(timeFromIso('2000-01-01T00:00')).toBe(0);
    expect(timeFromIso('2000-01-01T08:30')).toBe(510);
    expect(timeFromIso('2000-01-02')).toBe(1440);
  });

  it('handles leap days of 2000 (leap) and 2100-style rules', () => {
    expect(timeToIso(timeFromIso('2000-02-29T12:00'))).toBe('2000-02-29T12:00');
    expect(timeFromIso('2000-03-01') - timeFromIso('2000-02-28')).toBe(2 * 1440);
    expect(timeFromIso('2023-03-01') - timeFromIso('2023-02-28')).toBe(1440);
    expect(() => timeFromIso('2023-02-29')).toThrow(EngineError);
  });

  it('has no daylight saving: every day is 1440 minutes, also on EU/US switch days', () => {
    expect(timeFromIso('2024-03-31T00:00') + 1440).toBe(timeFromIso('2024-04-01T00:00'));
    expect(timeFromIso('2024-03-10T00:00') + 1440).toBe(timeFromIso('2024-03-11T00:00'));
    expect(timeFromIso('2024-10-27T03:00') - timeFromIso('2024-10-27T01:00')).toBe(120);
  });

  it('accepts 24:00, a space separator and :00 seconds', () => {
    expect(timeFromIso('2024-01-01T24:00')).toBe(timeFromIso('2024-01-02T00:00'));
    expect(timeFromIso('2024-01-01 08:00')).toBe(timeFromIso('2024-01-01T08:00'));
    expect(timeFromIso('2024-01-01T08:00:00')).toBe(timeFromIso('2024-01-01T08:00'));
  });

  it('counts negative minutes before 2000', () => {
    expect(timeFromIso('1999-12-31T23:59')).toBe(-1);
    expect(timeFromIso('1995-01-02T08:00')).toBe(-1825 * 1440 + 480);
    expect(timeToIso(-1 as Minutes)).toBe('1999-12-31T23:59');
    expect(timeToIso(timeFromIso('1995-06-15T13:30'))).toBe('1995-06-15T13:30');
  });

  it('rejects malformed text, impossible dates and the range outside 1900-01-01 to 2200-01-01', () => {
    for (const text of [
      '2024-1-01',
      '2024-13-01',
      '2024-01-32',
      '2024-01-01T25:00',
      '2024-01-01T24:30',
      'x',
    ]) {
      expect(() => timeFromIso(text), text).toThrow(EngineError);
    }
    expect(() => timeFromIso('2024-01-01T08:00:30')).toThrow(/whole minute/);
    expect(timeFromIso('1900-01-01T00:00')).toBe(TIME_MIN);
    expect(TIME_MIN).toBe(-36524 * 1440);
    expect(() => timeFromIso('1899-12-31T23:59')).toThrow(expect.objectContaining({ code: 'out_of_range' }));
    expect(timeFromIso('2200-01-01T00:00')).toBe(TIME_MAX);
    expect(TIME_MAX).toBe(73049 * 1440);
    expect(() => timeFromIso('2200-01-01T00:01')).toThrow(expect.objectContaining({ code: 'out_of_range' }));
    expect(() => timeFromIso('2200-01-01T00:01')).toThrow(
      'outside the supported range 1900-01-01 to 2200-01-01',
    );
    expect(() => timeFromDateInput((TIME_MIN - 1) as Minutes, 'date')).toThrow(
      expect.objectContaining({ code: 'out_of_range' }),
    );
    expect(timeFromDateInput(TIME_MIN, 'date')).toBe(TIME_MIN);
  });

  it('round-trips every day of the range', () => {
    const wrong: number[] = [];
    for (let day = TIME_FIRST_DAY; day <= TIME_END_DAY; day += 1) {
      const { year, month, day: d } = timeDateFromDays(day);
      if (timeDaysFromDate(year, month, d) !== day) wrong.push(day);
    }
    expect(wrong).toEqual([]);
    expect(timeToIso(TIME_MIN)).toBe('1900-01-01T00:00');
    expect(timeToIso(timeFromIso('2199-12-31T23:59'))).toBe('2199-12-31T23:59');
    expect(timeToIso(TIME_MAX)).toBe('2200-01-01T00:00');
    // 1900 and 2100 are not leap years, 2000 is
    expect(() => timeFromIso('1900-02-29')).toThrow(EngineError);
    expect(() => timeFromIso('2100-02-29')).toThrow(EngineError);
    expect(timeFromIso('2100-03-01') - timeFromIso('2100-02-28')).toBe(1440);
  });
});

describe('timeWeekday', () => {
  it('is ISO (Monday = 0): 2000-01-01 was a Saturday, 2024-01-01 a Monday', () => {
    expect(timeWeekday(0)).toBe(5);
    expect(timeWeekday(timeFromIso('2024-01-01') / 1440)).toBe(0);
    expect(timeWeekday(timeFromIso('2024-01-07') / 1440)).toBe(6);
  });

  it('holds before 2000 and at the ends of the range: 1900-01-01 a Monday, 2199-12-31 a Tuesday', () => {
    expect(timeWeekday(TIME_FIRST_DAY)).toBe(0);
    expect(timeWeekday(-1)).toBe(4); // 1999-12-31, a Friday
    expect(timeWeekday(timeFromIso('1995-01-02') / 1440)).toBe(0);
    expect(timeWeekday(timeFromIso('2150-01-01') / 1440)).toBe(3);
    expect(timeWeekday(TIME_END_DAY - 1)).toBe(1);
  });
});

describe('Temporal.PlainDateTime conversions', () => {
  it('converts both ways', () => {
    const dateTime = Temporal.PlainDateTime.from('2024-07-15T13:45');
    const time = timeFromPlainDateTime(dateTime);
    expect(timeToIso(time)).toBe('2024-07-15T13:45');
    expect(timeToPlainDateTime(time).equals(dateTime)).toBe(true);
    expect(timeToPlainDateTime(0 as Minutes).toString()).toBe('2000-01-01T00:00:00');
  });
});

describe('timeFromDateInput', () => {
  it('takes minutes as they are and names the work in errors', () => {
    expect(timeFromDateInput(600 as Minutes, 'date')).toBe(600);
    expect(() => timeFromDateInput(1.5 as Minutes, 'date', 'A')).toThrow(
      expect.objectContaining({ code: 'invalid_date', workIds: ['A'] }),
    );
    expect(() => timeFromDateInput('nope', 'actualStart', 'B')).toThrow(/work "B": actualStart/);
  });
});
