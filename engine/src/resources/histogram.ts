import { calendarFinishInstant, calendarStartInstant, calendarWorkingTime } from '../calendar.js';
import { EngineError } from '../engine-error.js';
import { NO_TIME } from '../project-model.js';
import { scheduleFull } from '../schedule-passes.js';
import { scheduleStateCreate } from '../schedule-state.js';
import { MINUTES_PER_DAY, TIME_END_DAY, TIME_FIRST_DAY, timeToIso } from '../time.js';
import type { Minutes } from '../types.js';
import type { WorkSpan } from './assignment-spread.js';
import {
  assignmentSpread,
  SERIES_APPROVED,
  SERIES_FACT,
  SERIES_PLAN,
  workSpanCreate,
} from './assignment-spread.js';
import { availabilityFill } from './availability.js';
import { dayGridCreate } from './day-grid.js';
import { periodsOfDays } from './periods.js';
import type { ResourceModel } from './resource-model.js';
import {
  MODE_BY_DATE,
  MODE_BY_FACT,
  MODE_BY_PERIOD,
  RESOURCE_KINDS,
  resourceDayFromDate,
} from './resource-model.js';
import type { Period, ResourceKind } from './resource-types.js';

/** Instants by work index (-1: no dates): a `ScheduleResult`'s early dates, a leveling's dates, a baseline. */
export interface HistogramDates {
  readonly start: ArrayLike<number>;
  readonly finish: ArrayLike<number>;
}

/**
 * Rows of a histogram: one per resource, per resource kind, or per group of works (work type,
 * performer, …: `groupOfWork[i]` is the group of work i, -1 for none; a work's assignments count for
 * its group).
 */
export type HistogramGrouping =
  | 'resource'
  | 'kind'
  | { groups: readonly string[]; groupOfWork: ArrayLike<number> };

export interface HistogramOptions {
  /** Default `'day'`. */
  period?: Period;
  /** First and last day shown (`YYYY-MM-DD`); default: every day that has a quantity. */
  from?: string | null;
  until?: string | null;
  /** Default `'resource'`. */
  groupBy?: HistogramGrouping;
  /** Quantities in the resources' units, or money (quantity × price; a distributed price as it is). */
  measure?: 'quantity' | 'cost';
  /** Only these resources / kinds. */
  resourceIds?: readonly string[] | null;
  kinds?: readonly ResourceKind[] | null;
  /** Dates of the plan; default the critical-path early dates of the project. */
  plan?: HistogramDates | null;
  /** Dates of the approved plan; default the plan's dates (with the approved quantities). */
  approved?: HistogramDates | null;
}

/** Consecutive days on which a resource's plan demand exceeds its availability. */
export interface OverAllocation {
  resourceId: string;
  /** First and last day, `YYYY-MM-DD`. */
  from: string;
  until: string;
  days: number;
  /** The largest demand in the run, the availability that day, and the excess summed over the run. */
  peakDemand: number;
  available: number;
  excess: number;
}

/**
 * Histograms and S-curves as columns: for each group and period, the plan, approved plan and fact, each
 * also cumulative (from the first quantity, even when `from` cuts earlier days off). Arrays are
 * group-major: the value of group g in period p is at `g * periodCount + p`.
 */
export interface Histogram {
  readonly period: Period;
  readonly measure: 'quantity' | 'cost';
  readonly groupIds: readonly string[];
  readonly periodCount: number;
  /** First day of each period, plus the day after the last (days since 2000-01-01). */
  readonly periodStart: Int32Array;
  /** `YYYY-MM-DD` of each period's first day. */
  readonly periodLabels: readonly string[];
  readonly plan: Float64Array;
  readonly approved: Float64Array;
  readonly fact: Float64Array;
  readonly planCumulative: Float64Array;
  readonly approvedCumulative: Float64Array;
  readonly factCumulative: Float64Array;
  /** Per resource row: units available in the period (sum over its days; Infinity when unlimited). */
  readonly availability: Float64Array | null;
  /** Per resource row: 1 when some day of the period has more plan demand than availability. */
  readonly overAllocated: Uint8Array | null;
  readonly overAllocations: readonly OverAllocation[];
}

const dayLabel = (day: number) => timeToIso((day * MINUTES_PER_DAY) as Minutes).slice(0, 10);

