import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../engine-error.js';
import { psplibRead } from './psplib-read.js';
import { psplibCheck, psplibSolve } from './psplib-solve.js';

const J30 = join(import.meta.dirname, '../../../../shared/testdata/psplib/j30');
/** The test solves at most this many instances (a fixed spread over the set); bench/psplib.ts does all. */
const SAMPLE = 40;

function optima(): Map<string, number> {
  const rows = readFileSync(join(J30, 'optimum.csv'), 'utf8').trim().split(/\r?\n/).slice(1);
  return new Map(
    rows.map((row) => {
      const [name, value] = row.split(',');
      return [name!.trim(), Number(value)];
    }),
  );
}

function instanceFiles(): string[] {
  const files = readdirSync(J30)
    .filter((file) => file.endsWith('.sm'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (files.length <= SAMPLE) return files;
  return Array.from({ length: SAMPLE }, (_, k) => files[Math.floor((k * files.length) / SAMPLE)]!);
}

describe('PSPLIB reader', () => {
  it('reads j301_1: jobs, durations, demands, successors, capacities', () => {
    const instance = psplibRead(readFileSync(join(J30, 'j301_1.sm'), 'utf8'));
    expect(instance.jobCount).toBe(32);
    expect(instance.resourceCount).toBe(4);
    expect(instance.horizon).toBe(158);
    expect(instance.capacities).toEqual([12, 13, 4, 12]);
    expect(instance.durations.slice(0, 4)).toEqual([0, 8, 4, 6]);
    expect(instance.demands[2]).toEqual([10, 0, 0, 0]);
    expect(instance.successors[0]).toEqual([1, 2, 3]);
    expect(instance.successors[31]).toEqual([]);
  });

  it('rejects text that is not a single-mode .sm file', () => {
    expect(() => psplibRead('hello')).toThrow(EngineError);
    const text = readFileSync(join(J30, 'j301_1.sm'), 'utf8');
    expect(() => psplibRead(text.replace('   12   13    4   12', '   12   13'))).toThrow(/capacities/);
    expect(() => psplibRead(text.replace('  2      1     8       4', '  2      1     8      44'))).toThrow(
      /needs more of R1/,
    );
  });
});

describe('PSPLIB j30 with the resource leveling', () => {
  it('finds feasible schedules within 1% of the optimum on average with ≤ 5,000 schedules', () => {
    const known = optima();
    const deviations: number[] = [];
    const lines: string[] = [];
    for (const file of instanceFiles()) {
      const instance = psplibRead(readFileSync(join(J30, file), 'utf8'));
      const solution = psplibSolve(instance, { schedules: 5000, seed: 1 });
      const optimum = known.get(file);
      expect(optimum, `${file} has an optimum in optimum.csv`).toBeDefined();
      expect(psplibCheck(instance, solution.starts)).toEqual([]);
      expect(solution.schedules).toBeLessThanOrEqual(5000);
      expect(solution.makespan).toBeGreaterThanOrEqual(optimum!);
      const deviation = ((solution.makespan - optimum!) / optimum!) * 100;
      deviations.push(deviation);
      lines.push(`${file}: ${solution.makespan} (optimum ${optimum}, ${solution.schedules} schedules)`);
    }
    const average = deviations.reduce((sum, value) => sum + value, 0) / deviations.length;
    const worst = Math.max(...deviations);
    console.log(
      `PSPLIB j30, ${deviations.length} instances: average deviation ${average.toFixed(3)}%, worst ${worst.toFixed(2)}%\n${lines.join('\n')}`,
    );
    expect(deviations.length).toBeGreaterThan(0);
    expect(average).toBeLessThan(1);
  }, 120_000);
});
