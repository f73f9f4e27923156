// Prints the figures of the schedule benchmark (bench/schedule.bench.ts), one table per size, with the
// machine's load averages before and after the runs and the targets of issue 16; the last line is one
// JSON object of the headline figures.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = new URL('../test-results/', import.meta.url);
const read = (name) => JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
const loadText = (load) => load.map((v) => v.toFixed(2)).join(', ');
// Written by bench/load.mjs before the run, outside test-results (which Playwright empties when it starts).
const loadFile = join(tmpdir(), 'takt-e2e-bench-load.json');
const before = existsSync(loadFile) ? JSON.parse(readFileSync(loadFile, 'utf8')) : null;
const results = readdirSync(dir)
  .filter((name) => /^schedule-bench-\d+\.json$/.test(name))
  .map(read)
  .sort((a, b) => a.works - b.works);
if (results.length === 0) throw new Error('no results of the schedule benchmark in e2e/test-results');
// The demo schedule's opening, measured in the same run (bench/schedule.bench.ts, its first test).
const demo = existsSync(new URL('schedule-bench-demo.json', dir)) ? read('schedule-bench-demo.json') : null;

const ms = (value) => (value === undefined ? '—' : `${Math.round(value).toLocaleString('en')} ms`);
const frame = (s) =>
  `${s.mean.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.max.toFixed(1)} ms (${(1000 / s.mean).toFixed(0)} fps)`;
const line = (label, warm, cold = '') =>
  console.log(`  ${label.padEnd(70)} ${String(warm).padStart(22)}  ${cold}`);
const phases = (run) =>
  Object.entries(run.phases)
    .map(([key, value]) => `${key} ${typeof value === 'number' ? Math.round(value) : value}`)
    .join(', ');

