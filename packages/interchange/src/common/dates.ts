import { TIME_MAX, TIME_MIN, timeToIso } from '@takt/engine';
import { InterchangeError, type InterchangeErrorLocation } from './errors.js';

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * The instants the engine can calculate with, read from the engine itself (its range may grow): a date
 * outside them is kept where it is only recorded, and clamped or left out where it would drive the
 * schedule (see `lenient.ts`).
 */
export const ENGINE_FIRST = timeToIso(TIME_MIN).slice(0, 16);
export const ENGINE_LAST = timeToIso(TIME_MAX).slice(0, 16);

/** Whether a model date (`YYYY-MM-DDTHH:mm` or `YYYY-MM-DD`) is inside the engine's range. */
export function inEngineRange(iso: string): boolean {
  return iso >= ENGINE_FIRST.slice(0, iso.length) && iso <= ENGINE_LAST;
}

/**
 * Any of `YYYY-MM-DD HH:mm`, `YYYY-MM-DDTHH:mm:ss` → `YYYY-MM-DDTHH:mm`: a real calendar date of the
 * years 1000–9999 (whether the engine can use it is `inEngineRange`).
 */
export function isoDate(text: string, where: InterchangeErrorLocation): string {
  const m = ISO.exec(text.trim());
  if (!m) throw new InterchangeError('invalid_value', `"${text}" is not a date`, where);
  const [, y, mo, d, h = '00', mi = '00'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    Number(h) > 24 ||
    Number(mi) > 59
  )
    throw new InterchangeError('invalid_value', `"${text}" is not a valid date`, where);
  if (year < 1000) throw new InterchangeError('invalid_value', `"${text}" is not a valid date`, where);
  if (h === '24') return nextDayIso(`${y}-${mo}-${d}`);
  return `${y}-${mo}-${d}T${h}:${mi}`;
}

function nextDayIso(date: string): string {
  const t = new Date(`${date}T00:00:00Z`).getTime() + 86_400_000;
  return `${new Date(t).toISOString().slice(0, 10)}T00:00`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An Excel/P6 day serial (days since 1899-12-30) → `YYYY-MM-DD`. */
export function dateFromSerial(serial: number): string {
  const t = Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function serialFromDate(date: string): number {
  return Math.round((Date.parse(`${date.slice(0, 10)}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);
}

/**
 * `HH:mm` or `HH:mm:ss`. `inclusiveFinish`: P6's API (PMXML) writes a finish as its last working minute
 * (11:59, 15:29), so one minute is added; `'59'` adds it only to :59 (some XER calendar data does the same).
 */
export function hhmm(
  text: string,
  where: InterchangeErrorLocation,
  inclusiveFinish: boolean | '59' = false,
): string {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) throw new InterchangeError('invalid_value', `"${text}" is not a time of day`, where);
  let minutes = Number(m[1]) * 60 + Number(m[2]);
  if (minutes > 1440) throw new InterchangeError('invalid_value', `"${text}" is not a time of day`, where);
  if (inclusiveFinish === true || (inclusiveFinish === '59' && minutes % 60 === 59)) minutes += 1;
  minutes %= 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function number(text: string, where: InterchangeErrorLocation, max = 1e9): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value))
    throw new InterchangeError('invalid_value', `"${text}" is not a number`, where);
  if (Math.abs(value) > max) throw new InterchangeError('invalid_value', `${text} is out of range`, where);
  return value;
}

/** Hours (P6 durations, lags, floats) → whole minutes. Absurd values (over 100 years of 24h) are errors. */
export function minutesFromHours(text: string, where: InterchangeErrorLocation): number {
  return Math.round(number(text, where, 876_000) * 60);
}

/** `YYYY-MM-DDTHH:mm` → P6's `YYYY-MM-DD HH:mm`. */
export function xerDate(iso: string | undefined): string {
  return iso ? iso.replace('T', ' ') : '';
}
