import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { EngineError } from './engine-error.js';
import {
  TIME_MAX,
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

  it('rejects malformed text, impossible dates and the range outside 2000–2050', () => {
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
    expect(() => timeFromIso('1999-12-31T23:59')).toThrow(expect.objectContaining({ code: 'out_of_range' }));
    expect(timeFromIso('2051-01-01T00:00')).toBe(TIME_MAX);
    expect(() => timeFromIso('2051-01-01T00:01')).toThrow(expect.objectContaining({ code: 'out_of_range' }));
  });

  it('round-trips every day of the range', () => {
    for (let day = 0; day < TIME_MAX / 1440; day += 1) {
      const { year, month, day: d } = timeDateFromDays(day);
      expect(timeDaysFromDate(year, month, d)).toBe(day);
    }
    expect(timeToIso(timeFromIso('2050-12-31T23:59'))).toBe('2050-12-31T23:59');
  });
});

describe('timeWeekday', () => {
  it('is ISO (Monday = 0): 2000-01-01 was a Saturday, 2024-01-01 a Monday', () => {
    expect(timeWeekday(0)).toBe(5);
    expect(timeWeekday(timeFromIso('2024-01-01') / 1440)).toBe(0);
    expect(timeWeekday(timeFromIso('2024-01-07') / 1440)).toBe(6);
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
