import { timeFromIso } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import { type EditCommand, EditRefused, limitToApi, planEdit } from './commands.js';
import { limitOf } from './document.js';
import { TEST_FIVE_DAYS, TEST_ROUND_THE_CLOCK, testDocument } from './testing.js';

const at = (iso: string) => timeFromIso(iso) as number;
const plan = (a: string, b: string) => [at(a), at(b)] as [number, number];

// frame: Thu 4th – Mon 8th on the five-day calendar (3 days); gate: a finish milestone; crane: round the clock.
const doc = testDocument(
  [
    { id: 'frame', duration: 1440, plan: plan('2024-01-04T08:00', '2024-01-08T17:00') },
    { id: 'gate', type: 'milestone_finish', plan: plan('2024-01-08T17:00', '2024-01-08T17:00') },
    {
      id: 'crane',
      duration: 1440,
      calendar: 'day',
      plan: plan('2024-01-04T00:00', '2024-01-05T00:00'),
      startLimit: { type: 'in_date', date: at('2024-01-04T00:00') },
    },
    { id: 'undated', duration: 480 },
  ],
  [
    { from: 0, to: 1, type: 'fs' },
    { from: 0, to: 1, type: 'ff' },
  ],
  { calendars: [TEST_FIVE_DAYS, TEST_ROUND_THE_CLOCK] },
);

/** How `planEdit` refuses the commands on the test document: the error's code and issues. */
const refusal = (commands: EditCommand[]) => {
  try {
    planEdit(doc, commands);
  } catch (error) {
    if (error instanceof EditRefused) return { code: error.code, issues: error.issues };
    throw error;
  }
  throw new Error('not refused');
};
/** A refusal for one invalid field. */
const invalid = (path: string, message: string) => ({ code: 'ValidationError', issues: [{ path, message }] });

describe('edit commands', () => {
  it('move: a start limit not earlier than the new start; "in date" stays; a finish milestone its finish', () => {
    const p = planEdit(doc, [
      { kind: 'move', workId: 'frame', start: '2024-01-09T08:00' },
      { kind: 'move', workId: 'gate', start: '2024-01-12T17:00' },
      { kind: 'move', workId: 'crane', start: '2024-01-05' },
    ]);
    expect(limitOf(p.document, 0, 'start')).toEqual({ type: 'not_earlier', date: at('2024-01-09T08:00') });
    expect(limitOf(p.document, 1, 'finish')).toEqual({ type: 'not_earlier', date: at('2024-01-12T17:00') });
    expect(limitOf(p.document, 1, 'start')).toBeNull();
    expect(limitOf(p.document, 2, 'start')).toEqual({ type: 'in_date', date: at('2024-01-05T00:00') });
    expect(p.works.get(0)).toEqual({ startLimit: { type: 'not_earlier', date: at('2024-01-09T08:00') } });
    expect([...p.works.keys()]).toEqual([0, 1, 2]);
    // The original document is not touched.
    expect(limitOf(doc, 0, 'start')).toBeNull();
    expect(p.document.relations).toBe(doc.relations);
  });

  it('resize: the duration is the working time to the new end on the work’s own calendar', () => {
    // frame from Thursday 4th to Thursday 11th: Thu, Fri, Mon, Tue and Thu (the 10th is a holiday).
    const longer = planEdit(doc, [
      { kind: 'resize', workId: 'frame', edge: 'finish', date: '2024-01-11T17:00' },
    ]);
    expect(longer.document.durationMinutes[0]).toBe(5 * 480);
    expect(longer.works.get(0)).toEqual({ durationMinutes: 5 * 480 });
    // Before the start: nothing is left, never a negative duration.
    const none = planEdit(doc, [
      { kind: 'resize', workId: 'frame', edge: 'finish', date: '2024-01-01T08:00' },
    ]);
    expect(none.document.durationMinutes[0]).toBe(0);
    // The start end: the limit moves with it; round the clock counts every minute.
    const start = planEdit(doc, [
      { kind: 'resize', workId: 'crane', edge: 'start', date: '2024-01-03T12:00' },
    ]);
    expect(start.document.durationMinutes[2]).toBe(36 * 60);
    expect(limitOf(start.document, 2, 'start')).toEqual({ type: 'in_date', date: at('2024-01-03T12:00') });
    expect(refusal([{ kind: 'resize', workId: 'undated', edge: 'finish', date: '2024-01-05' }])).toEqual(
      invalid('commands.0.planStart', 'validation.required'),
    );
  });

  it('duration, link and unlink; a later command sees the earlier ones', () => {
    const p = planEdit(doc, [
      { kind: 'duration', workId: 'frame', durationMinutes: 960 },
      { kind: 'unlink', predecessorId: 'frame', successorId: 'gate', type: 'ff' },
      { kind: 'link', predecessorId: 'crane', successorId: 'frame', type: 'ss', lagMinutes: -60 },
      { kind: 'link', predecessorId: 'gate', successorId: 'undated' },
      { kind: 'unlink', predecessorId: 'gate', successorId: 'undated', type: 'fs' },
    ]);
    expect(p.document.durationMinutes[0]).toBe(960);
    expect(p.removed).toEqual([1]);
    expect(p.added).toEqual([{ predecessor: 2, successor: 0, type: 'ss', lagMinutes: -60 }]);
    const r = p.document.relations;
    expect(r.count).toBe(2);
    expect([...r.predecessor]).toEqual([0, 2]);
    expect([...r.successor]).toEqual([1, 0]);
    expect([...r.type]).toEqual([0, 2]);
    expect([...r.lagMinutes]).toEqual([0, -60]);
    expect([...r.externalPredecessor]).toEqual([-1, -1]);
  });

  it('refuses as the server does: unknown works and relations, bad numbers and dates, a work linked to itself', () => {
    const stranger = '00000000-0000-4000-8000-000000000000';
    const notFound = { code: 'NotFound', issues: [] };
    expect(refusal([{ kind: 'duration', workId: stranger, durationMinutes: 1 }])).toEqual(notFound);
    expect(refusal([{ kind: 'unlink', predecessorId: 'frame', successorId: 'gate', type: 'ss' }])).toEqual(
      notFound,
    );
    expect(refusal([{ kind: 'duration', workId: 'frame', durationMinutes: -1 }])).toEqual(
      invalid('commands.0.durationMinutes', 'validation.out_of_range'),
    );
    expect(refusal([{ kind: 'duration', workId: 'frame', durationMinutes: 26_280_001 }])).toMatchObject({
      code: 'ValidationError',
    });
    expect(refusal([{ kind: 'move', workId: 'frame', start: '2024-02-30' }])).toEqual(
      invalid('commands.0.start', 'validation.invalid_date'),
    );
    expect(refusal([{ kind: 'link', predecessorId: 'gate', successorId: 'gate', type: 'fs' }])).toEqual(
      invalid('commands.0.successorId', 'validation.out_of_range'),
    );
    expect(
      refusal([
        { kind: 'move', workId: 'frame', start: '2024-01-09' },
        { kind: 'link', predecessorId: 'gate', successorId: 'frame', lagMinutes: 0.5 },
      ]),
    ).toEqual(invalid('commands.1.lagMinutes', 'validation.out_of_range'));
  });

  it('writes limits as the API does', () => {
    expect(limitToApi({ type: 'not_earlier', date: at('1995-03-06T08:00') })).toEqual({
      type: 'not_earlier',
      date: '1995-03-06T08:00',
    });
    expect(limitToApi(null)).toBeNull();
  });
});
