import { calendarWorkingTime } from '../calendar.js';
import { NO_TIME } from '../project-model.js';
import { scheduleFull } from '../schedule-passes.js';
import { scheduleStateCreate } from '../schedule-state.js';
import { MINUTES_PER_DAY, TIME_END_DAY, TIME_FIRST_DAY } from '../time.js';
import type { WorkSpan } from './assignment-spread.js';
import {
  assignmentUntil,
  SERIES_APPROVED,
  SERIES_FACT,
  SERIES_PLAN,
  workSpanCreate,
} from './assignment-spread.js';
import { dayGridCreate } from './day-grid.js';
import type { HistogramDates } from './histogram.js';
import { histogramWorkSpan } from './histogram.js';
import type { ResourceModel } from './resource-model.js';
import { RESOURCE_KINDS, resourceDayFromDate } from './resource-model.js';

export interface ResourceTotalsOptions {
  /** A day (`YYYY-MM-DD`): also give each assignment's quantities on the days up to and including it. */
  date?: string | null;
  /** Dates of the plan; default the critical-path early dates. */
  plan?: HistogramDates | null;
  /** Dates of the approved plan; default the plan's. */
  approved?: HistogramDates | null;
}

/**
 * Money per work (the spec's update-costs): quantity × price of its volume, labour and cost assignments,
 * a distributed price as it is; a summary has the sum of its works. With a date, each assignment's
 * plan, approved plan and fact up to that day (the volume plan at a day).
 */
export interface ResourceTotals {
  readonly planCost: Float64Array;
  readonly approvedCost: Float64Array;
  readonly factCost: Float64Array;
  readonly planToDate: Float64Array | null;
  readonly approvedToDate: Float64Array | null;
  readonly factToDate: Float64Array | null;
}

export function resourceTotals(
  resources: ResourceModel,
  options: ResourceTotalsOptions = {},
): ResourceTotals {
  const model = resources.project;
  const n = model.workCount;
  const planCost = new Float64Array(n);
  const approvedCost = new Float64Array(n);
  const factCost = new Float64Array(n);
  const count = resources.work.length;
  for (let a = 0; a < count; a++) {
    const kind = RESOURCE_KINDS[resources.resourceKind[resources.resource[a]!]!];
    const price = kind === 'distributed_price' ? 1 : resources.price[a]!;
    const plan = resources.quantity[a]! * price;
    const approved = resources.approvedQuantity[a]! * price;
    const fact = resources.actualQuantity[a]! * price;
    for (let w = resources.work[a]!; w >= 0; w = model.parent[w]!) {
      planCost[w]! += plan;
      approvedCost[w]! += approved;
      factCost[w]! += fact;
    }
  }
  if (options.date == null) {
    return { planCost, approvedCost, factCost, planToDate: null, approvedToDate: null, factToDate: null };
  }

  const day = resourceDayFromDate(options.date, 'date');
  let plan = options.plan ?? null;
  if (plan === null) {
    const state = scheduleStateCreate(model);
    scheduleFull(state);
    plan = { start: state.startTime, finish: state.finishTime };
  }
  const approved = options.approved ?? plan;
  // A grid from 2000 on, or from the project's earliest date when that is before: nothing falls before it.
  let earliest = Math.min(model.projectStart, model.dataDate);
  for (const times of [plan.start, approved.start, model.actualStart]) {
    for (let w = 0; w < model.workCount; w++) {
      const time = times[w]!;
      if (time !== NO_TIME && time < earliest) earliest = time;
    }
  }
  const firstDay = Math.max(TIME_FIRST_DAY, Math.min(0, Math.floor(earliest / MINUTES_PER_DAY), day));
  const grid = dayGridCreate(model.calendars, firstDay, Math.min(TIME_END_DAY, day + 2) - firstDay);
  const gridDay = day - firstDay;
  const endTime = (day + 1) * MINUTES_PER_DAY;
  const planToDate = new Float64Array(count);
  const approvedToDate = new Float64Array(count);
  const factToDate = new Float64Array(count);
  const planSpan: WorkSpan = workSpanCreate();
  const approvedSpan: WorkSpan = workSpanCreate();
  let spanWork = -1;
  let endW = 0;
  for (let a = 0; a < count; a++) {
    const w = resources.work[a]!;
    if (w !== spanWork) {
      spanWork = w;
      histogramWorkSpan(planSpan, resources, w, plan);
      histogramWorkSpan(approvedSpan, resources, w, approved);
      endW = calendarWorkingTime(model.calendars[planSpan.c]!, endTime);
    }
    if (plan.start[w] !== NO_TIME || resources.entries[a]) {
      planToDate[a] = assignmentUntil(resources, grid, a, SERIES_PLAN, planSpan, gridDay, endW, 1);
    }
    if (approved.start[w] !== NO_TIME || resources.entries[a]) {
      approvedToDate[a] = assignmentUntil(
        resources,
        grid,
        a,
        SERIES_APPROVED,
        approvedSpan,
        gridDay,
        endW,
        1,
      );
    }
    factToDate[a] = assignmentUntil(resources, grid, a, SERIES_FACT, planSpan, gridDay, endW, 1);
  }
  return { planCost, approvedCost, factCost, planToDate, approvedToDate, factToDate };
}
