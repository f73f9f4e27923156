import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.js';
import { EngineError } from './engine-error.js';
import { fs, project, task } from './testing/fixtures.js';
import type { CalculateOptions, EngineProject } from './types.js';

function errorOf(input: EngineProject, options?: CalculateOptions): EngineError {
  try {
    calculate(input, options);
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('expected an EngineError');
}

describe('cycles', () => {
  it('are reported with the works on the cycle, in order', () => {
    const error = errorOf(
      project(
        [task('X', 60), task('A', 60), task('B', 60), task('C', 60)],
        [fs('X', 'A'), fs('A', 'B'), fs('B', 'C'), fs('C', 'A')],
      ),
    );
    expect(error.code).toBe('cycle');
    const start = error.workIds.indexOf('A');
    expect([...error.workIds.slice(start), ...error.workIds.slice(0, start)]).toEqual(['A', 'B', 'C']);
    expect(error.message).toMatch(/cycle/);
  });

  it('a relation from a work to itself is a cycle of one', () => {
    expect(errorOf(project([task('A', 60)], [fs('A', 'A')]))).toMatchObject({
      code: 'cycle',
      workIds: ['A'],
    });
  });

  it('a cycle through a summary names the works it expands to', () => {
    const works = [
      { id: 'S', type: 'sum' as const, durationMinutes: 0 },
      task('A', 60, { parentId: 'S' }),
      task('B', 60),
    ];
    expect(errorOf(project(works, [fs('S', 'B'), fs('B', 'A')]))).toMatchObject({ code: 'cycle' });
  });
});

describe('invalid input names the offending work', () => {
  it.each([
    ['negative duration', [task('A', -1)], 'invalid_duration', ['A']],
    ['NaN duration', [task('A', Number.NaN)], 'invalid_duration', ['A']],
    ['fractional duration', [task('A', 1.5)], 'invalid_duration', ['A']],
    ['unknown calendar', [task('A', 60, { calendarId: 'nope' })], 'unknown_calendar', ['A']],
    ['duplicate id', [task('A', 60), task('A', 60)], 'duplicate_id', ['A']],
    ['unknown parent', [task('A', 60, { parentId: 'P' })], 'unknown_work', ['A']],
    ['parent that is not a sum', [task('P', 60), task('A', 60, { parentId: 'P' })], 'invalid_parent', ['A']],
    ['unknown type', [{ id: 'A', type: 'epic', durationMinutes: 1 } as never], 'invalid_work', ['A']],
    [
      'bad constraint date',
      [task('A', 60, { constraint: { start: { type: 'not_earlier', date: 'soon' } } })],
      'invalid_date',
      ['A'],
    ],
    [
      'bad constraint type',
      [task('A', 60, { constraint: { start: { type: 'never', date: '2024-01-01' } } } as never)],
      'invalid_constraint',
      ['A'],
    ],
    ['finish after 2199', [task('A', 180 * 365 * 1440, { calendarId: '24h' })], 'out_of_range', ['A']],
  ])('%s', (_, works, code, workIds) => {
    expect(errorOf(project(works as EngineProject['works']))).toMatchObject({ code, workIds });
  });

  it('a parent cycle names the works on it', () => {
    const works = [
      { id: 'A', type: 'sum' as const, durationMinutes: 0, parentId: 'B' },
      { id: 'B', type: 'sum' as const, durationMinutes: 0, parentId: 'A' },
    ];
    expect(errorOf(project(works))).toMatchObject({ code: 'invalid_parent', workIds: ['A', 'B'] });
  });

  it('unknown works in relations name the missing id and the relation', () => {
    expect(errorOf(project([task('A', 60)], [fs('A', 'Z')]))).toMatchObject({
      code: 'unknown_work',
      workIds: ['Z'],
      relationId: 'A->Z',
    });
  });

  it('relations: NaN lag, unknown type, duplicate pair', () => {
    const works = [task('A', 60), task('B', 60)];
    expect(errorOf(project(works, [fs('A', 'B', Number.NaN)]))).toMatchObject({
      code: 'invalid_lag',
      workIds: ['A', 'B'],
    });
    expect(
      errorOf(project(works, [{ predecessorId: 'A', successorId: 'B', type: 'xx' as 'fs' }])),
    ).toMatchObject({
      code: 'invalid_relation',
    });
    expect(errorOf(project(works, [fs('A', 'B'), fs('A', 'B', 60)]))).toMatchObject({
      code: 'duplicate_id',
      relationId: 'A->B',
    });
  });

  it('project level: unknown default calendar, bad project start, bad option', () => {
    expect(errorOf(project([], [], { defaultCalendarId: 'x' }))).toMatchObject({ code: 'unknown_calendar' });
    expect(errorOf(project([], [], { projectStart: '2024-13-01' }))).toMatchObject({ code: 'invalid_date' });
    expect(errorOf(project([]), { progress: 'magic' as 'retained_logic' })).toMatchObject({
      code: 'invalid_option',
    });
    expect(errorOf(project([]), { critical: { kind: 'total_float', thresholdMinutes: 0.5 } })).toMatchObject({
      code: 'invalid_option',
    });
  });

  it('a project without its arrays', () => {
    expect(errorOf({ ...project([]), works: undefined } as never)).toMatchObject({ code: 'invalid_project' });
  });

  it('a calendar without working time', () => {
    const calendars = [{ id: 'std' }, { id: 'none', week: [[], [], [], [], [], [], []] }];
    expect(errorOf(project([], [], { calendars }))).toMatchObject({
      code: 'invalid_calendar',
      calendarId: 'none',
    });
  });
});

describe('an empty project', () => {
  it('finishes when it starts', () => {
    const result = calculate(project([]));
    expect(result.toJSON()).toMatchObject({
      projectStart: '2024-01-01T08:00',
      projectFinish: '2024-01-01T08:00',
    });
  });
});
