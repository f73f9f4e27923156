import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.js';
import { early, fs, late, project, rows, task } from './testing/fixtures.js';
import { timeFromIso } from './time.js';

// Standard calendar Mon–Fri 08–12, 13–17; the project starts Monday 2024-01-01 08:00.

describe('start not_earlier (P6 "start on or after")', () => {
  it('holds a work back to the date', () => {
    const result = rows(
      project([task('A', 480, { constraint: { start: { type: 'not_earlier', date: '2024-01-03T08:00' } } })]),
    );
    expect(early(result.A)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
  });

  it('a date in non-working time means the next working instant', () => {
    const result = rows(
      project([task('A', 480, { constraint: { start: { type: 'not_earlier', date: '2024-01-06T10:00' } } })]),
    );
    expect(early(result.A)).toEqual(['2024-01-08T08:00', '2024-01-08T17:00']);
  });

  it('accepts the date as minutes since the epoch', () => {
    const date = timeFromIso('2024-01-03T08:00');
    const result = rows(project([task('A', 480, { constraint: { start: { type: 'not_earlier', date } } })]));
    expect(result.A?.earlyStart).toBe('2024-01-03T08:00');
  });
});

describe('start not_later (P6 "start on or before")', () => {
  it('limits the late start; when logic starts later, the float goes negative and a conflict is reported', () => {
    const input = project(
      [
        task('A', 960),
        task('B', 480, { constraint: { start: { type: 'not_later', date: '2024-01-02T08:00' } } }),
      ],
      [fs('A', 'B')],
    );
    const result = calculate(input);
    const byId = rows(input);
    expect(early(byId.B)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(late(byId.B)).toEqual(['2024-01-02T08:00', '2024-01-02T17:00']);
    expect(byId.B?.totalFloatMinutes).toBe(-480);
    expect(byId.A?.totalFloatMinutes).toBe(-480);
    expect(result.conflicts).toEqual([{ workId: 'B', kind: 'start_after_limit' }]);
  });
});

describe('finish not_earlier (P6 "finish on or after")', () => {
  it('holds the finish back to the date', () => {
    const result = rows(
      project([
        task('A', 480, { constraint: { finish: { type: 'not_earlier', date: '2024-01-03T17:00' } } }),
      ]),
    );
    expect(early(result.A)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
  });
});

describe('finish not_later (P6 "finish on or before")', () => {
  it('limits the late finish and so the float', () => {
    const limited = task('A', 480, {
      constraint: { finish: { type: 'not_later', date: '2024-01-02T17:00' } },
    });
    const result = rows(project([limited, task('C', 2400)]));
    expect(late(result.A)).toEqual(['2024-01-02T08:00', '2024-01-02T17:00']);
    expect(result.A?.totalFloatMinutes).toBe(480);
    expect(rows(project([task('A', 480), task('C', 2400)])).A?.totalFloatMinutes).toBe(1920);
  });
});

describe('in_date (P6 "start on" / "finish on")', () => {
  it('fixes the start: early and late start on the date', () => {
    const fixed = task('A', 480, { constraint: { start: { type: 'in_date', date: '2024-01-03T10:00' } } });
    const result = rows(project([fixed, task('C', 2400)]));
    expect(early(result.A)).toEqual(['2024-01-03T10:00', '2024-01-04T10:00']);
    expect(late(result.A)).toEqual(['2024-01-03T10:00', '2024-01-04T10:00']);
    expect(result.A?.totalFloatMinutes).toBe(0);
  });

  it('fixes the finish', () => {
    const fixed = task('A', 480, { constraint: { finish: { type: 'in_date', date: '2024-01-03T17:00' } } });
    const result = rows(project([fixed, task('C', 2400)]));
    expect(early(result.A)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(late(result.A)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
  });

  it('reports logic that pushes past the date instead of hiding it', () => {
    const fixed = task('B', 480, { constraint: { start: { type: 'in_date', date: '2024-01-02T08:00' } } });
    const result = calculate(project([task('A', 960), fixed], [fs('A', 'B')]));
    expect(result.conflicts).toEqual([{ workId: 'B', kind: 'start_after_limit' }]);
  });
});

describe('forward and backward conflicts', () => {
  it('reports both ends: B cannot finish by its limit, so A would have to start before its own', () => {
    const input = project(
      [
        task('A', 480, { constraint: { start: { type: 'not_earlier', date: '2024-01-03T08:00' } } }),
        task('B', 480, { constraint: { finish: { type: 'not_later', date: '2024-01-03T17:00' } } }),
      ],
      [fs('A', 'B')],
    );
    const result = calculate(input);
    const byId = rows(input);
    expect(early(byId.B)).toEqual(['2024-01-04T08:00', '2024-01-04T17:00']);
    expect(late(byId.A)).toEqual(['2024-01-02T08:00', '2024-01-02T17:00']);
    expect(result.conflicts).toEqual([
      { workId: 'A', kind: 'start_before_limit' },
      { workId: 'B', kind: 'finish_after_limit' },
    ]);
    expect([byId.A?.totalFloatMinutes, byId.B?.totalFloatMinutes]).toEqual([-480, -480]);
  });

  it('a project "must finish by" earlier than the logic gives negative float and a conflict', () => {
    const result = calculate(project([task('A', 960)], [], { projectFinish: '2024-01-01T17:00' }));
    expect(result.work('A').lateFinish).toBe('2024-01-01T17:00');
    expect(result.work('A').totalFloatMinutes).toBe(-480);
    expect(result.conflicts).toEqual([{ workId: 'A', kind: 'finish_after_project_limit' }]);
    expect(result.toJSON().projectFinish).toBe('2024-01-02T17:00');
  });

  it('a later "must finish by" gives every work that much float', () => {
    const result = calculate(project([task('A', 960)], [], { projectFinish: '2024-01-03T17:00' }));
    expect(result.work('A').totalFloatMinutes).toBe(480);
    expect(result.conflicts).toEqual([]);
  });
});

describe('as late as possible', () => {
  it('uses up the free float: A waits until just before its successor needs it', () => {
    const input = project(
      [task('A', 480, { constraint: { asLateAsPossible: true } }), task('B', 1440), task('C', 480)],
      [fs('A', 'C'), fs('B', 'C')],
    );
    const result = rows(input);
    expect(early(result.A)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(early(result.C)).toEqual(['2024-01-04T08:00', '2024-01-04T17:00']);
    expect([result.A?.totalFloatMinutes, result.A?.freeFloatMinutes]).toEqual([0, 0]);
    expect(result.A?.drivingRelationIds).toEqual([]);
    expect(result.C?.drivingRelationIds.sort()).toEqual(['A->C', 'B->C']);
  });

  it('without successors moves to the project finish', () => {
    const result = rows(
      project([task('A', 480, { constraint: { asLateAsPossible: true } }), task('B', 1440)]),
    );
    expect(early(result.A)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
  });

  it('a chain of ALAP works moves back from the end, latest first', () => {
    const alap = { constraint: { asLateAsPossible: true } };
    const result = rows(
      project(
        [task('A', 480, alap), task('B', 480, alap), task('C', 2400), task('D', 480)],
        [fs('A', 'B'), fs('B', 'D'), fs('C', 'D')],
      ),
    );
    expect(early(result.D)).toEqual(['2024-01-08T08:00', '2024-01-08T17:00']);
    expect(early(result.B)).toEqual(['2024-01-05T08:00', '2024-01-05T17:00']);
    expect(early(result.A)).toEqual(['2024-01-04T08:00', '2024-01-04T17:00']);
  });

  it('stays within its own finish limit', () => {
    const work = task('A', 480, {
      constraint: { asLateAsPossible: true, finish: { type: 'not_later', date: '2024-01-02T17:00' } },
    });
    expect(early(rows(project([work, task('B', 2400)])).A)).toEqual(['2024-01-02T08:00', '2024-01-02T17:00']);
  });
});
