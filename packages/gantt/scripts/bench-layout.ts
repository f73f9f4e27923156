// Layout benchmark: ganttLayout + ganttLinkRoutes for a 1,000-row viewport over schedules of 1k, 10k and
// 100k works (warm-up, repeated trials at scattered scroll positions, median and p90 in ms).
// Usage: npx tsx scripts/bench-layout.ts
import { performance } from 'node:perf_hooks';
import { MINUTES_PER_DAY } from '../src/dates.js';
import { ganttLayout } from '../src/layout.js';
import { ganttLinkRoutes } from '../src/links.js';
import { scaleAtLevel } from '../src/scale.js';
import { snapshotLinkIndex, snapshotRowIndex } from '../src/snapshot.js';
import { SAMPLE_DATA_DATE, SAMPLE_START, sampleSchedule } from '../src/testing/sample-schedule.js';

const ROWS_IN_VIEW = 1000;
const ROW_HEIGHT = 24;
const TRIALS = 30;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const table: Record<string, string | number>[] = [];
for (const count of [1_000, 10_000, 100_000]) {
  const { snapshot } = sampleSchedule(count);
  const indexStart = performance.now();
  snapshotRowIndex(snapshot);
  snapshotLinkIndex(snapshot);
  const indexMs = performance.now() - indexStart;
  const layoutTimes: number[] = [];
  const linkTimes: number[] = [];
  let items = 0;
  let links = 0;
  for (let trial = -5; trial < TRIALS; trial++) {
    const firstRow = Math.max(0, ((trial + 5) * 7919) % Math.max(1, count - ROWS_IN_VIEW));
    // Quarter zoom: all 1,000 rows of the view have their bars (≈ 750 days) inside the 1,600 px.
    const scale = scaleAtLevel(
      SAMPLE_START + Math.floor(firstRow / 12) * 9 * MINUTES_PER_DAY - 7 * MINUTES_PER_DAY,
      'quarter',
    );
    const viewport = {
      width: 1600,
      height: ROWS_IN_VIEW * ROW_HEIGHT,
      scrollTop: firstRow * ROW_HEIGHT,
      rowHeight: ROW_HEIGHT,
    };
    const t0 = performance.now();
    const layout = ganttLayout(snapshot, scale, viewport, { dataDate: SAMPLE_DATA_DATE });
    const t1 = performance.now();
    const routes = ganttLinkRoutes(snapshot, scale, layout);
    const t2 = performance.now();
    if (trial < 0) continue; // warm-up
    layoutTimes.push(t1 - t0);
    linkTimes.push(t2 - t1);
    items = layout.bars.length + layout.summaries.length + layout.milestones.length + layout.labels.length;
    links = routes.length;
  }
  table.push({
    works: count,
    'row+link index (once per snapshot)': indexMs.toFixed(2),
    'layout median': quantile(layoutTimes, 0.5).toFixed(2),
    'layout p90': quantile(layoutTimes, 0.9).toFixed(2),
    'links median': quantile(linkTimes, 0.5).toFixed(2),
    'links p90': quantile(linkTimes, 0.9).toFixed(2),
    'items (last)': items,
    'links (last)': links,
  });
}
console.table(table);
console.log(JSON.stringify(table[table.length - 1]));
