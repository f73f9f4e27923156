import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.js';
import { fs, project, rows, task } from './testing/fixtures.js';
import type { CalculateOptions } from './types.js';

// A (Mon) → B (Tue) → D; C (Mon–Thu) → D (Fri). Standard calendar, so one day is 480 working minutes.
const network = project(
  [task('A', 480), task('B', 480), task('C', 1920), task('D', 480)],
  [fs('A', 'B'), fs('B', 'D'), fs('C', 'D')],
);
const floats = (options?: CalculateOptions) => {
  const result = rows(network, options);
  return Object.fromEntries(
    Object.values(result).map((row) => [row.id, [row.totalFloatMinutes, row.freeFloatMinutes, row.critical]]),
  );
};

describe('total and free float', () => {
  it('total float is the room before the project finish moves; free float before a successor moves', () => {
    expect(floats()).toEqual({
      A: [960, 0, false],
      B: [960, 960, false],
      C: [0, 0, true],
      D: [0, 0, true],
    });
  });

  it('the late dates give the total float', () => {
    const result = calculate(network);
    expect(result.work('A').lateStart).toBe('2024-01-03T08:00');
    expect(result.work('B').lateFinish).toBe('2024-01-04T17:00');
  });

  it.each(['start', 'finish', 'smallest'] as const)(
    'P6 float kind "%s" gives the same floats for works of fixed duration on their own calendar',
    (totalFloat) => {
      expect(floats({ totalFloat })).toEqual(floats());
    },
  );
});

describe('critical works', () => {
  it('by a total float threshold', () => {
    const critical = (thresholdMinutes: number) =>
      Object.entries(floats({ critical: { kind: 'total_float', thresholdMinutes } }))
        .filter(([, values]) => values[2])
        .map(([id]) => id);
    expect(critical(0)).toEqual(['C', 'D']);
    expect(critical(959)).toEqual(['C', 'D']);
    expect(critical(960)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('by the longest path: back from the project finish along driving relations', () => {
    // X has zero float only because of its own finish date, so it is critical by float but not on the
    // longest path.
    const input = project(
      [
        ...network.works,
        task('X', 480, { constraint: { finish: { type: 'in_date', date: '2024-01-01T17:00' } } }),
      ],
      network.relations,
    );
    const critical = (options: CalculateOptions) =>
      calculate(input, options)
        .toJSON()
        .works.filter((row) => row.critical)
        .map((row) => row.id);
    expect(critical({})).toEqual(['C', 'D', 'X']);
    expect(critical({ critical: { kind: 'longest_path' } })).toEqual(['C', 'D']);
  });
});

describe('driving relations', () => {
  it('flags the relations that determine a work’s early dates', () => {
    const result = calculate(network);
    expect(result.work('D').drivingRelationIds).toEqual(['C->D']);
    expect(result.work('B').drivingRelationIds).toEqual(['A->B']);
    expect(result.toJSON().relations).toEqual([
      { id: 'A->B', driving: true },
      { id: 'B->D', driving: false },
      { id: 'C->D', driving: true },
    ]);
    expect(Array.from(result.relationDriving)).toEqual([1, 0, 1]);
    expect(result.relationId(2)).toBe('C->D');
  });

  it('a tie drives too', () => {
    const result = calculate(
      project([task('A', 480), task('B', 480), task('C', 60)], [fs('A', 'C'), fs('B', 'C')]),
    );
    expect(result.work('C').drivingRelationIds).toEqual(['A->C', 'B->C']);
  });
});

describe('floats are measured on the work’s own calendar', () => {
  it('a 24-hour work beside a standard-calendar chain', () => {
    const input = project([task('A', 960), task('N', 60, { calendarId: '24h' })]);
    // The project finishes Tuesday 17:00; N runs Monday 08:00–09:00 and may finish as late as Tuesday
    // 17:00: 32 clock hours later.
    expect(rows(input).N?.totalFloatMinutes).toBe(32 * 60);
  });
});
