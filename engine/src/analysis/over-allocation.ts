import { EngineError } from '../engine-error.js';
import type { ProjectModel } from '../project-model.js';
import { NO_TIME } from '../project-model.js';
import { assignmentSpread, SERIES_PLAN, workSpanCreate } from '../resources/assignment-spread.js';
import { availabilityFill } from '../resources/availability.js';
import { dayGridCreate } from '../resources/day-grid.js';
import { assignmentInstants, type HistogramDates, histogramWorkSpan } from '../resources/histogram.js';
import type { ResourceModel } from '../resources/resource-model.js';
import { resourceModelCompile } from '../resources/resource-model.js';
import type { AssignmentInput, ResourceInput } from '../resources/resource-types.js';
import { MINUTES_PER_DAY, TIME_END_DAY, TIME_FIRST_DAY } from '../time.js';

/** Which works meet a resource beyond its availability, by engine work index. */
interface OverAllocation {
  /** 1 where the work has an assignment of a resource whose availability is limited. */
  limited: Uint8Array;
  /** 1 where the work needs such a resource on a day it is over-allocated. */
  over: Uint8Array;
  /** How many resources are over-allocated on some day. */
  resourceCount: number;
}

/** Demand above this share over the availability is a rounding error, not an over-allocation (as the histogram). */
const overAvailable = (demand: number, units: number) => demand > units + 1e-9 * (1 + units);

/**
 * The first and last day (days since 2000-01-01) assignment a can put a quantity on: the days the resource
 * histogram covers for it.
 */
function assignmentDays(resources: ResourceModel, dates: HistogramDates, a: number): [number, number] {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  assignmentInstants(resources, a, [dates], (time) => {
    if (time === NO_TIME) return;
    const day = Math.floor(time / MINUTES_PER_DAY);
    if (day < first) first = day;
    if (day > last) last = day;
  });
  return [Math.max(TIME_FIRST_DAY, first), Math.min(TIME_END_DAY - 1, last)];
}

/**
 * Resource over-allocation of a calculated schedule (docs/product-rules.md, "Schedule assistant"): each
 * resource's plan demand per day — its assignments placed on the works' `dates` as the resource histogram
 * places them — against its availability that day (units per working day of its calendar, or of the period
 * covering the day). A work counts when one of its assignments needs a resource on a day, from `fromDay`
 * on (the data date's: the past cannot be levelled), when the resource is over-allocated. Resources without
 * a limit (no units per day, no periods) are never over-allocated.
 *
 * The sweep goes resource by resource over the days its own assignments span — never over the whole
 * horizon per work: each assignment is spread once, each resource's days are read once, and only an
 * assignment whose days meet an over-allocated day (a prefix count tells it in constant time) is spread
 * once more to see whether it needs the resource that day. Null when the resources or assignments do not
 * compile (the resource screens name the fault); an empty finding when nothing is limited.
 */
export function overAllocation(
  model: ProjectModel,
  resourceInputs: readonly ResourceInput[],
  assignmentInputs: readonly AssignmentInput[],
  dates: HistogramDates,
  fromDay: number,
): OverAllocation | null {
  let resources: ResourceModel;
  try {
    resources = resourceModelCompile(model, resourceInputs, assignmentInputs);
  } catch (error) {
    if (error instanceof EngineError) return null;
    throw error;
  }
  const n = model.workCount;
  const limited = new Uint8Array(n);
  const over = new Uint8Array(n);
  const resourceCount = resources.resourceIds.length;
  const isLimited = new Uint8Array(resourceCount);
  for (let r = 0; r < resourceCount; r++) {
    isLimited[r] =
      Number.isFinite(resources.unitsPerDay[r]!) || resources.resourcePeriods[r]!.length > 0 ? 1 : 0;
  }

  // The assignments of limited resources, grouped by resource (a counting sort), with their days.
  const count = resources.work.length;
  const first = new Int32Array(count);
  const last = new Int32Array(count);
  const perResource = new Int32Array(resourceCount + 1);
  let lowDay = Number.POSITIVE_INFINITY;
  let highDay = Number.NEGATIVE_INFINITY;
  for (let a = 0; a < count; a++) {
    const r = resources.resource[a]!;
    if (!isLimited[r]) continue;
    limited[resources.work[a]!] = 1;
    const [from, to] = assignmentDays(resources, dates, a);
    first[a] = from;
    last[a] = to;
    if (to < from) continue;
    perResource[r + 1]!++;
    if (from < lowDay) lowDay = from;
    if (to > highDay) highDay = to;
  }
  if (!Number.isFinite(lowDay)) return { limited, over, resourceCount: 0 };
  for (let r = 0; r < resourceCount; r++) perResource[r + 1]! += perResource[r]!;
  const order = new Int32Array(perResource[resourceCount]!);
  const fill = perResource.slice(0, resourceCount);
  for (let a = 0; a < count; a++) {
    const r = resources.resource[a]!;
    if (isLimited[r] && last[a]! >= first[a]!) order[fill[r]!++] = a;
  }

  const dayCount = highDay - lowDay + 1;
  const grid = dayGridCreate(model.calendars, lowDay, dayCount);
  const demand = new Float64Array(dayCount);
  const units = new Float64Array(dayCount);
  const scratch = new Float64Array(dayCount);
  /** Over-allocated days before each day of the resource's range (prefix counts). */
  const overBefore = new Int32Array(dayCount + 1);
  const fromIndex = fromDay - lowDay;
  const span = workSpanCreate();
  const spread = (a: number, out: Float64Array) => {
    histogramWorkSpan(span, resources, resources.work[a]!, dates);
    assignmentSpread(resources, grid, a, SERIES_PLAN, span, 1, out);
  };
  let overResources = 0;
  for (let r = 0; r < resourceCount; r++) {
    const begin = perResource[r]!;
    const end = perResource[r + 1]!;
    if (begin === end) continue;
    let lo = dayCount;
    let hi = -1;
    for (let k = begin; k < end; k++) {
      const a = order[k]!;
      spread(a, demand);
      lo = Math.min(lo, first[a]! - lowDay);
      hi = Math.max(hi, last[a]! - lowDay);
    }
    availabilityFill(resources, grid, r, lo, hi + 1, units, 0, 1);
    overBefore[lo] = 0;
    for (let d = lo; d <= hi; d++) {
      const isOver = d >= fromIndex && overAvailable(demand[d]!, units[d]!);
      overBefore[d + 1] = overBefore[d]! + (isOver ? 1 : 0);
    }
    if (overBefore[hi + 1]! > 0) {
      overResources++;
      for (let k = begin; k < end; k++) {
        const a = order[k]!;
        const w = resources.work[a]!;
        const from = first[a]! - lowDay;
        const to = last[a]! - lowDay;
        if (over[w] || overBefore[to + 1]! === overBefore[from]!) continue;
        spread(a, scratch);
        for (let d = from; d <= to; d++) {
          if (scratch[d]! > 0 && overBefore[d + 1]! > overBefore[d]!) over[w] = 1;
          scratch[d] = 0;
        }
      }
    }
    demand.fill(0, lo, hi + 1);
  }
  return { limited, over, resourceCount: overResources };
}
