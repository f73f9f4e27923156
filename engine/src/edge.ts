import type { Calendar } from './calendar.js';
import { calendarFinishInstant, calendarStartInstant, calendarWorkingTime } from './calendar.js';
import type { ProjectModel } from './project-model.js';
import { STATUS_COMPLETED, STATUS_IN_PROGRESS } from './project-model.js';
import { workInstant, workUsesStartConvention } from './work-instant.js';

/**
 * Forward: the lower bound an edge puts on its successor's start or finish coordinate, given the
 * predecessor's coordinate on the edge's side. The predecessor's instant (actual dates where it has them)
 * is shifted by the lag on the lag calendar — forward to the end of the last lag minute, backward to the
 * start of the first — and read as working time of the successor's calendar.
 */
export function edgeTarget(model: ProjectModel, e: number, predCoordinate: number): number {
  const lag = model.edgeLag[e]!;
  if (model.edgeFast[e] === 1) return predCoordinate + lag;
  const p = model.network.edgeFrom[e]!;
  const startSide = model.edgePredStart[e]!;
  const status = model.status[p]!;
  let time =
    status === STATUS_COMPLETED
      ? startSide === 1
        ? model.actualStart[p]!
        : model.actualFinish[p]!
      : status === STATUS_IN_PROGRESS && startSide === 1
        ? model.actualStart[p]!
        : workInstant(model, p, predCoordinate, startSide);
  if (lag !== 0) {
    const lagCalendar = model.calendars[model.edgeLagCalendar[e]!]!;
    const shifted = calendarWorkingTime(lagCalendar, time) + lag;
    time = lag > 0 ? calendarFinishInstant(lagCalendar, shifted) : calendarStartInstant(lagCalendar, shifted);
  }
  return calendarWorkingTime(successorCalendar(model, e), time);
}

function successorCalendar(model: ProjectModel, e: number): Calendar {
  return model.calendars[model.calendar[model.network.edgeTo[e]!]!]!;
}

/**
 * Backward: the largest predecessor coordinate whose `edgeTarget` is at most `limit` — the exact inverse
 * of the forward step, so a driving chain has zero float even across calendars. Only for predecessors
 * whose instant comes from their coordinate (not completed; not the start of an in-progress work).
 */
export function edgeBound(model: ProjectModel, e: number, limit: number): number {
  const lag = model.edgeLag[e]!;
  if (model.edgeFast[e] === 1) return limit - lag;
  let time = calendarStartInstant(successorCalendar(model, e), limit);
  if (lag !== 0) {
    const lagCalendar = model.calendars[model.edgeLagCalendar[e]!]!;
    const reach =
      lag > 0
        ? calendarWorkingTime(lagCalendar, time) - lag
        : calendarWorkingTime(lagCalendar, time + 1) - 1 - lag;
    time = calendarStartInstant(lagCalendar, reach);
  }
  const p = model.network.edgeFrom[e]!;
  const predCalendar = model.calendars[model.calendar[p]!]!;
  return workUsesStartConvention(model, p, model.edgePredStart[e]!)
    ? calendarWorkingTime(predCalendar, time + 1) - 1
    : calendarWorkingTime(predCalendar, time);
}
