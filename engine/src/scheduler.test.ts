import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.js';
import { EngineError } from './engine-error.js';
import { WORK_TYPES } from './project-compile.js';
import { Scheduler } from './scheduler.js';
import { expectSameEarly, expectSameResult } from './testing/compare.js';
import { fs, project, task } from './testing/fixtures.js';
import { generateProject } from './testing/generate-project.js';
import { randomCreate, randomInt, randomPick } from './testing/random.js';
import type { CalculateOptions, ConstraintInput, WorkInput } from './types.js';

describe('Scheduler', () => {
  it('refuses to remove a summary that still has works under it', () => {
    const works = [{ id: 'S', type: 'sum' as const, durationMinutes: 0 }, task('A', 60, { parentId: 'S' })];
    const scheduler = new Scheduler(project(works));
    expect(() => scheduler.removeWork('S')).toThrow(
      expect.objectContaining({ code: 'invalid_parent', workIds: ['S'] }),
    );
    scheduler.removeWork('A');
    scheduler.removeWork('S');
    expect(scheduler.project.works).toEqual([]);
  });

  it('recalculates after an edit and leaves earlier snapshots alone', () => {
    const scheduler = new Scheduler(project([task('A', 480), task('B', 480)], [fs('A', 'B')]));
    const before = scheduler.result();
    scheduler.updateWork('A', { durationMinutes: 960 });
    expect(scheduler.result().work('B').earlyStart).toBe('2024-01-03T08:00');
    expect(before.work('B').earlyStart).toBe('2024-01-02T08:00');
    scheduler.updateRelation('A->B', { lagMinutes: 60 });
    expect(scheduler.result().work('B').earlyStart).toBe('2024-01-03T09:00');
    scheduler.updateRelation('A->B', { type: 'ss' });
    expect(scheduler.result().work('B').earlyStart).toBe('2024-01-01T09:00');
  });

  it('adds and removes works and relations', () => {
    const scheduler = new Scheduler(project([task('A', 480), task('B', 480)]));
    scheduler.addRelation(fs('A', 'B'));
    expect(scheduler.result().work('B').earlyStart).toBe('2024-01-02T08:00');
    scheduler.addWork(task('C', 60));
    scheduler.addRelation(fs('B', 'C'));
    expect(scheduler.result().work('C').earlyStart).toBe('2024-01-03T08:00');
    scheduler.removeWork('B');
    expect(scheduler.result().work('C').earlyStart).toBe('2024-01-01T08:00');
    scheduler.addRelation(fs('A', 'C', 480));
    expect(scheduler.result().work('C').earlyStart).toBe('2024-01-03T08:00');
    scheduler.removeRelation('A->C');
    expect(scheduler.result().work('C').earlyStart).toBe('2024-01-01T08:00');
    expect(scheduler.project.relations).toEqual([]);
  });

  it('rejects an edit that would make a cycle or invalid input, and keeps its state', () => {
    const scheduler = new Scheduler(project([task('A', 480), task('B', 480)], [fs('A', 'B')]));
    expect(() => scheduler.addRelation(fs('B', 'A'))).toThrow(expect.objectContaining({ code: 'cycle' }));
    expect(() => scheduler.updateWork('A', { durationMinutes: -1 })).toThrow(EngineError);
    expect(() => scheduler.updateWork('Z', { durationMinutes: 1 })).toThrow(
      expect.objectContaining({ code: 'unknown_work' }),
    );
    expect(() => scheduler.updateRelation('B->A', { lagMinutes: 1 })).toThrow(
      expect.objectContaining({ code: 'unknown_relation' }),
    );
    expect(() => scheduler.updateRelation('A->B', { lagMinutes: 0.5 })).toThrow(
      expect.objectContaining({ code: 'invalid_lag' }),
    );
    expect(() => scheduler.updateWork('A', { parentId: 'B' })).toThrow(
      expect.objectContaining({ code: 'invalid_parent' }),
    );
    expect(() => scheduler.updateWork('A', { durationMinutes: 180 * 365 * 1440 })).toThrow(
      expect.objectContaining({ code: 'out_of_range' }),
    );
    expect(scheduler.project.works[0]).toEqual(task('A', 480));
    scheduler.addWork(task('C', 90 * 365 * 1440, { calendarId: '24h' }));
    expect(() => scheduler.addRelation(fs('B', 'C', 90 * 365 * 1440, { lagCalendar: '24h' }))).toThrow(
      expect.objectContaining({ code: 'out_of_range' }),
    );
    scheduler.removeWork('C');
    expectSameResult(
      scheduler.result(),
      calculate(project([task('A', 480), task('B', 480)], [fs('A', 'B')])),
    );
  });
});