console.log(
  `\nload average (1, 5, 15 min) before: ${before ? `${loadText(before.load)} at ${before.at}` : '—'} (${cpus().length} cores)`,
);
const headline = [];
for (const r of results) {
  const { warm, cold } = r;
  console.log(
    `\nSchedule of ${r.works.toLocaleString('en')} works, ${r.relations.toLocaleString('en')} links — Chromium, Pixi ${r.renderer} renderer; warm: median of ${r.loads.length} reloads`,
  );
  line('figure', 'warm', 'cold (first load after a change)');
  line('generation of the version (server, not a product figure)', ms(r.generateMs));
  line('payload query + transfer + decode', ms(warm.loadMs), ms(cold.loadMs));
  line('  of which query + transfer', ms(warm.queryMs), ms(cold.queryMs));
  line('  of which decode (bytes received → version in hand)', ms(warm.decodeMs), ms(cold.decodeMs));
  line('    the decoder itself, on the worker', ms(warm.decoderMs), ms(cold.decoderMs));
  line('first paint of the grid from the query start', ms(warm.firstPaintMs), ms(cold.firstPaintMs));
  line('page reload → first row visible', ms(warm.rowVisibleMs), ms(cold.rowVisibleMs));
  line('page reload → grid rows and Gantt bars drawn (usable)', ms(warm.usableMs), ms(cold.usableMs));
  line(
    'Gantt first frame from the version decoded',
    ms(warm.ganttFromDecodedMs),
    ms(cold.ganttFromDecodedMs),
  );
  line('  the timeline: mounted with the version → first frame', ms(warm.ganttOwnMs), ms(cold.ganttOwnMs));
  line('    of which starting the Pixi renderer', ms(warm.rendererStartMs), ms(cold.rendererStartMs));
  line('navigation → the Gantt timeline’s first bars', ms(warm.firstBarsMs), ms(cold.firstBarsMs));
  if (r.rendererChoice)
    line(
      '  renderer chosen by the page',
      `${r.rendererChoice.renderer} (${r.rendererChoice.reason})`,
      r.rendererChoice.webglRenderer ?? '',
    );
  line('browser frame interval scrolling grid + Gantt: mean / p95 / max', frame(r.scroll.intervals));
  for (const [name, s] of Object.entries(r.scrollByRenderer ?? {}))
    line(
      `  with the ${name} renderer: browser interval / timeline's own frame (mean)`,
      `${s.intervals.mean.toFixed(1)} / ${s.frames.mean.toFixed(1)} ms`,
    );
  line(`  timeline's own frame: mean / p95 / max (${r.scroll.frames.count} frames)`, frame(r.scroll.frames));
  line('browser frame interval zooming: mean / p95 / max', frame(r.zoom.intervals));
  line(`  timeline's own frame: mean / p95 / max (${r.zoom.frames.count} frames)`, frame(r.zoom.frames));
  const d = r.drag.steps;
  line(
    `drag step → successors redrawn: median / p95 / max (${d.count} steps)`,
    `${d.p50.toFixed(1)} / ${d.p95.toFixed(1)} / ${d.max.toFixed(1)} ms`,
  );
  line('  status while dragging', r.drag.status);
  line('engine Scheduler built in the browser (idle time after the first frame)', ms(r.whatIfBuildMs));
  const { first, again } = r.calculation;
  line('server calculation of the version (API round trip; first)', ms(first.roundTripMs));
  line(`  the server's own (${ms(first.serverMs)}): ${phases(first)}`, '');
  line('server calculation again, nothing changed (API round trip)', ms(again.roundTripMs));
  line(`  the server's own (${ms(again.serverMs)}): ${phases(again)}`, '');
  const c = r.cyclogram;
  line(
    `cyclogram (${c.locations.toLocaleString('en')} locations × ${c.trades} trades): first frame from navigation`,
    ms(c.firstFrameMs),
    `first open ${ms(c.firstOpenMs)}`,
  );
  line(`  cyclogram frame while scrolling: mean / p95 / max`, frame(c.scroll));
  line(
    'JS heap after GC + array buffers',
    `${r.heap.usedMB.toFixed(1)} + ${r.heap.backingStorageMB.toFixed(1)} MB`,
  );
  const targets = [
    ['click to usable schedule ≤ 1 s warm', warm.usableMs <= 1000],
    ['  ≤ 2 s cold', cold.usableMs <= 2000],
    ['60 fps scrolling grid + Gantt (mean interval ≤ 16.7 ms)', r.scroll.intervals.mean <= 16.7],
    ['60 fps zooming (mean interval ≤ 16.7 ms)', r.zoom.intervals.mean <= 16.7],
    ['drag feedback ≤ 16 ms (median step)', d.p50 <= 16],
    ['server calculation ≤ 1 s (first, round trip)', first.roundTripMs <= 1000],
    ['cyclogram first frame ≤ 1 s', c.firstFrameMs <= 1000],
  ];
  for (const [target, met] of targets)
    console.log(`  target (issue 16): ${target} — ${met ? 'met' : 'NOT met'}`);
  headline.push({
    works: r.works,
    usableWarmMs: Math.round(warm.usableMs),
    usableColdMs: Math.round(cold.usableMs),
    firstBarsMs: r.warm.firstBarsMs === undefined ? undefined : Math.round(r.warm.firstBarsMs),
    scrollIntervalMs: Number(r.scroll.intervals.mean.toFixed(1)),
    scrollIntervalByRenderer: Object.fromEntries(
      Object.entries(r.scrollByRenderer ?? {}).map(([name, s]) => [
        name,
        Number(s.intervals.mean.toFixed(1)),
      ]),
    ),
    dragMs: Number(d.p50.toFixed(1)),
    calculateMs: first.roundTripMs,
  });
}
// Opening to the first bars, the demo schedule and the generated ones of this run side by side, with
// issue 17's targets (on a quiet machine).
console.log('\nNavigation → first Gantt bars (this run)');
line('schedule', 'warm (median of reloads)', 'first open / cold');
if (demo) {
  line(
    `demo schedule, ${demo.works.toLocaleString('en')} works (${demo.renderer.renderer} renderer)`,
    ms(demo.warm.firstBarsMs),
    ms(demo.firstOpen.firstBarsMs),
  );
  console.log(
    `  target (issue 17): demo schedule ≤ 1 s — ${demo.warm.firstBarsMs <= 1000 ? 'met' : 'NOT met'}`,
  );
}
for (const r of results) {
  line(`generated, ${r.works.toLocaleString('en')} works`, ms(r.warm.firstBarsMs), ms(r.cold.firstBarsMs));
  if (r.works === 100_000)
    console.log(
      `  target (issue 17): 100,000 works ≤ 1.5 s — ${r.warm.firstBarsMs <= 1500 ? 'met' : 'NOT met'}`,
    );
}
console.log(`\nload average (1, 5, 15 min) after: ${loadText(loadavg())}`);
if (demo) headline.unshift({ works: demo.works, demo: true, firstBarsMs: Math.round(demo.warm.firstBarsMs) });
console.log(JSON.stringify(headline));
