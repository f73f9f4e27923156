import { describe, expect, it } from 'vitest';
import { intern, PAYLOAD_NO_DATE, type ScheduleDocument, textOf } from './document.js';
import {
  progressWeightsOf,
  rolledUpStatus,
  rollUpAncestors,
  rollUpChanged,
  rollUpSummaries,
} from './rollups.js';
import { TEST_FIVE_DAYS, type TestWork, testDocument, testWorkRecord } from './testing.js';
import { minutesOfIso, patchWork } from './work-record.js';

const at = minutesOfIso;
const N = PAYLOAD_NO_DATE;
const DAY = 480;
const COMPLETED = 2;
const IN_PROGRESS = 1;
const NOT_STARTED = 0;

/** A finished work (actual start and finish), 100 %. */
const done = (id: string, parent: number, duration: number): TestWork => ({
  id,
  parent,
  duration,
  progress: 100,
  plan: [at('2024-01-08T08:00'), at('2024-01-08T17:00')],
  fact: [at('2024-01-08T08:00'), at('2024-01-08T17:00')],
});

/** Sets a row's volumes and unit (the test version's columns have none). */
function volumes(doc: ScheduleDocument, row: number, plan: number, fact: number, unit: string | null) {
  doc.planVolume[row] = plan;
  doc.factVolume[row] = fact;
  doc.unit[row] = intern(doc, unit);
}

describe('rollUpSummaries: duration', () => {
  const span: TestWork[] = [
    { id: 'S', type: 'sum', plan: [at('2024-01-08T08:00'), at('2024-01-12T17:00')], calendar: 'five' },
    { id: 'a', parent: 0, duration: DAY, plan: [at('2024-01-08T08:00'), at('2024-01-08T17:00')] },
    { id: 'b', parent: 0, duration: DAY, plan: [at('2024-01-12T08:00'), at('2024-01-12T17:00')] },
  ];

  it('counts the working minutes between start and finish on the summary calendar, skipping its holidays', () => {
    // Monday 8 to Friday 12 January 2024 is five working days; the 10th is a holiday of `five`.
    const doc = testDocument(span, [], { calendars: [TEST_FIVE_DAYS] });
    expect(rollUpSummaries(doc).durationMinutes[0]).toBe(4 * DAY);
  });

  it('uses the version default calendar for a summary on none, and not the sum of its works', () => {
    const doc = testDocument(
      span.map((w) => ({ ...w, calendar: undefined })),
      [],
      { calendars: [] },
    );
    // The engine's standard week has no holidays: all five days; the works alone hold two.
    expect(rollUpSummaries(doc).durationMinutes[0]).toBe(5 * DAY);
  });

  it('takes the dates it is given (a calculation result) over the stored ones', () => {
    const doc = testDocument(span, [], { calendars: [TEST_FIVE_DAYS] });
    const start = doc.planStart.slice();
    const finish = doc.planFinish.slice();
    finish[0] = at('2024-01-09T17:00');
    expect(rollUpSummaries(doc, { start, finish }).durationMinutes[0]).toBe(2 * DAY);
  });

  it('has no duration without dates', () => {
    const doc = testDocument([
      { id: 'S', type: 'sum', duration: 999 },
      { id: 'a', parent: 0, duration: DAY },
    ]);
    expect(rollUpSummaries(doc).durationMinutes[0]).toBe(0);
  });
});

