import { describe, expect, it } from 'vitest';
import { NO_TIME } from '../project-model.js';
import { fs, project, task } from '../testing/fixtures.js';
import { timeFromIso } from '../time.js';
import type { EngineProject, RelationInput, WorkInput } from '../types.js';
import { type AnalysisFacts, analyseSchedule } from './analyse.js';
import type { AnalysisCheck, AnalysisCheckId } from './checks.js';
import { checkScore } from './checks.js';

const DAY = 480;
const t = (iso: string) => timeFromIso(iso);

/**
 * A hand-made version (standard calendar, 8 h days; Monday 2024-01-01 is the start, Monday 2024-01-29 the
 * data date) with one or two of each problem. Rows: S start milestone (done), A task done on time, B task
 * under way and late (approved finish 01-19, half of it left), C a 50-day task with a start no later than
 * 01-31 it cannot keep, D open-ended, E started to start from B with a lag and into F with a lead, F the
 * finish milestone, G level of effort (never counted), H started after the data date, I started before its
 * FS predecessor B finished, and a redundant link A→C (A→B→C implies it).
 */
function sample(): { input: EngineProject; facts: AnalysisFacts } {
  const works: WorkInput[] = [
    {
      id: 'S',
      type: 'milestone_start',
      durationMinutes: 0,
      actualStart: '2024-01-01T08:00',
      actualFinish: '2024-01-01T08:00',
    },
    task('A', 5 * DAY, { actualStart: '2024-01-01T08:00', actualFinish: '2024-01-05T17:00' }),
    task('B', 10 * DAY, { actualStart: '2024-01-08T08:00', remainingMinutes: 5 * DAY }),
    task('C', 50 * DAY, { constraint: { start: { type: 'not_later', date: '2024-01-31T08:00' } } }),
    task('D', 5 * DAY),
    task('E', 5 * DAY),
    { id: 'F', type: 'milestone_finish', durationMinutes: 0 },
    { id: 'G', type: 'level_of_effort', durationMinutes: 0 },
    task('H', 5 * DAY, { actualStart: '2024-02-05T08:00' }),
    task('I', 5 * DAY, { actualStart: '2024-01-22T08:00' }),
  ];
  const relations: RelationInput[] = [
    fs('S', 'A'),
    fs('A', 'B'),
    fs('B', 'C'),
    fs('C', 'F'),
    fs('S', 'D'),
    { predecessorId: 'B', successorId: 'E', type: 'ss', lagMinutes: 2 * DAY },
    fs('E', 'F', -DAY),
    fs('A', 'C'),
    fs('S', 'H'),
    fs('H', 'F'),
    fs('B', 'I'),
    fs('I', 'F'),
  ];
  const n = works.length;
  const approvedStart = new Int32Array(n).fill(NO_TIME);
  const approvedFinish = new Int32Array(n).fill(NO_TIME);
  const approve = (row: number, start: string, finish: string) => {
    approvedStart[row] = t(start);
    approvedFinish[row] = t(finish);
  };
  approve(1, '2024-01-01T08:00', '2024-01-05T17:00'); // A, on time
  approve(2, '2024-01-08T08:00', '2024-01-19T17:00'); // B, due before the data date
  approve(3, '2024-02-05T08:00', '2024-04-05T17:00'); // C
  approve(4, '2024-01-08T08:00', '2024-01-12T17:00'); // D
  const hasVolume = new Uint8Array(n);
  for (const row of [2, 3, 4]) hasVolume[row] = 1;
  return {
    input: project(works, relations, { dataDate: '2024-01-29T08:00' }),
    facts: {
      approvedStart,
      approvedFinish,
      hasVolume,
      hasExecutor: new Uint8Array(n).fill(1),
      withResources: new Set(['B', 'C']),
    },
  };
}

const byId = (checks: AnalysisCheck[]) =>
  Object.fromEntries(checks.map((c) => [c.id, c])) as Record<AnalysisCheckId, AnalysisCheck>;

