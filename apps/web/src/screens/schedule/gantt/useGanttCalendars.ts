import { type Calendar, calendarCompile } from '@takt/engine';
import { useCallback, useEffect, useMemo } from 'react';
import { type ScheduleModel, textOf } from '../../../lib/columnar';
import type { VersionInfo } from '../../../lib/schedule-types';
import { type CalendarRecord, calendarInput, defaultCalendarId, STANDARD_CALENDAR_ID } from './whatif';

/**
 * The compiled calendars of the timeline: the default one shades the non-working time, a work's own
 * one moves and resizes its bar.
 */
export function useGanttCalendars(
  model: ScheduleModel,
  calendars: readonly CalendarRecord[] | undefined,
  version: VersionInfo,
) {
  const calendarCache = useMemo(() => new Map<string, Calendar>(), []);
  const compiled = useCallback(
    (id: string): Calendar => {
      let calendar = calendarCache.get(id);
      if (!calendar) {
        const record = calendars?.find((c) => c.id === id);
        calendar = calendarCompile(record ? calendarInput(record) : { id });
        calendarCache.set(id, calendar);
      }
      return calendar;
    },
    [calendars, calendarCache],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new calendars reply empties the cache
  useEffect(() => calendarCache.clear(), [calendars, calendarCache]);
  const defaultCalendar = calendars ? defaultCalendarId(calendars, version) : STANDARD_CALENDAR_ID;
  const shading = useMemo(
    () => (calendars ? compiled(defaultCalendar) : null),
    [calendars, compiled, defaultCalendar],
  );
  const calendarOfWork = (work: number): Calendar => {
    const id = textOf(model, model.calendar[work]!);
    return compiled(id && calendars?.some((c) => c.id === id) ? id : defaultCalendar);
  };
  return { shading, calendarOfWork };
}
