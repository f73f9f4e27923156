import { describe, expect, it } from 'vitest';
import { dateToMinutes, MINUTES_PER_DAY, NO_DATE } from './dates.js';
import {
  ganttCursorMinute,
  ganttDayAt,
  ganttHitTest,
  ganttLayout,
  ganttRowSlots,
  ganttWorkAnchor,
  PLAN_KINDS_ALL,
} from './layout.js';
import { scaleAtLevel } from './scale.js';
import {
  CONSTRAINT_NOT_EARLIER,
  CONSTRAINT_NOT_LATER,
  snapshotFromWorks,
  snapshotRowIndex,
  WORK_MILESTONE_FINISH,
  WORK_MILESTONE_START,
  WORK_SUMMARY,
} from './snapshot.js';

const D = MINUTES_PER_DAY;
const T0 = dateToMinutes(2024, 1, 1);
const day = (n: number) => T0 + n * D;
// Day level: 32 px per day, so x = 32 × day number.
const scale = scaleAtLevel(T0, 'day');
const viewport = { width: 640, height: 200, scrollTop: 0, rowHeight: 20 };
const measure = (text: string) => text.length * 6;

describe('row slots', () => {
  it('stacks plan, fact and approved plan top to bottom', () => {
    const slots = ganttRowSlots(20, PLAN_KINDS_ALL);
    expect(slots.plan!.y).toBeCloseTo(3.6);
    expect(slots.fact!.y).toBeGreaterThan(slots.plan!.y + slots.plan!.height);
    expect(slots.approved_plan!.y).toBeGreaterThan(slots.fact!.y + slots.fact!.height);
    expect(slots.approved_plan!.y + slots.approved_plan!.height).toBeCloseTo(17.2);
    expect(slots.plan!.height / slots.fact!.height).toBeCloseTo(2.5);
  });

  it('gives a lone plan bar the middle half', () => {
    expect(ganttRowSlots(20, { plan: true, approved_plan: false, fact: false })).toEqual({
      plan: { y: 5, height: 10 },
    });
  });
});

