import { describe, expect, it } from 'vitest';
import {
  CYCLOGRAM_PALETTE,
  type CyclogramTrade,
  cyclogramAverageRate,
  cyclogramClashes,
  cyclogramLayout,
  cyclogramRates,
  cyclogramVisibleLocations,
} from './cyclogram.js';
import { MINUTES_PER_DAY, NO_DATE } from './dates.js';
import { scaleAtLevel } from './scale.js';

const D = MINUTES_PER_DAY;
const floors = ['Floor 1', 'Floor 2', 'Floor 3', 'Floor 4'];

/** A trade starting on `first` (days) taking `days` per floor, with optional idle days between floors. */
function trade(id: string, first: number, days: number, idle = 0, color?: number): CyclogramTrade {
  const start = new Int32Array(floors.length);
  const finish = new Int32Array(floors.length);
  for (let i = 0; i < floors.length; i++) {
    start[i] = (first + i * (days + idle)) * D;
    finish[i] = start[i]! + days * D;
  }
  return { id, name: id, plan: { start, finish }, ...(color === undefined ? {} : { color }) };
}

describe('production rate', () => {
  it('is the slope: one location per duration', () => {
    const frames = trade('frames', 0, 4);
    expect(Array.from(cyclogramRates(frames))).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(cyclogramAverageRate(frames)).toBe(0.25);
    // Idle days between floors lower the average rate, not the rate in each floor.
    expect(cyclogramAverageRate(trade('slow', 0, 2, 2))).toBeCloseTo(4 / 14);
  });

  it('is NaN where the trade does not work or has no approved dates', () => {
    const partial = trade('x', 0, 2);
    partial.plan.start[2] = NO_DATE;
    expect(Number.isNaN(cyclogramRates(partial)[2]!)).toBe(true);
    expect(Number.isNaN(cyclogramRates(partial, 'approved_plan')[0]!)).toBe(true);
  });
});

describe('clash detection', () => {
  it('parallel trades with enough gap do not clash', () => {
    expect(cyclogramClashes({ locations: floors, trades: [trade('a', 0, 3), trade('b', 4, 3)] })).toEqual([]);
  });

  it('a faster follower catches a slower leader: the crossing point is found', () => {
    // Leader 4 days per floor from day 0; follower 1 day per floor from day 6.
    // Floor 1: leader 0→4, follower 6→7 (gaps 6, 3); floor 2: 4→8 vs 7→8 (gaps 3, 0: the lines touch at
    // its top edge, not closer than a zero buffer); floor 3: 8→12 vs 8→9 (gaps 0, −3: overtaken);
    // floor 4: 12→16 vs 9→10 (gaps −3, −6).
    const clashes = cyclogramClashes({
      locations: floors,
      trades: [trade('slow', 0, 4), trade('fast', 6, 1)],
    });
    expect(clashes.map((c) => [c.leader, c.follower, c.location, c.kind, c.gapMinutes / D])).toEqual([
      [0, 1, 2, 'cross', -3],
      [0, 1, 3, 'cross', -6],
    ]);
    // The catch-up point: the bottom of floor 3 on day 8.
    expect([clashes[0]!.time / D, clashes[0]!.position]).toEqual([8, 2]);
    // With a one-day buffer floor 2 (gap 0 at its top) clashes too.
    expect(
      cyclogramClashes(
        { locations: floors, trades: [trade('slow', 0, 4), trade('fast', 6, 1)] },
        'plan',
        D,
      )[0],
    ).toMatchObject({ location: 1, kind: 'cross', position: 2, time: 8 * D });
  });

  it('crossing inside a location: the intersection of the two segments', () => {
    // Leader on floor 1: days 0→4; follower: days 1→3. Gap 1 at the bottom, −1 at the top → meet half way.
    const leader = trade('a', 0, 4);
    const follower = trade('b', 1, 2, 2);
    const [first] = cyclogramClashes({ locations: floors, trades: [leader, follower] });
    expect(first).toMatchObject({ location: 0, kind: 'cross', position: 0.5, time: 2 * D });
  });

  it('a buffer flags lines that come too close without crossing', () => {
    const trades = [trade('a', 0, 3), trade('b', 1, 3)]; // one day apart everywhere
    expect(cyclogramClashes({ locations: floors, trades }, 'plan', D)).toEqual([]);
    const close = cyclogramClashes({ locations: floors, trades }, 'plan', 2 * D);
    expect(close).toHaveLength(4);
    expect(close[0]).toMatchObject({
      kind: 'buffer',
      location: 0,
      gapMinutes: D,
      position: 0,
      time: 0.5 * D,
    });
  });

  it('the leader is whoever starts first in the first shared location, in either order', () => {
    const clashes = cyclogramClashes({
      locations: floors,
      trades: [trade('fast', 6, 1), trade('slow', 0, 4)],
    });
    expect(clashes[0]).toMatchObject({ leader: 1, follower: 0 });
  });
});

