/**
 * Calendar dates of engine time (integer minutes since 2000-01-01T00:00, no time zone): day numbers,
 * Gregorian dates, ISO weekdays and ISO week numbers, and the DD.MM.YYYY format of the spec.
 */
export const MINUTES_PER_DAY = 1440;

export interface CalendarDate {
  readonly year: number;
  readonly month: number; // 1–12
  readonly day: number; // 1–31
}

/** Days from 2000-01-01 to a proleptic Gregorian date (Hinnant's days-from-civil). */
export function dateToDay(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 730425;
}

/** The date of a day number (inverse of `dateToDay`). */
export function dateFromDay(days: number): CalendarDate {
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

/** Engine minutes of a date at 00:00. */
export function dateToMinutes(year: number, month: number, day: number): number {
  return dateToDay(year, month, day) * MINUTES_PER_DAY;
}

/** ISO weekday of a day number, Monday = 0 … Sunday = 6 (2000-01-01 was a Saturday). */
export function dateWeekday(days: number): number {
  return (((days + 5) % 7) + 7) % 7;
}

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
