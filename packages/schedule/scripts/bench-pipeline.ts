// Benchmark (not a test): generating a project pipeline of 20 flows × 200 locations — the first
// generation, and a regeneration against what the first left, with one location removed.
// Usage: npm run bench -w @takt/schedule
import { type PipelineExistingWork, type PipelineFlowSpec, planPipeline } from '../src/index.js';

const FLOWS = 20;
const LOCATIONS = 200;
const locations = Array.from({ length: LOCATIONS }, (_, i) => ({ id: `L${i}`, name: `Floor ${i + 1}` }));
const flows: PipelineFlowSpec[] = Array.from({ length: FLOWS }, (_, i) => ({
  id: `F${i}`,
  name: `Flow ${i + 1}`,
  code: `F${i + 1}`,
  versionId: `V${i % 3}`,
  locationIds: locations.map((l) => l.id),
  days: 1 + (i % 4),
  bufferDays: i % 2,
  afterId: i > 0 ? `F${i - 1}` : null,
}));
let n = 0;
const newId = () => `id${++n}`;
const time = <T>(run: () => T): [T, number] => {
  const start = performance.now();
  const out = run();
  return [out, performance.now() - start];
};

const common = { minutesPerDay: () => 480, newId };
const [first, firstMs] = time(() =>
  planPipeline({ locations, flows, existingWorks: [], existingRelations: [], ...common }),
);
const works: PipelineExistingWork[] = first.works.map((w) => ({
  pipeId: w.pipeId,
  locationId: w.locationId,
  versionId: w.versionId,
  workId: w.id,
  name: w.name,
  code: w.code,
  durationMinutes: w.durationMinutes,
  parentId: w.parentId,
  sortKey: w.sortKey ?? 0,
}));
const relations = first.createRelations.map((r) => ({ ...r, type: 'fs', own: true }));
const [again, againMs] = time(() =>
  planPipeline({
    locations: locations.slice(1),
    flows,
    existingWorks: works,
    existingRelations: relations,
    ...common,
  }),
);
const finish = Math.max(...first.timeline.map((s) => s.finish));
console.log(`pipeline ${FLOWS} flows × ${LOCATIONS} locations`);
console.log(
  `  first generation: ${firstMs.toFixed(1)} ms — ${first.create.length} works, ${first.createRelations.length} relations, ${finish} working days`,
);
console.log(
  `  regeneration without a location: ${againMs.toFixed(1)} ms — ${again.remove.length} removed, ${again.update.length} updated, ${again.createRelations.length} relations added`,
);
