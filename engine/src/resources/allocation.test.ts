import { describe, expect, it } from 'vitest';
import { calendarIsWorking, calendarStartInstant, calendarWorkingTime } from '../calendar.js';
import { calendarCompile } from '../calendar-compile.js';
import { EngineError } from '../engine-error.js';
import { project, task } from '../testing/fixtures.js';
import { generateCalendars } from '../testing/generate-project.js';
import { randomCreate, randomInt, randomPick } from '../testing/random.js';
import { MINUTES_PER_DAY, timeFromIso } from '../time.js';
import type { EngineProject, Minutes } from '../types.js';
import { dayGridCreate } from './day-grid.js';
import { resourceHistogram } from './histogram.js';
import { resourcesCompile } from './resource-model.js';
import type { AllocationInput, AssignmentInput, ResourceInput } from './resource-types.js';
import {
  SHAPE_CURVE,
  SHAPE_END,
  SHAPE_EVENLY,
  SHAPE_START,
  spreadAdd,
  spreadCurveCumulative,
} from './spread.js';

describe('spreading a quantity over working days', () => {
  const calendars = generateCalendars().map((calendar) => calendarCompile(calendar));
  const firstDay = Math.floor(timeFromIso('2024-01-01') / MINUTES_PER_DAY);

  /** Minute by minute: each working minute of the span gets its share of the curve (or an equal share). */
  function bruteForce(c: number, from: number, to: number, quantity: number, weights: number[] | null) {
    const calendar = calendars[c]!;
    const byDay = new Map<number, number>();
    const span = to - from;
    const cumulative = weights ? spreadCurveCumulative(weights) : null;
    const share = (x: number) => {
      if (!cumulative) return x;
      const parts = cumulative.length - 1;
      const k = Math.min(parts - 1, Math.floor(x * parts));
      return cumulative[k]! + (cumulative[k + 1]! - cumulative[k]!) * (x * parts - k);
    };
    let time = calendarStartInstant(calendar, from);
    for (let w = from; w < to; w++) {
      while (!calendarIsWorking(calendar, time as Minutes)) time++;
      const day = Math.floor(time / MINUTES_PER_DAY) - firstDay;
      const amount = quantity * (share((w + 1 - from) / span) - share((w - from) / span));
      byDay.set(day, (byDay.get(day) ?? 0) + amount);
      time++;
    }
    return byDay;
  }

  it('matches a minute-by-minute spread for random spans, calendars and curves; sums to the quantity', () => {
    const random = randomCreate(42);
    for (let k = 0; k < 60; k++) {
      const c = randomInt(random, 0, calendars.length - 1);
      const grid = dayGridCreate(calendars, firstDay, 10);
      const calendar = calendars[c]!;
      const start = calendarWorkingTime(calendar, timeFromIso('2024-01-01') + randomInt(random, 0, 20_000));
      const length = randomInt(random, 1, 4000);
      const quantity = randomInt(random, 1, 1000) / 7;
      const weights =
        random() < 0.5
          ? null
          : Array.from({ length: randomInt(random, 1, 5) }, () => randomInt(random, 0, 4) + 0.5);
      const out = new Float64Array(400);
      spreadAdd(
        grid,
        c,
        start,
        start + length,
        quantity,
        weights ? SHAPE_CURVE : SHAPE_EVENLY,
        weights ? spreadCurveCumulative(weights) : null,
        out,
        0,
        1,
      );
      const expected = bruteForce(c, start, start + length, quantity, weights);
      let total = 0;
      for (let d = 0; d < out.length; d++) {
        total += out[d]!;
        expect(out[d]!, `case ${k} day ${d}`).toBeCloseTo(expected.get(d) ?? 0, 9);
        expect(out[d]!).toBeGreaterThanOrEqual(0);
      }
      expect(total).toBeCloseTo(quantity, 9);
    }
  });

  it('puts everything on the first or last working day for start / end, and on the day of an empty span', () => {
    const grid = dayGridCreate(calendars, firstDay, 30);
    const monday = calendarWorkingTime(calendars[0]!, timeFromIso('2024-01-15T08:00'));
    const out = new Float64Array(30);
    spreadAdd(grid, 0, monday, monday + 5 * 480, 10, SHAPE_START, null, out, 0, 1);
    spreadAdd(grid, 0, monday, monday + 5 * 480, 4, SHAPE_END, null, out, 0, 1);
    spreadAdd(grid, 0, monday + 60, monday + 60, 1, SHAPE_EVENLY, null, out, 0, 1);
    expect(out[14]).toBe(11); // Monday 15th
    expect(out[18]).toBe(4); // Friday 19th
    expect(out.reduce((sum, value) => sum + value, 0)).toBe(15);
  });
});

