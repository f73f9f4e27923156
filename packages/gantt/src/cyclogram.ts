import { MINUTES_PER_DAY, NO_DATE } from './dates.js';
import type { GanttLine } from './layout.js';
import { scaleXFromMinute, type TimeScale } from './scale.js';
import type { PlanKind } from './snapshot.js';

/** Dates of one trade per location index (`NO_DATE`: the trade does not work there). */
export interface CyclogramDates {
  readonly start: Int32Array;
  readonly finish: Int32Array;
}

export interface CyclogramTrade {
  readonly id: string;
  readonly name: string;
  /** 0xRRGGBB as stored with the cyclogram/color calls; default from CYCLOGRAM_PALETTE. */
  readonly color?: number;
  readonly plan: CyclogramDates;
  readonly approved_plan?: CyclogramDates;
  readonly fact?: CyclogramDates;
}

export interface CyclogramInput {
  /** Ordered locations (sections, floors, grips); index 0 is drawn at the bottom. */
  readonly locations: readonly string[];
  readonly trades: readonly CyclogramTrade[];
}

/** Distinct trade colours readable on the dark theme and on white paper. */
export const CYCLOGRAM_PALETTE: readonly number[] = [
  0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0x76b7b2, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac,
];

export function cyclogramTradeColor(input: CyclogramInput, trade: number): number {
  return input.trades[trade]?.color ?? CYCLOGRAM_PALETTE[trade % CYCLOGRAM_PALETTE.length]!;
}

function datesOf(trade: CyclogramTrade, kind: PlanKind): CyclogramDates | undefined {
  return kind === 'plan' ? trade.plan : kind === 'approved_plan' ? trade.approved_plan : trade.fact;
}

/**
 * Production rate per location in locations per day: the slope of the trade's line there
 * (1 location over its duration); NaN where the trade does not work or has no duration.
 */
export function cyclogramRates(trade: CyclogramTrade, kind: PlanKind = 'plan'): Float64Array {
  const dates = datesOf(trade, kind);
  const count = trade.plan.start.length;
  const rates = new Float64Array(count).fill(Number.NaN);
  if (!dates) return rates;
  for (let i = 0; i < count; i++) {
    const start = dates.start[i]!;
    const finish = dates.finish[i]!;
    if (start !== NO_DATE && finish !== NO_DATE && finish > start)
      rates[i] = MINUTES_PER_DAY / (finish - start);
  }
  return rates;
}

/** Average rate over the trade's whole run: locations worked / days from first start to last finish. */
export function cyclogramAverageRate(trade: CyclogramTrade, kind: PlanKind = 'plan'): number {
  const dates = datesOf(trade, kind);
  if (!dates) return Number.NaN;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let worked = 0;
  for (let i = 0; i < dates.start.length; i++) {
    if (dates.start[i]! === NO_DATE || dates.finish[i]! === NO_DATE) continue;
    worked++;
    first = Math.min(first, dates.start[i]!);
    last = Math.max(last, dates.finish[i]!);
  }
  return worked > 0 && last > first ? (worked * MINUTES_PER_DAY) / (last - first) : Number.NaN;
}

export interface CyclogramClash {
  /** The trade ahead at the first location both work in, and the one catching up. */
  readonly leader: number;
  readonly follower: number;
  readonly location: number;
  /** 'cross': the lines meet in this location; 'buffer': they come closer than the buffer. */
  readonly kind: 'cross' | 'buffer';
  /** Where: time (minutes) and position on the location axis (location index + fraction of its band). */
  readonly time: number;
  readonly position: number;
  /** Smallest time gap follower − leader in this location (negative once overtaken). */
  readonly gapMinutes: number;
}

/**
 * Clashes between every pair of trades: in each location both work in, the follower's line must stay at
 * least `bufferMinutes` behind the leader's. Within a location both lines are straight, so the gap is
 * linear over the band and its minimum is at an edge; a sign change is a crossing at its zero.
 */
export function cyclogramClashes(
  input: CyclogramInput,
  kind: PlanKind = 'plan',
  bufferMinutes = 0,
): CyclogramClash[] {
  const clashes: CyclogramClash[] = [];
  const count = input.locations.length;
  for (let a = 0; a < input.trades.length; a++) {
    for (let b = a + 1; b < input.trades.length; b++) {
      const da = datesOf(input.trades[a]!, kind);
      const db = datesOf(input.trades[b]!, kind);
      if (!da || !db) continue;
      let leader = -1;
      for (let i = 0; i < count; i++) {
        const as = da.start[i]!;
        const af = da.finish[i]!;
        const bs = db.start[i]!;
        const bf = db.finish[i]!;
        if (as === NO_DATE || af === NO_DATE || bs === NO_DATE || bf === NO_DATE) continue;
        if (leader < 0) leader = as < bs || (as === bs && af <= bf) ? a : b;
        const [ls, lf, fs, ff] = leader === a ? [as, af, bs, bf] : [bs, bf, as, af];
        const gap0 = fs - ls;
        const gap1 = ff - lf;
        const minGap = Math.min(gap0, gap1);
        if (minGap >= bufferMinutes && !(gap0 === 0 && gap1 === 0)) continue;
        const pair = { leader, follower: leader === a ? b : a, location: i, gapMinutes: minGap };
        if ((gap0 > 0 && gap1 < 0) || (gap0 < 0 && gap1 > 0)) {
          const u = gap0 / (gap0 - gap1);
          clashes.push({ ...pair, kind: 'cross', time: ls + u * (lf - ls), position: i + u });
        } else if (minGap <= 0) {
          // Already caught when entering the location (or only at its top edge).
          const u = gap0 <= 0 ? 0 : 1;
          clashes.push({ ...pair, kind: 'cross', time: u === 0 ? ls : lf, position: i + u });
        } else {
          const u = gap0 <= gap1 ? 0 : 1;
          const time = u === 0 ? (ls + fs) / 2 : (lf + ff) / 2;
          clashes.push({ ...pair, kind: 'buffer', time, position: i + u });
        }
      }
    }
  }
  return clashes;
}

