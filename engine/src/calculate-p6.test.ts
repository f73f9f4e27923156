/**
 * P6 behaviours that differ from plain CPM / MS Project, each behind an option that the P6 import turns
 * on: finish limits dated at a day boundary, late dates across calendars, relations into started works
 * in the backward pass; and the P6 rules every project follows: actual starts after the data date, an
 * expected finish before the remaining start. 2024-01-01 is a Monday; the standard calendar works
 * Mon–Fri 08–12, 13–17. Expected values are worked out by hand from the rules.
 */
import { describe, expect, it } from 'vitest';
import { early, fs, late, project, rows, task } from './testing/fixtures.js';
import type { CalendarInput, RelationInput } from './types.js';

describe('finish limits dated in non-working time (finishLimitInstant)', () => {
  // A (2 days) must finish on Monday 2024-01-08 00:00: the working coordinate is Friday 17:00's.
  const onMonday = project([
    task('A', 960, { constraint: { finish: { type: 'in_date', date: '2024-01-08' } } }),
  ]);

  it('previous_finish (default): the finish is the end of the previous working day', () => {
    const result = rows(onMonday);
    expect(early(result.A)).toEqual(['2024-01-04T08:00', '2024-01-05T17:00']);
    expect(late(result.A)).toEqual(['2024-01-04T08:00', '2024-01-05T17:00']);
  });

  it('next_start (P6): the finish is where the constraint day’s working time starts, early and late', () => {
    const result = rows(onMonday, { finishLimitInstant: 'next_start' });
    // Same coordinates, so the start and the float do not move; only the finish instant does.
    expect(early(result.A)).toEqual(['2024-01-04T08:00', '2024-01-08T08:00']);
    expect(late(result.A)).toEqual(['2024-01-04T08:00', '2024-01-08T08:00']);
    expect(result.A?.totalFloatMinutes).toBe(0);
  });

  it('next_start: an upper limit below every successor sets the late finish at the next start', () => {
    // A (2 days) → B (5 days); A must finish on or before Tuesday 00:00 (= Monday 17:00's coordinate),
    // while B would let it finish Tuesday 17:00. The late finish is Tuesday 08:00, one day of negative
    // float against the early finish Tuesday 17:00.
    const input = project(
      [
        task('A', 960, { constraint: { finish: { type: 'not_later', date: '2024-01-02' } } }),
        task('B', 2400),
      ],
      [fs('A', 'B')],
    );
    expect(late(rows(input).A)).toEqual(['2023-12-29T08:00', '2024-01-01T17:00']);
    const result = rows(input, { finishLimitInstant: 'next_start' });
    expect(late(result.A)).toEqual(['2023-12-29T08:00', '2024-01-02T08:00']);
    expect(result.A?.totalFloatMinutes).toBe(-480);
    expect(early(result.A)).toEqual(['2024-01-01T08:00', '2024-01-02T17:00']);
  });

  it('next_start leaves a limit at the end of working time alone', () => {
    const input = project([
      task('A', 960, { constraint: { finish: { type: 'in_date', date: '2024-01-05T17:00' } } }),
    ]);
    expect(early(rows(input, { finishLimitInstant: 'next_start' }).A)).toEqual([
      '2024-01-04T08:00',
      '2024-01-05T17:00',
    ]);
  });
});

