import { workInstant } from '../work-instant.js';
import type { LevelingContext } from './leveling-context.js';
import type { LevelingSchedule } from './leveling-passes.js';

/**
 * A schedule kept as an activity list — the order the serial scheme takes the works in (precedence is
 * still the scheme's: a work is taken only once its predecessors are placed) — with its figures.
 */
export interface LevelingIndividual {
  readonly list: Int32Array;
  issues: number;
  makespan: number;
  delay: number;
}

export function levelingIndividualCreate(size: number): LevelingIndividual {
  return { list: new Int32Array(size), issues: 0, makespan: 0, delay: 0 };
}

/** Fewer over-allocated works, then an earlier finish, then less delay (as schedules are compared). */
export function levelingIndividualCompare(a: LevelingIndividual, b: LevelingIndividual): number {
  return a.issues - b.issues || a.makespan - b.makespan || a.delay - b.delay;
}

/** Takes a schedule as an individual: its activities in order of start (topological rank breaks ties). */
export function levelingIndividualFrom(
  ctx: LevelingContext,
  schedule: LevelingSchedule,
  individual: LevelingIndividual,
  key: Float64Array,
): void {
  const { model, activities } = ctx;
  for (const i of activities) key[i] = workInstant(model, i, schedule.start[i]!, 1);
  const rank = model.rank;
  individual.list.set(activities);
  individual.list.sort((a, b) => key[a]! - key[b]! || rank[a]! - rank[b]!);
  individual.issues = schedule.issues;
  individual.makespan = schedule.makespan;
  individual.delay = schedule.delay;
}

/** Priority keys that make the serial scheme follow an activity list: a work's position in it. */
export function levelingIndividualKeys(individual: LevelingIndividual, key: Float64Array): void {
  const list = individual.list;
  for (let p = 0; p < list.length; p++) key[list[p]!] = p;
}

/**
 * Two-point crossover of activity lists (Hartmann): the child takes the mother's first `cut1` works, then
 * the father's next works in his order up to `cut2`, then the rest in the mother's order. `seen` is a
 * zeroed flag per work index, zeroed again on return.
 */
export function levelingCrossover(
  mother: Int32Array,
  father: Int32Array,
  child: Int32Array,
  cut1: number,
  cut2: number,
  seen: Uint8Array,
): void {
  const size = mother.length;
  let k = 0;
  for (; k < cut1; k++) {
    child[k] = mother[k]!;
    seen[mother[k]!] = 1;
  }
  for (let p = 0; p < size && k < cut2; p++) {
    const v = father[p]!;
    if (seen[v] === 0) {
      child[k++] = v;
      seen[v] = 1;
    }
  }
  for (let p = 0; p < size && k < size; p++) {
    const v = mother[p]!;
    if (seen[v] === 0) {
      child[k++] = v;
      seen[v] = 1;
    }
  }
  for (let p = 0; p < size; p++) seen[child[p]!] = 0;
}

/** Swaps each work with the next one with probability `rate`. */
export function levelingMutate(list: Int32Array, rate: number, random: () => number): void {
  for (let p = 0; p + 1 < list.length; p++) {
    if (random() < rate) {
      const v = list[p]!;
      list[p] = list[p + 1]!;
      list[p + 1] = v;
    }
  }
}
