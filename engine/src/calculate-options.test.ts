/**
 * Scheduling options and work kinds that follow P6's and MS Project's documented rules, on small
 * hand-made networks. Standard calendar (Mon–Fri 08–12, 13–17); 2024-01-01 is a Monday and the project
 * starts then at 08:00. Expected values are worked out from the rules, not taken from a calculation.
 */
import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.js';
import { early, fs, late, project, rows, task } from './testing/fixtures.js';
import type { RelationInput, WorkInput } from './types.js';

const rel = (
  predecessorId: string,
  successorId: string,
  type: RelationInput['type'],
  lagMinutes = 0,
): RelationInput => ({ predecessorId, successorId, type, lagMinutes });

describe('open-ended activities made critical (P6)', () => {
  // A (1 day) → B (2 days) sets the project finish (Wed 17:00); C (1 day) and the chain D → E (1 day
  // each) have no successors and finish earlier.
  const input = project(
    [task('A', 480), task('B', 960), task('C', 480), task('D', 480), task('E', 480)],
    [fs('A', 'B'), fs('D', 'E')],
  );

  it('off: an open end has float up to the project finish', () => {
    const result = rows(input);
    expect(result.C?.totalFloatMinutes).toBe(960);
    expect(result.E?.totalFloatMinutes).toBe(480);
    expect(result.C?.critical).toBe(false);
  });

  it('on: an open end finishes late where it finishes early, so it and its driving chain are critical', () => {
    const result = rows(input, { openEndsCritical: true });
    expect(late(result.C)).toEqual(['2024-01-01T08:00', '2024-01-01T17:00']);
    expect(late(result.E)).toEqual(['2024-01-02T08:00', '2024-01-02T17:00']);
    expect(late(result.D)).toEqual(['2024-01-01T08:00', '2024-01-01T17:00']);
    for (const id of ['A', 'B', 'C', 'D', 'E']) {
      expect(result[id]?.totalFloatMinutes, id).toBe(0);
      expect(result[id]?.critical, id).toBe(true);
    }
  });
});

describe('progress modes (P6)', () => {
  const dataDate = '2024-01-03T08:00';

  it('actual dates after the data date are accepted in every mode and drive successors', () => {
    const works = [
      task('A', 960, { actualStart: '2024-01-02T08:00', actualFinish: '2024-01-04T17:00' }),
      task('B', 480),
    ];
    const input = project(works, [fs('A', 'B')], { dataDate });
    for (const progress of ['retained_logic', 'progress_override', 'actual_dates'] as const) {
      const result = rows(input, { progress });
      expect(early(result.B), progress).toEqual(['2024-01-05T08:00', '2024-01-05T17:00']);
    }
  });

  it('actual dates: the remaining work of a started successor does not wait for its predecessor', () => {
    // A has not started; B (3 days) started on Monday out of sequence: one day done, two remain.
    const works = [task('A', 960), task('B', 1440, { actualStart: '2024-01-02T08:00' })];
    const input = project(works, [fs('A', 'B')], { dataDate });
    expect(early(rows(input).B)).toEqual(['2024-01-02T08:00', '2024-01-08T17:00']);
    expect(early(rows(input, { progress: 'actual_dates' }).B)).toEqual([
      '2024-01-02T08:00',
      '2024-01-04T17:00',
    ]);
  });

  it('start-to-start lag from the actual start or from the remaining early start', () => {
    // A (3 days) started Monday 08:00; by the data date (Wed 08:00) two days are done, one remains from
    // Wed 08:00. B follows A start-to-start with a 3-day lag.
    const works = [task('A', 1440, { actualStart: '2024-01-01T08:00' }), task('B', 480)];
    const input = project(works, [rel('A', 'B', 'ss', 1440)], { dataDate });
    // From the actual start: Mon 08:00 + 3 days = Wed 17:00, so B starts Thursday.
    expect(early(rows(input).B)).toEqual(['2024-01-04T08:00', '2024-01-04T17:00']);
    // From the remaining early start: Wed 08:00 + 3 days = Fri 17:00, so B starts next Monday.
    expect(early(rows(input, { startLagFrom: 'early_start' }).B)).toEqual([
      '2024-01-08T08:00',
      '2024-01-08T17:00',
    ]);
  });
});