describe('late dates across calendars (crossCalendarLate)', () => {
  const day = (finish: string) => [{ start: '08:00', finish }];
  const calendars: CalendarInput[] = [
    { id: '5d16', week: [day('16:00'), day('16:00'), day('16:00'), day('16:00'), day('16:00'), [], []] },
    { id: '7d16', week: Array.from({ length: 7 }, () => day('16:00')) },
    { id: '5d17', week: [day('17:00'), day('17:00'), day('17:00'), day('17:00'), day('17:00'), [], []] },
  ];
  // P (3 days on its calendar) → S (1 day on 5d16) → a finish milestone fixed on Monday 2024-01-15
  // 16:00, so S's late start is Monday 15 08:00.
  const network = (predecessorCalendar: string) => ({
    calendars,
    defaultCalendarId: '5d16',
    projectStart: '2024-01-01T08:00',
    works: [
      task('P', 1440, { calendarId: predecessorCalendar }),
      task('S', 480),
      {
        id: 'END',
        type: 'milestone_finish' as const,
        durationMinutes: 0,
        constraint: { finish: { type: 'mandatory' as const, date: '2024-01-15T16:00' } },
      },
    ],
    relations: [fs('P', 'S'), fs('S', 'END')] as RelationInput[],
  });

  it('exact (default): the latest predecessor instant that still lets S start Monday 08:00', () => {
    expect(late(rows(network('7d16')).P)[1]).toBe('2024-01-14T16:00');
    expect(late(rows(network('5d17')).P)[1]).toBe('2024-01-12T17:00');
  });

  it('previous_finish (P6): S’s late start read as Friday 16:00, the predecessor’s latest instant before it', () => {
    // 7-day predecessor: Friday 16:00, not Sunday 16:00; 3 days back is Wednesday 08:00. Its early
    // finish is Wednesday 3 16:00: 9 days of 8 hours of float.
    const seven = rows(network('7d16'), { crossCalendarLate: 'previous_finish' });
    expect(late(seven.P)).toEqual(['2024-01-10T08:00', '2024-01-12T16:00']);
    expect(seven.P?.totalFloatMinutes).toBe(9 * 480);
    // 9-hour predecessor: Friday 16:00, not 17:00. Early finish Wednesday 3 14:00; float: Wed 3 h, Thu,
    // Fri, Mon–Thu 9 h each, Friday 8 h = 180 + 6 × 540 + 480.
    const nine = rows(network('5d17'), { crossCalendarLate: 'previous_finish' });
    expect(late(nine.P)[1]).toBe('2024-01-12T16:00');
    expect(nine.P?.totalFloatMinutes).toBe(180 + 6 * 540 + 480);
    // S and the milestone, on one calendar, are unchanged.
    expect(late(nine.S)).toEqual(['2024-01-15T08:00', '2024-01-15T16:00']);
  });

  it('previous_finish leaves a network on one calendar exactly as plain CPM', () => {
    const input = network('5d16');
    expect(rows(input, { crossCalendarLate: 'previous_finish' })).toEqual(rows(input));
  });
});

describe('relations into started works in the backward pass (startedSuccessorsBindLate)', () => {
  // Progress override; data date Wednesday 08:00. A (2 days) has not started; its successor B (3 days)
  // started Tuesday out of sequence and has 2 days left from Wednesday (Thu 17:00). C (5 days, alone)
  // sets the project finish Tuesday 9 17:00, so B may finish then: its remaining late start is Monday 8.
  const input = project(
    [task('A', 960), task('B', 1440, { actualStart: '2024-01-02T08:00' }), task('C', 2400)],
    [fs('A', 'B')],
    { dataDate: '2024-01-03T08:00' },
  );

  it('off (default): A is bounded by the project finish only', () => {
    const result = rows(input, { progress: 'progress_override' });
    expect(early(result.A)).toEqual(['2024-01-03T08:00', '2024-01-04T17:00']);
    expect(late(result.A)[1]).toBe('2024-01-09T17:00');
    expect(result.A?.totalFloatMinutes).toBe(3 * 480);
  });

  it('on (P6): B’s remaining late start still bounds A’s late finish; the forward pass is unchanged', () => {
    const result = rows(input, { progress: 'progress_override', startedSuccessorsBindLate: true });
    expect(early(result.B)).toEqual(['2024-01-02T08:00', '2024-01-04T17:00']);
    expect(late(result.B)).toEqual(['2024-01-08T08:00', '2024-01-09T17:00']);
    expect(early(result.A)).toEqual(['2024-01-03T08:00', '2024-01-04T17:00']);
    expect(late(result.A)).toEqual(['2024-01-04T08:00', '2024-01-05T17:00']);
    expect(result.A?.totalFloatMinutes).toBe(480);
  });
});

describe('P6 progress rules', () => {
  const dataDate = '2024-01-03T08:00';

  it('an actual start after the data date is kept; the remaining work starts there', () => {
    // Started Thursday, after the data date: nothing is done by the data date, so 2 days remain.
    const input = project([task('A', 960, { actualStart: '2024-01-04T08:00' })], [], { dataDate });
    for (const progress of ['retained_logic', 'progress_override', 'actual_dates'] as const)
      expect(early(rows(input, { progress }).A), progress).toEqual(['2024-01-04T08:00', '2024-01-05T17:00']);
  });

  it('an expected finish before the remaining start is ignored: the remaining duration stays', () => {
    // A (3 days) started Monday; 1 day remains from the data date; its expected finish Tuesday 17:00
    // has passed, so it finishes Wednesday 17:00 as without one.
    const input = project(
      [
        task('A', 1440, {
          actualStart: '2024-01-01T08:00',
          remainingMinutes: 480,
          expectedFinish: '2024-01-02T17:00',
        }),
      ],
      [],
      { dataDate },
    );
    expect(early(rows(input, { useExpectedFinish: true }).A)).toEqual([
      '2024-01-01T08:00',
      '2024-01-03T17:00',
    ]);
  });
});
