import {
  MINUTES_PER_DAY,
  WORK_MILESTONE_FINISH,
  WORK_MILESTONE_START,
  WORK_SUMMARY,
  WORK_TASK,
} from '@takt/gantt';
import { describe, expect, it } from 'vitest';
import { NO_DATE } from '../../../lib/schedule-time';
import { at, standard, task } from '../../../testing/gantt-drag';
import { dragCommand, dragDays, dragEdit, dragRefusal, linkTypeFromEnds, targetEnd } from './edit';

const D = MINUTES_PER_DAY;

describe('dragDays: a horizontal drag snaps to whole days', () => {
  const pxPerMinute = 32 / D; // day zoom: 32 px per day
  it('rounds to the nearest day either way', () => {
    expect(dragDays(15, pxPerMinute)).toBe(0);
    expect(dragDays(17, pxPerMinute)).toBe(1);
    expect(dragDays(-17, pxPerMinute)).toBe(-1);
    expect(dragDays(-15, pxPerMinute)).toBe(0);
    expect(Object.is(dragDays(-15, pxPerMinute), -0)).toBe(false);
    expect(dragDays(32 * 7, pxPerMinute)).toBe(7);
  });
});

describe('dragEdit', () => {
  it('moving sets a "not earlier" start limit at the same time of day, the ghost moves whole', () => {
    const edit = dragEdit(task, 'move', 2, standard)!;
    expect(edit.startLimit).toEqual({ type: 'not_earlier', date: at('2024-01-03T08:00') });
    expect(edit.durationMinutes).toBeUndefined();
    expect(edit.finishLimit).toBeUndefined();
    expect([edit.ghostStart, edit.ghostFinish]).toEqual([task.start + 2 * D, task.finish + 2 * D]);
    expect(dragEdit(task, 'move', -3, standard)!.startLimit!.date).toBe(at('2023-12-29T08:00'));
  });

  it('an "in date" start limit keeps its type; other start limits become "not earlier"', () => {
    const pinned = { ...task, startLimit: { type: 'in_date' as const, date: task.start } };
    expect(dragEdit(pinned, 'move', 1, standard)!.startLimit!.type).toBe('in_date');
    const capped = { ...task, startLimit: { type: 'not_later' as const, date: task.start } };
    expect(dragEdit(capped, 'move', 1, standard)!.startLimit!.type).toBe('not_earlier');
  });

  it('a finish milestone moves by its finish limit; a start milestone by its start limit', () => {
    const finish = at('2024-01-05T17:00');
    const milestone = { ...task, shape: WORK_MILESTONE_FINISH, start: finish, finish, durationMinutes: 0 };
    expect(dragEdit(milestone, 'move', 3, standard)).toEqual({
      finishLimit: { type: 'not_earlier', date: at('2024-01-08T17:00') },
      ghostStart: finish + 3 * D,
      ghostFinish: finish + 3 * D,
    });
    const start = { ...milestone, shape: WORK_MILESTONE_START };
    // Dragging an end of a milestone moves it.
    expect(dragEdit(start, 'finish', 1, standard)!.startLimit).toEqual({
      type: 'not_earlier',
      date: finish + D,
    });
  });

  it('dragging the finish changes the duration in working minutes of the calendar', () => {
    expect(dragEdit(task, 'finish', 1, standard)).toEqual({
      durationMinutes: 1440,
      ghostStart: task.start,
      ghostFinish: at('2024-01-03T17:00'),
    });
    // To Saturday: the working time ends on Friday, five working days.
    expect(dragEdit(task, 'finish', 4, standard)!.durationMinutes).toBe(2400);
    // Shrinking stops at the start day: one working day is left.
    expect(dragEdit(task, 'finish', -5, standard)!.durationMinutes).toBe(480);
    // Into the weekend and back to where it was: no edit.
    const friday = { ...task, finish: at('2024-01-05T17:00'), durationMinutes: 2400 };
    expect(dragEdit(friday, 'finish', 1, standard)).toBeNull();
  });

  it('dragging the start moves the start limit and keeps the finish', () => {
    const edit = dragEdit(task, 'start', 1, standard)!;
    expect(edit.startLimit).toEqual({ type: 'not_earlier', date: at('2024-01-02T08:00') });
    expect(edit.durationMinutes).toBe(480);
    expect(edit.ghostFinish).toBe(task.finish);
    // Earlier: longer, over the weekend before it (Friday 29.12 counts, the weekend does not).
    expect(dragEdit(task, 'start', -3, standard)!.durationMinutes).toBe(1440);
    // Past the finish: clamped to the finish day.
    expect(dragEdit(task, 'start', 5, standard)!.durationMinutes).toBe(480);
  });

  it('no days, no edit', () => {
    expect(dragEdit(task, 'move', 0, standard)).toBeNull();
  });
});

describe('the command that saves a drag', () => {
  it('a move names the new date of the limit it moved (a finish milestone: its finish)', () => {
    expect(dragCommand('w', dragEdit(task, 'move', 2, standard)!)).toEqual({
      kind: 'move',
      workId: 'w',
      start: '2024-01-03T08:00',
    });
    const milestone = { ...task, shape: WORK_MILESTONE_FINISH, start: task.finish, durationMinutes: 0 };
    expect(dragCommand('m', dragEdit(milestone, 'finish', 1, standard)!)).toEqual({
      kind: 'move',
      workId: 'm',
      start: '2024-01-03T17:00',
    });
  });

  it('dragging an end resizes from that end to where the bar ends now', () => {
    expect(dragCommand('w', dragEdit(task, 'finish', 1, standard)!)).toEqual({
      kind: 'resize',
      workId: 'w',
      edge: 'finish',
      date: '2024-01-03T17:00',
    });
    expect(dragCommand('w', dragEdit(task, 'start', 1, standard)!)).toEqual({
      kind: 'resize',
      workId: 'w',
      edge: 'start',
      date: '2024-01-02T08:00',
    });
  });
});

describe('what may be dragged', () => {
  it('refuses summaries, drafts, works without dates and started works', () => {
    expect(dragRefusal(WORK_SUMMARY, 'sum', 0, D, NO_DATE)).toBe('summary');
    expect(dragRefusal(WORK_TASK, 'draft', 0, D, NO_DATE)).toBe('draft');
    expect(dragRefusal(WORK_TASK, 'task', NO_DATE, NO_DATE, NO_DATE)).toBe('no_dates');
    expect(dragRefusal(WORK_TASK, 'task', 0, D, 0)).toBe('started');
    expect(dragRefusal(WORK_TASK, 'work', 0, D, NO_DATE)).toBeNull();
    // Before 2000 is negative minutes, still dates (a 1990s schedule may be dragged).
    expect(dragRefusal(WORK_TASK, 'work', -10 * D, -9 * D, NO_DATE)).toBeNull();
  });
});

describe('links drawn between bars', () => {
  it('take their type from the ends they join', () => {
    expect(linkTypeFromEnds('finish', 'start')).toBe('fs');
    expect(linkTypeFromEnds('start', 'start')).toBe('ss');
    expect(linkTypeFromEnds('finish', 'finish')).toBe('ff');
    expect(linkTypeFromEnds('start', 'finish')).toBe('sf');
  });

  it('the first half of the target bar is its start, the second its finish', () => {
    expect(targetEnd(100, 100, 60)).toBe('start');
    expect(targetEnd(129, 100, 60)).toBe('start');
    expect(targetEnd(130, 100, 60)).toBe('finish');
    expect(targetEnd(170, 100, 60)).toBe('finish');
  });
});