describe('analyseSchedule on a hand-made version', () => {
  const { input, facts } = sample();
  const analysis = analyseSchedule(input, undefined, facts);
  const c = byId(analysis.checks);
  const brief = (id: AnalysisCheckId) => [c[id].count, c[id].population, c[id].status, c[id].workIds];

  it('counts incomplete normal tasks only: B C D E H I (not A done, milestones, level of effort)', () => {
    expect(analysis.taskCount).toBe(6);
    // S→A leads into a finished work; the other eleven relations count.
    expect(analysis.relationCount).toBe(11);
    expect(analysis.projectFinish).toBe('2024-04-12T17:00');
  });

  it('1 logic: D has no successor (1 of 6)', () => {
    expect(brief('logic')).toEqual([1, 6, 'fail', ['D']]);
    expect(c.logic.percent).toBe(16.67);
  });

  it('2 leads, 3 lags, 4 relationship types', () => {
    expect(brief('leads')).toEqual([1, 11, 'fail', ['F']]);
    expect(brief('lags')).toEqual([1, 11, 'fail', ['E']]);
    expect([c.relationship_types.percent, c.relationship_types.status, c.relationship_types.workIds]).toEqual(
      [90.91, 'pass', ['E']],
    );
  });

  it('5 hard constraints: C start no later than', () => {
    expect(brief('hard_constraints')).toEqual([1, 6, 'fail', ['C']]);
  });

  it('6 high float: D E H I wait 50 days or more for the finish; 7 negative float: B and C miss C’s limit', () => {
    expect(brief('high_float')).toEqual([4, 6, 'fail', ['D', 'E', 'H', 'I']]);
    expect(brief('negative_float')).toEqual([2, 6, 'fail', ['B', 'C']]);
  });

  it('8 high duration: C lasts 50 days', () => {
    expect(brief('high_duration')).toEqual([1, 6, 'fail', ['C']]);
  });

  it('9 invalid dates: H started after the data date', () => {
    expect(brief('invalid_dates')).toEqual([1, 9, 'fail', ['H']]);
  });

  it('10 resources: four of six tasks have none', () => {
    expect(brief('resources')).toEqual([4, 6, 'fail', ['D', 'E', 'H', 'I']]);
  });

  it('11 missed tasks and 14 BEI: A, B and D were due, only A finished', () => {
    expect(brief('missed_tasks')).toEqual([2, 3, 'fail', ['B', 'D']]);
    expect([c.bei.value, c.bei.status]).toEqual([0.333, 'fail']);
  });

  it('12 critical path test: 600 days more on B move the finish by as much', () => {
    expect([c.critical_path_test.status, c.critical_path_test.value, c.critical_path_test.workIds]).toEqual([
      'pass',
      600,
      ['B'],
    ]);
  });

  it('13 CPLI: 55 days to go, 5 days past the approved finish: 50 / 55', () => {
    expect([c.cpli.value, c.cpli.status]).toEqual([0.909, 'fail']);
  });

  it('open ends, out of sequence, redundant links', () => {
    expect(brief('open_ends')).toEqual([1, 7, 'fail', ['D']]);
    expect(brief('out_of_sequence')).toEqual([1, 5, 'fail', ['I']]);
    expect(brief('redundant_links')).toEqual([1, 11, 'fail', ['C']]);
  });

  it('float erosion and finish drift against the approved plan', () => {
    // Approved-plan floats: B, C 0 (now −3), D 55 days (now 50): nothing lost more than 10 days.
    expect(brief('float_erosion')).toEqual([0, 3, 'pass', []]);
    const strict = byId(analyseSchedule(input, undefined, facts, { limits: { floatErosionDays: 2 } }).checks);
    expect(strict.float_erosion.workIds).toEqual(['B', 'C', 'D']);
    // D finishes 15 days after its approved finish; B exactly 10 (not more), C 5.
    expect(brief('finish_drift')).toEqual([1, 3, 'fail', ['D']]);
    expect(c.finish_drift.value).toBe(5);
  });

  it('volumes and executors', () => {
    expect(brief('no_volume')).toEqual([3, 6, 'fail', ['E', 'H', 'I']]);
    expect(brief('no_executor')).toEqual([0, 6, 'pass', []]);
  });

  it('scores: the overall score is the mean of the applicable checks', () => {
    const scores = analysis.checks.map((check) => check.score).filter((s): s is number => s !== null);
    expect(analysis.score).toBe(Math.round(scores.reduce((a, b) => a + b, 0) / scores.length));
    expect(analysis.dcmaApplicable).toBe(14);
    expect(analysis.dcmaPassed).toBe(2); // relationship types and the critical path test
  });

  it('thresholds are the space’s to set', () => {
    const loose = byId(
      analyseSchedule(input, undefined, facts, { thresholds: { logic: 20, leads: 1 }, workIdLimit: 0 })
        .checks,
    );
    expect([loose.logic.status, loose.leads.status]).toEqual(['pass', 'pass']);
    expect([loose.high_float.workIds, loose.high_float.workTotal]).toEqual([[], 4]);
  });

  it('without approved dates, resources, volumes or a data date those checks are not applicable', () => {
    const bare = byId(analyseSchedule(project(input.works, input.relations), undefined).checks);
    for (const id of [
      'resources',
      'missed_tasks',
      'bei',
      'cpli',
      'float_erosion',
      'finish_drift',
      'over_allocation',
      'no_volume',
    ] as const)
      expect([id, bare[id].status, bare[id].score]).toEqual([id, 'not_applicable', null]);
  });
});

describe('critical path test', () => {
  it('fails when a constraint, not the chain to the finish, makes the first critical task critical', () => {
    // A (5 days, finish no later than its early finish: no float) → B (1 day) does not drive the finish;
    // C (20 days) does. 600 days more on A move the finish by 586 days only.
    const input = project(
      [
        task('A', 5 * DAY, { constraint: { finish: { type: 'not_later', date: '2024-01-05T17:00' } } }),
        task('B', DAY),
        task('C', 20 * DAY),
      ],
      [fs('A', 'B')],
    );
    const check = analyseSchedule(input, undefined).checks.find((x) => x.id === 'critical_path_test')!;
    expect([check.status, check.count, check.workIds, check.score]).toEqual(['fail', 1, ['A'], 0]);
  });
});

describe('hard constraints', () => {
  it('count a manually scheduled task (held on its date whatever its predecessors do)', () => {
    const input = project(
      [task('A', 5 * DAY), task('B', 5 * DAY, { manualStart: '2024-01-15T08:00' })],
      [fs('A', 'B')],
    );
    const check = analyseSchedule(input, undefined).checks.find((x) => x.id === 'hard_constraints')!;
    expect([check.count, check.population, check.workIds]).toEqual([1, 2, ['B']]);
  });
});

describe('checkScore', () => {
  it('falls from 100 at the threshold to 0 at four times it (or 20 points above)', () => {
    expect(checkScore('max_percent', 5, true, 5)).toBe(100);
    expect(checkScore('max_percent', 5, false, 15)).toBe(50);
    expect(checkScore('max_percent', 5, false, 40)).toBe(0);
    expect(checkScore('max_count', 0, false, 10)).toBe(50);
    expect(checkScore('max_count', 0, false, 0.01)).toBe(99);
    expect(checkScore('min_percent', 90, false, 75)).toBe(50);
    expect(checkScore('min_index', 0.95, false, 0.825)).toBe(50);
    expect(checkScore('test', 0, false, 0)).toBe(0);
  });
});
