import { CompiledCalendars } from '@takt/schedule';
import type { ScheduleModel } from './columnar';

/** One compilation of a loaded version's calendars, shared by whatever draws or counts with them. */
const compiledOf = new WeakMap<ScheduleModel['calendars'], CompiledCalendars>();

/**
 * The compiled calendars of a loaded version — compiled at the first use, once for the Gantt's shading,
 * the grid's variance columns and the print preview alike (a compilation walks centuries of days, so
 * it is kept off the path to the first frame wherever it is not needed there).
 */
export function compiledCalendarsOf(
  model: Pick<ScheduleModel, 'calendars' | 'scheduling'>,
): CompiledCalendars {
  let compiled = compiledOf.get(model.calendars);
  if (!compiled) {
    compiled = new CompiledCalendars(model.calendars, model.scheduling.defaultCalendarId);
    compiledOf.set(model.calendars, compiled);
  }
  return compiled;
}
