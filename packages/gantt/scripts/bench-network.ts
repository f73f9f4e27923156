// Network diagram benchmark: the graph built from a version's columns, summarised by WBS, and laid out
// by elkjs's layered algorithm, for building schedules of 1,000, 2,000 and 5,000 works (one run each,
// after a warm-up on a small graph), next to the provisional layout shown while elkjs works (its first
// run and the best of three), how many times quicker that is, and the sizes of both diagrams.
// Usage: npx tsx scripts/bench-network.ts
import { performance } from 'node:perf_hooks';
import ELK from 'elkjs/lib/elk.bundled.js';
import { networkGraph } from '../src/network/graph.js';
import { networkLayout } from '../src/network/layout.js';
import { networkProvisionalLayout } from '../src/network/provisional.js';
import { sampleNetwork } from '../src/testing/sample-network.js';

const elk = new ELK();
const table: Record<string, string | number>[] = [];
// Warm-up on a small graph so that the figures below are the layout's, not the code's compilation.
await networkLayout(elk, networkGraph(sampleNetwork(200)));
networkProvisionalLayout(networkGraph(sampleNetwork(200)));
for (const works of [1_000, 2_000, 5_000]) {
  const input = sampleNetwork(works);
  const t0 = performance.now();
  const graph = networkGraph(input);
  const t1 = performance.now();
  const layout = await networkLayout(elk, graph);
  const t2 = performance.now();
  const summary = networkGraph(input, 2);
  const t3 = performance.now();
  await networkLayout(elk, summary);
  const t4 = performance.now();
  const runs: number[] = [];
  let provisional = null as ReturnType<typeof networkProvisionalLayout> | null;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    provisional = networkProvisionalLayout(graph);
    runs.push(performance.now() - started);
  }
  const provisionalMs = Math.min(...runs);
  table.push({
    works,
    nodes: graph.nodeCount,
    edges: graph.edgeCount,
    'graph ms': (t1 - t0).toFixed(1),
    'layout ms': (t2 - t1).toFixed(0),
    'provisional ms': `${runs[0]!.toFixed(1)} / ${provisionalMs.toFixed(1)}`,
    'layout / provisional': `${Math.round((t2 - t1) / provisionalMs)}×`,
    'diagram size': `${Math.round(layout.width)}×${Math.round(layout.height)}`,
    'provisional size': `${Math.round(provisional!.width)}×${Math.round(provisional!.height)}`,
    'floors: nodes': summary.nodeCount,
    'floors: graph ms': (t3 - t2).toFixed(1),
    'floors: layout ms': (t4 - t3).toFixed(0),
  });
}
console.table(table);
console.log(JSON.stringify(table[table.length - 1]));
