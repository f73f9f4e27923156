import { formatDate, parseDateInput, toIsoMinutes } from '@takt/contracts';
import { NO_TIME } from '@takt/engine';

/**
 * Dates of the schedule: the API speaks wall-clock `YYYY-MM-DDTHH:mm`, the columnar payload minutes since
 * 2000-01-01T00:00 (the engine's axis, negative before 2000; `NO_DATE` for no date). The screens show
 * DD.MM.YYYY on a 24-hour clock.
 */
/**
 * "No date" in a minutes column (the payloads' `noDate`): the engine's `NO_TIME`, −2³¹. Every other value
 * is a date — the engine's range is 1900–2199, so a 1990s date is negative minutes, not a missing one.
 */
export const NO_DATE: number = NO_TIME;

/** Whether a minutes value is a date (not `NO_DATE`). */
export const hasDate = (minutes: number | undefined): minutes is number =>
  minutes !== undefined && minutes !== NO_DATE;

const EPOCH_MS = Date.UTC(2000, 0, 1);
const MINUTE_MS = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** DD.MM.YYYY (with HH:mm when asked and the time is not midnight); empty for no date. */
export function formatMinutes(minutes: number, withTime = false): string {
  if (minutes === NO_DATE) return '';
  const d = new Date(EPOCH_MS + minutes * MINUTE_MS);
  const text = `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
  const hour = d.getUTCHours();
  const minute = d.getUTCMinutes();
  return withTime && (hour || minute) ? `${text} ${pad(hour)}:${pad(minute)}` : text;
}

export function isoToMinutes(iso: string | null | undefined): number {
  if (!iso) return NO_DATE;
  const ms = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : `${iso}:00Z`);
  return Number.isNaN(ms) ? NO_DATE : Math.round((ms - EPOCH_MS) / MINUTE_MS);
}

/** The local wall-clock time now in engine minutes (a chart's "today" line, a print's date). */
export function nowMinutes(now = new Date()): number {
  return isoToMinutes(new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
}

/** DD.MM.YYYY [HH:mm] of an API date. */
export function formatIso(iso: string | null | undefined, withTime = true): string {
  return formatMinutes(isoToMinutes(iso), withTime);
}

/** An API date `YYYY-MM-DD` of a day (for calendar exceptions). */
export function isoDay(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function formatIsoDay(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return formatDate({ year: year!, month: month!, day: day! });
}

/** Parses a typed date in the formats of validation rules; `undefined` for text that is not a date, null for empty. */
export function parseDateText(text: string): string | null | undefined {
  if (!text.trim()) return null;
  const parsed = parseDateInput(text);
  return parsed ? toIsoMinutes(parsed) : undefined;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number with the decimal separator of the language (a comma in Russian). */
export function formatNumber(value: number, lang: string, maxFractionDigits = 2): string {
  // One formatter per language and precision: creating one per grid cell cost ~5 ms per scroll frame.
  const key = `${lang}|${maxFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, { maximumFractionDigits: maxFractionDigits, useGrouping: false });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A typed number: a decimal comma or dot, spaces ignored; null for empty, NaN for text that is no number. */
export function parseNumberText(text: string): number | null {
  const clean = text.replace(/\s/g, '').replace(',', '.');
  if (!clean) return null;
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** Working days of a duration in minutes. */
export function minutesToDays(minutes: number, hoursPerDay: number): number {
  return minutes / (hoursPerDay * 60);
}

export function daysToMinutes(days: number, hoursPerDay: number): number {
  return Math.round(days * hoursPerDay * 60);
}

/** DD.MM.YYYY HH:mm in local time of a server timestamp (ISO with a zone). */
export function formatTimestamp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
