// Prints the figures of the grid benchmark; the last line is one JSON object.
import { readFileSync } from 'node:fs';

const result = JSON.parse(readFileSync(new URL('../test-results/grid-bench.json', import.meta.url), 'utf8'));
const rows = [
  ['generation of the version (server)', result.generateMs],
  ['payload query + transfer (median)', result.queryMs],
  ['decode into typed arrays (median)', result.decodeMs],
  ['load = query + transfer + decode (median)', result.loadMs],
  ['first paint of the grid from the query start (median)', result.firstPaintMs],
  ['page reload → first row visible (median)', result.navigationMs],
  ['cold (first load after a change): payload query + transfer', Math.round(result.cold.queryMs)],
  ['cold: first paint of the grid from the query start', Math.round(result.cold.firstPaintMs)],
];
console.log(
  `\nWBS grid, ${result.works.toLocaleString('en')} works, ${result.trials.length} trials after a warm-up`,
);
for (const [label, ms] of rows) console.log(`  ${label.padEnd(56)} ${String(ms).padStart(7)} ms`);
console.log(`  target: usable grid under 1500 ms — ${result.firstPaintMs < 1500 ? 'met' : 'NOT met'}`);
console.log(
  JSON.stringify({
    works: result.works,
    loadMs: result.loadMs,
    firstPaintMs: result.firstPaintMs,
    coldFirstPaintMs: Math.round(result.cold.firstPaintMs),
  }),
);
