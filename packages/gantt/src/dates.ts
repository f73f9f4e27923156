/**
 * Calendar dates of engine time (integer minutes since 2000-01-01T00:00, no time zone): day numbers,
 * Gregorian dates, ISO weekdays and ISO week numbers, and the DD.MM.YYYY format of the spec.
 */
import { NO_TIME, timeDateFromDays, timeDaysFromDate, timeWeekday } from '@takt/engine';

export const MINUTES_PER_DAY = 1440;

/**
 * "No date" in a time column: the engine's `NO_TIME` (−2³¹, below the supported range 1900–2199).
 * Every other value is a date — negative minutes are dates before 2000, not a missing date.
 */
export const NO_DATE: number = NO_TIME;

export interface CalendarDate {
  readonly year: number;
  readonly month: number; // 1–12
  readonly day: number; // 1–31
}

/** Days from 2000-01-01 to a proleptic Gregorian date: the engine's own day arithmetic. */
export const dateToDay: (year: number, month: number, day: number) => number = timeDaysFromDate;

/** The date of a day number (inverse of `dateToDay`). */
export const dateFromDay: (days: number) => CalendarDate = timeDateFromDays;

/** Engine minutes of a date at 00:00. */
export function dateToMinutes(year: number, month: number, day: number): number {
  return dateToDay(year, month, day) * MINUTES_PER_DAY;
}

/** ISO weekday of a day number, Monday = 0 … Sunday = 6. */
export const dateWeekday: (days: number) => number = timeWeekday;

/** ISO 8601 week of a day number: weeks start on Monday, week 1 holds the year's first Thursday. */
export function dateIsoWeek(days: number): { year: number; week: number } {
  const thursday = days - dateWeekday(days) + 3;
  const year = dateFromDay(thursday).year;
  return { year, week: Math.floor((thursday - dateToDay(year, 1, 1)) / 7) + 1 };
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** DD.MM.YYYY of an instant (the spec's default date format). */
export function dateFormat(minutes: number): string {
  const { year, month, day } = dateFromDay(Math.floor(minutes / MINUTES_PER_DAY));
  return `${pad2(day)}.${pad2(month)}.${year}`;
}

/** DD.MM of an instant. */
export function dateFormatDayMonth(minutes: number): string {
  const { month, day } = dateFromDay(Math.floor(minutes / MINUTES_PER_DAY));
  return `${pad2(day)}.${pad2(month)}`;
}
