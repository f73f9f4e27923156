import { type Calendar, type CalendarInput, calendarCompile, type WorkingIntervalInput } from '@takt/engine';

/**
 * A stored calendar as the API lists it (`calendars.list`) and the schedule payload carries it: a
 * week of working intervals (Monday first), exceptions by day or range of days, and the hours of a day
 * of duration.
 */
export interface CalendarRecord {
  id: string;
  name: string;
  isDefault: boolean;
  allDay: boolean;
  hoursPerDay: number | null;
  week: WorkingIntervalInput[][];
  exceptions: {
    date: string;
    until: string | null;
    name?: string | null;
    intervals: WorkingIntervalInput[];
  }[];
}

/**
 * The engine's own standard week (Mon–Fri 08–12, 13–17): a version's calendar when its space has
 * none. It is no stored calendar, so its id is no UUID.
 */
export const STANDARD_CALENDAR_ID = 'standard';

/** The engine's input for a stored calendar. */
export function calendarToEngine(c: CalendarRecord): CalendarInput {
  return {
    id: c.id,
    name: c.name,
    allDay: c.allDay,
    week: c.week,
    hoursPerDay: c.hoursPerDay ?? undefined,
    exceptions: c.exceptions.map((e) => ({
      date: e.date,
      until: e.until ?? undefined,
      intervals: e.intervals,
    })),
  };
}

/**
 * The calendar a version schedules on when a work names none: the version's own, else the space's
 * default, else the space's first (`calendars` in a stable order), else the engine's standard week.
 */
export function defaultCalendarOf(
  versionCalendarId: string | null,
  calendars: readonly { id: string; isDefault: boolean }[],
): string {
  return (
    versionCalendarId ?? calendars.find((c) => c.isDefault)?.id ?? calendars[0]?.id ?? STANDARD_CALENDAR_ID
  );
}

/**
 * Calendars compiled on first use (compiling one with years of exceptions takes milliseconds, and a
 * drag asks for the same few again and again). An unknown id gets the default calendar, as the
 * engine schedules a work whose calendar is not in its input.
 */
export class CompiledCalendars {
  private readonly records = new Map<string, CalendarRecord>();
  private readonly compiled = new Map<string, Calendar>();

  /** `window`: the days (since 2000-01-01) the caller will mostly ask about, see `calendarCompile`. */
  constructor(
    calendars: readonly CalendarRecord[],
    readonly defaultId: string,
    private readonly window?: readonly [number, number],
  ) {
    for (const c of calendars) this.records.set(c.id, c);
  }

  /** Whether the calendar is one of these (works on others are scheduled on the default one). */
  has(id: string | null | undefined): id is string {
    return !!id && this.records.has(id);
  }

  /** The compiled calendar of `id`, the default one for none or an unknown one. */
  of(id: string | null | undefined): Calendar {
    const key = this.has(id) ? id : this.defaultId;
    let calendar = this.compiled.get(key);
    if (!calendar) {
      const record = this.records.get(key);
      calendar = calendarCompile(record ? calendarToEngine(record) : { id: key }, { window: this.window });
      this.compiled.set(key, calendar);
    }
    return calendar;
  }

  get default(): Calendar {
    return this.of(this.defaultId);
  }
}