describe('manually scheduled works (MS Project)', () => {
  it('keep their start whatever their predecessors say; late dates come from the backward pass', () => {
    const input = project(
      [task('A', 960), task('B', 480, { manualStart: '2024-01-01T08:00' }), task('C', 1440)],
      [fs('A', 'B')],
    );
    const result = rows(input);
    expect(early(result.B)).toEqual(['2024-01-01T08:00', '2024-01-01T17:00']);
    // C sets the project finish (Wed 17:00): B may finish then, A two days before... one day before B's
    // late start.
    expect(late(result.B)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(late(result.A)).toEqual(['2024-01-01T08:00', '2024-01-02T17:00']);
  });

  // M (manual, 1 day, Monday) → N (1 day) start-to-start with a 2-day lag: N runs Wednesday, which is
  // the project finish.
  const linked = project(
    [task('M', 480, { manualStart: '2024-01-01T08:00' }), task('N', 480)],
    [rel('M', 'N', 'ss', 960)],
  );

  it('a start-to-start successor bounds a manual predecessor (plain CPM)', () => {
    const result = rows(linked);
    expect(early(result.N)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(late(result.M)).toEqual(['2024-01-01T08:00', '2024-01-01T17:00']);
    expect(result.M?.critical).toBe(true);
  });

  it('MS Project: start-side successors do not bound a manual predecessor', () => {
    const result = rows(linked, { manualStartLinks: 'ignore' });
    expect(late(result.M)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(result.M?.totalFloatMinutes).toBe(960);
    expect(result.M?.critical).toBe(false);
  });

  it('MS Project: a manual work without relations is not critical, even without float', () => {
    const input = project([task('U', 480, { manualStart: '2024-01-01T08:00' }), task('V', 480)]);
    expect([rows(input).U?.totalFloatMinutes, rows(input).U?.critical]).toEqual([0, true]);
    const ms = rows(input, { manualUnlinkedCritical: false });
    expect([ms.U?.totalFloatMinutes, ms.U?.critical]).toEqual([0, false]);
    // an automatically scheduled unlinked work keeps the plain rule
    expect(ms.V?.critical).toBe(true);
    // a missed limit (negative float) makes it critical all the same
    const late = project([
      task('U', 480, {
        manualStart: '2024-01-01T08:00',
        constraint: { finish: { type: 'not_later', date: '2023-12-29T17:00' } },
      }),
    ]);
    const missed = rows(late, { manualUnlinkedCritical: false });
    expect([missed.U?.totalFloatMinutes, missed.U?.critical]).toEqual([-480, true]);
  });
});

describe('mandatory constraints (P6 mandatory start / finish)', () => {
  it('a mandatory start overrides its predecessors and fixes both passes; the override is a conflict', () => {
    const works: WorkInput[] = [
      task('A', 960),
      task('B', 480, { constraint: { start: { type: 'mandatory', date: '2024-01-02T08:00' } } }),
      task('C', 480),
    ];
    const result = calculate(project(works, [fs('A', 'B'), fs('B', 'C')]));
    const b = result.work('B');
    expect(early(b)).toEqual(['2024-01-02T08:00', '2024-01-02T17:00']);
    expect(late(b)).toEqual(['2024-01-02T08:00', '2024-01-02T17:00']);
    expect(early(result.work('C'))).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(result.conflicts).toEqual([{ workId: 'B', kind: 'start_after_limit' }]);
    // A "start on" limit, by contrast, yields to the logic in the forward pass.
    const startOn = works.map((w) =>
      w.id === 'B'
        ? { ...w, constraint: { start: { type: 'in_date' as const, date: '2024-01-02T08:00' } } }
        : w,
    );
    expect(early(rows(project(startOn, [fs('A', 'B'), fs('B', 'C')])).B)).toEqual([
      '2024-01-03T08:00',
      '2024-01-03T17:00',
    ]);
  });

  it('a mandatory finish fixes the late finish even before the successors need it', () => {
    const works: WorkInput[] = [
      task('A', 480, { constraint: { finish: { type: 'mandatory', date: '2024-01-03T17:00' } } }),
      task('B', 480),
      task('C', 2400),
    ];
    const result = rows(project(works, [fs('A', 'B')]));
    expect(early(result.A)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(late(result.A)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(result.A?.totalFloatMinutes).toBe(0);
    expect(early(result.B)).toEqual(['2024-01-04T08:00', '2024-01-04T17:00']);
    // C (5 days) sets the project finish Friday 17:00: B may wait until then.
    expect(late(result.B)).toEqual(['2024-01-05T08:00', '2024-01-05T17:00']);
  });
});

describe('expected finish dates (P6 "use expected end dates")', () => {
  it('a not-started work is stretched or shrunk to end on its expected finish', () => {
    const works = [task('A', 960, { expectedFinish: '2024-01-04T17:00' }), task('B', 480)];
    const input = project(works, [fs('A', 'B')]);
    expect(early(rows(input).A)).toEqual(['2024-01-01T08:00', '2024-01-02T17:00']);
    const result = rows(input, { useExpectedFinish: true });
    expect(early(result.A)).toEqual(['2024-01-01T08:00', '2024-01-04T17:00']);
    expect(early(result.B)).toEqual(['2024-01-05T08:00', '2024-01-05T17:00']);
    expect(late(result.A)).toEqual(['2024-01-01T08:00', '2024-01-04T17:00']);
  });

  it('an in-progress work finishes its remaining work on the expected finish; one before the start is ignored', () => {
    const dataDate = '2024-01-03T08:00';
    const works = [
      task('A', 2400, { actualStart: '2024-01-01T08:00', expectedFinish: '2024-01-03T12:00' }),
      task('B', 960, { expectedFinish: '2024-01-02T12:00' }),
    ];
    const result = rows(project(works, [], { dataDate }), { useExpectedFinish: true });
    expect(early(result.A)).toEqual(['2024-01-01T08:00', '2024-01-03T12:00']);
    // B cannot start before the data date, so its expected finish lies before its start: P6 ignores it
    // and B keeps its two days.
    expect(early(result.B)).toEqual(['2024-01-03T08:00', '2024-01-04T17:00']);
  });
});

describe('level of effort works (P6)', () => {
  // A (2 days) → B (1 day); the LOE L starts with A (SS) and finishes with B (FF). X (5 days) sets the
  // project finish on Friday, so A and B have two days of float.
  const works: WorkInput[] = [
    task('A', 960),
    task('B', 480),
    { id: 'L', type: 'level_of_effort', durationMinutes: 60 },
    task('X', 2400),
  ];
  const relations = [fs('A', 'B'), rel('A', 'L', 'ss'), rel('L', 'B', 'ff')];

  it('spans from its predecessor to its successor and drives nothing', () => {
    const result = rows(project(works, relations));
    expect(early(result.L)).toEqual(['2024-01-01T08:00', '2024-01-03T17:00']);
    expect(late(result.L)).toEqual(['2024-01-03T08:00', '2024-01-05T17:00']);
    expect(result.L?.totalFloatMinutes).toBe(960);
    expect(early(result.B)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(late(result.A)).toEqual(['2024-01-03T08:00', '2024-01-04T17:00']);
    expect(result.L?.drivingRelationIds).toEqual([]);
  });

  it('is never on the longest path; without successors it keeps its own duration', () => {
    const result = rows(project(works, [fs('A', 'B'), rel('A', 'L', 'ss')]), {
      critical: { kind: 'longest_path' },
    });
    expect(early(result.L)).toEqual(['2024-01-01T08:00', '2024-01-01T09:00']);
    expect(result.L?.critical).toBe(false);
    expect(result.X?.critical).toBe(true);
  });
});

describe('WBS summary works (P6)', () => {
  it('span the other works of their parent summary, with the float of the latest of them', () => {
    const works: WorkInput[] = [
      { id: 'S', type: 'sum', durationMinutes: 0 },
      task('A', 960, { parentId: 'S' }),
      task('B', 480, { parentId: 'S' }),
      { id: 'W', type: 'wbs_summary', durationMinutes: 0, parentId: 'S' },
      task('X', 2400),
    ];
    const result = rows(project(works, [fs('A', 'B')]));
    expect(early(result.W)).toEqual(['2024-01-01T08:00', '2024-01-03T17:00']);
    expect(late(result.W)).toEqual(['2024-01-03T08:00', '2024-01-05T17:00']);
    expect(result.W?.totalFloatMinutes).toBe(960);
    expect(result.W?.critical).toBe(false);
    expect(early(result.S)).toEqual(['2024-01-01T08:00', '2024-01-03T17:00']);
  });
});

describe('option validation', () => {
  it('rejects unknown values', () => {
    const input = project([task('A', 60)]);
    expect(() => calculate(input, { progress: 'actual' as never })).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
    expect(() => calculate(input, { openEndsCritical: 'yes' as never })).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
    expect(() => calculate(input, { startLagFrom: 'late_start' as never })).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
  });
});

describe('startMilestoneAtDataDate (P6: a start milestone at a data date in non-working time)', () => {
  // Data date Wed 3 00:00. M (start milestone) has nothing before it; N follows A.
  const input = project(
    [
      { id: 'M', type: 'milestone_start', durationMinutes: 0 },
      task('A', 480),
      { id: 'N', type: 'milestone_start', durationMinutes: 0 },
    ],
    [fs('M', 'A'), fs('A', 'N')],
    { projectStart: '2024-01-01T08:00', dataDate: '2024-01-03T00:00' },
  );

  it('off (default, MS Project): the milestone starts at the next working instant', () => {
    const result = rows(input);
    expect(early(result.M)).toEqual(['2024-01-03T08:00', '2024-01-03T08:00']);
  });

  it('on: the milestone starts at the data date itself; work after it still starts at 08:00', () => {
    const result = rows(input, { startMilestoneAtDataDate: true });
    expect(early(result.M)).toEqual(['2024-01-03T00:00', '2024-01-03T00:00']);
    expect(early(result.A)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    // a milestone a predecessor drives keeps its own instant
    expect(early(result.N)).toEqual(['2024-01-04T08:00', '2024-01-04T08:00']);
    expect(result.M?.totalFloatMinutes).toBe(0);
  });
});
