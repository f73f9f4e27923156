import { type Calendar, calendarWorkingMinutesBetween, type Minutes, timeToIso } from '@takt/engine';
import type { LinkType } from '@takt/gantt';
import { MINUTES_PER_DAY, WORK_MILESTONE_FINISH, WORK_MILESTONE_START, WORK_SUMMARY } from '@takt/gantt';
import type { EditCommand, MinuteLimit } from '@takt/schedule';
import { hasDate } from '../../../lib/schedule-time';

export type { MinuteLimit };

/** What a drag on a plan bar does: move it, or move one of its ends (changes the duration). */
export type DragMode = 'move' | 'start' | 'finish';

/** The work being dragged, as it was when the drag began. */
export interface DragSubject {
  readonly shape: number;
  readonly start: number;
  readonly finish: number;
  readonly durationMinutes: number;
  readonly startLimit: MinuteLimit | null;
  readonly finishLimit: MinuteLimit | null;
}

/** The edit a drag makes: new constraints and duration (absent: unchanged) and where the bar goes. */
export interface DragEdit {
  readonly startLimit?: MinuteLimit;
  readonly finishLimit?: MinuteLimit;
  readonly durationMinutes?: number;
  /** The dragged bar at the pointer (the ghost), engine minutes. */
  readonly ghostStart: number;
  readonly ghostFinish: number;
}

/** Whole days a horizontal drag covers at a zoom (the drag snaps to days). */
export function dragDays(dxPx: number, pxPerMinute: number): number {
  const days = Math.round(dxPx / (pxPerMinute * MINUTES_PER_DAY));
  return days === 0 ? 0 : days; // no -0
}

/** The day holding a start instant, and the day a finish instant ends (a finish at 00:00 ends the day before). */
export const startDay = (minute: number) => Math.floor(minute / MINUTES_PER_DAY);
export const finishDay = (minute: number) => Math.ceil(minute / MINUTES_PER_DAY) - 1;

/** A start limit keeps an "in date" type (the work stays pinned, on its new date); anything else becomes "not earlier". */
function movedLimit(existing: MinuteLimit | null, date: number): MinuteLimit {
  return { type: existing?.type === 'in_date' ? 'in_date' : 'not_earlier', date };
}

/**
 * The edit of dragging a work `days` days: a move sets the start limit (a finish milestone: the finish
 * limit) to the new date at the same time of day, so the engine keeps the logic and only holds the work
 * no earlier than where it was dropped; dragging an end changes the duration in working minutes of the
 * work's calendar, the other end staying where it is (the start end also moves the start limit).
 * Null when nothing changes.
 */
export function dragEdit(
  subject: DragSubject,
  mode: DragMode,
  days: number,
  calendar: Calendar,
): DragEdit | null {
  if (days === 0) return null;
  const { start, finish } = subject;
  const shift = days * MINUTES_PER_DAY;
  const milestone = subject.shape === WORK_MILESTONE_START || subject.shape === WORK_MILESTONE_FINISH;
  if (mode === 'move' || milestone) {
    if (subject.shape === WORK_MILESTONE_FINISH)
      return {
        finishLimit: movedLimit(subject.finishLimit, finish + shift),
        ghostStart: start + shift,
        ghostFinish: finish + shift,
      };
    return {
      startLimit: movedLimit(subject.startLimit, start + shift),
      ghostStart: start + shift,
      ghostFinish: finish + shift,
    };
  }
  if (mode === 'finish') {
    const lastDay = Math.max(finishDay(finish) + days, startDay(start));
    const target = finish + (lastDay - finishDay(finish)) * MINUTES_PER_DAY;
    const duration = Math.max(
      0,
      calendarWorkingMinutesBetween(calendar, start as Minutes, target as Minutes),
    );
    if (duration === subject.durationMinutes) return null;
    return { durationMinutes: duration, ghostStart: start, ghostFinish: Math.max(start, target) };
  }
  const firstDay = Math.min(startDay(start) + days, finishDay(finish));
  const target = start + (firstDay - startDay(start)) * MINUTES_PER_DAY;
  const duration = Math.max(0, calendarWorkingMinutesBetween(calendar, target as Minutes, finish as Minutes));
  return {
    startLimit: movedLimit(subject.startLimit, target),
    durationMinutes: duration,
    ghostStart: target,
    ghostFinish: finish,
  };
}

/** Why a work cannot be dragged, or null when it can. */
type DragRefusal = 'summary' | 'started' | 'no_dates' | 'draft';

export function dragRefusal(
  shape: number,
  typeName: string,
  start: number,
  finish: number,
  factStart: number,
): DragRefusal | null {
  if (shape === WORK_SUMMARY) return 'summary';
  if (typeName === 'draft') return 'draft';
  if (!hasDate(start) || !hasDate(finish)) return 'no_dates';
  if (hasDate(factStart)) return 'started';
  return null;
}

/**
 * The command that saves a drag (and previews it): a move sets the limit the drag moved; dragging an
 * end resizes from that end to where the bar now ends — the duration is counted again from there, on
 * the work's calendar, by `@takt/schedule` in the browser and on the server alike.
 */
export function dragCommand(workId: string, edit: DragEdit): EditCommand {
  const at = (minutes: number) => timeToIso(minutes as Minutes);
  if (edit.durationMinutes === undefined) {
    const limit = (edit.startLimit ?? edit.finishLimit)!;
    return { kind: 'move', workId, start: at(limit.date) };
  }
  if (edit.startLimit) return { kind: 'resize', workId, edge: 'start', date: at(edit.ghostStart) };
  return { kind: 'resize', workId, edge: 'finish', date: at(edit.ghostFinish) };
}

/** The relation type a link drawn from one end of a work to an end of another makes (finish → start: FS). */
export function linkTypeFromEnds(from: 'start' | 'finish', to: 'start' | 'finish'): LinkType {
  if (from === 'finish') return to === 'start' ? 'fs' : 'ff';
  return to === 'start' ? 'ss' : 'sf';
}

/** The end of a target bar a link is dropped on: its first half is the start, the second the finish. */
export function targetEnd(x: number, barX: number, barWidth: number): 'start' | 'finish' {
  return x < barX + barWidth / 2 ? 'start' : 'finish';
}
