import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.js';
import { early, fs, late, project, rows, task } from './testing/fixtures.js';
import type { EngineProject } from './types.js';

// Standard calendar; the project starts Monday 2024-01-01 08:00, progress is reported up to the data
// date Wednesday 2024-01-03 08:00.
const dataDate = '2024-01-03T08:00';
const progressed = (works: EngineProject['works'], relations: EngineProject['relations'] = []) =>
  project(works, relations, { dataDate });

describe('completed works', () => {
  it('keep their actual dates; successors start no earlier than the data date', () => {
    const input = progressed(
      [task('A', 960, { actualStart: '2024-01-01T08:00', actualFinish: '2024-01-01T17:00' }), task('B', 480)],
      [fs('A', 'B')],
    );
    const result = rows(input);
    expect(early(result.A)).toEqual(['2024-01-01T08:00', '2024-01-01T17:00']);
    expect(late(result.A)).toEqual(['2024-01-01T08:00', '2024-01-01T17:00']);
    expect([result.A?.status, result.A?.totalFloatMinutes, result.A?.critical]).toEqual([
      'completed',
      0,
      false,
    ]);
    expect(early(result.B)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
  });

  it('a completed successor of an unfinished work is fixed and does not limit it (out of sequence)', () => {
    const input = progressed(
      [task('A', 480), task('B', 480, { actualStart: '2024-01-01T08:00', actualFinish: '2024-01-01T17:00' })],
      [fs('A', 'B')],
    );
    const result = rows(input);
    expect(early(result.B)).toEqual(['2024-01-01T08:00', '2024-01-01T17:00']);
    expect(early(result.A)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
    expect(result.A?.totalFloatMinutes).toBe(0);
  });

  it('a milestone with an actual date is completed at that instant', () => {
    const result = rows(
      progressed([
        { id: 'M', type: 'milestone_finish', durationMinutes: 0, actualStart: '2024-01-02T17:00' },
      ]),
    );
    expect([result.M?.status, ...early(result.M)]).toEqual([
      'completed',
      '2024-01-02T17:00',
      '2024-01-02T17:00',
    ]);
  });
});

describe('not started works', () => {
  it('start no earlier than the data date', () => {
    expect(early(rows(progressed([task('A', 480)])).A)).toEqual(['2024-01-03T08:00', '2024-01-03T17:00']);
  });
});

describe('in-progress works', () => {
  it('keep their actual start; the remaining duration is scheduled from the data date', () => {
    const result = rows(progressed([task('A', 1440, { actualStart: '2024-01-01T08:00' })]));
    // Two of three days were worked by the data date, so one day remains by default.
    expect([result.A?.status, ...early(result.A)]).toEqual([
      'in_progress',
      '2024-01-01T08:00',
      '2024-01-03T17:00',
    ]);
  });

  it('use the remaining duration when given', () => {
    const result = rows(
      progressed([task('A', 1440, { actualStart: '2024-01-01T08:00', remainingMinutes: 960 })]),
    );
    expect(early(result.A)).toEqual(['2024-01-01T08:00', '2024-01-04T17:00']);
  });
});

describe('out-of-sequence progress', () => {
  // B started before its finish-to-start predecessor A finished.
  const input = progressed(
    [
      task('A', 1440, { actualStart: '2024-01-01T08:00', remainingMinutes: 480 }),
      task('B', 480, { actualStart: '2024-01-02T10:00', remainingMinutes: 240 }),
    ],
    [fs('A', 'B')],
  );

  it('retained logic: the remaining work of B waits for A to finish', () => {
    const result = calculate(input, { progress: 'retained_logic' });
    expect(early(result.work('A'))).toEqual(['2024-01-01T08:00', '2024-01-03T17:00']);
    expect(early(result.work('B'))).toEqual(['2024-01-02T10:00', '2024-01-04T12:00']);
    expect(result.work('B').drivingRelationIds).toEqual(['A->B']);
    expect(result.work('A').totalFloatMinutes).toBe(0);
    expect(result.toJSON().projectFinish).toBe('2024-01-04T12:00');
  });

  it('progress override: B ignores its predecessor and continues from the data date', () => {
    const result = calculate(input, { progress: 'progress_override' });
    expect(early(result.work('B'))).toEqual(['2024-01-02T10:00', '2024-01-03T12:00']);
    expect(result.work('B').drivingRelationIds).toEqual([]);
    expect(result.work('B').totalFloatMinutes).toBe(240);
    expect(result.toJSON().projectFinish).toBe('2024-01-03T17:00');
  });
});

describe('invalid progress is an error naming the work', () => {
  it.each([
    [{ actualFinish: '2024-01-01T17:00' }, /actual finish needs an actual start/],
    [{ actualStart: '2024-01-02T08:00', actualFinish: '2024-01-01T17:00' }, /before the actual start/],
    [{ status: 'completed' as const, actualStart: '2024-01-01T08:00' }, /does not match/],
    [{ status: 'in_progress' as const }, /does not match/],
    [{ actualStart: '2024-01-01T08:00', remainingMinutes: -5 }, /remainingMinutes/],
  ])('%o', (fields, message) => {
    expect(() => calculate(progressed([task('A', 480, fields)]))).toThrow(message);
    expect(() => calculate(progressed([task('A', 480, fields)]))).toThrow(
      expect.objectContaining({ name: 'EngineError', workIds: ['A'] }),
    );
  });
});