/** Row of each assignment (-1: not shown) and the row ids. */
function rowsOf(resources: ResourceModel, options: HistogramOptions): { row: Int32Array; ids: string[] } {
  const count = resources.work.length;
  const row = new Int32Array(count).fill(-1);
  const wanted = new Uint8Array(resources.resourceIds.length).fill(1);
  if (options.resourceIds != null) {
    wanted.fill(0);
    for (const id of options.resourceIds) {
      const r = resources.resourceIndex.get(id);
      if (r === undefined)
        throw new EngineError('unknown_resource', `histogram: resource "${id}" does not exist`);
      wanted[r] = 1;
    }
  }
  if (options.kinds != null) {
    for (const kind of options.kinds) {
      if (!RESOURCE_KINDS.includes(kind))
        throw new EngineError('invalid_option', `histogram: unknown kind "${kind}"`);
    }
    for (let r = 0; r < wanted.length; r++) {
      if (!options.kinds.includes(RESOURCE_KINDS[resources.resourceKind[r]!]!)) wanted[r] = 0;
    }
  }
  const grouping = options.groupBy ?? 'resource';
  if (grouping === 'resource') {
    const rowOfResource = new Int32Array(wanted.length).fill(-1);
    const ids: string[] = [];
    for (let r = 0; r < wanted.length; r++) {
      if (wanted[r]) {
        rowOfResource[r] = ids.length;
        ids.push(resources.resourceIds[r]!);
      }
    }
    for (let a = 0; a < count; a++) row[a] = rowOfResource[resources.resource[a]!]!;
    return { row, ids };
  }
  if (grouping === 'kind') {
    for (let a = 0; a < count; a++) {
      const r = resources.resource[a]!;
      if (wanted[r]) row[a] = resources.resourceKind[r]!;
    }
    return { row, ids: [...RESOURCE_KINDS] };
  }
  if (typeof grouping !== 'object' || !Array.isArray(grouping.groups) || grouping.groupOfWork == null) {
    throw new EngineError(
      'invalid_option',
      'histogram: groupBy is "resource", "kind" or { groups, groupOfWork }',
    );
  }
  if (grouping.groupOfWork.length !== resources.project.workCount) {
    throw new EngineError('invalid_option', 'histogram: groupOfWork needs one entry per work');
  }
  for (let a = 0; a < count; a++) {
    const g = grouping.groupOfWork[resources.work[a]!]!;
    if (g >= grouping.groups.length || !Number.isInteger(g)) {
      throw new EngineError('invalid_option', `histogram: group ${g} of a work is not one of the groups`);
    }
    if (wanted[resources.resource[a]!] && g >= 0) row[a] = g;
  }
  return { row, ids: [...grouping.groups] };
}

function checkDates(dates: HistogramDates, count: number, what: string): void {
  if (dates.start.length !== count || dates.finish.length !== count) {
    throw new EngineError('invalid_option', `histogram: ${what} dates need one start and finish per work`);
  }
}

/**
 * Calls `cover` with every instant assignment `a` can put a quantity at, on each of `dates`: the work's
 * start and finish, its fact (to the data date while it runs), its fixed days and periods, and where a lag
 * or a window takes the allocation outside the work's dates. The histogram covers these days, and so does
 * the assistant's over-allocation check.
 */
export function assignmentInstants(
  resources: ResourceModel,
  a: number,
  dates: readonly HistogramDates[],
  cover: (time: number) => void,
): void {
  const model = resources.project;
  const w = resources.work[a]!;
  for (const d of dates) {
    cover(d.start[w]!);
    cover(d.finish[w]!);
  }
  cover(model.actualStart[w]!);
  if (resources.actualQuantity[a]! > 0 || resources.facts[a]) {
    cover(model.actualFinish[w] === NO_TIME ? model.dataDate : model.actualFinish[w]!);
  }
  for (const entries of [resources.entries[a], resources.facts[a]]) {
    if (!entries) continue;
    for (let e = 0; e < entries.day.length; e++) {
      cover(entries.day[e]! * MINUTES_PER_DAY);
      if (entries.end) cover((entries.end[e]! - 1) * MINUTES_PER_DAY);
    }
  }
  if (resources.lag[a] === 0 && resources.window[a]! < 0) return;
  // A lagged allocation may reach outside the work's dates.
  const calendar = model.calendars[model.calendar[w]!]!;
  for (const d of dates) {
    if (d.start[w] === NO_TIME) continue;
    const from = calendarWorkingTime(calendar, d.start[w]!) + resources.lag[a]!;
    const to =
      resources.window[a]! < 0
        ? Math.max(from, calendarWorkingTime(calendar, d.finish[w]!))
        : from + resources.window[a]!;
    cover(calendarStartInstant(calendar, from));
    cover(calendarFinishInstant(calendar, to));
  }
}

/**
 * Plan, approved plan and fact of the resources' assignments by period, with over-allocation against
 * the resources' availability (plan demand per day above the units available that day).
 */
