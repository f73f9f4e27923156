import { calculate, timeFromIso } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import { PAYLOAD_NO_DATE } from './document.js';
import {
  ENGINE_INPUT_FIELDS,
  ENGINE_INPUT_RELATION_FIELDS,
  engineInput,
  firstPlannedStart,
} from './engine-input.js';
import { TEST_FIVE_DAYS, TEST_ROUND_THE_CLOCK, TEST_WEEK, type TestWork, testDocument } from './testing.js';

const N = PAYLOAD_NO_DATE;
const at = (iso: string) => timeFromIso(iso) as number;
/** Both documents open with a summary row and, under it, a two-day work started a quarter of the way. */
const SITE: TestWork = { id: 'site', type: 'sum' };
const startedDig = (calendar: string): TestWork => ({
  id: 'dig',
  parent: 0,
  duration: 960,
  fact: [at('2024-01-01T08:00'), N],
  progress: 25,
  calendar,
});

describe('engine input of a version', () => {
  it('maps works in row order with durations, calendars, constraints, actuals and what remains', () => {
    const doc = testDocument(
      [
        SITE,
        { ...startedDig('day'), plan: [at('2024-01-01T08:00'), at('2024-01-02T17:00')] },
        { id: 'pour', parent: 0, duration: 480, fact: [at('2024-01-01T08:00'), N], calendar: 'gone' },
        { id: 'done', duration: 480, fact: [at('2024-01-01T08:00'), at('2024-01-01T17:00')], progress: 100 },
        { id: 'gate', type: 'milestone_finish', duration: 480, startLimit: { type: 'not_earlier', date: N } },
        {
          id: 'slab',
          duration: 480,
          startLimit: { type: 'in_date', date: at('2024-01-03T08:00') },
          finishLimit: { type: 'not_later', date: at('2024-01-05T17:00') },
        },
      ],
      [{ from: 1, to: 2, type: 'ss', lag: 60 }],
      { calendars: [TEST_FIVE_DAYS, TEST_ROUND_THE_CLOCK], dataDate: at('2024-01-02T08:00') },
    );
    const { project, options, ownWorkCount, relationRows } = engineInput(doc, '2030-01-01');
    expect(ownWorkCount).toBe(6);
    expect(project.works.map((w) => w.id)).toEqual(['site', 'dig', 'pour', 'done', 'gate', 'slab']);
    expect(project.works[1]).toMatchObject({
      parentId: 'site',
      calendarId: 'day',
      actualStart: at('2024-01-01T08:00'),
      actualFinish: null,
      remainingMinutes: 720,
    });
    // Started at 0 %: all of it remains (not the time since the actual start); an unknown calendar: the default.
    expect(project.works[2]).toMatchObject({ remainingMinutes: 480, calendarId: null });
    expect(project.works[3]).toMatchObject({ actualFinish: at('2024-01-01T17:00'), remainingMinutes: null });
    // A milestone has no duration; a limit without a date constrains nothing.
    expect(project.works[4]).toMatchObject({ durationMinutes: 0 });
    expect(project.works[4]!.constraint).toBeUndefined();
    expect(project.works[5]!.constraint).toEqual({
      start: { type: 'in_date', date: at('2024-01-03T08:00') },
      finish: { type: 'not_later', date: at('2024-01-05T17:00') },
    });
    expect(project.relations).toEqual([
      { id: 'r0', predecessorId: 'dig', successorId: 'pour', type: 'ss', lagMinutes: 60 },
    ]);
    expect([...relationRows]).toEqual([0]);
    expect(project.defaultCalendarId).toBe('five');
    expect(project.calendars.map((c) => c.id)).toEqual(['five', 'day']);
    expect(project.calendars[0]).toEqual({
      id: 'five',
      name: 'Five days',
      allDay: false,
      week: TEST_WEEK,
      hoursPerDay: 8,
      exceptions: [{ date: '2024-01-10', until: undefined, intervals: [] }],
    });
    // No project start of its own: the earliest planned start of its works.
    expect(project.projectStart).toBe(at('2024-01-01T08:00'));
    expect(project.dataDate).toBe(at('2024-01-02T08:00'));
    expect(project.projectFinish).toBeUndefined();
    expect(options).toEqual({});
  });

  it('falls back to the standard week and to today, and passes the version’s own settings', () => {
    const bare = engineInput(testDocument([{ id: 'a', duration: 480 }]), '2030-01-07');
    expect(bare.project.defaultCalendarId).toBe('standard');
    expect(bare.project.calendars).toEqual([{ id: 'standard' }]);
    expect(bare.project.projectStart).toBe('2030-01-07');
    expect(bare.project.dataDate).toBeNull();

    const options = { lagCalendar: '24h' as const, totalFloat: 'smallest' as const, openEndsCritical: true };
    const own = engineInput(
      testDocument([{ id: 'a', duration: 480, plan: [at('2024-01-01T08:00'), at('2024-01-01T17:00')] }], [], {
        calendars: [TEST_FIVE_DAYS],
        projectStart: at('2024-02-05T08:00'),
        projectFinish: at('2024-03-29T17:00'),
        options,
      }),
      '2030-01-07',
    );
    expect(own.project.projectStart).toBe(at('2024-02-05T08:00'));
    expect(own.project.projectFinish).toBe(at('2024-03-29T17:00'));
    expect(own.options).toEqual(options);
  });

  it('holds a dated predecessor of another schedule at its own start; an undated one is left out', () => {
    const doc = testDocument(
      [{ id: 'a', duration: 480 }],
      [
        { from: -1, to: 0, external: 'other', type: 'fs' },
        { from: -1, to: 0, external: 'undated', type: 'ff' },
      ],
      {
        calendars: [TEST_FIVE_DAYS],
        projectStart: at('2024-01-01T08:00'),
        externals: [
          { id: 'other', anchor: at('2024-01-03T08:00'), duration: 960, calendar: 'five' },
          { id: 'undated', duration: 480 },
        ],
      },
    );
    const { project, ownWorkCount, relationRows } = engineInput(doc, '2030-01-01');
    expect(ownWorkCount).toBe(1);
    expect(project.works[1]).toEqual({
      id: 'other',
      parentId: null,
      type: 'task',
      durationMinutes: 960,
      calendarId: 'five',
      actualStart: null,
      actualFinish: null,
      remainingMinutes: null,
      constraint: { start: { type: 'in_date', date: at('2024-01-03T08:00') } },
    });
    expect(project.works).toHaveLength(2);
    expect(project.relations.map((r) => r.predecessorId)).toEqual(['other']);
    expect([...relationRows]).toEqual([0]);
    // Two days from Wednesday 3rd (Wednesday and Thursday): a follows on Friday 5th.
    expect(calculate(project).earlyStart[0]).toBe(at('2024-01-05T08:00'));
  });

  it('reads of a document only ENGINE_INPUT_FIELDS, ENGINE_INPUT_RELATION_FIELDS and the earliest planned start', () => {
    const doc = testDocument(
      [
        SITE,
        startedDig('five'),
        { id: 'slab', duration: 480, plan: [at('2024-01-02T08:00'), N] },
        {
          id: 'gate',
          type: 'milestone_finish',
          startLimit: { type: 'in_date', date: at('2024-01-03T08:00') },
        },
      ],
      [
        { from: 1, to: 2, type: 'fs', lag: 60 },
        { from: -1, to: 3, external: 'other', type: 'ss' },
      ],
      {
        calendars: [TEST_FIVE_DAYS],
        externals: [{ id: 'other', anchor: at('2024-01-03T08:00'), duration: 480, calendar: 'five' }],
      },
    );
    const read = new Set<string>();
    const recording = <T extends object>(target: T, prefix: string): T =>
      new Proxy(target, {
        get(object, name, receiver) {
          read.add(prefix + String(name));
          return Reflect.get(object, name, receiver);
        },
      });
    const recorded = recording({ ...doc, relations: recording(doc.relations, 'relations.') }, '');
    // Without a project start of its own the version starts at its earliest planned start.
    expect(engineInput(recorded, '2030-01-01').project.projectStart).toBe(firstPlannedStart(doc));
    const fields: readonly string[] = [
      ...ENGINE_INPUT_FIELDS,
      'relations',
      ...ENGINE_INPUT_RELATION_FIELDS.map((name) => `relations.${name}`),
    ];
    expect([...read].filter((name) => !fields.includes(name)).sort()).toEqual(['planStart']);
  });
});
