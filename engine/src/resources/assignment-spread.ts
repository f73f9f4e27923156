import type { DayGrid } from './day-grid.js';
import { dayGridDayOfFinish, dayGridDayOfStart, dayGridEnsure } from './day-grid.js';
import type { DayEntries, ResourceModel } from './resource-model.js';
import { MODE_BY_DATE, MODE_BY_FACT, MODE_BY_PERIOD } from './resource-model.js';
import { SHAPE_CURVE, SHAPE_END, SHAPE_EVENLY, SHAPE_START, spreadAdd, spreadCurveAt } from './spread.js';

/** The spec's plan kinds as series of a histogram. */
export const SERIES_PLAN = 0;
export const SERIES_APPROVED = 1;
export const SERIES_FACT = 2;

/**
 * Where a work runs, in working coordinates of its calendar `c`: [from, to) of the plan being spread
 * (current or approved), [actualFrom, actualTo) of its fact (actual start to actual finish or the data
 * date; actualFrom < 0 when it has not started) and the data date `dataW`.
 */
export interface WorkSpan {
  c: number;
  from: number;
  to: number;
  actualFrom: number;
  actualTo: number;
  dataW: number;
}

export function workSpanCreate(): WorkSpan {
  return { c: 0, from: 0, to: 0, actualFrom: -1, actualTo: -1, dataW: 0 };
}

/** The fact of assignment a: its daily facts, or its actual quantity spread over the actual dates. */
function spreadFact(
  resources: ResourceModel,
  grid: DayGrid,
  a: number,
  span: WorkSpan,
  factor: number,
  out: Float64Array,
): void {
  const facts = resources.facts[a];
  if (facts) {
    addEntries(grid, facts.day, facts.quantity, factor, out);
    return;
  }
  const actual = resources.actualQuantity[a]! * factor;
  if (actual === 0) return;
  if (span.actualFrom < 0)
    spreadAdd(grid, span.c, span.dataW, span.dataW, actual, SHAPE_START, null, out, 0, 1);
  else spreadAdd(grid, span.c, span.actualFrom, span.actualTo, actual, SHAPE_EVENLY, null, out, 0, 1);
}

/** The planned (plan series) or approved quantity of assignment a, times `factor`. */
function seriesQuantity(resources: ResourceModel, a: number, series: number, factor: number): number {
  return (series === SERIES_PLAN ? resources.quantity[a]! : resources.approvedQuantity[a]!) * factor;
}

/** What the plan of assignment a leaves after its actual quantity (none when the fact exceeds it), times `factor`. */
function planRest(resources: ResourceModel, a: number, factor: number): number {
  return Math.max(0, resources.quantity[a]! - resources.actualQuantity[a]!) * factor;
}

/** What the entries of assignment a are multiplied by: the approved series scales them by approved / planned. */
function entriesScale(resources: ResourceModel, a: number, series: number, factor: number): number {
  const planned = resources.quantity[a]!;
  const share = series === SERIES_APPROVED && planned > 0 ? resources.approvedQuantity[a]! / planned : 1;
  return resources.entryScale[a]! * share * factor;
}

/**
 * Visits the periods of by-period entries (`entries.end` set) with each one's amount and the working range
 * [low, high) it is spread over: the part of the work's [from, to) inside the period, else the whole period
 * when the work misses it; an empty range when the period has no working time, which then all falls on its
 * first grid day `first`.
 */
function eachPeriod(
  grid: DayGrid,
  span: WorkSpan,
  entries: DayEntries,
  scale: number,
  visit: (low: number, high: number, amount: number, first: number) => void,
): void {
  const ends = entries.end!;
  for (let e = 0; e < entries.day.length; e++) {
    const first = Math.max(0, entries.day[e]! - grid.firstDay);
    const end = ends[e]! - grid.firstDay;
    if (end <= 0) continue;
    dayGridEnsure(grid, end);
    const dayW = grid.dayW[span.c]!;
    const periodFrom = dayW[first]!;
    const periodTo = dayW[end]!;
    const low = Math.max(span.from, periodFrom);
    const high = Math.min(span.to, periodTo);
    const amount = entries.quantity[e]! * scale;
    if (high > low) visit(low, high, amount, first);
    else visit(periodFrom, periodTo, amount, first);
  }
}

/**
 * Adds one series of assignment a by day to `out[d]` (grid days; days outside `out` are dropped):
 * plan / approved: the planned / approved quantity placed by the assignment's allocation over
 * [span.from, span.to); fact: see `spreadFact`. `factor` multiplies every amount (a price, for costs).
 */
