import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatTime,
  ISO_WEEK,
  interfaceLocale,
  startOfWeek,
  weekdayNames,
  weekdayOrder,
  weekRuleOf,
} from './format';

describe('dates', () => {
  it('formats DD.MM.YYYY', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('05.01.2024');
    expect(formatDate(new Date(1999, 11, 31, 23, 59))).toBe('31.12.1999');
  });

  it('formats DD.MM.YYYY HH:mm on a 24-hour clock', () => {
    expect(formatDateTime(new Date(2024, 6, 9, 15, 4))).toBe('09.07.2024 15:04');
    expect(formatDateTime(new Date(2024, 6, 9, 0, 0))).toBe('09.07.2024 00:00');
    expect(formatTime(new Date(2024, 6, 9, 23, 7))).toBe('23:07');
  });

  it('accepts ISO strings and timestamps, and yields an empty string for invalid input', () => {
    const local = new Date(2025, 2, 3, 8, 30);
    expect(formatDateTime(local.toISOString())).toBe('03.03.2025 08:30');
    expect(formatDate(local.getTime())).toBe('03.03.2025');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('week', () => {
  it('starts on Monday by default', () => {
    expect(ISO_WEEK).toEqual({ firstDay: 1, minimalDays: 4 });
    // Sunday 2024-06-16 belongs to the week of Monday 2024-06-10.
    expect(formatDate(startOfWeek(new Date(2024, 5, 16, 12)))).toBe('10.06.2024');
    expect(formatDate(startOfWeek(new Date(2024, 5, 10)))).toBe('10.06.2024');
    expect(formatDate(startOfWeek(new Date(2024, 5, 12)))).toBe('10.06.2024');
  });

  it('lists weekday names Monday first', () => {
    expect(weekdayNames('en', 'long')[0]).toBe('Monday');
    expect(weekdayNames('en', 'long')[6]).toBe('Sunday');
    expect(weekdayNames('ru', 'long')[0]).toBe('понедельник');
  });

  it('starts and counts weeks per locale otherwise', () => {
    expect(weekRuleOf('ru-RU')).toEqual(ISO_WEEK);
    expect(weekRuleOf('en-GB')).toEqual(ISO_WEEK);
    const us = weekRuleOf('en-US');
    expect(us).toEqual({ firstDay: 7, minimalDays: 1 });
    expect(weekRuleOf('not a locale')).toEqual(ISO_WEEK);
    // Sunday 2024-06-16 starts its own week in the United States
    expect(formatDate(startOfWeek(new Date(2024, 5, 16, 12), us))).toBe('16.06.2024');
    expect(formatDate(startOfWeek(new Date(2024, 5, 15), us))).toBe('09.06.2024');
    expect(weekdayNames('en', 'long', us).slice(0, 2)).toEqual(['Sunday', 'Monday']);
    expect(weekdayOrder(us)).toEqual([7, 1, 2, 3, 4, 5, 6]);
    expect(weekdayOrder()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('formats in the browser locale of the interface language when it names a region', () => {
    expect(interfaceLocale('en', ['ru-RU', 'en-US', 'en-GB'])).toBe('en-US');
    expect(interfaceLocale('en', ['en', 'de-DE'])).toBe('en-GB');
    expect(interfaceLocale('ru', ['en-US', '??'])).toBe('ru-RU');
  });
});

describe('numbers', () => {
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

  it('uses 2 decimals and a thousands separator by default', () => {
    expect(formatNumber(1234567.891, 'en')).toBe('1,234,567.89');
    expect(plain(formatNumber(1234567.891, 'ru'))).toBe('1 234 567,89');
    expect(formatNumber(0, 'en')).toBe('0.00');
  });

  it('takes the number of decimals', () => {
    expect(formatNumber(1234.5, 'en', 0)).toBe('1,235');
    expect(formatNumber(1.23456, 'en', 4)).toBe('1.2346');
  });

  it('refuses a negative number of decimals', () => {
    expect(() => formatNumber(1, 'en', -1)).toThrow('The number of characters cannot be negative');
  });
});