describe('cyclogram layout', () => {
  const scale = scaleAtLevel(0, 'day'); // 32 px per day
  const viewport = { width: 800, height: 160, scrollTop: 0, locationHeight: 40 };

  it('draws each location as (start, band bottom) → (finish, band top), floors bottom-up', () => {
    const layout = cyclogramLayout(
      { locations: floors, trades: [trade('a', 0, 2, 1, 0xff0000)] },
      scale,
      viewport,
    );
    expect(layout.bands.map((b) => [b.label, b.y])).toEqual([
      ['Floor 1', 120],
      ['Floor 2', 80],
      ['Floor 3', 40],
      ['Floor 4', 0],
    ]);
    expect(layout.lines).toEqual([
      {
        trade: 0,
        kind: 'plan',
        color: 0xff0000,
        points: [0, 160, 64, 120, 96, 120, 160, 80, 192, 80, 256, 40, 288, 40, 352, 0],
      },
    ]);
  });

  it('lays out only the locations in view, lines reaching one location beyond each edge', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `Grip ${i + 1}`);
    const start = new Int32Array(1000).map((_, i) => i * D);
    const finish = start.map((s) => s + D);
    const input = { locations: many, trades: [{ id: 'a', name: 'a', plan: { start, finish } }] };
    // Scrolled to the bottom: the lowest four locations fill the 160 px.
    const bottom = { ...viewport, scrollTop: 1000 * 40 - 160 };
    const layout = cyclogramLayout(input, scale, bottom);
    expect(cyclogramVisibleLocations(input, bottom)).toEqual({ first: 0, last: 3 });
    expect(layout.bands.map((b) => [b.label, b.y])).toEqual([
      ['Grip 1', 120],
      ['Grip 2', 80],
      ['Grip 3', 40],
      ['Grip 4', 0],
    ]);
    // Locations 0–4: four in view and the one above the top edge.
    expect(layout.lines[0]!.points).toHaveLength(5 * 4);
    expect(layout.lines[0]!.points.at(-1)).toBe(-40);
    // Half a band scrolled: five bands show, and the line covers one more on each side.
    const middle = { ...viewport, scrollTop: 500 * 40 + 20 };
    expect(cyclogramVisibleLocations(input, middle)).toEqual({ first: 495, last: 499 });
    expect(cyclogramLayout(input, scale, middle).lines[0]!.points).toHaveLength(7 * 4);
  });

  it('breaks the line at a skipped location; default colours come from the palette', () => {
    const t = trade('a', 0, 2);
    t.plan.start[1] = NO_DATE;
    const layout = cyclogramLayout({ locations: floors, trades: [t] }, scale, viewport);
    expect(layout.lines.map((l) => l.points.length)).toEqual([4, 8]);
    expect(layout.lines[0]!.color).toBe(CYCLOGRAM_PALETTE[0]);
  });

  it('draws approved and actual lines and places clash marks on screen', () => {
    const a = trade('slow', 0, 4);
    const b = { ...trade('fast', 6, 1), fact: trade('fact', 6, 2).plan };
    const layout = cyclogramLayout({ locations: floors, trades: [a, b] }, scale, viewport, { today: 2 * D });
    expect(layout.lines.map((l) => [l.trade, l.kind])).toEqual([
      [0, 'plan'],
      [1, 'plan'],
      [1, 'fact'],
    ]);
    expect(layout.clashes[0]).toMatchObject({ x: 8 * 32, y: 80 });
    expect(layout.dateLines).toEqual([{ kind: 'today', x: 64 }]);
    // Marks far outside the viewport are left out (a big programme has thousands).
    const away = cyclogramLayout(
      { locations: floors, trades: [a, b] },
      { ...scale, start: 60 * D },
      viewport,
    );
    expect(away.clashes).toEqual([]);
  });
});