export function assignmentSpread(
  resources: ResourceModel,
  grid: DayGrid,
  a: number,
  series: number,
  span: WorkSpan,
  factor: number,
  out: Float64Array,
): void {
  if (series === SERIES_FACT) {
    spreadFact(resources, grid, a, span, factor, out);
    return;
  }
  const { c, from, to, dataW } = span;
  const quantity = seriesQuantity(resources, a, series, factor);
  const mode = resources.mode[a]!;
  if (mode === MODE_BY_DATE || mode === MODE_BY_PERIOD) {
    const entries = resources.entries[a]!;
    const scale = entriesScale(resources, a, series, factor);
    if (entries.end === null) {
      addEntries(grid, entries.day, entries.quantity, scale, out);
      return;
    }
    eachPeriod(grid, span, entries, scale, (low, high, amount, first) => {
      if (high > low) spreadAdd(grid, c, low, high, amount, SHAPE_EVENLY, null, out, 0, 1);
      else out[first]! += amount;
    });
    return;
  }
  if (mode === MODE_BY_FACT && series === SERIES_PLAN) {
    spreadFact(resources, grid, a, span, factor, out);
    const rest = planRest(resources, a, factor);
    const low = Math.max(from, dataW);
    if (to > low) spreadAdd(grid, c, low, to, rest, SHAPE_EVENLY, null, out, 0, 1);
    else spreadAdd(grid, c, Math.max(to, dataW), Math.max(to, dataW), rest, SHAPE_START, null, out, 0, 1);
    return;
  }
  if (mode === MODE_BY_FACT) {
    spreadAdd(grid, c, from, to, quantity, SHAPE_EVENLY, null, out, 0, 1);
    return;
  }
  const start = from + resources.lag[a]!;
  const window = resources.window[a]!;
  const end = window < 0 ? Math.max(start, to) : start + window;
  spreadAdd(grid, c, start, end, quantity, resources.shape[a]!, resources.curve[a]!, out, 0, 1);
}

function addEntries(
  grid: DayGrid,
  days: Int32Array,
  quantities: Float64Array,
  scale: number,
  out: Float64Array,
): void {
  for (let e = 0; e < days.length; e++) {
    const d = days[e]! - grid.firstDay;
    if (d >= 0 && d < out.length) out[d]! += quantities[e]! * scale;
  }
}

/**
 * How much of one series of assignment a falls on days up to grid day `day` (inclusive): the cumulative
 * sum of what `assignmentSpread` puts on those days, computed without spreading. `endW` is the working
 * coordinate of the midnight after that day on the work's calendar.
 */
export function assignmentUntil(
  resources: ResourceModel,
  grid: DayGrid,
  a: number,
  series: number,
  span: WorkSpan,
  day: number,
  endW: number,
  factor: number,
): number {
  const { c, from, to, dataW } = span;
  const share = (low: number, high: number, quantity: number): number => {
    if (high <= low) return dayGridDayOfStart(grid, c, low) <= day ? quantity : 0;
    return quantity * Math.min(1, Math.max(0, (endW - low) / (high - low)));
  };
  const factUntil = (): number => {
    const facts = resources.facts[a];
    if (facts) return entriesUntil(grid, facts, day, factor);
    const actual = resources.actualQuantity[a]! * factor;
    if (actual === 0) return 0;
    return span.actualFrom < 0 ? share(dataW, dataW, actual) : share(span.actualFrom, span.actualTo, actual);
  };
  if (series === SERIES_FACT) return factUntil();
  const quantity = seriesQuantity(resources, a, series, factor);
  const mode = resources.mode[a]!;
  if (mode === MODE_BY_DATE || mode === MODE_BY_PERIOD) {
    const entries = resources.entries[a]!;
    const scale = entriesScale(resources, a, series, factor);
    if (entries.end === null) return entriesUntil(grid, entries, day, scale);
    let total = 0;
    eachPeriod(grid, span, entries, scale, (low, high, amount, first) => {
      if (high > low) total += share(low, high, amount);
      else if (first <= day) total += amount;
    });
    return total;
  }
  if (mode === MODE_BY_FACT && series === SERIES_PLAN) {
    const rest = planRest(resources, a, factor);
    const low = Math.max(from, dataW);
    const restUntil = to > low ? share(low, to, rest) : share(Math.max(to, dataW), Math.max(to, dataW), rest);
    return factUntil() + restUntil;
  }
  if (mode === MODE_BY_FACT) return share(from, to, quantity);
  const start = from + resources.lag[a]!;
  const window = resources.window[a]!;
  const end = window < 0 ? Math.max(start, to) : start + window;
  const shape = resources.shape[a]!;
  if (end <= start || shape === SHAPE_START) return dayGridDayOfStart(grid, c, start) <= day ? quantity : 0;
  if (shape === SHAPE_END) return dayGridDayOfFinish(grid, c, end) <= day ? quantity : 0;
  const x = Math.min(1, Math.max(0, (endW - start) / (end - start)));
  const curve = resources.curve[a]!;
  return quantity * (shape === SHAPE_CURVE && curve !== null ? spreadCurveAt(curve, x) : x);
}

function entriesUntil(grid: DayGrid, entries: DayEntries, day: number, scale: number): number {
  let total = 0;
  for (let e = 0; e < entries.day.length; e++) {
    if (entries.day[e]! - grid.firstDay <= day) total += entries.quantity[e]! * scale;
  }
  return total;
}
