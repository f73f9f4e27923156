import { calendarDaysFromMinutes, calendarWorkingMinutesBetween, type Minutes } from '@takt/engine';
import { textOf } from '../../../lib/columnar';
import { compiledCalendarsOf } from '../../../lib/schedule-calendars';
import { hasDate, isoToMinutes } from '../../../lib/schedule-time';
import type { ColumnBody } from './context';
import type { ColumnTools } from './tools';

/**
 * The approved-plan comparison: the approved duration and the variances of start, finish and duration,
 * in working days of the work's calendar. A variance is the plan less the approved plan, so a positive
 * one is a slip (later, longer) and a negative one a gain, as MS Project counts it (see
 * docs/product-rules.md, "Views of the schedule").
 */
export function varianceColumns({ ctx, num, detail }: ColumnTools): Record<string, ColumnBody> {
  const { model: m } = ctx;
  // once per loaded document: the grid renders cells on every scroll frame
  const compiled = compiledCalendarsOf(m);
  /** Working days from `from` to `to` on the row's calendar (negative when `to` is earlier). */
  const workingDays = (row: number, from: number, to: number) => {
    const calendar = compiled.of(textOf(m, m.calendar[row]!) || null);
    return calendarDaysFromMinutes(
      calendar,
      calendarWorkingMinutesBetween(calendar, from as Minutes, to as Minutes),
    );
  };
  const approved = (row: number) => {
    const d = detail(row);
    return { start: isoToMinutes(d.approvedStart), finish: isoToMinutes(d.approvedFinish) };
  };
  const approvedDays = (row: number) => {
    const { start, finish } = approved(row);
    return hasDate(start) && hasDate(finish) ? workingDays(row, start, finish) : null;
  };
  const planDays = (row: number) =>
    hasDate(m.planStart[row]) && hasDate(m.planFinish[row])
      ? workingDays(row, m.planStart[row]!, m.planFinish[row]!)
      : null;
  /** A variance with its sign, marked as a slip or a gain; nothing when a side is missing. */
  const signed = (value: number | null) => {
    if (value === null) return '';
    const rounded = Math.round(value * 100) / 100;
    if (rounded === 0) return num(0);
    return (
      <span className={rounded > 0 ? 'wbs-variance-slip' : 'wbs-variance-gain'}>
        {rounded > 0 ? `+${num(rounded)}` : num(rounded)}
      </span>
    );
  };
  const dateVariance = (side: 'start' | 'finish') => (row: number) => {
    const base = approved(row)[side];
    const plan = side === 'start' ? m.planStart[row]! : m.planFinish[row]!;
    return hasDate(base) && hasDate(plan) ? workingDays(row, base, plan) : null;
  };
  return {
    approvedDuration: {
      align: 'right',
      render: (row) => {
        const days = approvedDays(row);
        return days === null ? '' : num(days);
      },
    },
    startVariance: { align: 'right', render: (row) => signed(dateVariance('start')(row)) },
    finishVariance: { align: 'right', render: (row) => signed(dateVariance('finish')(row)) },
    durationVariance: {
      align: 'right',
      render: (row) => {
        const base = approvedDays(row);
        const plan = planDays(row);
        return signed(base === null || plan === null ? null : plan - base);
      },
    },
  };
}
