import type { DayGrid } from './day-grid.js';
import { dayGridDayOfFinish, dayGridDayOfStart } from './day-grid.js';

/** Shapes of a quantity over a span of working time. */
export const SHAPE_EVENLY = 0;
export const SHAPE_START = 1;
export const SHAPE_END = 2;
export const SHAPE_CURVE = 3;

/** Cumulative shares of a curve's weights: `[0, w0, w0 + w1, …, 1]`. */
export function spreadCurveCumulative(weights: readonly number[]): Float64Array {
  let total = 0;
  for (const weight of weights) total += weight;
  const cumulative = new Float64Array(weights.length + 1);
  let sum = 0;
  for (let k = 0; k < weights.length; k++) {
    sum += weights[k]!;
    cumulative[k + 1] = sum / total;
  }
  cumulative[weights.length] = 1;
  return cumulative;
}

/** Share of a curve reached at fraction x of the span (piecewise linear between the parts). */
export function spreadCurveAt(cumulative: Float64Array, x: number): number {
  if (x <= 0) return 0;
  const parts = cumulative.length - 1;
  if (x >= 1) return 1;
  const position = x * parts;
  const k = Math.floor(position);
  const low = cumulative[k]!;
  return low + (cumulative[k + 1]! - low) * (position - k);
}

/** The first and last day index `spreadAdd` touches for a span (-1 days lie before the grid). */
export function spreadFirstDay(grid: DayGrid, c: number, from: number, to: number, shape: number): number {
  return shape === SHAPE_END && to > from
    ? dayGridDayOfFinish(grid, c, to)
    : dayGridDayOfStart(grid, c, from);
}

export function spreadLastDay(
  grid: DayGrid,
  c: number,
  from: number,
  to: number,
  shape: number,
  first: number,
): number {
  return to > from && shape !== SHAPE_START ? dayGridDayOfFinish(grid, c, to) : first;
}

/**
 * Adds `quantity` spread over the working coordinates [from, to) of calendar `c` to
 * `out[offset + d * stride]` for every grid day d it touches (days before the grid are dropped). An empty
 * span puts everything on the day of `from`. Returns the last day index touched (-1 if none).
 */
export function spreadAdd(
  grid: DayGrid,
  c: number,
  from: number,
  to: number,
  quantity: number,
  shape: number,
  curve: Float64Array | null,
  out: Float64Array,
  offset: number,
  stride: number,
): number {
  if (quantity === 0) return -1;
  const first = spreadFirstDay(grid, c, from, to, shape);
  const last = spreadLastDay(grid, c, from, to, shape, first);
  spreadAddDays(grid, c, from, to, first, last, quantity, shape, curve, out, offset, stride);
  return last;
}

/** `spreadAdd` with the span's first and last day already known (from `spreadFirstDay`/`spreadLastDay`). */
export function spreadAddDays(
  grid: DayGrid,
  c: number,
  from: number,
  to: number,
  firstDay: number,
  last: number,
  quantity: number,
  shape: number,
  curve: Float64Array | null,
  out: Float64Array,
  offset: number,
  stride: number,
): void {
  if (last < 0 || quantity === 0) return;
  if (firstDay === last) {
    out[offset + last * stride]! += quantity;
    return;
  }
  const first = Math.max(0, firstDay);
  const dayW = grid.dayW[c]!;
  const span = to - from;
  if (shape === SHAPE_EVENLY || curve === null) {
    const rate = quantity / span;
    for (let d = first; d <= last; d++) {
      const low = Math.max(dayW[d]!, from);
      const high = Math.min(dayW[d + 1]!, to);
      if (high > low) out[offset + d * stride]! += rate * (high - low);
    }
    return;
  }
  let reached = spreadCurveAt(curve, (Math.max(from, dayW[first]!) - from) / span);
  for (let d = first; d <= last; d++) {
    const high = Math.min(dayW[d + 1]!, to);
    const share = spreadCurveAt(curve, (high - from) / span);
    if (share > reached) out[offset + d * stride]! += quantity * (share - reached);
    reached = share;
  }
}
