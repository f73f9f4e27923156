import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.js';
import { early, fs, late, project, rows, task } from './testing/fixtures.js';
import type { WorkInput } from './types.js';

const sum = (id: string, parentId: string | null = null): WorkInput => ({
  id,
  type: 'sum',
  durationMinutes: 0,
  parentId,
});

describe('summaries (WBS sums)', () => {
  it('roll up the earliest start and the latest finish of their children', () => {
    const result = rows(
      project(
        [sum('S'), task('A', 480, { parentId: 'S' }), task('B', 480, { parentId: 'S' })],
        [fs('A', 'B')],
      ),
    );
    expect(early(result.S)).toEqual(['2024-01-01T08:00', '2024-01-02T17:00']);
    expect(late(result.S)).toEqual(['2024-01-01T08:00', '2024-01-02T17:00']);
    expect([result.S?.totalFloatMinutes, result.S?.critical, result.S?.status]).toEqual([0, true, null]);
  });

  it('nest: a summary rolls up its child summaries', () => {
    const result = rows(
      project([
        sum('S1'),
        sum('S2', 'S1'),
        task('A', 480, {
          parentId: 'S2',
          constraint: { start: { type: 'not_earlier', date: '2024-01-02T08:00' } },
        }),
        task('B', 240, { parentId: 'S1' }),
      ]),
    );
    expect(early(result.S2)).toEqual(['2024-01-02T08:00', '2024-01-02T17:00']);
    expect(early(result.S1)).toEqual(['2024-01-01T08:00', '2024-01-02T17:00']);
  });

  it('a relation into a summary applies to each of its works', () => {
    const works = [
      task('X', 480),
      sum('S'),
      task('A', 480, { parentId: 'S' }),
      task('B', 480, { parentId: 'S' }),
    ];
    const result = calculate(project(works, [fs('X', 'S'), fs('A', 'B')]));
    expect(early(result.work('A'))).toEqual(['2024-01-02T08:00', '2024-01-02T17:00']);
    expect(early(result.work('B'))).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(early(result.work('S'))).toEqual(['2024-01-02T08:00', '2024-01-03T17:00']);
    expect(result.work('A').drivingRelationIds).toEqual(['X->S']);
  });

  it('a relation from a summary waits for all of its works (start-to-start: the latest child start)', () => {
    const works = [
      sum('S'),
      task('A', 480, { parentId: 'S' }),
      task('B', 480, {
        parentId: 'S',
        constraint: { start: { type: 'not_earlier', date: '2024-01-03T08:00' } },
      }),
      task('Y', 480),
      task('Z', 480),
    ];
    const ss = { predecessorId: 'S', successorId: 'Z', type: 'ss' as const };
    const result = rows(project(works, [fs('S', 'Y'), ss]));
    expect(early(result.Y)).toEqual(['2024-01-04T08:00', '2024-01-04T17:00']);
    expect(early(result.Z)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
  });

  it('an empty summary has no dates; relations to it are ignored with a warning', () => {
    const result = calculate(project([sum('E'), task('X', 480)], [fs('X', 'E')]));
    expect(early(result.work('E'))).toEqual([null, null]);
    expect(result.work('E').totalFloatMinutes).toBeNull();
    expect(result.warnings.map((warning) => [warning.code, warning.workId])).toEqual([
      ['empty_summary_relation', 'E'],
    ]);
  });

  it('a relation between a summary and its own descendant is an error', () => {
    const works = [sum('S'), task('A', 480, { parentId: 'S' })];
    expect(() => calculate(project(works, [fs('S', 'A')]))).toThrow(
      expect.objectContaining({ code: 'invalid_relation', workIds: ['S', 'A'] }),
    );
  });
});

describe('milestones', () => {
  const A = task('A', 960);

  it('a start milestone sits at the next working instant after its predecessor', () => {
    const result = rows(
      project([A, { id: 'M', type: 'milestone_start', durationMinutes: 0 }], [fs('A', 'M')]),
    );
    expect(early(result.M)).toEqual(['2024-01-03T08:00', '2024-01-03T08:00']);
  });

  it('a finish milestone sits at the end of the predecessor’s last working minute', () => {
    const result = rows(
      project([A, { id: 'M', type: 'milestone_finish', durationMinutes: 0 }], [fs('A', 'M')]),
    );
    expect(early(result.M)).toEqual(['2024-01-02T17:00', '2024-01-02T17:00']);
    expect([result.M?.totalFloatMinutes, result.M?.critical]).toEqual([0, true]);
  });

  it('have zero duration whatever duration they are given', () => {
    const result = rows(
      project([{ id: 'M', type: 'milestone_start', durationMinutes: 480 }, task('B', 60)], [fs('M', 'B')]),
    );
    expect(early(result.M)).toEqual(['2024-01-01T08:00', '2024-01-01T08:00']);
    expect(early(result.B)).toEqual(['2024-01-01T08:00', '2024-01-01T09:00']);
  });

  it('a successor of a finish milestone starts at the next working instant', () => {
    const works = [A, { id: 'M', type: 'milestone_finish' as const, durationMinutes: 0 }, task('B', 60)];
    const result = rows(project(works, [fs('A', 'M'), fs('M', 'B')]));
    expect(early(result.B)).toEqual(['2024-01-03T08:00', '2024-01-03T09:00']);
  });

  it('a zero-duration task behaves like a start milestone', () => {
    const result = rows(project([A, task('Z', 0)], [fs('A', 'Z')]));
    expect(early(result.Z)).toEqual(['2024-01-03T08:00', '2024-01-03T08:00']);
  });
});

describe('drafts', () => {
  it('are not scheduled; relations through them are ignored with a warning', () => {
    const works = [task('A', 960), { id: 'D', type: 'draft' as const, durationMinutes: 480 }, task('B', 480)];
    const result = calculate(project(works, [fs('A', 'D'), fs('D', 'B')]));
    expect(early(result.work('D'))).toEqual([null, null]);
    expect(early(result.work('B'))).toEqual(['2024-01-01T08:00', '2024-01-01T17:00']);
    expect(result.warnings.map((warning) => [warning.code, warning.relationId])).toEqual([
      ['draft_relation', 'A->D'],
      ['draft_relation', 'D->B'],
    ]);
  });

  it('inside a summary are left out of its roll-up', () => {
    const works = [
      sum('S'),
      task('A', 480, { parentId: 'S' }),
      { id: 'D', type: 'draft' as const, durationMinutes: 4800, parentId: 'S' },
    ];
    expect(early(rows(project(works)).S)).toEqual(['2024-01-01T08:00', '2024-01-01T17:00']);
  });
});

describe('the `work` type', () => {
  it('is scheduled like a task', () => {
    const result = rows(project([{ id: 'W', type: 'work', durationMinutes: 480 }]));
    expect(early(result.W)).toEqual(['2024-01-01T08:00', '2024-01-01T17:00']);
  });
});
