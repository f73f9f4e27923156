import { type Language, LOCALE_OF } from './catalogs';

/** The week starts on Monday (0 = Sunday … 6 = Saturday, as `Date.getDay`). */
export const WEEK_STARTS_ON = 1;

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `DD.MM.YYYY` in local time; an empty string for an invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** `DD.MM.YYYY HH:mm` in local time, 24-hour clock; an empty string for an invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `HH:mm`, 24-hour clock. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number with the thousands separator of the language and `digits` decimals (2 by default). */
export function formatNumber(value: number, lang: Language, digits = 2): string {
  if (digits < 0) throw new RangeError('The number of characters cannot be negative');
  const key = `${lang}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[lang], {
      useGrouping: true,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** The start (00:00 local time) of the Monday-based week holding `value`. */
export function startOfWeek(value: DateInput): Date {
  const date = toDate(value) ?? new Date(Number.NaN);
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const shift = (start.getDay() - WEEK_STARTS_ON + 7) % 7;
  start.setDate(start.getDate() - shift);
  return start;
}

/** Weekday names of the language in week order, Monday first. */
export function weekdayNames(lang: Language, width: 'short' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(LOCALE_OF[lang], { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}
