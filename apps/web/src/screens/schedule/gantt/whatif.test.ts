import { calculate, timeFromIso } from '@takt/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { visibleRows } from '../../../lib/columnar';
import { NO_DATE } from '../../../lib/schedule-time';
import { NO_DETAILS, type PlanDetails } from '../plan-details';
import { dragEdit, dragEnginePatch } from './edit';
import { ganttSnapshotFromModel } from './snapshot';
import { type TestLink, type TestWork, testModel } from './testing';
import { type CalendarRecord, engineProjectFromModel, nextSceneVersion, WhatIf } from './whatif';

const at = (iso: string) => timeFromIso(iso) as number;
const week = [0, 1, 2, 3, 4].map(() => [
  { start: '08:00', finish: '12:00' },
  { start: '13:00', finish: '17:00' },
]);
const calendars: CalendarRecord[] = [
  {
    id: 'five',
    name: 'Five days',
    isDefault: true,
    allDay: false,
    hoursPerDay: 8,
    week: [...week, [], []],
    exceptions: [{ date: '2024-01-10', until: null, intervals: [] }],
  },
];
const version = { calendarId: null, projectStart: '2024-01-01T08:00', dataDate: null };
const DAY = 480;

/** Site → (dig, pour) → frame → handover; "paint" stands apart. Dates from the engine, as the server writes them. */
const shape: TestWork[] = [
  { id: 'site', type: 'sum' },
  { id: 'dig', parent: 0, duration: 2 * DAY },
  { id: 'pour', parent: 0, duration: DAY },
  { id: 'frame', duration: 3 * DAY },
  { id: 'handover', type: 'milestone_finish' },
  { id: 'paint', duration: 2 * DAY },
];
const links: TestLink[] = [
  { from: 1, to: 2 },
  { from: 2, to: 3 },
  { from: 3, to: 4 },
];

function calculatedModel(details: Map<string, PlanDetails> = new Map()) {
  const draft = testModel(shape, links);
  const result = calculate(engineProjectFromModel(draft, details, calendars, version, '2024-01-01'));
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
  );
}

describe('engine input from the decoded version', () => {
  it('recalculates to the dates the calculation wrote (engine index = model row)', () => {
    const model = calculatedModel();
    const result = calculate(engineProjectFromModel(model, new Map(), calendars, version, '2024-01-01'));
    expect([...result.earlyStart]).toEqual([...model.planStart]);
    expect([...result.earlyFinish]).toEqual([...model.planFinish]);
    expect(model.planStart[1]).toBe(at('2024-01-01T08:00'));
    // frame: Thursday 4th … Monday 8th, skipping the weekend.
    expect(model.planStart[3]).toBe(at('2024-01-04T08:00'));
    expect(model.planFinish[3]).toBe(at('2024-01-08T17:00'));
  });

  it('carries constraints, actual dates with the remaining work, calendars and the default calendar', () => {
    const model = testModel(
      [
        { id: 'a', duration: 960, fact: [at('2024-01-01T08:00'), NO_DATE], progress: 25, calendar: 'five' },
        { id: 'b', duration: 480, calendar: 'unknown' },
      ],
      [],
    );
    const details = new Map([
      ['b', { ...NO_DETAILS, startLimit: { type: 'not_earlier' as const, date: '2024-01-03T08:00' } }],
    ]);
    const project = engineProjectFromModel(
      model,
      details,
      [],
      { ...version, dataDate: '2024-01-02T08:00' },
      'x',
    );
    expect(project.defaultCalendarId).toBe('standard');
    expect(project.calendars).toEqual([{ id: 'standard' }]);
    expect(project.works[0]).toMatchObject({ actualStart: at('2024-01-01T08:00'), remainingMinutes: 720 });
    expect(project.works[0]!.calendarId).toBeNull();
    expect(project.works[1]!.constraint).toEqual({
      start: { type: 'not_earlier', date: at('2024-01-03T08:00') },
      finish: undefined,
    });
    expect(project.dataDate).toBe('2024-01-02T08:00');
  });

  it('a driving link from another schedule holds its successor where the server put it', () => {
    const model = testModel(
      [
        { id: 'a', duration: 480, plan: [at('2024-01-03T08:00'), at('2024-01-03T17:00')] },
        { id: 'b', duration: 480, plan: [at('2024-01-05T08:00'), at('2024-01-05T17:00')] },
      ],
      [
        { from: 0, to: 0, external: true, driving: true },
        { from: 0, to: 1, external: true, type: 'ff', driving: true },
      ],
    );
    const project = engineProjectFromModel(model, new Map(), calendars, version, 'x');
    expect(project.relations).toEqual([]);
    expect(project.works[0]!.constraint!.start).toEqual({
      type: 'not_earlier',
      date: at('2024-01-03T08:00'),
    });
    expect(project.works[1]!.constraint!.finish).toEqual({
      type: 'not_earlier',
      date: at('2024-01-05T17:00'),
    });
    const result = calculate(project);
    expect(result.earlyStart[0]).toBe(at('2024-01-03T08:00'));
  });
});