export interface CyclogramViewport {
  readonly width: number;
  readonly height: number;
  readonly scrollTop: number;
  readonly locationHeight: number;
}

export interface CyclogramBand {
  readonly location: number;
  readonly label: string;
  readonly y: number;
  readonly height: number;
}

export interface CyclogramLine {
  readonly trade: number;
  readonly kind: PlanKind;
  readonly color: number;
  /** Flat [x0, y0, x1, y1, …]: per location (start, band bottom) → (finish, band top), joined. */
  readonly points: number[];
}

export interface CyclogramClashMark extends CyclogramClash {
  readonly x: number;
  readonly y: number;
}

export interface CyclogramLayout {
  readonly bands: CyclogramBand[];
  readonly lines: CyclogramLine[];
  readonly clashes: CyclogramClashMark[];
  /** Today and data-date lines. */
  readonly dateLines: GanttLine[];
}

export interface CyclogramLayoutOptions {
  readonly kinds?: Readonly<Record<PlanKind, boolean>>;
  readonly bufferMinutes?: number;
  readonly today?: number;
  readonly dataDate?: number;
}

/** Screen y of a position on the location axis (index + fraction), location 0 at the bottom. */
export function cyclogramY(input: CyclogramInput, viewport: CyclogramViewport, position: number): number {
  return (input.locations.length - position) * viewport.locationHeight - viewport.scrollTop;
}

/** The locations whose bands the viewport shows (first and last index; last < first when none). */
export function cyclogramVisibleLocations(
  input: CyclogramInput,
  viewport: CyclogramViewport,
): { first: number; last: number } {
  const count = input.locations.length;
  const h = viewport.locationHeight;
  // Location i spans y from (count - i - 1)·h − scrollTop to (count - i)·h − scrollTop.
  const first = Math.max(0, Math.floor(count - (viewport.height + viewport.scrollTop) / h));
  const last = Math.min(count - 1, Math.ceil(count - viewport.scrollTop / h) - 1);
  return { first, last };
}

/** Clashes of an input, computed once per input object, plan kind and buffer (a frame asks again). */
const clashesByInput = new WeakMap<CyclogramInput, Map<string, CyclogramClash[]>>();
function clashesOf(input: CyclogramInput, kind: PlanKind, bufferMinutes: number): CyclogramClash[] {
  let byKey = clashesByInput.get(input);
  if (!byKey) {
    byKey = new Map();
    clashesByInput.set(input, byKey);
  }
  const key = `${kind}|${bufferMinutes}`;
  let clashes = byKey.get(key);
  if (!clashes) {
    clashes = cyclogramClashes(input, kind, bufferMinutes);
    byKey.set(key, clashes);
  }
  return clashes;
}

/**
 * Bands, trade polylines per plan kind and clash marks in screen coordinates — of the locations in view
 * (lines reach one location beyond each edge, so their joins leave the viewport as they should).
 */
export function cyclogramLayout(
  input: CyclogramInput,
  scale: TimeScale,
  viewport: CyclogramViewport,
  options: CyclogramLayoutOptions = {},
): CyclogramLayout {
  const kinds = options.kinds ?? { plan: true, approved_plan: true, fact: true };
  const y = (position: number) => cyclogramY(input, viewport, position);
  const { first, last } = cyclogramVisibleLocations(input, viewport);
  const bands: CyclogramBand[] = [];
  for (let location = first; location <= last; location++)
    bands.push({
      location,
      label: input.locations[location]!,
      y: y(location + 1),
      height: viewport.locationHeight,
    });
  const from = Math.max(0, first - 1);
  const to = Math.min(input.locations.length - 1, last + 1);
  const lines: CyclogramLine[] = [];
  input.trades.forEach((trade, index) => {
    const color = cyclogramTradeColor(input, index);
    for (const kind of ['approved_plan', 'plan', 'fact'] as const) {
      const dates = datesOf(trade, kind);
      if (!kinds[kind] || !dates) continue;
      let points: number[] = [];
      for (let i = from; i <= to; i++) {
        const start = dates.start[i]!;
        const finish = dates.finish[i]!;
        if (start === NO_DATE || finish === NO_DATE) {
          // A location the trade skips breaks its line.
          if (points.length > 0) lines.push({ trade: index, kind, color, points });
          points = [];
          continue;
        }
        points.push(scaleXFromMinute(scale, start), y(i), scaleXFromMinute(scale, finish), y(i + 1));
      }
      if (points.length > 0) lines.push({ trade: index, kind, color, points });
    }
  });
  // Only marks near the viewport: a big programme can have tens of thousands of clashes.
  const margin = 16;
  const clashes: CyclogramClashMark[] = [];
  for (const clash of clashesOf(input, 'plan', options.bufferMinutes ?? 0)) {
    const x = scaleXFromMinute(scale, clash.time);
    const markY = y(clash.position);
    if (x < -margin || x > viewport.width + margin || markY < -margin || markY > viewport.height + margin)
      continue;
    clashes.push({ ...clash, x, y: markY });
  }
  const dateLines: GanttLine[] = [];
  for (const [kind, minute] of [
    ['today', options.today],
    ['data_date', options.dataDate],
  ] as const) {
    if (minute !== undefined) dateLines.push({ kind, x: scaleXFromMinute(scale, minute) });
  }
  return { bands, lines, clashes, dateLines };
}
