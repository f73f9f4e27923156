import { calendarDaysFromMinutes, calendarWorkingMinutesBetween, type Minutes } from '@takt/engine';
import type { CompiledCalendars } from './calendars.js';
import { hasDate, type ScheduleColumns } from './document.js';

/** The approved-plan comparison's columns: each a work's value in working days, NaN where a date is missing. */
export interface ApprovedVariances {
  approvedDuration: Float64Array;
  startVariance: Float64Array;
  finishVariance: Float64Array;
  durationVariance: Float64Array;
}

/** The keys of `ApprovedVariances`, which are also the grid's, the print's and the export's column keys. */
export const VARIANCE_COLUMNS = [
  'approvedDuration',
  'startVariance',
  'finishVariance',
  'durationVariance',
] as const satisfies readonly (keyof ApprovedVariances)[];

/**
 * The approved duration and the start, finish and duration variances of every work, in working days of
 * the work's calendar (docs/product-rules.md, "Views of the schedule"): a variance is the plan less the
 * approved plan, so a positive one is a slip and a negative one a gain, as MS Project counts it. The
 * grid, the print and the spreadsheet export show the same numbers.
 */
export function approvedVariances(
  works: Pick<ScheduleColumns['works'], 'calendar' | 'planStart' | 'planFinish'>,
  strings: readonly string[],
  calendars: CompiledCalendars,
  approved: { start: ArrayLike<number>; finish: ArrayLike<number> },
): ApprovedVariances {
  const n = works.planStart.length;
  const out: ApprovedVariances = {
    approvedDuration: new Float64Array(n).fill(Number.NaN),
    startVariance: new Float64Array(n).fill(Number.NaN),
    finishVariance: new Float64Array(n).fill(Number.NaN),
    durationVariance: new Float64Array(n).fill(Number.NaN),
  };
  for (let row = 0; row < n; row++) {
    const baseStart = approved.start[row];
    const baseFinish = approved.finish[row];
    if (!hasDate(baseStart) && !hasDate(baseFinish)) continue;
    const ref = works.calendar[row]!;
    const calendar = calendars.of(ref >= 0 ? (strings[ref] ?? null) : null);
    /** Working days from `from` to `to` (negative when `to` is earlier). */
    const days = (from: number, to: number) =>
      calendarDaysFromMinutes(
        calendar,
        calendarWorkingMinutesBetween(calendar, from as Minutes, to as Minutes),
      );
    const planStart = works.planStart[row]!;
    const planFinish = works.planFinish[row]!;
    if (hasDate(baseStart) && hasDate(planStart)) out.startVariance[row] = days(baseStart, planStart);
    if (hasDate(baseFinish) && hasDate(planFinish)) out.finishVariance[row] = days(baseFinish, planFinish);
    if (hasDate(baseStart) && hasDate(baseFinish)) {
      const base = days(baseStart, baseFinish);
      out.approvedDuration[row] = base;
      if (hasDate(planStart) && hasDate(planFinish))
        out.durationVariance[row] = days(planStart, planFinish) - base;
    }
  }
  return out;
}
