import { describe, expect, it } from 'vitest';
import { early, fs, project, rows, task } from './testing/fixtures.js';
import type { RelationInput } from './types.js';

// Standard calendar Mon–Fri 08–12, 13–17; the project starts Monday 2024-01-01 08:00.
// A takes two days: Monday 08:00 to Tuesday 17:00.
const A = task('A', 960);
const relation = (type: RelationInput['type'], lagMinutes = 0): RelationInput => ({
  predecessorId: 'A',
  successorId: 'B',
  type,
  lagMinutes,
});

describe('finish-to-start', () => {
  it('starts the successor at the next working instant after the predecessor finishes', () => {
    const result = rows(project([A, task('B', 480)], [relation('fs')]));
    expect(early(result.A)).toEqual(['2024-01-01T08:00', '2024-01-02T17:00']);
    expect(early(result.B)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
  });

  it('a lead cannot move a successor before the project start', () => {
    const result = rows(project([task('A', 60), task('B', 60)], [relation('fs', -480)]));
    expect(early(result.B)).toEqual(['2024-01-01T08:00', '2024-01-01T09:00']);
  });
});

/** B (of the given minutes) after A through one relation: what it means, the relation, B's early dates. */
const SUCCESSOR_CASES: [string, RelationInput['type'], number, number, [string, string]][] = [
  [
    'FS with a positive lag counts the lag in working time',
    'fs',
    120,
    480,
    ['2024-01-03T10:00', '2024-01-04T10:00'],
  ],
  [
    'FS with a negative lag (lead) overlaps the predecessor',
    'fs',
    -240,
    480,
    ['2024-01-02T13:00', '2024-01-03T12:00'],
  ],
  [
    'SS starts the successor a lag after the predecessor starts',
    'ss',
    60,
    480,
    ['2024-01-01T09:00', '2024-01-02T09:00'],
  ],
  [
    'SS with a lead still respects the project start',
    'ss',
    -60,
    480,
    ['2024-01-01T08:00', '2024-01-01T17:00'],
  ],
  [
    'FF finishes the successor no earlier than the predecessor',
    'ff',
    0,
    480,
    ['2024-01-02T08:00', '2024-01-02T17:00'],
  ],
  [
    'FF with a negative lag finishes the successor before the predecessor',
    'ff',
    -60,
    480,
    ['2024-01-01T16:00', '2024-01-02T16:00'],
  ],
  [
    'SF finishes the successor no earlier than a lag after the predecessor starts',
    'sf',
    480,
    240,
    ['2024-01-01T13:00', '2024-01-01T17:00'],
  ],
];

describe('each relation type', () => {
  it.each(SUCCESSOR_CASES)('%s', (_, type, lag, minutes, dates) => {
    expect(early(rows(project([A, task('B', minutes)], [relation(type, lag)])).B)).toEqual(dates);
  });
});

describe('lag calendars (P6: predecessor, successor, 24-hour, project default)', () => {
  // A on the standard calendar finishes Tuesday 17:00. B is on a 24-hour calendar, so it starts exactly
  // when the lag has elapsed. The project default is a six-day 07:00–19:00 calendar.
  const sixDay = [{ start: '07:00', finish: '19:00' }];
  const calendars = [
    { id: 'std' },
    { id: 'six', week: [sixDay, sixDay, sixDay, sixDay, sixDay, sixDay, []] },
  ];
  const lagged = (lagCalendar: RelationInput['lagCalendar'], successorCalendar: string, lag = 180) =>
    rows(
      project(
        [task('A', 960, { calendarId: 'std' }), task('B', 60, { calendarId: successorCalendar })],
        [fs('A', 'B', lag, { lagCalendar })],
        { calendars, defaultCalendarId: 'six' },
      ),
    ).B?.earlyStart;

  it('predecessor: three working hours of the standard calendar end Wednesday 11:00', () => {
    expect(lagged('predecessor', '24h')).toBe('2024-01-03T11:00');
  });

  it('24h: three clock hours end Tuesday 20:00', () => {
    expect(lagged('24h', '24h')).toBe('2024-01-02T20:00');
  });

  it('project: 17:00–19:00 and 07:00–08:00 of the six-day default end Wednesday 08:00', () => {
    expect(lagged('project', '24h')).toBe('2024-01-03T08:00');
  });

  it('successor: counted on the six-day calendar ends Wednesday 08:00; a 24h lag would end in its night', () => {
    expect(lagged('successor', 'six')).toBe('2024-01-03T08:00');
    expect(lagged('24h', 'six')).toBe('2024-01-03T07:00');
  });

  it('a negative lag counts back on the lag calendar to the start of the earliest minute', () => {
    expect(lagged('predecessor', '24h', -120)).toBe('2024-01-02T15:00');
    expect(lagged('24h', '24h', -120)).toBe('2024-01-02T15:00');
    expect(lagged('predecessor', '24h', -300)).toBe('2024-01-02T11:00');
    expect(lagged('24h', '24h', -300)).toBe('2024-01-02T12:00');
  });

  it('the option sets the default for relations without their own lag calendar', () => {
    const input = project([task('A', 960), task('B', 60, { calendarId: '24h' })], [fs('A', 'B', 180)], {
      calendars,
      defaultCalendarId: 'std',
    });
    expect(rows(input).B?.earlyStart).toBe('2024-01-03T11:00');
    expect(rows(input, { lagCalendar: '24h' }).B?.earlyStart).toBe('2024-01-02T20:00');
  });
});

describe('several predecessors', () => {
  it('the latest bound wins and only that relation is driving', () => {
    const result = rows(
      project(
        [A, task('C', 240), task('B', 480)],
        [fs('A', 'B'), fs('C', 'B', 60), { predecessorId: 'C', successorId: 'B', type: 'ff', id: 'C-ff-B' }],
      ),
    );
    expect(early(result.B)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(result.B?.drivingRelationIds).toEqual(['A->B']);
  });
});
