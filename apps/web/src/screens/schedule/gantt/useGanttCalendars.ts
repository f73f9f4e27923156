import type { Calendar } from '@takt/engine';
import { useMemo } from 'react';
import { type ScheduleModel, textOf } from '../../../lib/columnar';
import { compiledCalendarsOf } from '../../../lib/schedule-calendars';

/**
 * The compiled calendars of the timeline, from the version's document (the calendars the server
 * calculates it with): the default one shades the non-working time, a work's own one moves and
 * resizes its bar.
 */
export function useGanttCalendars(model: ScheduleModel) {
  const calendars = useMemo(() => compiledCalendarsOf(model), [model]);
  const shading = calendars.default;
  const calendarOfWork = (work: number): Calendar => calendars.of(textOf(model, model.calendar[work]!));
  return { shading, calendarOfWork };
}
