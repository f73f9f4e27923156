/**
 * Every PSPLIB instance of a folder (default: ../shared/testdata/psplib/j30) solved by the resource
 * leveling with a budget of schedules, against the optima in the folder's optimum.csv: one line per
 * instance, then the average and worst deviation. The unit test does the same on at most 40 instances.
 * Run with `npm run psplib -w @takt/engine -- [FOLDER] [SCHEDULES]`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { psplibRead } from '../src/psplib/psplib-read.js';
import { psplibCheck, psplibSolve } from '../src/psplib/psplib-solve.js';

const folder = process.argv[2] ?? join(process.cwd(), '../../shared/testdata/psplib/j30');
const schedules = Number(process.argv[3] ?? 5000);
const optima = new Map(
  readFileSync(join(folder, 'optimum.csv'), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((row) => {
      const [name, value] = row.split(',');
      return [name!.trim(), Number(value)] as const;
    }),
);
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.sm'))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

const deviations: number[] = [];
let optimal = 0;
const started = performance.now();
for (const file of files) {
  const instance = psplibRead(readFileSync(join(folder, file), 'utf8'));
  const begin = performance.now();
  const solution = psplibSolve(instance, { schedules });
  const ms = performance.now() - begin;
  const problems = psplibCheck(instance, solution.starts);
  if (problems.length > 0)
    throw new Error(`${file}: infeasible schedule: ${problems.slice(0, 3).join('; ')}`);
  const optimum = optima.get(file);
  if (optimum === undefined) {
    console.log(`${file}  makespan ${solution.makespan}  (no optimum listed)`);
    continue;
  }
  const deviation = ((solution.makespan - optimum) / optimum) * 100;
  deviations.push(deviation);
  if (solution.makespan === optimum) optimal++;
  console.log(
    `${file.padEnd(12)} makespan ${String(solution.makespan).padStart(4)}  optimum ${String(optimum).padStart(4)}  ` +
      `deviation ${deviation.toFixed(2).padStart(5)}%  ${solution.schedules} schedules  ${ms.toFixed(0)} ms`,
  );
}
const average = deviations.reduce((sum, value) => sum + value, 0) / Math.max(1, deviations.length);
console.log(
  `${deviations.length} instances, ${schedules} schedules at most: average deviation ${average.toFixed(3)}%, ` +
    `worst ${Math.max(0, ...deviations).toFixed(2)}%, optimal ${optimal}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
