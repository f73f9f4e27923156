import { type CalendarRecord, calculateDocument, previewEdit } from '@takt/schedule';
import { TEST_FIVE_DAYS } from '@takt/schedule/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { visibleRows } from '../../../lib/columnar';
import { at } from '../../../testing/gantt-drag';
import { dragCommand, dragEdit } from './edit';
import { ganttSnapshotFromModel } from './snapshot';
import { type TestLink, type TestWork, testModel } from './testing';
import { LazyWhatIf, nextSceneVersion, WhatIf } from './whatif';

const calendars: CalendarRecord[] = [TEST_FIVE_DAYS];
const version = { calendars, projectStart: at('2024-01-01T08:00') };
const DAY = 480;

/** Site → (dig, pour) → frame → handover; "paint" stands apart. Dates from the engine, as the server writes them. */
const shape: TestWork[] = [
  { id: 'site', type: 'sum' },
  { id: 'dig', parent: 0, duration: 2 * DAY },
  { id: 'pour', parent: 0, duration: DAY },
  { id: 'frame', duration: 3 * DAY, calendar: 'five' },
  { id: 'handover', type: 'milestone_finish' },
  { id: 'paint', duration: 2 * DAY },
];
const links: TestLink[] = [
  { from: 1, to: 2 },
  { from: 2, to: 3 },
  { from: 3, to: 4 },
];

function calculatedModel() {
  const { result } = calculateDocument(testModel(shape, links, version), '2024-01-01');
  const works = shape.map((w, i) => ({
    ...w,
    plan: [result.earlyStart[i]!, result.earlyFinish[i]!] as [number, number],
    late: [result.lateStart[i]!, result.lateFinish[i]!] as [number, number],
    totalFloat: result.totalFloat[i]!,
    critical: result.critical[i] === 1,
  }));
  return testModel(
    works,
    links.map((l, k) => ({ ...l, driving: result.relationDriving[k] === 1 })),
    version,
  );
}