const CALENDARS = ['standard', 'six-day', 'night', '24h'];

function randomConstraint(random: () => number, alap: boolean): ConstraintInput | null {
  const roll = random();
  if (roll < 0.3) return null;
  if (roll < 0.45) return alap ? { asLateAsPossible: true } : null;
  const date = `2024-0${randomInt(random, 1, 4)}-1${randomInt(random, 0, 9)}T${randomPick(random, ['08', '13', '17', '23'])}:00`;
  const limit = {
    type: randomPick(random, ['not_earlier', 'not_later', 'in_date', 'not_earlier', 'mandatory'] as const),
    date,
  };
  return random() < 0.5 ? { start: limit } : { finish: limit };
}

function randomDate(random: () => number): string {
  return `2024-0${randomInt(random, 1, 3)}-1${randomInt(random, 0, 9)}T${randomPick(random, ['08', '13', '17'])}:00`;
}

function randomWorkPatch(random: () => number, work: WorkInput, alap: boolean): Partial<WorkInput> {
  switch (randomInt(random, 0, 8)) {
    case 0:
    case 1:
      return { durationMinutes: randomInt(random, 0, 2000) };
    case 2:
      return { calendarId: randomPick(random, CALENDARS) };
    case 3:
      return { constraint: randomConstraint(random, alap) };
    case 4: {
      const start = `2024-01-0${randomInt(random, 2, 8)}T${randomPick(random, ['08', '10', '15'])}:00`;
      const roll = random();
      if (roll < 0.3) return { actualStart: null, actualFinish: null, remainingMinutes: null, status: null };
      if (roll < 0.6)
        return {
          actualStart: start,
          actualFinish: null,
          remainingMinutes: randomInt(random, 0, 900),
          status: null,
        };
      return { actualStart: start, actualFinish: '2024-01-09T17:00', status: null };
    }
    case 5:
      return work.type === 'sum'
        ? { durationMinutes: 0 }
        : {
            type: randomPick(
              random,
              WORK_TYPES.filter((type) => type !== 'sum'),
            ),
          };
    case 7:
      return { manualStart: random() < 0.3 ? null : randomDate(random) };
    case 8:
      return { expectedFinish: random() < 0.3 ? null : randomDate(random) };
    default:
      return { durationMinutes: Math.max(0, work.durationMinutes + randomPick(random, [-60, 60, 480])) };
  }
}

/**
 * Applies random edits, comparing the incremental result to a from-scratch calculation after each.
 * `linking` is the share of edits that add or remove relations. `deferred`: the scheduler defers its late
 * dates (`deferLateDates`) and everything must be equal once settled, which happens now and then and at
 * the end; `early` also compares the early side after each edit — on projects without as-late-as-possible
 * works, whose early dates hang on late ones.
 */
