import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.js';
import { NO_TIME } from './project-model.js';
import type { ScheduleResult } from './result.js';
import { generateProject } from './testing/generate-project.js';
import { randomCreate, randomPick } from './testing/random.js';
import type { CalculateOptions, EngineProject } from './types.js';

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let k = copy.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [copy[k], copy[j]] = [copy[j]!, copy[k]!];
  }
  return copy;
}

const projectFor = (seed: number, extra: { singleCalendar?: boolean; constraintRate?: number } = {}) =>
  generateProject({
    works: 40 + (seed % 5) * 30,
    seed,
    alapRate: 0.08,
    completedRate: 0.2,
    inProgressRate: 0.2,
    summaryEvery: seed % 3 === 0 ? 0 : 9,
    draftRate: 0.02,
    constraintRate: 0.06,
    ...extra,
  });

const optionsFor = (seed: number): CalculateOptions => {
  const random = randomCreate(seed * 31);
  return {
    progress: randomPick(random, ['retained_logic', 'progress_override'] as const),
    lagCalendar: randomPick(random, ['predecessor', 'successor', '24h', 'project'] as const),
    critical: random() < 0.5 ? { kind: 'longest_path' } : { kind: 'total_float', thresholdMinutes: 0 },
  };
};

const SEEDS = Array.from({ length: 40 }, (_, k) => 100 + k);

describe('results do not depend on the order of works and relations', () => {
  it.each(SEEDS)('seed %i', (seed) => {
    const input = projectFor(seed);
    const random = randomCreate(seed);
    const renumbered: EngineProject = {
      ...input,
      works: shuffled(input.works, random),
      relations: shuffled(input.relations, random),
    };
    const byId = (result: ScheduleResult) => {
      const json = result.toJSON();
      return {
        ...json,
        works: [...json.works].sort((a, b) => a.id.localeCompare(b.id)),
        relations: [...json.relations].sort((a, b) => a.id.localeCompare(b.id)),
        conflicts: [...json.conflicts].sort((a, b) =>
          `${a.workId}${a.kind}`.localeCompare(`${b.workId}${b.kind}`),
        ),
        warnings: [...json.warnings].sort((a, b) => a.relationId.localeCompare(b.relationId)),
      };
    };
    const options = optionsFor(seed);
    const actual = byId(calculate(renumbered, options));
    for (const row of actual.works) row.drivingRelationIds.sort();
    const expected = byId(calculate(input, options));
    for (const row of expected.works) row.drivingRelationIds.sort();
    expect(actual).toEqual(expected);
  });
});

describe('without constraint conflicts: early ≤ late and total float ≥ free float', () => {
  it.each(SEEDS)('seed %i', (seed) => {
    const result = calculate(projectFor(seed), optionsFor(seed));
    const conflicted = new Set(result.conflicts.map((conflict) => conflict.workId));
    let checked = 0;
    for (let i = 0; i < result.workIds.length; i++) {
      if (result.earlyStart[i] === NO_TIME || conflicted.size > 0) continue;
      const id = result.workIds[i];
      expect(result.earlyStart[i], `ES ≤ LS of ${id}`).toBeLessThanOrEqual(result.lateStart[i]!);
      expect(result.earlyFinish[i], `EF ≤ LF of ${id}`).toBeLessThanOrEqual(result.lateFinish[i]!);
      expect(result.totalFloat[i], `TF ≥ FF of ${id}`).toBeGreaterThanOrEqual(result.freeFloat[i]!);
      expect(result.freeFloat[i], `FF ≥ 0 of ${id}`).toBeGreaterThanOrEqual(0);
      checked++;
    }
    if (conflicted.size === 0) expect(checked).toBeGreaterThan(0);
  });

  it('most generated projects have no conflicts, so the check is not vacuous', () => {
    const clean = SEEDS.filter(
      (seed) => calculate(projectFor(seed), optionsFor(seed)).conflicts.length === 0,
    );
    expect(clean.length).toBeGreaterThan(SEEDS.length / 2);
  });
});

describe('every critical chain is connected', () => {
  // Each critical work that is driven by a predecessor that could still move (not completed, and not the
  // actual start of an in-progress work) has a critical driving predecessor. On one calendar this holds
  // for the float threshold too; on mixed calendars a non-working gap can give a driving predecessor
  // float, so there only the longest path is checked.
  const check = (input: EngineProject, options: CalculateOptions) => {
    const result = calculate(input, options);
    const json = result.toJSON();
    const rows = new Map(json.works.map((row) => [row.id, row]));
    const relations = new Map(
      input.relations.map((relation) => [`${relation.predecessorId}->${relation.successorId}`, relation]),
    );
    let chained = 0;
    for (const row of json.works) {
      if (!row.critical || row.type === 'sum') continue;
      const movable = row.drivingRelationIds
        .map((id) => relations.get(id)!)
        .filter((relation) => {
          const predecessor = rows.get(relation.predecessorId)!;
          const fromStart = relation.type === 'ss' || relation.type === 'sf';
          return predecessor.status === 'not_started' || (predecessor.status === 'in_progress' && !fromStart);
        });
      if (movable.length === 0) continue;
      chained++;
      expect(
        movable.some((relation) => rows.get(relation.predecessorId)!.critical),
        `${row.id} has a critical driving predecessor`,
      ).toBe(true);
    }
    return chained;
  };

  let chained = 0;
  it.each(SEEDS)('seed %i: one calendar, total float ≤ 0 and ≤ 480, longest path', (seed) => {
    const input = projectFor(seed, { singleCalendar: true });
    chained += check(input, { critical: { kind: 'total_float', thresholdMinutes: 0 } });
    chained += check(input, { critical: { kind: 'total_float', thresholdMinutes: 480 } });
    chained += check(input, { critical: { kind: 'longest_path' } });
  });

  it.each(SEEDS)('seed %i: mixed calendars, longest path', (seed) => {
    chained += check(projectFor(seed), { ...optionsFor(seed), critical: { kind: 'longest_path' } });
  });

  it('checked many chains', () => {
    expect(chained).toBeGreaterThan(100);
  });
});