describe('what-if while dragging', () => {
  const model = calculatedModel();
  const base = ganttSnapshotFromModel(model, visibleRows(model, new Set()), new Map(), nextSceneVersion());
  const whatIf = new WhatIf(model, '2024-01-01');
  afterEach(() => whatIf.reset());
  const subject = (row: number) => ({
    shape: base.shape[row]!,
    start: model.planStart[row]!,
    finish: model.planFinish[row]!,
    durationMinutes: model.durationMinutes[row]!,
    startLimit: null,
    finishLimit: null,
  });
  const drag = (row: number, mode: 'move' | 'start' | 'finish', days: number) =>
    dragCommand(model.ids[row]!, dragEdit(subject(row), mode, days, whatIf.calendarOf(row))!);

  it('moving a work moves its successors exactly as saving the same command computes', () => {
    const command = drag(1, 'move', 2);
    const preview = whatIf.preview(base, [command]);
    const saved = previewEdit(model, [command], '2024-01-01').result;
    for (const row of [1, 2, 3, 4]) {
      expect(preview.snapshot.planStart[row]).toBe(saved.earlyStart[row]);
      expect(preview.snapshot.planFinish[row]).toBe(saved.earlyFinish[row]);
    }
    // dig from Wednesday 3rd; pour, frame and handover follow.
    expect(preview.snapshot.planStart[1]).toBe(at('2024-01-03T08:00'));
    // frame: Monday 8th, Tuesday 9th, not the holiday on the 10th, Thursday 11th.
    expect(preview.snapshot.planFinish[4]).toBe(at('2024-01-11T17:00'));
    expect(preview.moved).toBe(5); // dig, pour, frame, handover and the summary
    expect(preview.snapshot.planStart[5]).toBe(model.planStart[5]); // paint is untouched
    expect(preview.snapshot.version).not.toBe(base.version);
    expect(model.planStart[1]).toBe(at('2024-01-01T08:00')); // the model is not changed
  });

  it('a later preview replaces the earlier one; reset takes everything back', () => {
    expect(whatIf.preview(base, [drag(1, 'move', 2)]).snapshot.planStart[1]).toBe(at('2024-01-03T08:00'));
    expect(whatIf.preview(base, [drag(1, 'move', 1)]).snapshot.planStart[1]).toBe(at('2024-01-02T08:00'));
    whatIf.reset();
    const none = whatIf.preview(base, []);
    expect(none.moved).toBe(0);
    expect([...none.snapshot.planStart]).toEqual([...model.planStart]);
  });

  it('a longer work pushes what follows it and the floats follow', () => {
    const preview = whatIf.preview(base, [{ kind: 'duration', workId: 'frame', durationMinutes: 5 * DAY }]);
    expect(preview.snapshot.planFinish[3]).toBe(at('2024-01-11T17:00'));
    expect(preview.snapshot.planStart[4]).toBe(at('2024-01-11T17:00'));
    expect(preview.moved).toBe(2);
    // The project ends two working days later (the 10th is a holiday), so every late date changes: the
    // step shows the dates at once and the floats as calculated until the drag rests.
    expect(preview.lateDatesPending).toBe(true);
    expect(preview.snapshot.totalFloat[5]).toBe(model.totalFloat[5]);
    const settled = whatIf.settle(base);
    expect(settled.lateDatesPending).toBe(false);
    // Paint has two more days of float; the dates are the step's.
    expect(settled.snapshot.totalFloat[5]).toBe(model.totalFloat[5]! + 2 * DAY);
    expect(settled.snapshot.planStart[5]).toBe(model.planStart[5]);
    expect(settled.snapshot.planFinish[3]).toBe(at('2024-01-11T17:00'));
    expect(settled.moved).toBe(2);
  });

  it('a move within the project finish shows its floats at the step itself', () => {
    const preview = whatIf.preview(base, [{ kind: 'duration', workId: 'paint', durationMinutes: 3 * DAY }]);
    expect(preview.lateDatesPending).toBe(false);
    expect(preview.snapshot.totalFloat[5]).toBe(model.totalFloat[5]! - DAY);
  });

  it('detects a link that would close a cycle and keeps none', () => {
    expect(whatIf.wouldCycle(3, 1, 'fs')).toBe(true);
    expect(whatIf.wouldCycle(5, 1, 'fs')).toBe(false);
    expect(whatIf.preview(base, []).moved).toBe(0);
  });

  it('resizes are counted on the calendar of the work', () => {
    const calendar = whatIf.calendarOf(3);
    expect(calendar.id).toBe('five');
    // Frame ends on Monday 8th: to Tuesday is four days, to the holiday on the 10th still four.
    expect(dragEdit(subject(3), 'finish', 1, calendar)!.durationMinutes).toBe(4 * DAY);
    expect(dragEdit(subject(3), 'finish', 2, calendar)!.durationMinutes).toBe(4 * DAY);
    expect(dragEdit(subject(3), 'finish', 3, calendar)!.durationMinutes).toBe(5 * DAY);
    const preview = whatIf.preview(base, [drag(3, 'finish', 3)]);
    expect(preview.snapshot.planFinish[3]).toBe(at('2024-01-11T17:00'));
  });
});

describe('the what-if of a loaded version, built at first use', () => {
  it('is not built until asked for, then once, and moves works as the what-if does', () => {
    const model = calculatedModel();
    const lazy = new LazyWhatIf(model, '2024-01-01');
    expect(lazy.settled).toBe(false);
    // A drag that comes before the idle build: asking builds it and waits for it.
    const whatIf = lazy.current;
    expect(whatIf).toBeInstanceOf(WhatIf);
    expect(lazy.settled).toBe(true);
    expect(lazy.current).toBe(whatIf);
    const base = ganttSnapshotFromModel(model, visibleRows(model, new Set()), new Map(), nextSceneVersion());
    const moved = whatIf!.preview(base, [{ kind: 'duration', workId: 'frame', durationMinutes: 5 * DAY }]);
    expect(moved.snapshot.planStart[4]).toBe(at('2024-01-11T17:00'));
    expect(lazy.problem).toBeNull();
  });

  it('has none for a read-only version, and keeps the reason when the version cannot be scheduled', () => {
    const readOnly = new LazyWhatIf(null, '2024-01-01');
    expect(readOnly.settled).toBe(true);
    expect(readOnly.current).toBeNull();
    const cyclic = new LazyWhatIf(testModel(shape, [...links, { from: 4, to: 1 }], version), '2024-01-01');
    expect(cyclic.current).toBeNull();
    expect(cyclic.problem).toMatch(/\S/);
    expect(cyclic.settled).toBe(true);
  });
});