describe('rollUpSummaries: progress and status', () => {
  it('weights progress by duration (actual duration over duration)', () => {
    const doc = testDocument([
      { id: 'S', type: 'sum' },
      {
        id: 'a',
        parent: 0,
        duration: DAY,
        progress: 100,
        fact: [at('2024-01-08T08:00'), at('2024-01-08T17:00')],
      },
      { id: 'b', parent: 0, duration: 3 * DAY, progress: 50, fact: [at('2024-01-09T08:00'), N] },
    ]);
    const r = rollUpSummaries(doc);
    expect(r.progress[0]).toBe(62.5);
    expect(r.status[0]).toBe(IN_PROGRESS);
  });

  it('weights progress by the scenario measure where works have one, by duration where none has', () => {
    const doc = testDocument([
      { id: 'S', type: 'sum' },
      { id: 'a', parent: 0, duration: 3 * DAY, progress: 100 },
      { id: 'b', parent: 0, duration: DAY, progress: 0 },
      { id: 'T', type: 'sum' },
      { id: 'c', parent: 3, duration: 3 * DAY, progress: 100 },
      { id: 'd', parent: 3, duration: DAY, progress: 0 },
    ]);
    // Labour of 10 and 30 hours on a and b; none on c and d.
    const weights = Float64Array.from([Number.NaN, 10, 30, Number.NaN, 0, Number.NaN]);
    const r = rollUpSummaries(doc, { weights });
    expect(r.progress[0]).toBe(25);
    expect(r.progress[3]).toBe(75);
  });

  it('averages works that have neither duration nor weight (milestones)', () => {
    const doc = testDocument([
      { id: 'S', type: 'sum' },
      { id: 'm1', parent: 0, type: 'milestone_finish', progress: 100 },
      { id: 'm2', parent: 0, type: 'milestone_finish', progress: 0 },
    ]);
    expect(rollUpSummaries(doc).progress[0]).toBe(50);
  });

  it('is completed when every work is, not started when none has started; drafts do not count', () => {
    const doc = testDocument([
      { id: 'S', type: 'sum' },
      done('a', 0, DAY),
      done('b', 0, 2 * DAY),
      { id: 'draft', parent: 0, type: 'draft', duration: DAY },
      { id: 'T', type: 'sum' },
      { id: 'c', parent: 4, duration: DAY },
    ]);
    const r = rollUpSummaries(doc);
    expect([r.status[0], r.progress[0]]).toEqual([COMPLETED, 100]);
    expect([r.status[4], r.progress[4]]).toEqual([NOT_STARTED, 0]);
  });

  it('rolls nested summaries up from all the works under them', () => {
    const doc = testDocument([
      { id: 'top', type: 'sum' },
      { id: 'mid', type: 'sum', parent: 0 },
      done('a', 1, DAY),
      { id: 'b', parent: 1, duration: DAY },
      { id: 'low', type: 'sum', parent: 0 },
      done('c', 4, 2 * DAY),
    ]);
    const r = rollUpSummaries(doc);
    expect([r.status[1], r.progress[1]]).toEqual([IN_PROGRESS, 50]);
    expect([r.status[4], r.progress[4]]).toEqual([COMPLETED, 100]);
    // Three of the top's four days of work are done.
    expect([r.status[0], r.progress[0]]).toEqual([IN_PROGRESS, 75]);
    expect(Array.from(rolledUpStatus(doc))).toEqual(Array.from(r.status));
  });

  it('leaves an empty summary (or one holding only empty summaries and drafts) as it is', () => {
    const doc = testDocument([
      { id: 'S', type: 'sum', duration: 777, progress: 33, fact: [at('2024-01-08T08:00'), N] },
      { id: 'E', type: 'sum', parent: 0 },
      { id: 'draft', parent: 1, type: 'draft' },
    ]);
    volumes(doc, 0, 5, 1, 'm3');
    const r = rollUpSummaries(doc);
    expect([r.durationMinutes[0], r.progress[0], r.status[0]]).toEqual([777, 33, IN_PROGRESS]);
    expect([r.planVolume[0], r.factVolume[0], textOf(doc, r.unit[0]!)]).toEqual([5, 1, 'm3']);
    expect(rollUpChanged(doc, r, 0)).toBe(false);
  });
});

describe('rollUpSummaries: volumes', () => {
  const works: TestWork[] = [
    { id: 'S', type: 'sum' },
    { id: 'a', parent: 0, duration: DAY },
    { id: 'b', parent: 0, duration: DAY },
    { id: 'c', parent: 0, duration: DAY },
  ];

  it('sums planned and actual volumes of works that share one unit (works without any say nothing)', () => {
    const doc = testDocument(works);
    volumes(doc, 1, 10, 4, 'm3');
    volumes(doc, 2, 5, Number.NaN, 'm3');
    const r = rollUpSummaries(doc);
    expect([r.planVolume[0], r.factVolume[0], textOf(doc, r.unit[0]!)]).toEqual([15, 4, 'm3']);
    expect(rollUpChanged(doc, r, 0)).toBe(true);
    expect(rollUpChanged(doc, r, 1)).toBe(false);
  });

  it('has no volume when the units differ, or when a volume has no unit beside one that has', () => {
    const mixed = testDocument(works);
    volumes(mixed, 1, 10, 4, 'm3');
    volumes(mixed, 2, 5, 1, 't');
    const r = rollUpSummaries(mixed);
    expect([r.planVolume[0], r.factVolume[0], r.unit[0]]).toEqual([Number.NaN, Number.NaN, -1]);

    const unitless = testDocument(works);
    volumes(unitless, 1, 10, 4, 'm3');
    volumes(unitless, 3, 2, 0, null);
    expect(rollUpSummaries(unitless).planVolume[0]).toBeNaN();
  });

  it('does not mix units through a nested summary', () => {
    const doc = testDocument([
      { id: 'top', type: 'sum' },
      { id: 'mid', type: 'sum', parent: 0 },
      { id: 'a', parent: 1, duration: DAY },
      { id: 'b', parent: 1, duration: DAY },
      { id: 'c', parent: 0, duration: DAY },
    ]);
    volumes(doc, 2, 1, 1, 'm3');
    volumes(doc, 3, 1, 1, 't');
    volumes(doc, 4, 1, 1, 'm3');
    const r = rollUpSummaries(doc);
    expect(r.planVolume[1]).toBeNaN();
    expect(r.planVolume[0]).toBeNaN();
  });
});

