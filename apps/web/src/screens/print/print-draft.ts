import { type PlanKindFlags, PRINT_COLUMNS, type PrintColumn, type PrintScalingInput } from '@takt/contracts';
import { dateFormat, type GanttSnapshot } from '@takt/gantt';
import { hasDate, nowMinutes, parseDateText } from '../../lib/schedule-time';

/** The print settings being edited: the format, the scaling, the columns and the plan kinds. */
export interface Draft {
  presetId: string | null;
  scaling: PrintScalingInput;
  columns: PrintColumn[];
  kinds: PlanKindFlags;
}

/** The typed start and finish of a date range (DD.MM.YYYY). */
export interface RangeText {
  start: string;
  finish: string;
}

/** The days (`YYYY-MM-DD`) of a typed range; null while a date is missing, bad or the finish is early. */
export function rangeOfText(text: RangeText): { start: string; finish: string } | null {
  const start = parseDateText(text.start);
  const finish = parseDateText(text.finish);
  if (!start || !finish || finish < start) return null;
  return { start: start.slice(0, 10), finish: finish.slice(0, 10) };
}

/**
 * The range a switch to "dates" starts with: the dates typed before, each missing one taken from the
 * schedule's first start or last finish.
 */
export function rangeToStart(
  text: RangeText,
  snapshot: Pick<GanttSnapshot, 'workCount' | 'planStart' | 'planFinish'>,
): { start: string; finish: string } {
  return {
    start: parseDateText(text.start)?.slice(0, 10) ?? scheduleEdgeDay(snapshot, 'start'),
    finish: parseDateText(text.finish)?.slice(0, 10) ?? scheduleEdgeDay(snapshot, 'finish'),
  };
}

/** The first or last day of the schedule as `YYYY-MM-DD` (the default of a new date range); today without dates. */
export function scheduleEdgeDay(
  snapshot: Pick<GanttSnapshot, 'workCount' | 'planStart' | 'planFinish'>,
  end: 'start' | 'finish',
): string {
  let value = end === 'start' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  const column = end === 'start' ? snapshot.planStart : snapshot.planFinish;
  for (let i = 0; i < snapshot.workCount; i++) {
    const minute = column[i]!;
    if (!hasDate(minute)) continue;
    value = end === 'start' ? Math.min(value, minute) : Math.max(value, minute);
  }
  if (!Number.isFinite(value)) value = nowMinutes();
  const [day, month, year] = dateFormat(value).split('.');
  return `${year}-${month}-${day}`;
}

/** The printed columns with `column` switched on or off, in the order of the print's column list. */
export function columnsWith(
  columns: readonly PrintColumn[],
  column: PrintColumn,
  on: boolean,
): PrintColumn[] {
  return PRINT_COLUMNS.filter((c) => (c === column ? on : columns.includes(c)));
}