/** 2024-01-01 is a Monday; the standard calendar works Mon–Fri 08–12, 13–17. */
const RESOURCES: ResourceInput[] = [
  { id: 'crew', kind: 'labour', unit: 'h', unitsPerDay: 16, price: 10 },
  { id: 'concrete', kind: 'volume', unit: 'm3', price: 50 },
  { id: 'crane', kind: 'cost', unitsPerDay: 1 },
  { id: 'fee', kind: 'distributed_price' },
];

function dailyPlan(input: EngineProject, assignments: AssignmentInput[], resourceId = 'crew') {
  const model = resourcesCompile(input, RESOURCES, assignments);
  const histogram = resourceHistogram(model, {
    resourceIds: [resourceId],
    from: '2024-01-01',
    until: '2024-01-21',
  });
  return {
    plan: Array.from(histogram.plan, (value) => Math.round(value * 1000) / 1000),
    approved: Array.from(histogram.approved, (value) => Math.round(value * 1000) / 1000),
    fact: Array.from(histogram.fact, (value) => Math.round(value * 1000) / 1000),
  };
}

const week = (...days: number[]) => [...days, ...new Array(21 - days.length).fill(0)];

describe('allocation modes', () => {
  const threeDays = project([task('A', 3 * 480)]);
  const allocate = (allocation: AllocationInput, extra: Partial<AssignmentInput> = {}) =>
    dailyPlan(threeDays, [{ workId: 'A', resourceId: 'crew', quantity: 24, allocation, ...extra }]).plan;

  it('evenly, start, end and a curve', () => {
    expect(allocate({ mode: 'evenly' })).toEqual(week(8, 8, 8));
    expect(allocate({ mode: 'start' })).toEqual(week(24));
    expect(allocate({ mode: 'end' })).toEqual(week(0, 0, 24));
    expect(allocate({ mode: 'curve', weights: [1, 2, 3] })).toEqual(week(4, 8, 12));
    expect(allocate({ mode: 'curve', weights: [1, 1] })).toEqual(week(8, 8, 8));
  });

  it('by_lag: the resource comes later and stays a while', () => {
    expect(allocate({ mode: 'by_lag', lagMinutes: 480, durationMinutes: 480 })).toEqual(week(0, 24));
    expect(allocate({ mode: 'by_lag', lagMinutes: 480 })).toEqual(week(0, 12, 12));
    expect(allocate({ mode: 'by_lag', lagMinutes: -480, durationMinutes: 960, shape: 'end' })).toEqual(
      week(24),
    );
  });

  it('by_date and by_period hold their days; the work moving does not move them', () => {
    const byDate: AllocationInput = {
      mode: 'by_date',
      days: [
        { date: '2024-01-02', quantity: 20 },
        { date: '2024-01-10', quantity: 4 },
      ],
    };
    expect(allocate(byDate)).toEqual(week(0, 20, 0, 0, 0, 0, 0, 0, 0, 4));
    const moved = project([
      task('A', 3 * 480, { constraint: { start: { type: 'not_earlier', date: '2024-01-08' } } }),
    ]);
    expect(
      dailyPlan(moved, [{ workId: 'A', resourceId: 'crew', quantity: 24, allocation: byDate }]).plan,
    ).toEqual(week(0, 20, 0, 0, 0, 0, 0, 0, 0, 4));
    // Per week: the work's days inside the week (Wed–Fri of the first week), else the week's working days.
    const late = project([
      task('A', 3 * 480, { constraint: { start: { type: 'not_earlier', date: '2024-01-03' } } }),
    ]);
    const byPeriod: AllocationInput = {
      mode: 'by_period',
      period: 'week',
      amounts: [
        { date: '2024-01-01', quantity: 9 },
        { date: '2024-01-08', quantity: 15 },
      ],
    };
    expect(
      dailyPlan(late, [{ workId: 'A', resourceId: 'crew', quantity: 24, allocation: byPeriod }]).plan,
    ).toEqual(week(0, 0, 3, 3, 3, 0, 0, 3, 3, 3, 3, 3));
  });

  it('by_fact: daily facts up to the data date, then the rest evenly', () => {
    const started = project([task('A', 4 * 480, { actualStart: '2024-01-01T08:00' })], [], {
      dataDate: '2024-01-03T08:00',
    });
    const { plan, fact } = dailyPlan(started, [
      {
        workId: 'A',
        resourceId: 'crew',
        quantity: 24,
        actualDays: [
          { date: '2024-01-01', quantity: 2 },
          { date: '2024-01-02', quantity: 4 },
        ],
        allocation: { mode: 'by_fact' },
      },
    ]);
    expect(fact).toEqual(week(2, 4));
    expect(plan).toEqual(week(2, 4, 9, 9));
  });

  it('by_volume: labour follows the volume plan of the same work', () => {
    const assignments: AssignmentInput[] = [
      {
        id: 'vol',
        workId: 'A',
        resourceId: 'concrete',
        quantity: 30,
        allocation: { mode: 'curve', weights: [1, 1, 4] },
      },
      {
        workId: 'A',
        resourceId: 'crew',
        quantity: 12,
        allocation: { mode: 'by_volume', assignmentId: 'vol' },
      },
    ];
    expect(dailyPlan(threeDays, assignments).plan).toEqual(week(2, 2, 8));
    expect(dailyPlan(threeDays, assignments, 'concrete').plan).toEqual(week(5, 5, 20));
  });

  it('approved plan and fact: their own quantities and dates', () => {
    const started = project([task('A', 3 * 480, { actualStart: '2024-01-01T08:00' })], [], {
      dataDate: '2024-01-03T08:00',
    });
    const { plan, approved, fact } = dailyPlan(started, [
      { workId: 'A', resourceId: 'crew', quantity: 24, approvedQuantity: 12, actualQuantity: 10 },
    ]);
    expect(plan).toEqual(week(8, 8, 8));
    expect(approved).toEqual(week(4, 4, 4));
    expect(fact).toEqual(week(5, 5));
  });

  it('rejects bad resources and assignments, naming them', () => {
    const compile = (resources: ResourceInput[], assignments: AssignmentInput[]) => () =>
      resourcesCompile(threeDays, resources, assignments);
    const one = (extra: Partial<AssignmentInput>) =>
      compile(RESOURCES, [{ workId: 'A', resourceId: 'crew', quantity: 8, ...extra }]);
    expect(compile([{ id: 'x', kind: 'steel' as 'cost' }], [])).toThrow(/unknown kind "steel"/);
    expect(
      compile(
        [
          { id: 'x', kind: 'cost' },
          { id: 'x', kind: 'cost' },
        ],
        [],
      ),
    ).toThrow(/used twice/);
    expect(compile([{ id: 'x', kind: 'cost', unitsPerDay: -1 }], [])).toThrow(/unitsPerDay/);
    expect(compile([{ id: 'x', kind: 'cost', calendarId: 'moon' }], [])).toThrow(/calendar "moon"/);
    expect(one({ resourceId: 'nobody' })).toThrow(/resource "nobody"/);
    expect(one({ workId: 'Z' })).toThrow(/work "Z"/);
    expect(one({ quantity: -1 })).toThrow(/quantity/);
    expect(one({ allocation: { mode: 'curve', weights: [0, 0] } })).toThrow(/all zero/);
    expect(one({ allocation: { mode: 'by_date', days: [{ date: '2024-01-02', quantity: 5 }] } })).toThrow(
      /add up to 5, not the quantity 8/,
    );
    expect(
      one({
        allocation: { mode: 'by_period', period: 'week', amounts: [{ date: '2024-01-03', quantity: 8 }] },
      }),
    ).toThrow(/not the first day of a period/);
    expect(one({ allocation: { mode: 'by_volume', assignmentId: 'A:crew' } })).toThrow(
      /follows another one itself/,
    );
    expect(one({ allocation: { mode: 'by_date', days: [{ date: '2024-13-01', quantity: 8 }] } })).toThrow(
      EngineError,
    );
  });
});