describe('bar geometry', () => {
  const snapshot = snapshotFromWorks([
    { row: 0, shape: WORK_SUMMARY, plan: [day(1), day(10)], label: 'Stage 1' },
    {
      row: 1,
      plan: [day(1), day(4)],
      baseline: [day(2), day(5)],
      fact: [day(1), day(3)],
      progress: 0.5,
      critical: true,
      label: 'Dig',
    },
    { row: 2, shape: WORK_MILESTONE_START, plan: [day(4), day(4)], baseline: [day(5), day(5)] },
    { row: 3, shape: WORK_MILESTONE_FINISH, plan: [day(6), day(6)] },
    {
      row: 4,
      plan: [day(2), day(3)],
      lateFinish: day(5),
      constraintStart: [CONSTRAINT_NOT_EARLIER, day(2)],
      constraintFinish: [CONSTRAINT_NOT_LATER, day(6)],
    },
    { row: 5, plan: [day(3), day(5)], fact: [day(3), null] },
  ]);
  const layout = ganttLayout(snapshot, scale, viewport, {
    measureText: measure,
    dataDate: day(4),
    today: day(7),
  });
  const slots = layout.slots;

  it('summary: a summary shape over the plan dates', () => {
    expect(layout.summaries).toEqual([
      {
        work: 0,
        row: 0,
        kind: 'plan',
        x: 32,
        y: slots.plan!.y,
        width: 288,
        height: slots.plan!.height,
        critical: false,
      },
    ]);
  });

  it('task: plan, fact and approved plan bars in their slots, progress fill over half the plan bar', () => {
    const bars = layout.bars.filter((bar) => bar.work === 1);
    expect(bars.map((bar) => [bar.kind, bar.x, bar.width, bar.y])).toEqual([
      ['plan', 32, 96, 20 + slots.plan!.y],
      ['fact', 32, 64, 20 + slots.fact!.y],
      ['approved_plan', 64, 96, 20 + slots.approved_plan!.y],
    ]);
    expect(bars.every((bar) => bar.critical)).toBe(true);
    expect(layout.progress).toEqual([
      { work: 1, x: 32, y: 20 + slots.plan!.y, width: 48, height: slots.plan!.height },
    ]);
  });

  it('milestones: diamonds at the start (start milestone) or finish (finish milestone)', () => {
    const start = layout.milestones.filter((m) => m.work === 2);
    expect(start.map((m) => [m.kind, m.end, m.x])).toEqual([
      ['plan', 'start', 128],
      ['approved_plan', 'start', 160],
    ]);
    expect(start[0]!.y).toBeCloseTo(40 + slots.plan!.y + slots.plan!.height / 2);
    const finish = layout.milestones.find((m) => m.work === 3)!;
    expect([finish.end, finish.x]).toEqual(['finish', 192]);
    expect(layout.bars.some((bar) => bar.work === 2 || bar.work === 3)).toBe(false);
  });

  it('float tail from the plan finish to the late finish; constraint markers at their dates', () => {
    expect(layout.floatTails).toEqual([
      { work: 4, x0: 96, x1: 160, y: 80 + slots.plan!.y + slots.plan!.height / 2 },
    ]);
    expect(layout.constraints.map((c) => [c.work, c.end, c.type, c.x])).toEqual([
      [4, 'start', CONSTRAINT_NOT_EARLIER, 64],
      [4, 'finish', CONSTRAINT_NOT_LATER, 192],
    ]);
  });

  it('in-progress fact bar runs to the data date', () => {
    const fact = layout.bars.find((bar) => bar.work === 5 && bar.kind === 'fact')!;
    expect([fact.x, fact.width]).toEqual([96, 32]);
  });

  it('today and data-date lines', () => {
    expect(layout.lines).toEqual([
      { kind: 'today', x: 224 },
      { kind: 'data_date', x: 128 },
    ]);
  });

  it('the date cursor: a line of its own kind in the middle of its day, only when set and in view', () => {
    const at = (minute: number) =>
      ganttLayout(snapshot, scale, viewport, { today: day(7), cursor: minute }).lines;
    // Day 3 → 32 px per day: the middle of the day is at 3.5 × 32.
    expect(at(ganttCursorMinute(day(3)))).toEqual([
      { kind: 'today', x: 224 },
      { kind: 'cursor', x: 112 },
    ]);
    expect(ganttCursorMinute(day(3) + 1439)).toBe(day(3) + D / 2);
    expect(at(ganttCursorMinute(day(30)))).toEqual([{ kind: 'today', x: 224 }]); // right of 640 px
    expect(layout.lines.some((line) => line.kind === 'cursor')).toBe(false);
  });

  it('a click in the header picks the day under it', () => {
    expect(ganttDayAt(scale, 0)).toBe(T0);
    expect(ganttDayAt(scale, 31.9)).toBe(T0);
    expect(ganttDayAt(scale, 32)).toBe(day(1));
    expect(ganttDayAt(scale, 112)).toBe(day(3));
    expect(ganttDayAt(scale, -1)).toBe(day(-1));
  });

  it('hidden plan kinds are not laid out', () => {
    const planOnly = ganttLayout(snapshot, scale, viewport, {
      kinds: { plan: true, approved_plan: false, fact: false },
    });
    expect(planOnly.bars.every((bar) => bar.kind === 'plan')).toBe(true);
    expect(planOnly.milestones.every((m) => m.kind === 'plan')).toBe(true);
  });

  it('labels sit right of the bars and markers of their work', () => {
    expect(layout.labels.map((l) => [l.work, l.text])).toEqual([
      [0, 'Stage 1'],
      [1, 'Dig'],
    ]);
    const dig = layout.labels[1]!;
    expect(dig.x).toBeGreaterThan(160); // right of the approved-plan bar, which ends last
    expect(dig.width).toBe(18);
    expect(dig.y).toBe(30);
  });

  it('hit test: bar ends, body, milestone and empty row', () => {
    const y = 20 + slots.plan!.y + 1;
    expect(ganttHitTest(layout, 33, y)).toEqual({ row: 1, work: 1, part: 'start' });
    expect(ganttHitTest(layout, 80, y)).toEqual({ row: 1, work: 1, part: 'body' });
    expect(ganttHitTest(layout, 130, y)).toEqual({ row: 1, work: 1, part: 'finish' });
    expect(ganttHitTest(layout, 400, y)).toEqual({ row: 1, work: -1, part: 'row' });
    expect(ganttHitTest(layout, 129, 50)).toEqual({ row: 2, work: 2, part: 'milestone' });
  });

  it('work anchor: milestones anchor on the diamond sides', () => {
    const anchor = ganttWorkAnchor(snapshot, 2, scale, viewport, slots)!;
    expect(anchor.milestone).toBe(true);
    expect(anchor.xStart).toBeLessThan(128);
    expect(anchor.xFinish).toBeGreaterThan(128);
    expect(ganttWorkAnchor(snapshot, 1, scale, viewport, slots)).toMatchObject({ xStart: 32, xFinish: 128 });
  });
});

describe('labels and float tails', () => {
  it("a float tail starts after its work's label; a tail shorter than the label is not drawn", () => {
    const snapshot = snapshotFromWorks([
      { row: 0, plan: [day(0), day(1)], lateFinish: day(10), label: 'Dig' }, // tail 32 … 320
      { row: 1, plan: [day(0), day(1)], lateFinish: day(2), label: 'A long label' }, // tail 32 … 64
    ]);
    const layout = ganttLayout(snapshot, scale, viewport, { measureText: measure });
    const [dig, long] = layout.labels;
    expect(dig!.x).toBeCloseTo(32 + dig!.fontSize * 0.4);
    expect(layout.floatTails).toHaveLength(1);
    expect(layout.floatTails[0]!.work).toBe(0);
    expect(layout.floatTails[0]!.x0).toBeCloseTo(dig!.x + dig!.width + dig!.fontSize * 0.4);
    expect(layout.floatTails[0]!.x1).toBe(320);
    expect(long!.x).toBeLessThan(64);
  });
});

