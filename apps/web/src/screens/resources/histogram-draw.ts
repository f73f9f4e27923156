import { scaleXFromMinute, type TimeScale } from '@takt/gantt';

/** One row of a histogram as the chart draws it: per period plan, approved, fact and availability. */
export interface HistogramSeries {
  /** Period bounds in engine minutes: period p is [starts[p], starts[p + 1]). */
  starts: readonly number[];
  plan: readonly number[];
  approved: readonly number[];
  fact: readonly number[];
  /** null: unlimited (or not a resource row). */
  availability: readonly (number | null)[] | null;
  overAllocated: readonly number[] | null;
}

export interface HistogramColors {
  plan: string;
  approved: string;
  fact: string;
  over: string;
  availability: string;
  grid: string;
  text: string;
}

const TOP = 16;
const BOTTOM = 4;

/** The largest value the chart shows (so bars and lines fit), at least 1. */
export function histogramMax(series: HistogramSeries, cumulative: boolean): number {
  let max = 0;
  const lists = [series.plan, series.approved, series.fact];
  for (const list of lists) for (const v of list) if (v > max) max = v;
  if (!cumulative && series.availability)
    for (const v of series.availability) if (v !== null && Number.isFinite(v) && v > max) max = v;
  return max > 0 ? max * 1.08 : 1;
}

/**
 * Draws a histogram (bars per period: plan, approved plan, fact; plan over the availability in the
 * over-allocation colour; the availability as a step line) or, `cumulative`, its S-curves — on the
 * Gantt's time axis, so a period sits under the days it covers.
 */
export function histogramDraw(
  context: CanvasRenderingContext2D,
  width: number,
  height: number,
  scale: TimeScale,
  series: HistogramSeries,
  cumulative: boolean,
  colors: HistogramColors,
  label: (value: number) => string,
): void {
  context.clearRect(0, 0, width, height);
  const max = histogramMax(series, cumulative);
  const chartHeight = height - TOP - BOTTOM;
  const y = (value: number) => TOP + chartHeight * (1 - value / max);
  context.strokeStyle = colors.grid;
  context.lineWidth = 1;
  for (const share of [0, 0.5, 1]) {
    const gy = Math.round(y(max * share)) + 0.5;
    context.beginPath();
    context.moveTo(0, gy);
    context.lineTo(width, gy);
    context.stroke();
  }
  const count = series.plan.length;
  const xs = series.starts.map((minute) => scaleXFromMinute(scale, minute));
  if (cumulative) {
    const line = (values: readonly number[], color: string) => {
      context.strokeStyle = color;
      context.lineWidth = 2;
      context.beginPath();
      for (let p = 0; p < count; p++) {
        const x = xs[p + 1]!;
        if (p === 0) context.moveTo(xs[0]!, y(0));
        context.lineTo(x, y(values[p]!));
      }
      context.stroke();
    };
    line(series.approved, colors.approved);
    line(series.plan, colors.plan);
    line(series.fact, colors.fact);
  } else {
    for (let p = 0; p < count; p++) {
      const x0 = xs[p]!;
      const x1 = xs[p + 1]!;
      if (x1 < 0 || x0 > width) continue;
      const span = Math.max(1, x1 - x0 - 1);
      const over = series.overAllocated?.[p] === 1;
      const bar = (value: number, from: number, w: number, color: string) => {
        if (value <= 0) return;
        context.fillStyle = color;
        const top = y(value);
        context.fillRect(from, top, Math.max(1, w), TOP + chartHeight - top);
      };
      if (span >= 9) {
        const w = span / 3;
        bar(series.approved[p]!, x0 + 0.5, w, colors.approved);
        bar(series.plan[p]!, x0 + 0.5 + w, w, over ? colors.over : colors.plan);
        bar(series.fact[p]!, x0 + 0.5 + 2 * w, w, colors.fact);
      } else bar(series.plan[p]!, x0 + 0.5, span, over ? colors.over : colors.plan);
    }
    if (series.availability) {
      context.strokeStyle = colors.availability;
      context.lineWidth = 2;
      context.setLineDash([5, 3]);
      context.beginPath();
      let drawing = false;
      for (let p = 0; p < count; p++) {
        const value = series.availability[p];
        if (value === null || value === undefined || !Number.isFinite(value)) {
          drawing = false;
          continue;
        }
        const level = y(value);
        if (!drawing) context.moveTo(xs[p]!, level);
        else context.lineTo(xs[p]!, level);
        context.lineTo(xs[p + 1]!, level);
        drawing = true;
      }
      context.stroke();
      context.setLineDash([]);
    }
  }
  context.fillStyle = colors.text;
  context.font = '11px system-ui, sans-serif';
  context.textBaseline = 'top';
  context.fillText(label(max), 4, 2);
}