describe('what-if while dragging', () => {
  const model = calculatedModel();
  const base = ganttSnapshotFromModel(model, visibleRows(model, new Set()), new Map(), nextSceneVersion());
  const project = engineProjectFromModel(model, new Map(), calendars, version, '2024-01-01');
  const whatIf = new WhatIf(model, project);
  afterEach(() => whatIf.reset());
  const subject = (row: number) => ({
    shape: base.shape[row]!,
    start: model.planStart[row]!,
    finish: model.planFinish[row]!,
    durationMinutes: model.durationMinutes[row]!,
    startLimit: null,
    finishLimit: null,
  });

  it('moving a work moves its successors exactly as a full calculation of the edited project does', () => {
    const edit = dragEdit(subject(1), 'move', 2, whatIf.calendarOf(1))!;
    const patch = dragEnginePatch(subject(1), edit);
    const preview = whatIf.preview(base, 1, patch);
    const edited = structuredClone(project);
    Object.assign(edited.works[1]!, patch);
    const full = calculate(edited);
    for (const row of [1, 2, 3, 4]) {
      expect(preview.snapshot.planStart[row]).toBe(full.earlyStart[row]);
      expect(preview.snapshot.planFinish[row]).toBe(full.earlyFinish[row]);
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

  it('a later preview of the same work replaces the earlier one; reset takes everything back', () => {
    const edit = dragEdit(subject(1), 'move', 1, whatIf.calendarOf(1))!;
    const preview = whatIf.preview(base, 1, dragEnginePatch(subject(1), edit));
    expect(preview.snapshot.planStart[1]).toBe(at('2024-01-02T08:00'));
    whatIf.reset();
    const none = whatIf.preview(base, 3, { durationMinutes: model.durationMinutes[3]! });
    expect(none.moved).toBe(0);
    expect([...none.snapshot.planStart]).toEqual([...model.planStart]);
  });

  it('a longer work pushes what follows it and the floats follow', () => {
    const preview = whatIf.preview(base, 3, { durationMinutes: 5 * DAY });
    expect(preview.snapshot.planFinish[3]).toBe(at('2024-01-11T17:00'));
    expect(preview.snapshot.planStart[4]).toBe(at('2024-01-11T17:00'));
    expect(preview.moved).toBe(2);
    // The project ends two working days later (the 10th is a holiday): paint has two more days of float.
    expect(preview.snapshot.totalFloat[5]).toBe(model.totalFloat[5]! + 2 * DAY);
    expect(preview.snapshot.planStart[5]).toBe(model.planStart[5]);
  });

  it('detects a link that would close a cycle and keeps none', () => {
    expect(whatIf.wouldCycle(3, 1, 'fs')).toBe(true);
    expect(whatIf.wouldCycle(5, 1, 'fs')).toBe(false);
    const after = whatIf.preview(base, 5, { durationMinutes: model.durationMinutes[5]! });
    expect(after.moved).toBe(0);
  });

  it('resizes are counted on the calendar of the work', () => {
    const calendar = whatIf.calendarOf(3);
    expect(calendar.id).toBe('five');
    // Frame ends on Monday 8th: to Tuesday is four days, to the holiday on the 10th still four.
    expect(dragEdit(subject(3), 'finish', 1, calendar)!.durationMinutes).toBe(4 * DAY);
    expect(dragEdit(subject(3), 'finish', 2, calendar)!.durationMinutes).toBe(4 * DAY);
    expect(dragEdit(subject(3), 'finish', 3, calendar)!.durationMinutes).toBe(5 * DAY);
  });
});
