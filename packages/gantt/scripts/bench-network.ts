// Network diagram benchmark: the graph built from a version's columns, summarised by WBS, and laid out
// by elkjs's layered algorithm, for building schedules of 1,000, 2,000 and 5,000 works (one run each:
// elkjs's first layout includes its warm-up, as a user's first diagram does).
// Usage: npx tsx scripts/bench-network.ts
import { performance } from 'node:perf_hooks';
import ELK from 'elkjs/lib/elk.bundled.js';
import { networkGraph } from '../src/network/graph.js';
import { networkLayout } from '../src/network/layout.js';
import { sampleNetwork } from '../src/testing/sample-network.js';

const elk = new ELK();
const table: Record<string, string | number>[] = [];
// Warm-up on a small graph so that the figures below are the layout's, not the code's compilation.
await networkLayout(elk, networkGraph(sampleNetwork(200)));
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
  table.push({
    works,
    nodes: graph.nodeCount,
    edges: graph.edgeCount,
    'graph ms': (t1 - t0).toFixed(1),
    'layout ms': (t2 - t1).toFixed(0),
    'diagram size': `${Math.round(layout.width)}×${Math.round(layout.height)}`,
    'floors: nodes': summary.nodeCount,
    'floors: graph ms': (t3 - t2).toFixed(1),
    'floors: layout ms': (t4 - t3).toFixed(0),
  });
}
console.table(table);
console.log(JSON.stringify(table[table.length - 1]));
