import { NO_TIME } from '@takt/engine';
import { MINUTES_PER_DAY } from '@takt/gantt';
import { CompiledCalendars } from '@takt/schedule';
import type { ScheduleModel } from './columnar';

/** One compilation of a loaded version's calendars, shared by whatever draws or counts with them. */
const compiledOf = new WeakMap<ScheduleModel['calendars'], CompiledCalendars>();

/** Days around a version's dates that its calendars are first laid out over (a chart scrolls past them). */
const MARGIN_DAYS = 400;

type Dated = Pick<ScheduleModel, 'count' | 'planStart' | 'planFinish'>;

/**
 * The days a version's plan spans, with a margin: what its charts and columns ask its calendars
 * about (anything else widens a calendar when asked). Undefined for a version without dates.
 */
function daysOf(model: Dated): [number, number] | undefined {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < model.count; row++) {
    const start = model.planStart[row]!;
    const finish = model.planFinish[row]!;
    if (start !== NO_TIME && start < first) first = start;
    if (finish !== NO_TIME && finish > last) last = finish;
  }
  if (!(first <= last)) return undefined;
  return [Math.floor(first / MINUTES_PER_DAY) - MARGIN_DAYS, Math.ceil(last / MINUTES_PER_DAY) + MARGIN_DAYS];
}

/**
 * The compiled calendars of a loaded version — compiled at the first use, once for the Gantt's shading,
 * the grid's variance columns and the print preview alike, laid out first over the version's own dates
 * (laying out the engine's default half-century was most of the cost of the Gantt's first frame).
 */
export function compiledCalendarsOf(
  model: Pick<ScheduleModel, 'calendars' | 'scheduling'> & Dated,
): CompiledCalendars {
  let compiled = compiledOf.get(model.calendars);
  if (!compiled) {
    compiled = new CompiledCalendars(model.calendars, model.scheduling.defaultCalendarId, daysOf(model));
    compiledOf.set(model.calendars, compiled);
  }
  return compiled;
}
