/**
 * Benchmark of the resource side: leveling of generated 1k and 10k-work projects with five resources,
 * and histograms of a 100k-work project (five resources, by day over the whole project, then by week and
 * month). Run with `npm run bench:resources -w @takt/engine`; the last line is JSON.
 */
import { projectCompile } from '../src/project-compile.js';
import { resourceHistogram } from '../src/resources/histogram.js';
import type { LevelingInput } from '../src/resources/leveling.js';
import { resourceLevel } from '../src/resources/leveling.js';
import { resourceModelCompile } from '../src/resources/resource-model.js';
import type { AllocationInput, AssignmentInput, ResourceInput } from '../src/resources/resource-types.js';
import { scheduleFull } from '../src/schedule-passes.js';
import { scheduleStateCreate } from '../src/schedule-state.js';
import { generateProject } from '../src/testing/generate-project.js';
import { randomCreate, randomInt, randomPick } from '../src/testing/random.js';
import type { EngineProject } from '../src/types.js';

const gc = (globalThis as { gc?: () => void }).gc;
const LEVELING_SIZES = (process.env.BENCH_LEVELING ?? '1000,10000').split(',').map(Number);
const HISTOGRAM_SIZE = Number(process.env.BENCH_HISTOGRAM ?? 100_000);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Wall-clock milliseconds and CPU milliseconds of this process (the machine may be shared). */
function time<T>(run: () => T): [number, T, number] {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = run();
  const used = process.cpuUsage(cpu);
  return [performance.now() - start, value, (used.user + used.system) / 1000];
}

/** Five resources, about 1.6 assignments per work; crews sized so that the plan is over-allocated. */
function withResources(project: EngineProject, seed: number): LevelingInput {
  const random = randomCreate(seed);
  const leaves = project.works.filter((work) => work.type !== 'sum' && work.type !== 'draft').length;
  // A generated project runs about (works / 400) works side by side per level: crews scale with it.
  const parallel = Math.max(8, Math.ceil(leaves / 400));
  const resources: ResourceInput[] = [
    { id: 'carpenters', kind: 'labour', unit: 'h', unitsPerDay: 8 * parallel },
    { id: 'concreters', kind: 'labour', unit: 'h', unitsPerDay: 6 * parallel, calendarId: 'six-day' },
    { id: 'crane', kind: 'cost', unit: 'machine-h', price: 120, unitsPerDay: 2 * parallel },
    { id: 'concrete', kind: 'volume', unit: 'm3' },
    { id: 'budget', kind: 'distributed_price', unit: 'RUB' },
  ];
  const allocations: AllocationInput[] = [
    { mode: 'evenly' },
    { mode: 'evenly' },
    { mode: 'evenly' },
    { mode: 'curve', weights: [1, 2, 1] },
    { mode: 'start' },
  ];
  const assignments: AssignmentInput[] = [];
  for (const work of project.works) {
    if (work.type === 'sum' || work.type === 'draft') continue;
    const days = Math.max(1, work.durationMinutes / 480);
    const crew = randomPick(random, ['carpenters', 'carpenters', 'concreters', 'crane']);
    assignments.push({
      workId: work.id,
      resourceId: crew,
      quantity: randomInt(random, 4, crew === 'crane' ? 8 : 24) * days,
      allocation: randomPick(random, allocations),
    });
    if (random() < 0.4)
      assignments.push({ workId: work.id, resourceId: 'concrete', quantity: randomInt(random, 5, 60) });
    if (random() < 0.3)
      assignments.push({ workId: work.id, resourceId: 'budget', quantity: randomInt(random, 1, 90) * 1000 });
  }
  return { project, resources, assignments };
}

const rows: string[][] = [['case', 'works', 'assignments', 'ms', 'cpu ms', 'detail']];
const json: Record<string, number> = {};

for (const size of LEVELING_SIZES) {
  const project = generateProject({ works: size, seed: 7, completedRate: 0.05, inProgressRate: 0.05 });
  const input = withResources(project, 11);
  resourceLevel(input, { schedules: 2 }); // warm-up
  gc?.();
  const [ms, result, cpu] = time(() => resourceLevel(input));
  const days = (result.projectFinish - result.originalProjectFinish) / 1440;
  rows.push([
    'leveling',
    String(size),
    String(input.assignments.length),
    ms.toFixed(0),
    cpu.toFixed(0),
    `${result.schedules} schedules, ${result.moved.length} moved, ${result.unresolved.length} unresolved, finish +${days.toFixed(1)} days`,
  ]);
  json[`leveling${size}Ms`] = Math.round(ms);
}

{
  const project = generateProject({
    works: HISTOGRAM_SIZE,
    seed: 3,
    completedRate: 0.1,
    inProgressRate: 0.1,
  });
  const input = withResources(project, 5);
  gc?.();
  const [compileMs, resources, compileCpu] = time(() =>
    resourceModelCompile(projectCompile(project), input.resources, input.assignments),
  );
  const state = scheduleStateCreate(resources.project);
  scheduleFull(state);
  const plan = { start: state.startTime, finish: state.finishTime };
  for (const period of ['day', 'week', 'month'] as const) {
    resourceHistogram(resources, { plan, period });
    const times: number[] = [];
    const cpus: number[] = [];
    let periods = 0;
    for (let k = 0; k < 5; k++) {
      gc?.();
      const [ms, histogram, cpu] = time(() => resourceHistogram(resources, { plan, period }));
      times.push(ms);
      cpus.push(cpu);
      periods = histogram.periodCount;
    }
    rows.push([
      `histogram by ${period}`,
      String(HISTOGRAM_SIZE),
      String(input.assignments.length),
      median(times).toFixed(0),
      median(cpus).toFixed(0),
      `5 resources × ${periods} periods, plan/approved/fact + cumulative, median of 5`,
    ]);
    json[`histogram${period[0]!.toUpperCase()}${period.slice(1)}Ms`] = Math.round(median(times));
  }
  rows.push([
    'compile (project + resources)',
    String(HISTOGRAM_SIZE),
    String(input.assignments.length),
    compileMs.toFixed(0),
    compileCpu.toFixed(0),
    'once per version',
  ]);
}

const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
for (const row of rows)
  console.log(row.map((cell, c) => (c === 5 ? cell : cell.padStart(widths[c]!))).join('  '));
console.log(JSON.stringify(json));