describe('histograms', () => {
  const input = project(
    [
      task('A', 10 * 480), // 2024-01-01 … 2024-01-12
      task('B', 5 * 480, { constraint: { start: { type: 'not_earlier', date: '2024-01-08' } } }),
      task('C', 480, { constraint: { start: { type: 'not_earlier', date: '2024-04-01' } } }),
    ],
    [],
  );
  const assignments: AssignmentInput[] = [
    { workId: 'A', resourceId: 'crew', quantity: 100 },
    { workId: 'B', resourceId: 'crew', quantity: 50 },
    { workId: 'C', resourceId: 'crew', quantity: 8 },
    { workId: 'A', resourceId: 'concrete', quantity: 40 },
    { workId: 'B', resourceId: 'fee', quantity: 5000 },
    { workId: 'C', resourceId: 'crane', quantity: 2 },
  ];
  const model = resourcesCompile(input, RESOURCES, assignments);

  it('by week, month, quarter and year: the same totals, periods from Monday / the 1st', () => {
    const totals: number[] = [];
    for (const period of ['day', 'week', 'month', 'quarter', 'year'] as const) {
      const histogram = resourceHistogram(model, { period, resourceIds: ['crew'] });
      totals.push(histogram.plan.reduce((sum, value) => sum + value, 0));
      expect(histogram.planCumulative[histogram.periodCount - 1]).toBeCloseTo(158, 9);
      if (period === 'week')
        expect(histogram.periodLabels.slice(0, 3)).toEqual(['2024-01-01', '2024-01-08', '2024-01-15']);
      if (period === 'month')
        expect(histogram.periodLabels).toEqual(['2024-01-01', '2024-02-01', '2024-03-01', '2024-04-01']);
      if (period === 'quarter') expect(Array.from(histogram.plan)).toEqual([150, 8]);
    }
    for (const total of totals) expect(total).toBeCloseTo(158, 9);
  });

  it('marks over-allocated days and periods against the availability', () => {
    const histogram = resourceHistogram(model, {
      period: 'week',
      resourceIds: ['crew'],
      until: '2024-01-14',
    });
    // A gives 10 a day, B 10 a day from the 8th: 20 > 16 from Monday 8th to Friday 12th.
    expect(histogram.overAllocations).toEqual([
      {
        resourceId: 'crew',
        from: '2024-01-08',
        until: '2024-01-12',
        days: 5,
        peakDemand: 20,
        available: 16,
        excess: 20,
      },
    ]);
    expect(Array.from(histogram.overAllocated!)).toEqual([0, 1]);
    expect(Array.from(histogram.availability!)).toEqual([7 * 16, 7 * 16]);
  });

  it('groups by kind or by any grouping of works, in quantities or money', () => {
    const byKind = resourceHistogram(model, { period: 'year', groupBy: 'kind', measure: 'cost' });
    expect(byKind.groupIds).toEqual(['volume', 'labour', 'cost', 'distributed_price']);
    expect(Array.from(byKind.plan, Math.round)).toEqual([40 * 50, 158 * 10, 2, 5000]);
    const byType = resourceHistogram(model, {
      period: 'year',
      groupBy: { groups: ['earthworks', 'finishes'], groupOfWork: [0, 1, -1] },
      resourceIds: ['crew'],
    });
    expect(byType.groupIds).toEqual(['earthworks', 'finishes']);
    expect(Array.from(byType.plan)).toEqual([100, 50]);
    expect(byType.availability).toBeNull();
  });

  it('a range cuts the periods shown but the cumulative curve counts what came before', () => {
    const histogram = resourceHistogram(model, {
      resourceIds: ['crew'],
      from: '2024-01-10',
      until: '2024-01-11',
    });
    expect(histogram.periodLabels).toEqual(['2024-01-10', '2024-01-11']);
    expect(Array.from(histogram.plan)).toEqual([20, 20]);
    // Before the 10th: A on 7 working days, B on 2; then the 10th itself.
    expect(histogram.planCumulative[0]).toBeCloseTo(10 * 7 + 10 * 2 + 20, 9);
  });

  it('rejects bad options', () => {
    expect(() => resourceHistogram(model, { period: 'hour' as 'day' })).toThrow(/period "hour"/);
    expect(() => resourceHistogram(model, { resourceIds: ['x'] })).toThrow(/resource "x"/);
    expect(() => resourceHistogram(model, { groupBy: { groups: ['a'], groupOfWork: [0] } })).toThrow(
      /one entry per work/,
    );
    expect(() => resourceHistogram(model, { from: '2024-02-01', until: '2024-01-01' })).toThrow(/before/);
  });

  it('randomized: plan, approved and fact totals equal the quantities', () => {
    const random = randomCreate(9);
    for (let round = 0; round < 20; round++) {
      const works = Array.from({ length: 30 }, (_, k) =>
        task(`W${k}`, randomInt(random, 0, 12) * 240, {
          calendarId: randomPick(random, ['std', '24h']),
          constraint: {
            start: {
              type: 'not_earlier',
              date: `2024-0${randomInt(random, 1, 6)}-1${randomInt(random, 0, 9)}T10:00`,
            },
          },
        }),
      );
      const assignments: AssignmentInput[] = works.map((work, k) => ({
        workId: work.id,
        resourceId: randomPick(random, ['crew', 'concrete', 'crane']),
        quantity: randomInt(random, 0, 500) / 3,
        approvedQuantity: randomInt(random, 0, 500) / 3,
        actualQuantity: 0,
        allocation: randomPick<AllocationInput>(random, [
          { mode: 'evenly' },
          { mode: 'start' },
          { mode: 'end' },
          { mode: 'curve', weights: [1, 4, 2] },
          { mode: 'by_lag', lagMinutes: 120 * (k % 5), durationMinutes: 300 },
        ]),
      }));
      const compiled = resourcesCompile(project(works), RESOURCES, assignments);
      const histogram = resourceHistogram(compiled, {
        period: randomPick(random, ['day', 'week', 'month'] as const),
        groupBy: 'kind',
      });
      const sum = (values: Float64Array) => values.reduce((total, value) => total + value, 0);
      expect(sum(histogram.plan)).toBeCloseTo(
        assignments.reduce((total, a) => total + a.quantity, 0),
        6,
      );
      expect(sum(histogram.approved)).toBeCloseTo(
        assignments.reduce((total, a) => total + a.approvedQuantity!, 0),
        6,
      );
      expect(sum(histogram.fact)).toBe(0);
    }
  });
});
