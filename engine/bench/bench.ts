/**
 * Benchmark: full calculation, a single incremental edit and memory for generated networks, against a
 * bare baseline (topological sort plus forward and backward longest-path passes over the same CSR
 * arrays, without calendars). Run with `npm run bench -w @takt/engine`; the last line is JSON for 100k.
 */
import { calculate } from '../src/calculate.js';
import { networkKahnOrder } from '../src/network.js';
import { projectCompile } from '../src/project-compile.js';
import type { ProjectModel } from '../src/project-model.js';
import { Scheduler } from '../src/scheduler.js';
import { generateProject } from '../src/testing/generate-project.js';
import { randomCreate } from '../src/testing/random.js';
import type { EngineProject } from '../src/types.js';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000,350000').split(',').map(Number);
const gc = (globalThis as { gc?: () => void }).gc;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function trials(count: number, run: () => void): number {
  for (let k = 0; k < Math.min(3, count); k++) run();
  return median(Array.from({ length: count }, () => time(run)));
}

/** Median times of two runs measured alternately, so that both see the same load on a shared machine. */
function pairedTrials(count: number, first: () => void, second: () => void): [number, number] {
  for (let k = 0; k < Math.min(3, count); k++) {
    first();
    second();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let k = 0; k < count; k++) {
    a.push(time(first));
    b.push(time(second));
  }
  return [median(a), median(b)];
}

interface BaselineArrays {
  waiting: Int32Array;
  order: Int32Array;
  es: Int32Array;
  lf: Int32Array;
}

/**
 * Plain CPM: Kahn's order, then forward and backward max/min passes with durations and lags. Its four
 * work arrays are allocated once, as the engine's are.
 */
function baseline(model: ProjectModel, { waiting, order, es, lf }: BaselineArrays): number {
  const { edgeFrom, edgeTo, inStart, inEdges, outStart, outEdges } = model.network;
  const duration = model.duration;
  const lag = model.edgeLag;
  const tail = networkKahnOrder(model.network, waiting, order);
  let finish = 0;
  for (let k = 0; k < tail; k++) {
    const v = order[k]!;
    let start = 0;
    for (let q = inStart[v]!; q < inStart[v + 1]!; q++) {
      const e = inEdges[q]!;
      const candidate = es[edgeFrom[e]!]! + duration[edgeFrom[e]!]! + lag[e]!;
      if (candidate > start) start = candidate;
    }
    es[v] = start;
    if (start + duration[v]! > finish) finish = start + duration[v]!;
  }
  for (let k = tail - 1; k >= 0; k--) {
    const v = order[k]!;
    let late = finish;
    for (let q = outStart[v]!; q < outStart[v + 1]!; q++) {
      const e = outEdges[q]!;
      const candidate = lf[edgeTo[e]!]! - duration[edgeTo[e]!]! - lag[e]!;
      if (candidate < late) late = candidate;
    }
    lf[v] = late;
  }
  return finish;
}

function memoryMB(): number {
  for (let k = 0; k < 4; k++) gc?.();
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.arrayBuffers) / 2 ** 20;
}

interface Row {
  works: number;
  relations: number;
  calculateMs: number;
  fullMs: number;
  incrementalMs: number;
  incrementalP90Ms: number;
  finishEditMs: number;
  deferredEditMs: number;
  linkMs: number;
  baselineMs: number;
  heapMB: number;
  baselineMB: number;
}

