import { Temporal } from 'temporal-polyfill';
import { EngineError } from './engine-error.js';
import type { DateInput, Minutes } from './types.js';

/**
 * Calendar time inside the engine: integer minutes since 2000-01-01T00:00 (negative before it), a plain
 * local clock with no time zone and no daylight saving. The supported range is 1900-01-01T00:00 to
 * 2200-01-01T00:00: `TIME_MIN` to `TIME_MAX`, days `TIME_FIRST_DAY` to `TIME_END_DAY` (days since
 * 2000-01-01, the end day excluded).
 */
export const MINUTES_PER_DAY = 1440;
/** 1900-01-01 as days since 2000-01-01. */
export const TIME_FIRST_DAY = -36524;
/** 2200-01-01 as days since 2000-01-01: the day after the last day of the range. */
export const TIME_END_DAY = 73049;
export const TIME_MIN = (TIME_FIRST_DAY * MINUTES_PER_DAY) as Minutes;
export const TIME_MAX = (TIME_END_DAY * MINUTES_PER_DAY) as Minutes;
/** The supported range in words, for error messages. */
export const TIME_RANGE_TEXT = '1900-01-01 to 2200-01-01';
/** The end of the range in words: a date after it is out of range. */
export const TIME_RANGE_END_TEXT = '2199-12-31';

const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Days from 2000-01-01 to a proleptic Gregorian date, negative before it (Hinnant's days-from-civil). */
export function timeDaysFromDate(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 730425;
}

/** The date of a day number (inverse of `timeDaysFromDate`). */
export function timeDateFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 730425;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday of a day number, Monday = 0 … Sunday = 6 (2000-01-01 was a Saturday). */
export function timeWeekday(days: number): number {
  return (((days + 5) % 7) + 7) % 7;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function checkRange(time: number, text: string): Minutes {
  if (time < TIME_MIN || time > TIME_MAX) {
    throw new EngineError('out_of_range', `${text} is outside the supported range ${TIME_RANGE_TEXT}`);
  }
  return time as Minutes;
}

/** `YYYY-MM-DDTHH:mm` (seconds `:00` and a space separator are accepted; `YYYY-MM-DD` means 00:00). */
export function timeFromIso(text: string): Minutes {
  const match = ISO_PATTERN.exec(text);
  if (!match) throw new EngineError('invalid_date', `"${text}" is not a date-time YYYY-MM-DDTHH:mm`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 24 || minute > 59) {
    throw new EngineError('invalid_date', `"${text}" is not a valid date-time`);
  }
  if ((hour === 24 && minute !== 0) || Number(s) !== 0) {
    throw new EngineError('invalid_date', `"${text}" is not a whole minute`);
  }
  return checkRange(timeDaysFromDate(year, month, day) * MINUTES_PER_DAY + hour * 60 + minute, text);
}

const pad2 = (value: number): string => (value < 10 ? `0${value}` : String(value));

/** `YYYY-MM-DDTHH:mm`. */
export function timeToIso(time: Minutes): string {
  const days = Math.floor(time / MINUTES_PER_DAY);
  const minuteOfDay = time - days * MINUTES_PER_DAY;
  const { year, month, day } = timeDateFromDays(days);
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}`;
}

export function timeFromPlainDateTime(dateTime: Temporal.PlainDateTime): Minutes {
  const days = timeDaysFromDate(dateTime.year, dateTime.month, dateTime.day);
  return checkRange(days * MINUTES_PER_DAY + dateTime.hour * 60 + dateTime.minute, dateTime.toString());
}

export function timeToPlainDateTime(time: Minutes): Temporal.PlainDateTime {
  const days = Math.floor(time / MINUTES_PER_DAY);
  const minuteOfDay = time - days * MINUTES_PER_DAY;
  const { year, month, day } = timeDateFromDays(days);
  return new Temporal.PlainDateTime(year, month, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
}

/** A `DateInput` as minutes; `what` names the field and `workId` the work in the error. */
export function timeFromDateInput(input: DateInput, what: string, workId?: string): Minutes {
  try {
    if (typeof input === 'string') return timeFromIso(input);
    if (!Number.isInteger(input)) throw new EngineError('invalid_date', `${input} is not whole minutes`);
    return checkRange(input, `${input} minutes`);
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    const where = workId === undefined ? what : `work "${workId}": ${what}`;
    throw new EngineError(
      error.code,
      `${where}: ${error.message}`,
      workId === undefined ? {} : { workIds: [workId] },
    );
  }
}

/** `HH:mm` (with `24:00`) as minutes after midnight. */
export function timeOfDayFromText(text: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
  if (!match || Number(match[2]) > 59 || minutes > MINUTES_PER_DAY) {
    throw new EngineError('invalid_calendar', `"${text}" is not a time of day HH:mm`);
  }
  return minutes;
}