function runDifferential(
  seed: number,
  edits: number,
  linking = 0.1,
  deferred: 'early' | 'settled' | null = null,
): void {
  const alap = deferred !== 'early';
  const random = randomCreate(seed);
  const options: CalculateOptions = {
    progress: randomPick(random, ['retained_logic', 'progress_override', 'actual_dates'] as const),
    openEndsCritical: random() < 0.3,
    useExpectedFinish: random() < 0.5,
    startLagFrom: randomPick(random, ['actual_start', 'early_start'] as const),
    manualStartLinks: randomPick(random, ['bound', 'ignore'] as const),
    manualUnlinkedCritical: random() < 0.5,
    totalFloat: randomPick(random, ['start', 'finish', 'smallest'] as const),
    lagCalendar: randomPick(random, ['predecessor', 'successor', '24h', 'project'] as const),
    critical:
      random() < 0.3
        ? { kind: 'longest_path' }
        : { kind: 'total_float', thresholdMinutes: randomInt(random, 0, 600) },
  };
  const input = generateProject({
    works: randomInt(random, 20, 120),
    seed,
    constraintRate: 0.1,
    alapRate: alap ? 0.1 : 0,
    completedRate: 0.2,
    inProgressRate: 0.2,
    summaryEvery: randomPick(random, [0, 7, 15]),
    draftRate: 0.03,
  });
  const scheduler = new Scheduler(input, options);
  expectSameResult(scheduler.result(), calculate(input, options), `seed ${seed} initial`);
  scheduler.deferLateDates = deferred !== null;
  for (let k = 0; k < edits; k++) {
    const current = scheduler.project;
    const roll = random();
    let description: string;
    try {
      if (roll < (1 - linking) * 0.7 || current.relations.length === 0) {
        const work = randomPick(random, current.works);
        const patch = randomWorkPatch(random, work, alap);
        description = `updateWork ${work.id} ${JSON.stringify(patch)}`;
        scheduler.updateWork(work.id, patch);
      } else if (roll < 1 - linking) {
        const relation = randomPick(random, current.relations);
        const patch = randomPick(random, [
          { lagMinutes: randomInt(random, -900, 900) },
          { type: randomPick(random, ['fs', 'ss', 'ff', 'sf'] as const) },
          { lagCalendar: randomPick(random, ['predecessor', 'successor', '24h', 'project'] as const) },
        ]);
        const id = `${relation.predecessorId}->${relation.successorId}`;
        description = `updateRelation ${id} ${JSON.stringify(patch)}`;
        scheduler.updateRelation(id, patch);
      } else if (roll < 1 - linking / 2) {
        const relation = randomPick(random, current.relations);
        description = `removeRelation ${relation.predecessorId}->${relation.successorId}`;
        scheduler.removeRelation(`${relation.predecessorId}->${relation.successorId}`);
      } else {
        const a = randomPick(random, current.works).id;
        const b = randomPick(random, current.works).id;
        description = `addRelation ${a}->${b}`;
        scheduler.addRelation({ predecessorId: a, successorId: b, type: 'fs', lagMinutes: 0 });
      }
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      description = `rejected (${error.code})`;
    }
    const context = `seed ${seed} edit ${k}: ${description}`;
    if (deferred && random() < 0.7) {
      if (deferred === 'early')
        expectSameEarly(scheduler.result(), calculate(scheduler.project, options), context);
      continue;
    }
    scheduler.settleLateDates();
    expect(scheduler.lateDatesStale).toBe(false);
    expectSameResult(scheduler.result(), calculate(scheduler.project, options), context);
  }
  scheduler.settleLateDates();
  expectSameResult(scheduler.result(), calculate(scheduler.project, options), `seed ${seed} settled`);
}

describe('incremental recalculation equals a full recalculation (randomized, seeded)', () => {
  // Seeds that once failed stay here as regressions. 7: removing ALAP from a work left its old shift.
  const pinned = [7];
  it.each(pinned)('pinned seed %i', (seed) => runDifferential(seed, 40));

  it('random seeds', { timeout: 60_000 }, () => {
    for (let seed = 1; seed <= 120; seed++) runDifferential(seed, 40);
  });

  it('random seeds, mostly adding and removing relations', { timeout: 60_000 }, () => {
    for (let seed = 1001; seed <= 1040; seed++) runDifferential(seed, 40, 0.6);
  });

  it('random seeds with late dates deferred: the early side after each edit (no ALAP), all of it once settled', {
    timeout: 60_000,
  }, () => {
    for (let seed = 2001; seed <= 2060; seed++) runDifferential(seed, 40, 0.2, 'early');
    for (let seed = 2061; seed <= 2100; seed++) runDifferential(seed, 40, 0.2, 'settled');
  });

  it('defers late dates only when the project finish moves, and settles them on demand', () => {
    const input = project([task('A', 480), task('B', 480), task('C', 480)], [fs('A', 'B')]);
    const scheduler = new Scheduler(input);
    scheduler.deferLateDates = true;
    // C ends before B: a longer C that stays within the project finish changes only its own late side.
    scheduler.updateWork('C', { durationMinutes: 600 });
    expect(scheduler.lateDatesStale).toBe(false);
    scheduler.updateWork('C', { durationMinutes: 2400 });
    expect(scheduler.lateDatesStale).toBe(true);
    const deferred = scheduler.result();
    const full = calculate(scheduler.project);
    expectSameEarly(deferred, full);
    expect(deferred.totalFloat[1]).not.toBe(full.totalFloat[1]);
    scheduler.settleLateDates();
    expectSameResult(scheduler.result(), full);
    // Without deferral a stale scheduler settles before it answers.
    scheduler.updateWork('C', { durationMinutes: 4800 });
    scheduler.deferLateDates = false;
    expectSameResult(scheduler.result(), calculate(scheduler.project));
  });
});
