// Prints the figures of the Gantt benchmark; the last line is one JSON object.
import { readFileSync } from 'node:fs';

const result = JSON.parse(readFileSync(new URL('../test-results/gantt-bench.json', import.meta.url), 'utf8'));
const ms = (value) => `${value.toFixed(1).padStart(8)} ms`;
const frames = [...result.scroll.frames.all, ...result.zoom.frames.all];
const mean = frames.reduce((sum, v) => sum + v, 0) / frames.length;
const max = Math.max(...frames);
const heapMB = result.heap.usedMB + result.heap.backingStorageMB;
console.log(
  `\nGantt timeline, ${result.works.toLocaleString('en')} works, ${result.relations.toLocaleString('en')} links, Pixi ${result.renderer} renderer`,
);
const line = (label, value) => console.log(`  ${label.padEnd(62)} ${value}`);
line('server calculation of the version (before the runs)', ms(result.calculateMs));
line(
  `first frame from the payload query start (median of ${result.firstFrames.length})`,
  ms(result.firstFrameFromQueryMs),
);
line('first frame from the version decoded (the page renders the grid too)', ms(result.firstFrameMs));
line('  the timeline: mounted with the decoded version → first frame', ms(result.firstFrameOwnMs));
line('    of which starting the Pixi renderer', ms(result.rendererStartMs));
for (const [name, run] of [
  ['scrolling', result.scroll],
  ['zooming', result.zoom],
]) {
  line(
    `timeline frame while ${name}: mean / p95 / max (${run.frames.count} frames)`,
    `${run.frames.mean.toFixed(2)} / ${run.frames.p95.toFixed(2)} / ${run.frames.max.toFixed(2)} ms`,
  );
  line(
    `  browser frame interval while ${name}: mean / p95 / max`,
    `${run.intervals.mean.toFixed(1)} / ${run.intervals.p95.toFixed(1)} / ${run.intervals.max.toFixed(1)} ms`,
  );
}
line('engine scheduler built in the browser (once per version)', ms(result.whatIfBuildMs));
line(
  `drag step → successors recalculated and redrawn: median / p95 / max`,
  `${result.drag.p50.toFixed(1)} / ${result.drag.p95.toFixed(1)} / ${result.drag.max.toFixed(1)} ms`,
);
line('  status while dragging', result.dragStatus);
line(
  `cyclogram, ${result.cyclogram.locations.toLocaleString('en')} locations × ${result.cyclogram.trades} trades: first frame from navigation (median of ${result.cyclogram.firstFrames.length})`,
  ms(result.cyclogram.firstFrameMs),
);
line(
  `  cyclogram frame while scrolling: mean / p95 / max (${result.cyclogram.scroll.count} frames)`,
  `${result.cyclogram.scroll.mean.toFixed(2)} / ${result.cyclogram.scroll.p95.toFixed(2)} / ${result.cyclogram.scroll.max.toFixed(2)} ms`,
);
line(
  'JS heap after GC (+ array buffers)',
  `${result.heap.usedMB.toFixed(1)} + ${result.heap.backingStorageMB.toFixed(1)} MB`,
);
const targets = [
  [
    `first frame under 500 ms, from the version decoded (${result.firstFrameMs.toFixed(0)} ms)`,
    result.firstFrameMs < 500,
  ],
  [`  the timeline's own part (${result.firstFrameOwnMs.toFixed(0)} ms)`, result.firstFrameOwnMs < 500],
  [
    `frames under 16 ms while scrolling: p95 ${result.scroll.frames.p95.toFixed(1)} ms`,
    result.scroll.frames.p95 < 16,
  ],
  [`  every frame: max ${result.scroll.frames.max.toFixed(1)} ms`, result.scroll.frames.max < 16],
  [`drag feedback under 50 ms: median ${result.drag.p50.toFixed(1)} ms`, result.drag.p50 < 50],
  [`heap under 150 MB: ${heapMB.toFixed(1)} MB`, heapMB < 150],
];
for (const [target, met] of targets) console.log(`  target: ${target} — ${met ? 'met' : 'NOT met'}`);
console.log(
  JSON.stringify({
    works: result.works,
    firstFrameMs: Math.round(result.firstFrameMs),
    frameMsMean: Number(mean.toFixed(2)),
    frameMsMax: Number(max.toFixed(2)),
    dragMs: Number(result.drag.p50.toFixed(1)),
    heapMB: Number(heapMB.toFixed(1)),
  }),
);