describe('rollUpAncestors', () => {
  it('rolls up the summaries above an edited work in place, and only those', () => {
    const doc = testDocument(
      [
        { id: 'top', type: 'sum', plan: [at('2024-01-08T08:00'), at('2024-01-09T17:00')] },
        { id: 'mid', type: 'sum', parent: 0, plan: [at('2024-01-08T08:00'), at('2024-01-09T17:00')] },
        { id: 'a', parent: 1, duration: DAY, plan: [at('2024-01-08T08:00'), at('2024-01-08T17:00')] },
        { id: 'b', parent: 1, duration: DAY, plan: [at('2024-01-09T08:00'), at('2024-01-09T17:00')] },
        { id: 'other', type: 'sum', progress: 12 },
        { id: 'c', parent: 4, duration: DAY, progress: 80 },
      ],
      [],
      { calendars: [TEST_FIVE_DAYS] },
    );
    doc.progress[2] = 100;
    doc.status[2] = COMPLETED;
    expect(rollUpAncestors(doc, 2)).toBe(true);
    expect([doc.progress[1], doc.status[1], doc.durationMinutes[1]]).toEqual([50, IN_PROGRESS, 2 * DAY]);
    expect([doc.progress[0], doc.status[0]]).toEqual([50, IN_PROGRESS]);
    // Another branch keeps what was stored for it.
    expect(doc.progress[4]).toBe(12);
    expect(rollUpAncestors(doc, 0)).toBe(false);
  });

  it('runs when patchWork writes a work read from the API', () => {
    const doc = testDocument([
      { id: 'S', type: 'sum' },
      { id: 'a', parent: 0, duration: DAY },
    ]);
    patchWork(
      doc,
      testWorkRecord({
        id: 'a',
        durationMinutes: DAY,
        factStart: '2024-01-08T08:00',
        factFinish: '2024-01-08T17:00',
        progress: 100,
        status: 'completed',
        revision: 2,
      }),
    );
    expect([doc.progress[0], doc.status[0]]).toEqual([100, COMPLETED]);
  });
});

describe('the weighting a document carries', () => {
  it('rollUpAncestors weighs by the labour the document carries, as the server does; by duration without it', () => {
    const doc = testDocument([
      { id: 'S', type: 'sum' },
      { id: 'a', parent: 0, duration: DAY, progress: 0 },
      { id: 'b', parent: 0, duration: 3 * DAY, progress: 0 },
    ]);
    doc.progress[1] = 100;
    rollUpAncestors(doc, 1);
    expect(doc.progress[0]).toBe(25);
    doc.progressWeighting = {
      measure: 'labour',
      byWork: new Map([
        ['a', 30],
        ['b', 10],
      ]),
    };
    rollUpAncestors(doc, 1);
    expect(doc.progress[0]).toBe(75);
    // The same as the weights the server passes (progressWeightsOf of the same weighting).
    const weights = progressWeightsOf(doc, doc.progressWeighting);
    expect(rollUpSummaries(doc, { weights }).progress[0]).toBe(75);
  });

  it('by volume the weights are the planned volumes; by duration there are none', () => {
    const doc = testDocument([
      { id: 'S', type: 'sum' },
      { id: 'a', parent: 0, duration: DAY },
    ]);
    volumes(doc, 1, 12, 0, 'м³');
    expect(Array.from(progressWeightsOf(doc, { measure: 'volume' })!)).toEqual([Number.NaN, 12]);
    expect(progressWeightsOf(doc, { measure: 'duration' })).toBeNull();
    expect(progressWeightsOf(doc, null)).toBeNull();
  });
});

describe('the approved plan', () => {
  it('rolls up the earliest approved start, the latest approved finish and the approved volume of one unit', () => {
    const doc = testDocument([
      { id: 'S', type: 'sum' },
      { id: 'a', parent: 0, duration: DAY },
      { id: 'b', parent: 0, duration: DAY },
      { id: 'c', parent: 0, duration: DAY },
    ]);
    for (const row of [1, 2, 3]) volumes(doc, row, 1, 0, 'м³');
    const approved = {
      approvedStart: Int32Array.from([N, at('2024-01-10T08:00'), at('2024-01-08T08:00'), N]),
      approvedFinish: Int32Array.from([N, at('2024-01-12T17:00'), at('2024-01-09T17:00'), N]),
      approvedVolume: Float64Array.from([Number.NaN, 5, 7, Number.NaN]),
    };
    const r = rollUpSummaries(doc, { approved }).approved!;
    expect([r.approvedStart[0], r.approvedFinish[0], r.approvedVolume[0]]).toEqual([
      at('2024-01-08T08:00'),
      at('2024-01-12T17:00'),
      12,
    ]);
    // Works keep theirs; units that differ leave the summary without an approved volume.
    expect(r.approvedVolume[1]).toBe(5);
    volumes(doc, 3, 1, 0, 'т');
    expect(rollUpSummaries(doc, { approved }).approved!.approvedVolume[0]).toBeNaN();
  });
});
