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

/**
 * How a locale counts weeks: the day they start on (1 = Monday … 7 = Sunday, as ISO 8601 numbers them) and
 * how many days of a new year its first week must hold (ISO 4: the week of the first Thursday; US 1: the
 * week of 1 January).
 */
export interface WeekRule {
  readonly firstDay: number;
  readonly minimalDays: number;
}

/** ISO 8601: weeks start on Monday, week 1 holds the year's first Thursday (the spec's default). */
export const ISO_WEEK: WeekRule = { firstDay: 1, minimalDays: 4 };

/** The first day of the week holding a day number, under `rule`. */
export function dateWeekStart(days: number, rule: WeekRule = ISO_WEEK): number {
  return days - ((dateWeekday(days) - (rule.firstDay - 1) + 7) % 7);
}

/** The week of a day number under `rule`: the year it counts in, and its number in that year. */
export function dateWeekOf(days: number, rule: WeekRule = ISO_WEEK): { year: number; week: number } {
  const start = dateWeekStart(days, rule);
  // a week counts in the year that holds at least `minimalDays` of its days
  const year = dateFromDay(start + 7 - rule.minimalDays).year;
  const newYear = dateToDay(year, 1, 1);
  let first = dateWeekStart(newYear, rule);
  if (7 - (newYear - first) < rule.minimalDays) first += 7;
  return { year, week: (start - first) / 7 + 1 };
}

/** ISO 8601 week of a day number: weeks start on Monday, week 1 holds the year's first Thursday. */
export function dateIsoWeek(days: number): { year: number; week: number } {
  return dateWeekOf(days, ISO_WEEK);
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
