/**
 * Benchmark: the schedule analysis (DCMA 14 points and the further checks) of generated networks of
 * 10k and 100k works, with approved dates (the works' own early dates, a day later), volumes on two
 * thirds, executors and resources on half the works. Prints the wall time of `analyseSchedule` (median
 * of three runs after one warm-up) and, last, a JSON line for the largest size.
 * Run with `npm run bench:analysis -w @takt/engine` (BENCH_SIZES=10000,100000 sets the sizes).
 */
import { type AnalysisFacts, analyseSchedule } from '../src/analysis/analyse.js';
import { calculate } from '../src/calculate.js';
import { NO_TIME } from '../src/project-model.js';
import { generateProject } from '../src/testing/generate-project.js';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
let last: Record<string, number> = {};
for (const size of SIZES) {
  const project = generateProject({
    works: size,
    seed: 7,
    summaryEvery: 50,
    completedRate: 0.1,
    inProgressRate: 0.05,
  });
  const result = calculate(project);
  const n = project.works.length;
  const approvedStart = new Int32Array(n).fill(NO_TIME);
  const approvedFinish = new Int32Array(n).fill(NO_TIME);
  const hasVolume = new Uint8Array(n);
  const hasExecutor = new Uint8Array(n);
  const withResources = new Set<string>();
  for (let i = 0; i < n; i++) {
    if (result.earlyStart[i] !== NO_TIME) {
      approvedStart[i] = result.earlyStart[i]!;
      approvedFinish[i] = result.earlyFinish[i]! - 24 * 60;
    }
    hasVolume[i] = i % 3 === 0 ? 0 : 1;
    hasExecutor[i] = i % 2;
    if (i % 2 === 0) withResources.add(project.works[i]!.id);
  }
  const facts: AnalysisFacts = { approvedStart, approvedFinish, hasVolume, hasExecutor, withResources };
  analyseSchedule(project, undefined, facts);
  const times: number[] = [];
  let score = 0;
  for (let k = 0; k < 3; k++) {
    const start = performance.now();
    score = analyseSchedule(project, undefined, facts).score;
    times.push(performance.now() - start);
  }
  const median = times.sort((a, b) => a - b)[1]!;
  console.log(`${size} works: analysis ${median.toFixed(0)} ms (score ${score})`);
  last = { works: size, analysisMs: Math.round(median) };
}
console.log(JSON.stringify(last));
