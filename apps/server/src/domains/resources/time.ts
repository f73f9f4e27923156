import {
  type Calendar,
  type CalendarInput,
  calendarCompile,
  calendarWorkingMinutesBetween,
  timeFromIso,
} from '@takt/engine';
import { calendarToEngine, defaultCalendarOf } from '@takt/schedule';
import type { Sql } from '../../db/sql';

/** Compiled calendars of a version's space and the version's default one (the engine's standard week without any). */
export interface VersionCalendars {
  byId: Map<string, Calendar>;
  fallback: Calendar;
  of(calendarId: string | null | undefined): Calendar;
}

export async function versionCalendars(
  sql: Sql,
  spaceId: string,
  versionId: string,
): Promise<VersionCalendars> {
  const { rows } = await sql.query<{
    id: string;
    name: string;
    isDefault: boolean;
    allDay: boolean;
    hoursPerDay: number | null;
    week: CalendarInput['week'];
    exceptions: { date: string; until: string | null; name: string | null; intervals: [] }[] | null;
    versionCalendar: string | null;
  }>(
    `SELECT c.id, c.name, c."isDefault", c."allDay", c."hoursPerDay", c.week,
       (SELECT json_agg(json_build_object('date', to_char(e.date, 'YYYY-MM-DD'), 'until', to_char(e.until, 'YYYY-MM-DD'),
          'name', e.name, 'intervals', e.intervals)) FROM calendar_exceptions e WHERE e."calendarId" = c.id) AS exceptions,
       (SELECT v."calendarId" FROM versions v WHERE v.id = $2) AS "versionCalendar"
     FROM calendars c WHERE c."spaceId" = $1 ORDER BY c."createdAt", c.id`,
    [spaceId, versionId],
  );
  const byId = new Map<string, Calendar>();
  for (const c of rows)
    byId.set(
      c.id,
      calendarCompile(calendarToEngine({ ...c, week: c.week ?? [], exceptions: c.exceptions ?? [] })),
    );
  // The calculation's rule (`@takt/schedule`): the version's calendar, the space's default, its first one.
  const defaultId = defaultCalendarOf(rows[0]?.versionCalendar ?? null, rows);
  const fallback = byId.get(defaultId) ?? calendarCompile({ id: defaultId });
  return { byId, fallback, of: (id) => (id && byId.get(id)) || fallback };
}

/** `YYYY-MM-DD` → the instant of that day's midnight; `YYYY-MM-DDTHH:mm` as it is. */
export const instantOf = (value: string) => timeFromIso(value.length === 10 ? `${value}T00:00` : value);

/** The next day of `YYYY-MM-DD`. */
export function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The share of a span of working time that falls on one day, by distribution mode (entities): all on the
 * first working day, all on the last, or in proportion to the day's working minutes. 0 outside the span.
 */
export function dayShare(
  calendar: Calendar,
  start: string,
  finish: string,
  day: string,
  mode: 'start' | 'end' | 'evenly',
): number {
  const from = instantOf(start);
  const to = instantOf(finish);
  const dayFrom = instantOf(day);
  const dayTo = instantOf(dayAfter(day));
  const total = calendarWorkingMinutesBetween(calendar, from, to);
  if (total <= 0) return day === start.slice(0, 10) ? 1 : 0;
  if (mode === 'start') {
    const before = calendarWorkingMinutesBetween(calendar, from, Math.max(from, dayFrom) as typeof from);
    const within = calendarWorkingMinutesBetween(
      calendar,
      Math.max(from, dayFrom) as typeof from,
      Math.min(to, dayTo) as typeof to,
    );
    return before === 0 && within > 0 ? 1 : 0;
  }
  if (mode === 'end') {
    const after = calendarWorkingMinutesBetween(calendar, Math.min(to, dayTo) as typeof to, to);
    const within = calendarWorkingMinutesBetween(
      calendar,
      Math.max(from, dayFrom) as typeof from,
      Math.min(to, dayTo) as typeof to,
    );
    return after === 0 && within > 0 ? 1 : 0;
  }
  const low = Math.max(from, dayFrom);
  const high = Math.min(to, dayTo);
  if (high <= low) return 0;
  return calendarWorkingMinutesBetween(calendar, low as typeof from, high as typeof to) / total;
}
