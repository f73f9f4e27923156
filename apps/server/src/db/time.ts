import { NO_TIME } from '@takt/engine';

/**
 * Engine time in SQL. Engine minutes count from 2000-01-01T00:00 and are negative before it (the range
 * is 1900–2199), so "no date" is only the engine's `NO_TIME` (−2³¹), never "any negative value".
 */
export const SQL_EPOCH = `timestamp '2000-01-01'`;

/** An `int` column of engine minutes as a `timestamp`, NULL for `NO_TIME`. */
export const sqlTimestampOfMinutes = (column: string) =>
  `CASE WHEN ${column} = ${NO_TIME} THEN NULL ELSE ${SQL_EPOCH} + ${column} * interval '1 minute' END`;

/** A `timestamp` column as engine minutes (`int`), `NO_TIME` for NULL. */
export const sqlMinutesOfTimestamp = (column: string) =>
  `coalesce(round(extract(epoch FROM (${column} - ${SQL_EPOCH})) / 60)::int, ${NO_TIME})`;

/** Formats a `timestamp` column as the API's wall-clock `YYYY-MM-DDTHH:mm` (time zone free). */
export const iso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI')`;

/** The key date of the editing period: today (server clock, wall-clock date). */
export function keyDate(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
