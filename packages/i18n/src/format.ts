import { type Language, LOCALE_OF } from './catalogs';

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

/**
 * How a locale counts weeks: the day they start on (1 = Monday … 7 = Sunday, as ISO 8601 numbers them)
 * and how many days of a new year its first week must hold (4 in ISO 8601, 1 where week 1 holds 1 January).
 */
export interface WeekRule {
  readonly firstDay: number;
  readonly minimalDays: number;
}

/** Monday, week 1 holding the first Thursday: the spec's default, and Russia's. */
export const ISO_WEEK: WeekRule = { firstDay: 1, minimalDays: 4 };

type WeekInfo = { firstDay?: number; minimalDays?: number };

/** How `locale` counts weeks, from the browser's or Node's locale data; ISO 8601 when it has none. */
export function weekRuleOf(locale: string): WeekRule {
  try {
    // `getWeekInfo()` in current engines, the `weekInfo` property in older ones
    const l = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };
    const info = l.getWeekInfo?.() ?? l.weekInfo;
    const firstDay = info?.firstDay;
    if (firstDay === undefined || !Number.isInteger(firstDay) || firstDay < 1 || firstDay > 7)
      return ISO_WEEK;
    const minimalDays = Math.min(7, Math.max(1, Math.trunc(info?.minimalDays ?? 4)));
    return { firstDay, minimalDays };
  } catch {
    return ISO_WEEK;
  }
}

/**
 * The locale the interface formats in: the first of the user's preferred locales (the browser's) in the
 * interface's language that names a region (`en-US` for an English interface in the United States), else
 * the language's own (`ru-RU`, `en-GB`, `fr-FR`).
 */
export function interfaceLocale(lang: Language, preferred: readonly string[]): string {
  for (const tag of preferred) {
    try {
      const locale = new Intl.Locale(tag);
      if (locale.language === lang && locale.region) return locale.baseName;
    } catch {
      // not a locale tag: skipped
    }
  }
  return LOCALE_OF[lang];
}

/** The start (00:00 local time) of the week holding `value`, weeks starting as `week` says (Monday by default). */
export function startOfWeek(value: DateInput, week: WeekRule = ISO_WEEK): Date {
  const date = toDate(value) ?? new Date(Number.NaN);
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const shift = (start.getDay() - (week.firstDay % 7) + 7) % 7;
  start.setDate(start.getDate() - shift);
  return start;
}

/** Weekday names of the language in week order, from the week's first day (Monday by default). */
export function weekdayNames(
  lang: Language,
  width: 'short' | 'long' = 'short',
  week: WeekRule = ISO_WEEK,
): string[] {
  const format = new Intl.DateTimeFormat(LOCALE_OF[lang], { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, week.firstDay + i))));
}

/** ISO weekday numbers (1 = Monday … 7 = Sunday) in week order, from the week's first day. */
export function weekdayOrder(week: WeekRule = ISO_WEEK): number[] {
  return Array.from({ length: 7 }, (_, i) => ((week.firstDay - 1 + i) % 7) + 1);
}