describe('label collisions', () => {
  it('drops a label that would run into the next work in the same row', () => {
    const snapshot = snapshotFromWorks([
      { row: 0, plan: [day(0), day(1)], label: 'A long label' }, // 72 px from x = 32+4.8
      { row: 0, plan: [day(2), day(3)], label: 'B' },
      { row: 1, plan: [day(0), day(1)], label: 'Fits' },
      { row: 1, plan: [day(5), day(6)], label: 'C' },
    ]);
    const layout = ganttLayout(snapshot, scale, viewport, { measureText: measure, fontSize: 10 });
    expect(layout.labels.map((l) => l.text)).toEqual(['B', 'Fits', 'C']);
  });

  it('drops labels that start right of the viewport', () => {
    const snapshot = snapshotFromWorks([{ row: 0, plan: [day(30), day(31)], label: 'far' }]);
    expect(ganttLayout(snapshot, scale, viewport, { measureText: measure }).labels).toEqual([]);
  });
});

describe('culling', () => {
  const rows = 10_000;
  const works = Array.from({ length: rows }, (_, i) => ({
    row: i,
    plan: [day(i % 40), day((i % 40) + 2)] as const,
    label: `W${i}`,
  }));
  const snapshot = snapshotFromWorks(works);

  it('lays out only the viewport rows plus the margin rows', () => {
    const layout = ganttLayout(snapshot, scale, { ...viewport, scrollTop: 5000 }, { marginRows: 2 });
    expect([layout.firstRow, layout.lastRow]).toEqual([248, 261]);
    const laidOut = new Set(layout.bars.map((bar) => bar.row));
    expect(Math.min(...laidOut)).toBe(248);
    expect(Math.max(...laidOut)).toBeLessThanOrEqual(261);
    expect(layout.bars[0]!.y).toBeCloseTo(-40 + layout.slots.plan!.y);
  });

  it('drops bars outside the x range plus the margin', () => {
    // Rows 248…261 hold days 8…21 (+2); the view shows days 0…20 at 32 px/day; margin 0.
    const layout = ganttLayout(
      snapshot,
      scale,
      { ...viewport, scrollTop: 5000, width: 32 * 12 },
      { marginPx: 0 },
    );
    const starts = layout.bars.map((bar) => bar.x / 32);
    expect(Math.max(...starts)).toBeLessThanOrEqual(12);
    expect(layout.bars.length).toBeLessThan(layout.lastRow - layout.firstRow + 1);
  });

  it('clamps the rows to the schedule', () => {
    const layout = ganttLayout(snapshot, scale, { ...viewport, scrollTop: rows * 20 - 50 });
    expect(layout.lastRow).toBe(rows - 1);
  });

  it('indexes rows once per snapshot, hidden works excluded', () => {
    const small = snapshotFromWorks([
      { row: 1, plan: [0, 1] },
      { row: -1, plan: [0, 1] },
      { row: 0, plan: [0, 1] },
      { row: 1, plan: [0, 1] },
    ]);
    const index = snapshotRowIndex(small);
    expect(Array.from(index.offsets)).toEqual([0, 1, 3]);
    expect(Array.from(index.works)).toEqual([2, 0, 3]);
    expect(snapshotRowIndex(small)).toBe(index);
  });
});

// Engine minutes are negative before 2000: a 1990s schedule is drawn, only NO_DATE means "no date".
describe.each([
  [1995, 3, 6],
  [2150, 3, 2],
])('a schedule of %i', (y, m, d) => {
  const t0 = dateToMinutes(y, m, d);
  const at = (n: number) => t0 + n * D;
  const far = scaleAtLevel(t0, 'day');
  const snapshot = snapshotFromWorks([
    { row: 0, plan: [at(1), at(4)], fact: [at(1), null], lateFinish: at(6), label: 'Dig' },
    {
      row: 1,
      shape: WORK_MILESTONE_FINISH,
      plan: [at(5), at(5)],
      constraintFinish: [CONSTRAINT_NOT_LATER, at(7)],
    },
    { row: 2, plan: [at(2), NO_DATE], fact: [NO_DATE, NO_DATE], label: 'Undated' },
  ]);

  it('draws bars, milestones, float, constraints and the in-progress fact bar', () => {
    const layout = ganttLayout(snapshot, far, viewport, {
      kinds: PLAN_KINDS_ALL,
      dataDate: at(3),
      measureText: measure,
    });
    expect(layout.bars.filter((b) => b.kind === 'plan').map((b) => [b.work, b.x, b.width])).toEqual([
      [0, 32, 96],
    ]);
    expect(layout.bars.filter((b) => b.kind === 'fact').map((b) => [b.work, b.x, b.width])).toEqual([
      [0, 32, 64],
    ]);
    expect(layout.milestones.map((p) => [p.work, p.x])).toEqual([[1, 160]]);
    expect(layout.floatTails.map((t) => [t.work, t.x1])).toEqual([[0, 192]]);
    expect(layout.constraints.map((c) => [c.work, c.x])).toEqual([[1, 224]]);
    expect(ganttWorkAnchor(snapshot, 0, far, viewport)).toMatchObject({ xStart: 32, xFinish: 128 });
    expect(ganttWorkAnchor(snapshot, 2, far, viewport)).toBeNull();
  });
});