function measure(size: number): Row {
  const project: EngineProject = generateProject({
    works: size,
    seed: 42,
    constraintRate: 0.02,
    alapRate: 0.01,
    completedRate: 0.3,
    inProgressRate: 0.2,
    summaryEvery: 50,
  });
  const repeats = size >= 350_000 ? 5 : size >= 100_000 ? 11 : 21;

  // Memory first, before other runs leave garbage behind: what a Scheduler keeps (typed arrays included).
  const before = memoryMB();
  const scheduler = new Scheduler(project);
  const heapMB = memoryMB() - before;

  const calculateMs = trials(Math.min(repeats, 5), () => calculate(project));
  const model = projectCompile(project);
  const baselineArrays = {
    waiting: new Int32Array(model.workCount),
    order: new Int32Array(model.workCount),
    es: new Int32Array(model.workCount),
    lf: new Int32Array(model.workCount),
  };
  const [fullMs, baselineMs] = pairedTrials(
    repeats,
    () => scheduler.recalculate(),
    () => baseline(model, baselineArrays),
  );
  // The baseline's memory: the CSR arrays, durations and lags it reads plus the four arrays it allocates.
  const { network } = model;
  const baselineMB =
    ([network.edgeFrom, network.edgeTo, network.inStart, network.inEdges, network.outStart, network.outEdges]
      .map((array) => array.byteLength)
      .reduce((sum, bytes) => sum + bytes, 0) +
      model.duration.byteLength +
      model.edgeLag.byteLength +
      4 * 4 * network.nodeCount) /
    2 ** 20;

  const random = randomCreate(7);
  const leaves = project.works.filter((work) => work.type === 'task' || work.type === 'work');
  const edits = Array.from({ length: 45 }, () => leaves[Math.floor(random() * leaves.length)]!);
  const incremental = edits
    .map((work, k) =>
      time(() =>
        scheduler.updateWork(work.id, { durationMinutes: work.durationMinutes + (k % 2 === 0 ? 60 : 0) }),
      ),
    )
    .slice(5)
    .sort((a, b) => a - b);
  // An edit of a work that finishes at the project finish moves it, and with it every late date.
  const result = scheduler.result();
  const ending = leaves.filter((work) => {
    const i = result.indexOf(work.id)!;
    return result.earlyFinish[i] === result.projectFinish && !work.actualStart && !work.constraint;
  });
  gc?.();
  const finishEdits: number[] = [];
  for (const work of ending.slice(0, 1)) {
    for (let k = 0; k < 10; k++) {
      finishEdits.push(
        time(() => scheduler.updateWork(work.id, { durationMinutes: work.durationMinutes + (k % 2) * 120 })),
      );
      const moved = scheduler.result().projectFinish !== result.projectFinish;
      if (moved !== (k % 2 === 1)) throw new Error('the end edit should move the project finish');
      gc?.();
    }
  }
  // The same edits with the late dates deferred, as a drag makes them (settled afterwards, not timed).
  const deferredEdits: number[] = [];
  scheduler.deferLateDates = true;
  for (const work of ending.slice(0, 1)) {
    for (let k = 0; k < 10; k++)
      deferredEdits.push(
        time(() => scheduler.updateWork(work.id, { durationMinutes: work.durationMinutes + (k % 2) * 120 })),
      );
  }
  scheduler.deferLateDates = false;
  scheduler.settleLateDates();
  // Linking two works and unlinking them again: the network is relinked, values recalculate locally.
  gc?.();
  const linkEdits: number[] = [];
  for (let k = 0; k < 7; k++) {
    const a = leaves[Math.floor(random() * leaves.length * 0.3)]!.id;
    const b = leaves[Math.floor(leaves.length * (0.7 + random() * 0.3))]!.id;
    linkEdits.push(time(() => scheduler.addRelation({ predecessorId: a, successorId: b, type: 'fs' })));
    linkEdits.push(time(() => scheduler.removeRelation(`${a}->${b}`)));
  }

  return {
    works: size,
    relations: project.relations.length,
    finishEditMs: finishEdits.length > 0 ? median(finishEdits.slice(1)) : Number.NaN,
    deferredEditMs: deferredEdits.length > 0 ? median(deferredEdits.slice(1)) : Number.NaN,
    linkMs: median(linkEdits.slice(2)),
    calculateMs,
    fullMs,
    incrementalMs: median(incremental),
    incrementalP90Ms: incremental[Math.floor(incremental.length * 0.9)]!,
    baselineMs,
    heapMB,
    baselineMB,
  };
}

const rows = SIZES.map(measure);
const columns: Array<[string, (row: Row) => string]> = [
  ['works', (row) => String(row.works)],
  ['relations', (row) => String(row.relations)],
  ['calc ms', (row) => row.calculateMs.toFixed(1)],
  ['full ms', (row) => row.fullMs.toFixed(1)],
  ['edit ms', (row) => row.incrementalMs.toFixed(3)],
  ['edit p90', (row) => row.incrementalP90Ms.toFixed(3)],
  ['end edit', (row) => row.finishEditMs.toFixed(2)],
  ['deferred', (row) => row.deferredEditMs.toFixed(3)],
  ['link', (row) => row.linkMs.toFixed(2)],
  ['base ms', (row) => row.baselineMs.toFixed(1)],
  ['full/base', (row) => (row.fullMs / row.baselineMs).toFixed(1)],
  ['edit/base', (row) => (row.incrementalMs / row.baselineMs).toFixed(3)],
  ['heap MB', (row) => row.heapMB.toFixed(1)],
  ['base MB', (row) => row.baselineMB.toFixed(1)],
  ['heap/base', (row) => (row.heapMB / row.baselineMB).toFixed(1)],
];
console.log(columns.map(([name]) => name.padStart(10)).join(''));
for (const row of rows) console.log(columns.map(([, value]) => value(row).padStart(10)).join(''));
const legend = [
  'calc: calculate() from plain input (validation, compile, passes). full: a full recalculation of the',
  'compiled arrays (Scheduler.recalculate). edit: one random duration edit through the Scheduler (median,',
  'p90). end edit: an edit of the last work, which moves the project finish and so every late date.',
  'deferred: the same end edit with deferLateDates (a drag step: the late dates wait for settleLateDates).',
  'link: adding or removing one relation (median).',
  'base: Kahn order + forward/backward longest path over the same CSR arrays without calendars.',
  'heap: JS heap plus typed arrays retained by one Scheduler (the plain input excluded); base MB: the arrays',
  'the baseline reads and allocates. Ratios are engine / baseline.',
];
for (const line of legend) console.log(line);
const row100k = rows.find((row) => row.works === 100_000);
if (row100k) {
  console.log(
    JSON.stringify({
      works: row100k.works,
      fullMs: Number(row100k.fullMs.toFixed(2)),
      incrementalMs: Number(row100k.incrementalMs.toFixed(3)),
      baselineMs: Number(row100k.baselineMs.toFixed(2)),
      heapMB: Number(row100k.heapMB.toFixed(1)),
      calculateMs: Number(row100k.calculateMs.toFixed(2)),
      finishEditMs: Number(row100k.finishEditMs.toFixed(2)),
      deferredEditMs: Number(row100k.deferredEditMs.toFixed(3)),
    }),
  );
}
