import { describe, expect, it } from 'vitest';
import type { AssignmentInput, ResourceInput } from '../resources/resource-types.js';
import { fs, project, task } from '../testing/fixtures.js';
import { type AnalysisFacts, analyseSchedule } from './analyse.js';
import type { AnalysisCheckId } from './checks.js';

const DAY = 480;

/**
 * A hand-made week-by-week version (standard calendar, from Monday 2024-01-01, the data date): a crane (one
 * a day), a crew (8 hours a day, 16 from 2024-01-15 on), sand without a limit.
 * - A and B both need the crane all of the first week: two cranes a day, one available — both count.
 * - C needs it the second week alone (one a day: enough), and sand.
 * - D needs the crew 8 hours a day the second week: exactly what there is.
 * - E needs 16 hours a day the third week: the crew's period gives 16 — enough.
 * - K needs three cranes on Friday 2023-12-29, before the data date: the past is not counted.
 * - L needs only sand, M nothing: neither is in the population.
 */
function sample(): { input: ReturnType<typeof project>; facts: AnalysisFacts } {
  const input = project(
    [
      task('A', 5 * DAY),
      task('B', 5 * DAY),
      task('C', 5 * DAY),
      task('D', 5 * DAY),
      task('E', 5 * DAY),
      task('K', 5 * DAY),
      task('L', 5 * DAY),
      task('M', 5 * DAY),
    ],
    [fs('A', 'C'), fs('A', 'D'), fs('D', 'E')],
    { dataDate: '2024-01-01T08:00' },
  );
  const resources: ResourceInput[] = [
    { id: 'crane', kind: 'cost', unitsPerDay: 1 },
    {
      id: 'crew',
      kind: 'labour',
      unitsPerDay: 8,
      periods: [{ from: '2024-01-15', unitsPerDay: 16 }],
    },
    { id: 'sand', kind: 'volume' },
  ];
  const assignments: AssignmentInput[] = [
    { workId: 'A', resourceId: 'crane', quantity: 5 },
    { workId: 'B', resourceId: 'crane', quantity: 5 },
    { workId: 'C', resourceId: 'crane', quantity: 5 },
    { workId: 'C', resourceId: 'sand', quantity: 100 },
    { workId: 'D', resourceId: 'crew', quantity: 40 },
    { workId: 'E', resourceId: 'crew', quantity: 80 },
    {
      workId: 'K',
      resourceId: 'crane',
      quantity: 3,
      allocation: { mode: 'by_date', days: [{ date: '2023-12-29', quantity: 3 }] },
    },
    { workId: 'L', resourceId: 'sand', quantity: 1000 },
  ];
  return { input, facts: { resources, assignments } };
}

const check = (facts: AnalysisFacts, input = sample().input, thresholds = {}) =>
  analyseSchedule(input, undefined, facts, { thresholds }).checks.find(
    (c) => c.id === ('over_allocation' satisfies AnalysisCheckId),
  )!;

describe('resource over-allocation', () => {
  it('counts the tasks that need a resource beyond its availability: A and B of six with a limited one', () => {
    const { facts } = sample();
    const c = check(facts);
    expect([c.count, c.population, c.status, c.workIds, c.value]).toEqual([2, 6, 'fail', ['A', 'B'], 1]);
    expect([c.kind, c.threshold, c.score]).toEqual(['max_count', 0, 0]);
  });

  it('a threshold of the space lets some through', () => {
    expect(check(sample().facts, undefined, { over_allocation: 2 }).status).toBe('pass');
  });

  it('without the crew’s period E is over-allocated too (16 hours a day against 8)', () => {
    const { facts } = sample();
    const resources = facts.resources!.map((r) => (r.id === 'crew' ? { ...r, periods: [] } : r));
    const c = check({ ...facts, resources });
    expect([c.count, c.workIds, c.value]).toEqual([3, ['A', 'B', 'E'], 2]);
  });

  it('follows the calculated dates: B after A leaves the crane one a day', () => {
    const { input, facts } = sample();
    const linked = { ...input, relations: [...input.relations, fs('A', 'B')] };
    const c = check(facts, linked);
    // B now shares the second week with C: still two cranes a day, now B and C.
    expect([c.count, c.workIds]).toEqual([2, ['B', 'C']]);
  });

  it('a resource on its own calendar gives nothing on its days off', () => {
    const day = [
      { start: '08:00', finish: '12:00' },
      { start: '13:00', finish: '17:00' },
    ];
    const input = project([task('X', 7 * DAY, { calendarId: 'all' })], [], {
      calendars: [{ id: 'std' }, { id: 'all', week: Array.from({ length: 7 }, () => day) }],
      dataDate: '2024-01-01T08:00',
    });
    // X works every day, a crane a day; the crane works Monday to Friday only.
    const assignments = [{ workId: 'X', resourceId: 'crane', quantity: 7 }];
    const everyDay = check(
      { resources: [{ id: 'crane', kind: 'cost', unitsPerDay: 1 }], assignments },
      input,
    );
    expect([everyDay.count, everyDay.population]).toEqual([0, 1]);
    const weekdays = check(
      { resources: [{ id: 'crane', kind: 'cost', unitsPerDay: 1, calendarId: 'std' }], assignments },
      input,
    );
    expect(weekdays.workIds).toEqual(['X']);
  });

  it('is not applicable without resources, with nothing limited, or when the assignments do not compile', () => {
    const { facts } = sample();
    expect(check({}).status).toBe('not_applicable');
    const unlimited = facts.resources!.map((r) => ({ ...r, unitsPerDay: null, periods: null }));
    expect(check({ ...facts, resources: unlimited }).status).toBe('not_applicable');
    const broken = [...facts.assignments!, { workId: 'A', resourceId: 'nobody', quantity: 1 }];
    expect(check({ ...facts, assignments: broken }).status).toBe('not_applicable');
  });

  it('stays fast: 20,000 works on 50 resources within seconds', () => {
    const works = Array.from({ length: 20_000 }, (_, i) => task(`W${i}`, ((i % 7) + 1) * DAY));
    const relations = works.slice(1).map((w, i) => (i % 10 === 9 ? null : fs(`W${i}`, w.id)));
    const input = project(
      works,
      relations.filter((r) => r !== null),
    );
    const resources: ResourceInput[] = Array.from({ length: 50 }, (_, r) => ({
      id: `R${r}`,
      kind: 'labour',
      unitsPerDay: 8,
    }));
    const assignments: AssignmentInput[] = works.map((w, i) => ({
      workId: w.id,
      resourceId: `R${i % 50}`,
      quantity: ((i % 7) + 1) * 8,
    }));
    const started = performance.now();
    const c = check({ resources, assignments }, input);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(c.population).toBe(20_000);
    expect(c.count).toBeGreaterThan(0);
  });
});
