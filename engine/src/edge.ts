import type { Calendar } from './calendar.js';
import { calendarFinishInstant, calendarStartInstant, calendarWorkingTime } from './calendar.js';
import type { ProjectModel } from './project-model.js';
import { EDGE_FAST, EDGE_PRED_START, STATUS_COMPLETED, STATUS_IN_PROGRESS } from './project-model.js';
import { workInstant, workUsesStartConvention } from './work-instant.js';

/**
 * Forward: the lower bound an edge puts on its successor's start or finish coordinate, given the
 * predecessor's coordinate on the edge's side. The predecessor's instant (actual dates where it has them)
 * is shifted by the lag on the lag calendar — forward to the end of the last lag minute, backward to the
 * start of the first — and read as working time of the successor's calendar.
 */
export function edgeTarget(model: ProjectModel, e: number, predCoordinate: number): number {
  const lag = model.edgeLag[e]!;
  const flags = model.edgeFlags[e]!;
  if (flags & EDGE_FAST) return predCoordinate + lag;
  const { calendars } = model;
  const p = model.network.edgeFrom[e]!;
  const startSide = flags & EDGE_PRED_START ? 1 : 0;
  const status = model.status[p]!;
  // A started predecessor's start is its actual start, unless SS lags count from its remaining start.
  const fromActual =
    status === STATUS_COMPLETED ||
    (status === STATUS_IN_PROGRESS && startSide === 1 && model.options.startLagFrom === 'actual_start');
  const lagIndex = model.edgeLagCalendar[e]!;
  const successorIndex = model.calendar[model.network.edgeTo[e]!]!;
  let time: number;
  if (lag !== 0 && lagIndex === model.calendar[p] && !fromActual) {
    // Lag on the predecessor's own calendar: shift its coordinate directly (W of its instant is itself).
    const lagCalendar = calendars[lagIndex]!;
    const shifted = clampWorking(lagCalendar, predCoordinate) + lag;
    time = lag > 0 ? calendarFinishInstant(lagCalendar, shifted) : calendarStartInstant(lagCalendar, shifted);
  } else {
    time = fromActual
      ? startSide === 1
        ? model.actualStart[p]!
        : model.actualFinish[p]!
      : workInstant(model, p, predCoordinate, startSide);
    if (lag !== 0) {
      const lagCalendar = calendars[lagIndex]!;
      const shifted = calendarWorkingTime(lagCalendar, time) + lag;
      // Lag on the successor's calendar: the lag's end read back on that calendar is the shifted value.
      if (lagIndex === successorIndex) return clampWorking(lagCalendar, shifted);
      time =
        lag > 0 ? calendarFinishInstant(lagCalendar, shifted) : calendarStartInstant(lagCalendar, shifted);
    }
  }
  return calendarWorkingTime(calendars[successorIndex]!, time);
}

/** W of an instant taken from coordinate w on the same calendar: w, within the supported range. */
function clampWorking(calendar: Calendar, w: number): number {
  return Math.max(0, Math.min(w, calendar.totalWorking));
}

/**
 * Backward: the largest predecessor coordinate whose `edgeTarget` is at most `limit` — the exact inverse
 * of the forward step, so a driving chain has zero float even across calendars. Only for predecessors
 * whose instant comes from their coordinate (not completed; not the start of an in-progress work). The
 * shortcuts skip a conversion and its inverse on one calendar, which are the identity inside the range.
 */
export function edgeBound(model: ProjectModel, e: number, limit: number): number {
  const lag = model.edgeLag[e]!;
  const flags = model.edgeFlags[e]!;
  if (flags & EDGE_FAST) return limit - lag;
  const { calendars } = model;
  const p = model.network.edgeFrom[e]!;
  const predIndex = model.calendar[p]!;
  const successorIndex = model.calendar[model.network.edgeTo[e]!]!;
  const successorCalendar = calendars[successorIndex]!;
  if (model.options.crossCalendarLate === 'previous_finish')
    return previousFinishBound(model, e, limit, lag, predIndex, successorIndex);
  let time: number;
  if (lag === 0) time = calendarStartInstant(successorCalendar, limit);
  else {
    const lagIndex = model.edgeLagCalendar[e]!;
    const lagCalendar = calendars[lagIndex]!;
    let reach: number;
    if (lagIndex === successorIndex && limit >= 0 && limit < lagCalendar.totalWorking) reach = limit - lag;
    else {
      const limitTime = calendarStartInstant(successorCalendar, limit);
      reach =
        lag > 0
          ? calendarWorkingTime(lagCalendar, limitTime) - lag
          : calendarWorkingTime(lagCalendar, limitTime + 1) - 1 - lag;
    }
    if (lagIndex === predIndex && reach >= 0 && reach < lagCalendar.totalWorking) return reach;
    time = calendarStartInstant(lagCalendar, reach);
  }
  const predCalendar = calendars[predIndex]!;
  return workUsesStartConvention(model, p, flags & EDGE_PRED_START ? 1 : 0)
    ? calendarWorkingTime(predCalendar, time + 1) - 1
    : calendarWorkingTime(predCalendar, time);
}

/**
 * Backward as P6 does it across calendars: the successor's coordinate (less the lag, on the lag calendar)
 * is read as the end of the previous working time, and the predecessor's coordinate is its own working
 * time at that instant — the latest working instant of its calendar at or before the bound, on either
 * side of the predecessor. On one calendar this is plain subtraction, as the exact inverse is.
 */
function previousFinishBound(
  model: ProjectModel,
  e: number,
  limit: number,
  lag: number,
  predIndex: number,
  successorIndex: number,
): number {
  const { calendars } = model;
  let time: number;
  if (lag === 0) time = calendarFinishInstant(calendars[successorIndex]!, limit);
  else {
    const lagIndex = model.edgeLagCalendar[e]!;
    const lagCalendar = calendars[lagIndex]!;
    const reach =
      lagIndex === successorIndex
        ? limit - lag
        : calendarWorkingTime(lagCalendar, calendarFinishInstant(calendars[successorIndex]!, limit)) - lag;
    if (lagIndex === predIndex && reach >= 0 && reach < lagCalendar.totalWorking) return reach;
    time = calendarFinishInstant(lagCalendar, reach);
  }
  return calendarWorkingTime(calendars[predIndex]!, time);
}
