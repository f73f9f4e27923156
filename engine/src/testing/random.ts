// The tests and benchmarks draw from the same seeded generator as leveling, so one implementation serves both.
export { prngCreate as randomCreate } from '../resources/prng.js';

export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function randomPick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}
