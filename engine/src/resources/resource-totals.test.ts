import { describe, expect, it } from 'vitest';
import { project, task } from '../testing/fixtures.js';
import { generateProject } from '../testing/generate-project.js';
import { randomCreate, randomInt, randomPick } from '../testing/random.js';
import { resourceHistogram } from './histogram.js';
import { resourcesCompile } from './resource-model.js';
import { resourceTotals } from './resource-totals.js';
import type { AllocationInput, AssignmentInput, ResourceInput } from './resource-types.js';

const RESOURCES: ResourceInput[] = [
  { id: 'crew', kind: 'labour', price: 10 },
  { id: 'concrete', kind: 'volume', price: 50 },
  { id: 'crane', kind: 'cost', price: 200 },
  { id: 'fee', kind: 'distributed_price', price: 999 },
];

describe('costs and quantities to a date', () => {
  it('costs per work and summary: quantity × price, a distributed price as it is', () => {
    const input = project([
      { id: 'S', type: 'sum', durationMinutes: 0 },
      task('A', 960, { parentId: 'S' }),
      task('B', 480, { parentId: 'S' }),
    ]);
    const model = resourcesCompile(input, RESOURCES, [
      { workId: 'A', resourceId: 'crew', quantity: 16, approvedQuantity: 12, actualQuantity: 4 },
      { workId: 'A', resourceId: 'concrete', quantity: 3, price: 60 },
      { workId: 'B', resourceId: 'fee', quantity: 5000 },
      { workId: 'B', resourceId: 'crane', quantity: 2 },
    ]);
    const totals = resourceTotals(model);
    expect(Array.from(totals.planCost)).toEqual([160 + 180 + 5000 + 400, 160 + 180, 5400]);
    expect(Array.from(totals.approvedCost)).toEqual([120 + 180 + 5400, 120 + 180, 5400]);
    expect(Array.from(totals.factCost)).toEqual([40, 40, 0]);
    expect(totals.planToDate).toBeNull();
  });

  it('the quantity up to a day: half of a two-day work after its first day', () => {
    const model = resourcesCompile(project([task('A', 960)]), RESOURCES, [
      { workId: 'A', resourceId: 'crew', quantity: 16 },
      { workId: 'A', resourceId: 'concrete', quantity: 10, allocation: { mode: 'end' } },
    ]);
    const totals = resourceTotals(model, { date: '2024-01-01' });
    expect(Array.from(totals.planToDate!)).toEqual([8, 0]);
    expect(Array.from(resourceTotals(model, { date: '2024-01-02' }).planToDate!)).toEqual([16, 10]);
  });

  it('randomized: equals the cumulative daily histogram of every mode, series and calendar', () => {
    const random = randomCreate(77);
    for (let round = 0; round < 6; round++) {
      const base = generateProject({
        works: 60,
        seed: 900 + round,
        completedRate: 0.15,
        inProgressRate: 0.2,
      });
      const assignments: AssignmentInput[] = [];
      for (const work of base.works) {
        if (work.type === 'sum' || work.type === 'draft') continue;
        const allocation = randomPick<AllocationInput>(random, [
          { mode: 'evenly' },
          { mode: 'start' },
          { mode: 'end' },
          { mode: 'curve', weights: [2, 1, 3] },
          { mode: 'by_lag', lagMinutes: randomPick(random, [-240, 0, 300]), durationMinutes: 600 },
          { mode: 'by_fact' },
          {
            mode: 'by_date',
            days: [
              { date: '2024-01-20', quantity: 4 },
              { date: '2024-02-02', quantity: 6 },
            ],
          },
          { mode: 'by_period', period: 'week', amounts: [{ date: '2024-01-15', quantity: 10 }] },
        ]);
        const quantity =
          allocation.mode === 'by_date' || allocation.mode === 'by_period' ? 10 : randomInt(random, 1, 90);
        assignments.push({
          id: `${work.id}:v`,
          workId: work.id,
          resourceId: randomPick(random, ['crew', 'concrete', 'crane']),
          quantity,
          approvedQuantity: randomInt(random, 0, 90),
          actualQuantity: work.actualStart ? randomInt(random, 0, 30) : 0,
          ...(random() < 0.3 && work.actualStart
            ? { actualDays: [{ date: '2024-01-04', quantity: 3 }] }
            : {}),
          allocation,
        });
        if (random() < 0.3) {
          assignments.push({
            workId: work.id,
            resourceId: 'fee',
            quantity: 100,
            allocation: { mode: 'by_volume', assignmentId: `${work.id}:v` },
          });
        }
      }
      const model = resourcesCompile(base, RESOURCES, assignments);
      for (const date of ['2024-01-09', '2024-01-22', '2024-02-14']) {
        const totals = resourceTotals(model, { date });
        const histogram = resourceHistogram(model, { until: date });
        const last = histogram.periodCount - 1;
        histogram.groupIds.forEach((id, g) => {
          const sum = (values: Float64Array) =>
            model.resource.reduce(
              (total, r, a) => (model.resourceIds[r] === id ? total + values[a]! : total),
              0,
            );
          const at = g * histogram.periodCount + last;
          expect(sum(totals.planToDate!), `${date} ${id} plan`).toBeCloseTo(histogram.planCumulative[at]!, 6);
          expect(sum(totals.approvedToDate!), `${date} ${id} approved`).toBeCloseTo(
            histogram.approvedCumulative[at]!,
            6,
          );
          expect(sum(totals.factToDate!), `${date} ${id} fact`).toBeCloseTo(histogram.factCumulative[at]!, 6);
        });
      }
    }
  });
});