export function resourceHistogram(resources: ResourceModel, options: HistogramOptions = {}): Histogram {
  const model = resources.project;
  const period = options.period ?? 'day';
  if (!['day', 'week', 'month', 'quarter', 'year'].includes(period)) {
    throw new EngineError('invalid_option', `histogram: unknown period "${period}"`);
  }
  const measure = options.measure ?? 'quantity';
  if (measure !== 'quantity' && measure !== 'cost') {
    throw new EngineError('invalid_option', `histogram: unknown measure "${measure}"`);
  }
  let plan = options.plan ?? null;
  if (plan === null) {
    const state = scheduleStateCreate(model);
    scheduleFull(state);
    plan = { start: state.startTime, finish: state.finishTime };
  }
  checkDates(plan, model.workCount, 'plan');
  const approved = options.approved ?? plan;
  checkDates(approved, model.workCount, 'approved');
  const { row, ids } = rowsOf(resources, options);
  const count = resources.work.length;

  // The days to cover: every day with a quantity, and the requested range.
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  const dataDay = Math.floor(model.dataDate / MINUTES_PER_DAY);
  const cover = (time: number) => {
    if (time === NO_TIME) return;
    const day = Math.floor(time / MINUTES_PER_DAY);
    if (day < first) first = day;
    if (day > last) last = day;
  };
  for (let a = 0; a < count; a++) if (row[a]! >= 0) assignmentInstants(resources, a, [plan, approved], cover);
  const rangeFrom = options.from == null ? null : resourceDayFromDate(options.from, 'histogram from');
  const rangeUntil = options.until == null ? null : resourceDayFromDate(options.until, 'histogram until');
  if (rangeFrom !== null && rangeUntil !== null && rangeUntil < rangeFrom) {
    throw new EngineError('invalid_option', 'histogram: until is before from');
  }
  if (!Number.isFinite(first)) first = last = rangeFrom ?? rangeUntil ?? dataDay;
  const shownFrom = rangeFrom ?? first;
  const shownUntil = rangeUntil ?? last;
  const firstDay = Math.max(TIME_FIRST_DAY, Math.min(first, shownFrom));
  const lastDay = Math.min(TIME_END_DAY - 1, Math.max(last, shownUntil));
  const dayCount = lastDay - firstDay + 1;
  const grid = dayGridCreate(model.calendars, firstDay, dayCount);

  // Daily amounts per row and series. An assignment whose approved plan equals its plan (same dates,
  // same quantity) is spread once, into `both`.
  const groupCount = ids.length;
  const rowsOfDays = () => Array.from({ length: groupCount }, () => new Float64Array(dayCount));
  const both = rowsOfDays();
  const planOnly = rowsOfDays();
  const approvedOnly = rowsOfDays();
  const factDaily = rowsOfDays();
  const planSpan: WorkSpan = workSpanCreate();
  const approvedSpan: WorkSpan = workSpanCreate();
  let spanWork = -1;
  for (let a = 0; a < count; a++) {
    const g = row[a]!;
    if (g < 0) continue;
    const w = resources.work[a]!;
    const r = resources.resource[a]!;
    const factor =
      measure === 'quantity' || RESOURCE_KINDS[resources.resourceKind[r]!] === 'distributed_price'
        ? 1
        : resources.price[a]!;
    if (factor === 0) continue;
    if (w !== spanWork) {
      spanWork = w;
      histogramWorkSpan(planSpan, resources, w, plan);
      if (approved !== plan) histogramWorkSpan(approvedSpan, resources, w, approved);
    }
    const fixed = resources.mode[a] === MODE_BY_DATE || resources.mode[a] === MODE_BY_PERIOD;
    const planned = plan.start[w] !== NO_TIME || fixed;
    const same =
      approved === plan &&
      resources.approvedQuantity[a] === resources.quantity[a] &&
      resources.mode[a] !== MODE_BY_FACT;
    if (same) {
      if (planned) assignmentSpread(resources, grid, a, SERIES_PLAN, planSpan, factor, both[g]!);
    } else {
      if (planned) assignmentSpread(resources, grid, a, SERIES_PLAN, planSpan, factor, planOnly[g]!);
      const span = approved === plan ? planSpan : approvedSpan;
      if (approved.start[w] !== NO_TIME || fixed) {
        assignmentSpread(resources, grid, a, SERIES_APPROVED, span, factor, approvedOnly[g]!);
      }
    }
    assignmentSpread(resources, grid, a, SERIES_FACT, planSpan, factor, factDaily[g]!);
  }
  for (let g = 0; g < groupCount; g++) {
    const shared = both[g]!;
    const planDays = planOnly[g]!;
    const approvedDays = approvedOnly[g]!;
    for (let d = 0; d < dayCount; d++) {
      planDays[d]! += shared[d]!;
      approvedDays[d]! += shared[d]!;
    }
  }
  const daily = [planOnly, approvedOnly, factDaily];

  // Periods shown, and the sums per period (cumulative sums count the days before the range too).
  const { dayPeriod, periodStart } = periodsOfDays(period, firstDay, dayCount);
  const shownFirst = shownFrom - firstDay;
  const shownLast = shownUntil - firstDay;
  const periodFirst = dayPeriod[Math.max(0, shownFirst)]!;
  const periodCount = dayPeriod[Math.min(dayCount - 1, shownLast)]! - periodFirst + 1;
  const fold = (days: Float64Array[]) => {
    const sums = new Float64Array(groupCount * periodCount);
    const cumulative = new Float64Array(groupCount * periodCount);
    for (let g = 0; g < groupCount; g++) {
      const values = days[g]!;
      let before = 0;
      for (let d = 0; d < shownFirst; d++) before += values[d]!;
      for (let d = Math.max(0, shownFirst); d <= shownLast; d++) {
        sums[g * periodCount + dayPeriod[d]! - periodFirst]! += values[d]!;
      }
      let running = before;
      for (let p = 0; p < periodCount; p++) {
        running += sums[g * periodCount + p]!;
        cumulative[g * periodCount + p] = running;
      }
    }
    return { sums, cumulative };
  };
  const [planSums, approvedSums, factSums] = daily.map(fold) as [
    ReturnType<typeof fold>,
    ReturnType<typeof fold>,
    ReturnType<typeof fold>,
  ];
  const shownStarts = periodStart.slice(periodFirst, periodFirst + periodCount + 1);

  let availability: Float64Array | null = null;
  let overAllocated: Uint8Array | null = null;
  const overAllocations: OverAllocation[] = [];
  if ((options.groupBy ?? 'resource') === 'resource' && measure === 'quantity') {
    availability = new Float64Array(groupCount * periodCount);
    overAllocated = new Uint8Array(groupCount * periodCount);
    const units = new Float64Array(dayCount);
    for (let g = 0; g < groupCount; g++) {
      const r = resources.resourceIndex.get(ids[g]!)!;
      availabilityFill(resources, grid, r, 0, dayCount, units, 0, 1);
      const demand = daily[0]![g]!;
      let run: OverAllocation | null = null;
      for (let d = Math.max(0, shownFirst); d <= shownLast; d++) {
        const p = g * periodCount + dayPeriod[d]! - periodFirst;
        availability[p]! += units[d]!;
        const over = demand[d]! > units[d]! + 1e-9 * (1 + units[d]!);
        if (!over) {
          run = null;
          continue;
        }
        overAllocated[p] = 1;
        const excess = demand[d]! - units[d]!;
        if (run === null) {
          run = {
            resourceId: ids[g]!,
            from: dayLabel(firstDay + d),
            until: dayLabel(firstDay + d),
            days: 0,
            peakDemand: demand[d]!,
            available: units[d]!,
            excess: 0,
          };
          overAllocations.push(run);
        }
        run.until = dayLabel(firstDay + d);
        run.days++;
        run.excess += excess;
        if (demand[d]! > run.peakDemand) {
          run.peakDemand = demand[d]!;
          run.available = units[d]!;
        }
      }
    }
  }

  return {
    period,
    measure,
    groupIds: ids,
    periodCount,
    periodStart: shownStarts,
    periodLabels: Array.from(shownStarts.subarray(0, periodCount), dayLabel),
    plan: planSums.sums,
    approved: approvedSums.sums,
    fact: factSums.sums,
    planCumulative: planSums.cumulative,
    approvedCumulative: approvedSums.cumulative,
    factCumulative: factSums.cumulative,
    availability,
    overAllocated,
    overAllocations,
  };
}

/** Working coordinates of work w's dates (from `dates`), its fact and the data date. */
export function histogramWorkSpan(
  span: WorkSpan,
  resources: ResourceModel,
  w: number,
  dates: HistogramDates,
): void {
  const model = resources.project;
  const c = model.calendar[w]!;
  const calendar = model.calendars[c]!;
  span.c = c;
  const start = dates.start[w]!;
  const finish = dates.finish[w]!;
  span.from = start === NO_TIME ? 0 : calendarWorkingTime(calendar, start);
  span.to = finish === NO_TIME ? span.from : Math.max(span.from, calendarWorkingTime(calendar, finish));
  span.dataW = model.earliestW[c]!;
  const actualStart = model.actualStart[w]!;
  if (actualStart === NO_TIME) {
    span.actualFrom = -1;
    span.actualTo = -1;
  } else {
    span.actualFrom = calendarWorkingTime(calendar, actualStart);
    const actualFinish = model.actualFinish[w] === NO_TIME ? model.dataDate : model.actualFinish[w]!;
    span.actualTo = Math.max(span.actualFrom, calendarWorkingTime(calendar, actualFinish));
  }
}
