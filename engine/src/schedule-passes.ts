import { calendarStartInstant, calendarWorkingTime } from './calendar.js';
import { edgeBound, edgeTarget } from './edge.js';
import { EngineError } from './engine-error.js';
import {
  BOUND_HIGH,
  EDGE_ACTIVE,
  EDGE_FAST,
  EDGE_LATE,
  EDGE_PRED_START,
  EDGE_SUCC_START,
  FINISH_LIMIT_HIGH,
  FINISH_LIMIT_LOW,
  MANDATORY_FINISH,
  MANDATORY_START,
  NO_TIME,
  SPAN_LEVEL_OF_EFFORT,
  SPAN_NONE,
  SPAN_WBS_SUMMARY,
  STATUS_COMPLETED,
  STATUS_IN_PROGRESS,
  STATUS_NOT_STARTED,
} from './project-model.js';
import type { ScheduleState } from './schedule-state.js';
import {
  CONFLICT_FINISH_EARLY,
  CONFLICT_FINISH_LATE,
  CONFLICT_PROJECT_FINISH,
  CONFLICT_START_EARLY,
  CONFLICT_START_LATE,
} from './schedule-state.js';
import { TIME_RANGE_END_TEXT } from './time.js';
import { workInstant } from './work-instant.js';

/**
 * The per-work steps of the critical path method. A full calculation runs them over every work in
 * (reverse) topological order; the incremental `Scheduler` runs the same steps over the affected works
 * only, which is why its results are identical.
 */

/** Forward pass for one leaf work: early coordinates from its predecessors. Returns whether they changed. */
export function scheduleEarly(state: ScheduleState, i: number): boolean {
  const model = state.model;
  if (model.span[i] !== SPAN_NONE) return false; // dated after the passes (scheduleLevelOfEffort)
  const status = model.status[i]!;
  let es: number;
  let ef: number;
  let finishTime: number;
  if (status === STATUS_COMPLETED) {
    es = model.actualStartW[i]!;
    ef = model.actualFinishW[i]!;
    finishTime = model.actualFinish[i]!;
  } else {
    const expected = model.expectedW[i]!;
    let duration = expected >= 0 ? model.baseDuration[i]! : model.duration[i]!;
    let startLow = Math.max(model.earliestW[model.calendar[i]!]!, model.startLowW[i]!);
    if (status === STATUS_IN_PROGRESS && model.actualStartW[i]! > startLow) startLow = model.actualStartW[i]!;
    let finishLow = model.finishLowW[i]!;
    const { inStart, inEdges } = model.network;
    const edgeFlags = model.edgeFlags;
    for (let k = inStart[i]!; k < inStart[i + 1]!; k++) {
      const e = inEdges[k]!;
      const flags = edgeFlags[e]!;
      if ((flags & EDGE_ACTIVE) === 0) continue;
      const target = edgeTarget(model, e, edgeSourceCoordinate(state, e, flags, 0));
      state.edgeTarget[e] = target;
      if (flags & EDGE_SUCC_START) {
        if (target > startLow) startLow = target;
      } else if (target > finishLow) finishLow = target;
    }
    let start: number;
    const mandatory = model.mandatory[i]!;
    if (model.manual[i] === 1 && status !== STATUS_IN_PROGRESS) start = model.manualW[i]!;
    else if (mandatory & MANDATORY_START) start = model.startLowW[i]!;
    else if (mandatory & MANDATORY_FINISH) start = model.finishLowW[i]! - duration;
    else start = expected >= 0 ? startLow : Math.max(startLow, finishLow - duration);
    if (expected >= 0) {
      // The remaining work is fitted between its start and the expected finish (finish-side predecessors
      // may push the finish later). An expected finish at or before the start is ignored, as P6 does: the work
      // keeps its remaining duration.
      const finishFloor = mandatory & MANDATORY_FINISH ? 0 : finishLow;
      ef = Math.max(expected <= start ? start + duration : expected, finishFloor);
      duration = ef - start;
      if (duration !== model.duration[i]) {
        (model.duration as Int32Array)[i] = duration;
        // a new remaining duration moves late dates even when neither early coordinate moved
        state.logicFinish[i] = NO_TIME;
      }
    } else ef = start + duration;
    es = status === STATUS_IN_PROGRESS ? model.actualStartW[i]! : start;
    const calendar = model.calendars[model.calendar[i]!]!;
    if (ef > calendar.totalWorking) {
      throw new EngineError(
        'out_of_range',
        `work "${model.workIds[i]}" would finish after ${TIME_RANGE_END_TEXT}`,
        {
          workIds: [model.workIds[i]!],
        },
      );
    }
    finishTime =
      model.finishLimitAtStart[i]! & FINISH_LIMIT_LOW && ef === model.finishLowW[i]
        ? calendarStartInstant(calendar, ef)
        : workInstant(model, i, ef, fittedToNothing(model, i));
  }
  if (es === state.esW[i] && ef === state.efW[i] && finishTime === state.logicFinish[i]) return false;
  state.esW[i] = es;
  state.efW[i] = ef;
  state.logicFinish[i] = finishTime;
  return true;
}

/**
 * 1 when a work fitted to its expected finish has no remaining duration: like a
 * zero-duration task it then finishes where it starts, not at the end of the previous working minute.
 */
function fittedToNothing(model: ScheduleState['model'], i: number): number {
  return model.expectedW[i]! >= 0 && model.duration[i] === 0 ? 1 : 0;
}

/**
 * The predecessor's coordinate an edge counts from (shifted by `shift`, an ALAP delay): its start or
 * finish. A started predecessor's start is its actual start, or — with P6's "start-to-start lag from
 * early start" — the start of its remaining work.
 */
function edgeSourceCoordinate(state: ScheduleState, e: number, flags: number, shift: number): number {
  const model = state.model;
  const p = model.network.edgeFrom[e]!;
  if ((flags & EDGE_PRED_START) === 0) return state.efW[p]! + shift;
  if (model.status[p] === STATUS_IN_PROGRESS && model.options.startLagFrom === 'early_start')
    return state.efW[p]! - model.duration[p]!;
  return state.esW[p]! + shift;
}

/** Early project finish and the per-calendar coordinates derived from it. Returns whether they changed. */
export function scheduleProjectFinish(state: ScheduleState): boolean {
  const model = state.model;
  let finish = model.projectStart;
  const order = model.order;
  const logicFinish = state.logicFinish;
  for (let k = 0; k < order.length; k++) {
    const time = logicFinish[order[k]!]!;
    if (time > finish) finish = time;
  }
  const limit = model.projectFinishLimit === NO_TIME ? finish : model.projectFinishLimit;
  let changed = finish !== state.projectFinish;
  state.projectFinish = finish;
  for (let c = 0; c < model.calendars.length; c++) {
    const calendar = model.calendars[c]!;
    const finishW = calendarWorkingTime(calendar, finish);
    const limitW = calendarWorkingTime(calendar, limit);
    if (finishW !== state.projectFinishW[c] || limitW !== state.limitW[c]) changed = true;
    state.projectFinishW[c] = finishW;
    state.limitW[c] = limitW;
  }
  return changed;
}

/** Backward pass for one leaf work: late coordinates from its successors. Returns whether they changed. */
export function scheduleLate(state: ScheduleState, i: number): boolean {
  const model = state.model;
  if (model.span[i] !== SPAN_NONE) return false;
  const status = model.status[i]!;
  let ls: number;
  let lf: number;
  let atStart = 0;
  if (status === STATUS_COMPLETED) {
    ls = state.esW[i]!;
    lf = state.efW[i]!;
  } else {
    const duration = model.duration[i]!;
    let successorHigh = BOUND_HIGH;
    let startHigh = model.startHighW[i]!;
    const { outStart, outEdges } = model.network;
    const { outTo, outFlags, outLag } = model;
    // Start-side successors do not bound a started work (its start is fact), nor a manually scheduled
    // one when the option says so (MS Project).
    const skipStartSide =
      status === STATUS_IN_PROGRESS || (model.manual[i] === 1 && model.options.manualStartLinks === 'ignore');
    let successors = 0;
    for (let k = outStart[i]!; k < outStart[i + 1]!; k++) {
      const flags = outFlags[k]!;
      if ((flags & (EDGE_ACTIVE | EDGE_LATE)) === 0) continue;
      successors++;
      if (flags & EDGE_PRED_START && skipStartSide) continue;
      const j = outTo[k]!;
      const limit = flags & EDGE_SUCC_START ? state.lfW[j]! - model.duration[j]! : state.lfW[j]!;
      const bound = flags & EDGE_FAST ? limit - outLag[k]! : edgeBound(model, outEdges[k]!, limit);
      if (flags & EDGE_PRED_START) {
        if (bound < startHigh) startHigh = bound;
      } else if (bound < successorHigh) successorHigh = bound;
    }
    let finishHigh = Math.min(successorHigh, state.limitW[model.calendar[i]!]!);
    // The instant behind finishHigh when it is not a successor's bound: the late-date limit or, for an
    // open end made critical, the work's own early finish.
    let finishHighTime =
      model.projectFinishLimit === NO_TIME ? state.projectFinish : model.projectFinishLimit;
    // P6's "make open-ended activities critical": no successor, no float.
    if (successors === 0 && model.options.openEndsCritical && state.efW[i]! < finishHigh) {
      finishHigh = state.efW[i]!;
      finishHighTime = state.logicFinish[i]!;
    }
    const mandatory = model.mandatory[i]!;
    if (model.finishLimitAtStart[i]! & FINISH_LIMIT_HIGH)
      atStart = finishLimitSetsLate(state, i, successorHigh, finishHigh, finishHighTime) ? 1 : 0;
    if (model.finishHighW[i]! < finishHigh) finishHigh = model.finishHighW[i]!;
    if (mandatory & MANDATORY_START) {
      ls = model.startHighW[i]!;
      lf = ls + duration;
    } else {
      lf = mandatory & MANDATORY_FINISH ? model.finishHighW[i]! : Math.min(finishHigh, startHigh + duration);
      ls = lf - duration;
    }
    if (lf !== model.finishHighW[i]) atStart = 0;
  }
  const atStartChanged = state.lateFinishAtStart[i] !== atStart;
  state.lateFinishAtStart[i] = atStart;
  if (ls === state.lsW[i] && lf === state.lfW[i] && !atStartChanged) return false;
  state.lsW[i] = ls;
  state.lfW[i] = lf;
  return true;
}

/**
 * Whether a finish limit dated in non-working time (shown at the next working start) is the late finish
 * of work i: it is below every successor's bound (those read as the end of previous working time, so a
 * tie goes to them) and at or before the other bound's instant. A mandatory finish always is.
 */
function finishLimitSetsLate(
  state: ScheduleState,
  i: number,
  successorHigh: number,
  finishHigh: number,
  finishHighTime: number,
): boolean {
  const model = state.model;
  const limit = model.finishHighW[i]!;
  if (model.mandatory[i]! & MANDATORY_FINISH) return true;
  if (limit >= successorHigh || limit > finishHigh) return false;
  if (limit < finishHigh) return true;
  return calendarStartInstant(model.calendars[model.calendar[i]!]!, limit) <= finishHighTime;
}

/**
 * How far work i could move later (in its working minutes) without moving any successor's final early
 * dates or the early project finish: its free float.
 */
function successorSlack(state: ScheduleState, i: number): number {
  const model = state.model;
  const delay = state.delay;
  const ownFinish = state.efW[i]! + delay[i]!;
  const ownStart = state.esW[i]! + delay[i]!;
  let slack = state.projectFinishW[model.calendar[i]!]! - ownFinish;
  const { outStart, outEdges } = model.network;
  const { outTo, outFlags, outLag } = model;
  for (let k = outStart[i]!; k < outStart[i + 1]!; k++) {
    const flags = outFlags[k]!;
    if ((flags & EDGE_ACTIVE) === 0) continue;
    const j = outTo[k]!;
    const successorFinish = state.efW[j]! + delay[j]!;
    const limit = flags & EDGE_SUCC_START ? successorFinish - model.duration[j]! : successorFinish;
    if (flags & EDGE_PRED_START && model.status[i] === STATUS_IN_PROGRESS) continue;
    const bound = flags & EDGE_FAST ? limit - outLag[k]! : edgeBound(model, outEdges[k]!, limit);
    const room = bound - (flags & EDGE_PRED_START ? ownStart : ownFinish);
    if (room < slack) {
      slack = room;
      if (slack <= 0) break;
    }
  }
  return slack;
}

/**
 * As-late-as-possible works (latest first, so an ALAP successor has moved before its predecessors): each
 * moves later by its free float, within its own constraints and late dates. Returns the works whose
 * delay changed.
 */
export function scheduleAlap(state: ScheduleState): number[] {
  const model = state.model;
  const changed: number[] = [];
  for (const i of model.alapOrder) {
    const previous = state.delay[i]!;
    state.delay[i] = 0;
    const room = Math.min(
      successorSlack(state, i),
      model.finishHighW[i]! - state.efW[i]!,
      model.startHighW[i]! - state.esW[i]!,
      state.lfW[i]! - state.efW[i]!,
    );
    state.delay[i] = Math.max(0, room);
    if (state.delay[i] !== previous) changed.push(i);
  }
  return changed;
}

/**
 * Whether work i is a start milestone not started whose early start is the data date's coordinate (option
 * `startMilestoneAtDataDate`): P6 shows it at the data date itself, also when that is non-working time.
 */
function startsAtDataDate(
  model: ScheduleState['model'],
  state: ScheduleState,
  i: number,
  delay: number,
): boolean {
  return (
    delay === 0 &&
    model.status[i] === STATUS_NOT_STARTED &&
    state.esW[i] === model.earliestW[model.calendar[i]!] &&
    model.works[i]!.type === 'milestone_start'
  );
}

/**
 * The early start and finish instants of one leaf work (the dates its bar is drawn at). Also the first step
 * of `scheduleWorkResults`; alone, what an incremental edit whose late side waits needs (`Scheduler`'s
 * `deferLateDates`).
 */
export function scheduleWorkInstants(state: ScheduleState, i: number): void {
  const model = state.model;
  if (model.span[i] === SPAN_WBS_SUMMARY) return; // scheduleWbsSummaries
  const status = model.status[i]!;
  if (status === STATUS_COMPLETED) {
    state.startTime[i] = model.actualStart[i]!;
    state.finishTime[i] = model.actualFinish[i]!;
    return;
  }
  const delay = state.delay[i]!;
  state.startTime[i] =
    status === STATUS_IN_PROGRESS ? model.actualStart[i]! : workInstant(model, i, state.esW[i]! + delay, 1);
  // Level of effort works have no forward-pass finish (they never extend the project).
  state.finishTime[i] =
    delay === 0 && model.span[i] === SPAN_NONE
      ? state.logicFinish[i]!
      : workInstant(model, i, state.efW[i]! + delay, fittedToNothing(model, i));
  if (model.options.startMilestoneAtDataDate && startsAtDataDate(model, state, i, delay)) {
    state.startTime[i] = state.finishTime[i] = Math.max(model.projectStart, model.dataDate);
  }
}

/** Instants, floats, conflicts and (by total float) criticality of one leaf work. */
export function scheduleWorkResults(state: ScheduleState, i: number): void {
  const model = state.model;
  if (model.span[i] === SPAN_WBS_SUMMARY) return; // scheduleWbsSummaries
  scheduleWorkInstants(state, i);
  if (model.status[i] === STATUS_COMPLETED) {
    state.lateStartTime[i] = model.actualStart[i]!;
    state.lateFinishTime[i] = model.actualFinish[i]!;
    state.totalFloat[i] = state.freeFloat[i] = 0;
    state.critical[i] = 0;
    state.conflicts[i] = 0;
    return;
  }
  const duration = model.duration[i]!;
  const ef = state.efW[i]! + state.delay[i]!;
  const ls = state.lsW[i]!;
  const lf = state.lfW[i]!;
  state.lateStartTime[i] = workInstant(model, i, ls, 1);
  state.lateFinishTime[i] =
    state.lateFinishAtStart[i] === 1
      ? calendarStartInstant(model.calendars[model.calendar[i]!]!, lf)
      : workInstant(model, i, lf, fittedToNothing(model, i));

  const finishFloat = lf - ef;
  const startFloat = ls - (ef - duration);
  const kind = model.options.totalFloat;
  const totalFloat =
    kind === 'finish' ? finishFloat : kind === 'start' ? startFloat : Math.min(startFloat, finishFloat);
  state.totalFloat[i] = totalFloat;
  // Free float never exceeds total float: a work's own upper limit caps both.
  state.freeFloat[i] = totalFloat <= 0 ? 0 : Math.min(successorSlack(state, i), totalFloat);

  const logicStart = state.efW[i]! - duration;
  let conflicts = 0;
  if (logicStart > model.startHighW[i]!) conflicts |= CONFLICT_START_LATE;
  if (state.efW[i]! > model.finishHighW[i]!) conflicts |= CONFLICT_FINISH_LATE;
  if (ls < model.startLowW[i]!) conflicts |= CONFLICT_START_EARLY;
  if (lf < model.finishLowW[i]!) conflicts |= CONFLICT_FINISH_EARLY;
  if (model.projectFinishLimit !== NO_TIME && state.efW[i]! > state.limitW[model.calendar[i]!]!) {
    conflicts |= CONFLICT_PROJECT_FINISH;
  }
  if (model.mandatory[i] !== 0) conflicts |= mandatoryConflicts(state, i);
  state.conflicts[i] = conflicts;
  const critical = model.options.critical;
  if (critical.kind === 'total_float') {
    state.critical[i] =
      totalFloat <= critical.thresholdMinutes &&
      !(totalFloat >= 0 && model.manual[i] === 1 && unlinkedManual(model, i))
        ? 1
        : 0;
  }
}

/** A manually scheduled work without relations, which MS Project marks critical only when a limit is missed. */
function unlinkedManual(model: ScheduleState['model'], i: number): boolean {
  if (model.options.manualUnlinkedCritical) return false;
  const { inStart, outStart } = model.network;
  return inStart[i] === inStart[i + 1] && outStart[i] === outStart[i + 1];
}

/** Relations a mandatory date overrides: predecessors that would push the work later than its date. */
function mandatoryConflicts(state: ScheduleState, i: number): number {
  const model = state.model;
  const duration = model.duration[i]!;
  const { inStart, inEdges } = model.network;
  let conflicts = 0;
  for (let k = inStart[i]!; k < inStart[i + 1]!; k++) {
    const e = inEdges[k]!;
    const flags = model.edgeFlags[e]!;
    if ((flags & EDGE_ACTIVE) === 0) continue;
    const reached = flags & EDGE_SUCC_START ? state.efW[i]! - duration : state.efW[i]!;
    if (state.edgeTarget[e]! > reached)
      conflicts |= flags & EDGE_SUCC_START ? CONFLICT_START_LATE : CONFLICT_FINISH_LATE;
  }
  return conflicts;
}

/** Whether an edge drives its successor: its bound, from the predecessor's final dates, is met exactly. */
export function scheduleEdgeDriving(state: ScheduleState, e: number): void {
  const model = state.model;
  const flags = model.edgeFlags[e]!;
  if ((flags & EDGE_ACTIVE) === 0) {
    state.edgeDriving[e] = 0;
    return;
  }
  const p = model.network.edgeFrom[e]!;
  const j = model.network.edgeTo[e]!;
  const shift = state.delay[p]!;
  const target =
    shift === 0 ? state.edgeTarget[e]! : edgeTarget(model, e, edgeSourceCoordinate(state, e, flags, shift));
  const successorFinish = state.efW[j]! + state.delay[j]!;
  const reached = flags & EDGE_SUCC_START ? successorFinish - model.duration[j]! : successorFinish;
  state.edgeDriving[e] = target === reached ? 1 : 0;
}

/**
 * P6's longest path: from the works that finish at the early project finish, back along driving
 * relations. Completed works are not critical.
 */
export function scheduleLongestPath(state: ScheduleState): void {
  const model = state.model;
  const { inStart, inEdges, edgeFrom } = model.network;
  state.critical.fill(0);
  const stack: number[] = [];
  for (const i of model.order) {
    if (
      model.status[i] !== STATUS_COMPLETED &&
      model.span[i] === SPAN_NONE &&
      state.finishTime[i] === state.projectFinish
    ) {
      state.critical[i] = 1;
      stack.push(i);
    }
  }
  while (stack.length > 0) {
    const j = stack.pop()!;
    for (let k = inStart[j]!; k < inStart[j + 1]!; k++) {
      const e = inEdges[k]!;
      const p = edgeFrom[e]!;
      if (state.edgeDriving[e] === 1 && state.critical[p] === 0 && model.status[p] !== STATUS_COMPLETED) {
        state.critical[p] = 1;
        stack.push(p);
      }
    }
  }
}

/** Rolls one summary up from its children: earliest start, latest finish, smallest floats, any critical. */
export function scheduleSummary(state: ScheduleState, s: number): void {
  const model = state.model;
  let start = NO_TIME;
  let finish = NO_TIME;
  let lateStart = NO_TIME;
  let lateFinish = NO_TIME;
  let totalFloat = 0;
  let freeFloat = 0;
  let critical = 0;
  for (let k = model.childStart[s]!; k < model.childStart[s + 1]!; k++) {
    const c = model.childList[k]!;
    if (state.startTime[c] === NO_TIME) continue;
    if (start === NO_TIME) {
      start = state.startTime[c]!;
      finish = state.finishTime[c]!;
      lateStart = state.lateStartTime[c]!;
      lateFinish = state.lateFinishTime[c]!;
      totalFloat = state.totalFloat[c]!;
      freeFloat = state.freeFloat[c]!;
    } else {
      start = Math.min(start, state.startTime[c]!);
      finish = Math.max(finish, state.finishTime[c]!);
      lateStart = Math.min(lateStart, state.lateStartTime[c]!);
      lateFinish = Math.max(lateFinish, state.lateFinishTime[c]!);
      totalFloat = Math.min(totalFloat, state.totalFloat[c]!);
      freeFloat = Math.min(freeFloat, state.freeFloat[c]!);
    }
    critical |= state.critical[c]!;
  }
  state.startTime[s] = start;
  state.finishTime[s] = finish;
  state.lateStartTime[s] = lateStart;
  state.lateFinishTime[s] = lateFinish;
  state.totalFloat[s] = totalFloat;
  state.freeFloat[s] = freeFloat;
  state.critical[s] = critical;
}

/** A calculation from scratch: every step over every work. */
export function scheduleFull(state: ScheduleState): void {
  const order = state.model.order;
  for (let k = 0; k < order.length; k++) scheduleEarly(state, order[k]!);
  scheduleProjectFinish(state);
  scheduleFromLate(state);
}

/** Every step after the forward pass, over every work (all late dates hang on the project finish). */
export function scheduleFromLate(state: ScheduleState): void {
  const model = state.model;
  const order = model.order;
  for (let k = order.length - 1; k >= 0; k--) scheduleLate(state, order[k]!);
  scheduleAlap(state);
  scheduleLevelOfEffort(state);
  for (let k = 0; k < order.length; k++) scheduleWorkResults(state, order[k]!);
  for (let e = 0; e < model.edgeCount; e++) scheduleEdgeDriving(state, e);
  if (model.options.critical.kind === 'longest_path') scheduleLongestPath(state);
  scheduleWbsSummaries(state);
  for (const s of model.sumOrder) scheduleSummary(state, s);
}

/**
 * Level of effort works (P6 LOE), after both passes: the early start is what the start-side predecessors
 * (FS, SS) allow, the early finish what the finish-side successors (FS, FF) need — the latest of them;
 * the late dates likewise from the neighbours' late dates. Without such successors the work keeps its own
 * duration (early) and ends at the project finish (late). Their relations drive nothing.
 */
export function scheduleLevelOfEffort(state: ScheduleState): void {
  const model = state.model;
  for (const i of model.spanOrder) {
    if (model.span[i] !== SPAN_LEVEL_OF_EFFORT) break;
    if (model.status[i] === STATUS_COMPLETED) {
      state.esW[i] = state.lsW[i] = model.actualStartW[i]!;
      state.efW[i] = state.lfW[i] = model.actualFinishW[i]!;
      continue;
    }
    const started = model.status[i] === STATUS_IN_PROGRESS;
    const earliest = Math.max(
      model.earliestW[model.calendar[i]!]!,
      started ? model.actualStartW[i]! : model.startLowW[i]!,
    );
    const early = levelOfEffortSpan(state, i, false, earliest);
    const start = early[0] ?? earliest;
    const finish = Math.max(start, early[1] ?? start + model.baseDuration[i]!);
    const late = levelOfEffortSpan(state, i, true, earliest);
    const lateFinish = Math.max(late[1] ?? state.limitW[model.calendar[i]!]!, start);
    const lateStart = Math.min(late[0] ?? lateFinish - (finish - start), lateFinish);
    (model.duration as Int32Array)[i] = finish - start;
    state.esW[i] = started ? model.actualStartW[i]! : start;
    state.efW[i] = finish;
    state.lsW[i] = lateStart;
    state.lfW[i] = lateFinish;
    state.delay[i] = 0;
  }
}

/** [start from predecessors, finish from successors] of a level of effort work, early or late; null = none. */
function levelOfEffortSpan(
  state: ScheduleState,
  i: number,
  late: boolean,
  earliest: number,
): [number | null, number | null] {
  const model = state.model;
  const { inStart, inEdges, edgeFrom, outStart, outEdges } = model.network;
  let start: number | null = null;
  for (let k = inStart[i]!; k < inStart[i + 1]!; k++) {
    const e = inEdges[k]!;
    const flags = model.edgeFlags[e]!;
    const p = edgeFrom[e]!;
    if ((flags & EDGE_SUCC_START) === 0 || model.span[p] !== SPAN_NONE) continue;
    const source = late
      ? flags & EDGE_PRED_START
        ? state.lsW[p]!
        : state.lfW[p]!
      : edgeSourceCoordinate(state, e, flags, state.delay[p]!);
    const target = Math.max(earliest, edgeTarget(model, e, source));
    if (start === null || target > start) start = target;
  }
  let finish: number | null = null;
  for (let k = outStart[i]!; k < outStart[i + 1]!; k++) {
    const e = outEdges[k]!;
    const flags = model.edgeFlags[e]!;
    const j = model.outTo[k]!;
    if (flags & EDGE_PRED_START || model.span[j] !== SPAN_NONE) continue;
    const successorFinish = late ? state.lfW[j]! : state.efW[j]! + state.delay[j]!;
    const limit = flags & EDGE_SUCC_START ? successorFinish - model.duration[j]! : successorFinish;
    const bound = edgeBound(model, e, limit);
    if (finish === null || bound > finish) finish = bound;
  }
  return [start, finish];
}

/**
 * WBS summary works (P6): from the earliest start to the latest finish of the other works under their
 * parent summary (the whole project without a parent), late dates likewise; the float is measured on
 * their own calendar; critical by the total float rule (never on the longest path).
 */
export function scheduleWbsSummaries(state: ScheduleState): void {
  const model = state.model;
  for (let n = model.spanOrder.length - 1; n >= 0; n--) {
    const i = model.spanOrder[n]!;
    if (model.span[i] !== SPAN_WBS_SUMMARY) break;
    let start = NO_TIME;
    let finish = NO_TIME;
    let lateStart = NO_TIME;
    let lateFinish = NO_TIME;
    const visit = (v: number) => {
      if (v === i || model.span[v] !== SPAN_NONE || state.startTime[v] === NO_TIME) return;
      if (start === NO_TIME || state.startTime[v]! < start) start = state.startTime[v]!;
      if (state.finishTime[v]! > finish) finish = state.finishTime[v]!;
      if (lateStart === NO_TIME || state.lateStartTime[v]! < lateStart) lateStart = state.lateStartTime[v]!;
      if (state.lateFinishTime[v]! > lateFinish) lateFinish = state.lateFinishTime[v]!;
    };
    const parent = model.parent[i]!;
    if (parent < 0) for (const v of model.order) visit(v);
    else {
      const stack = [parent];
      while (stack.length > 0) {
        const s = stack.pop()!;
        for (let k = model.childStart[s]!; k < model.childStart[s + 1]!; k++) {
          const c = model.childList[k]!;
          if (model.childStart[c + 1]! > model.childStart[c]!) stack.push(c);
          else visit(c);
        }
      }
    }
    state.startTime[i] = start;
    state.finishTime[i] = finish;
    state.lateStartTime[i] = lateStart;
    state.lateFinishTime[i] = lateFinish;
    state.conflicts[i] = 0;
    if (start === NO_TIME) {
      state.totalFloat[i] = state.freeFloat[i] = 0;
      state.critical[i] = 0;
      continue;
    }
    const calendar = model.calendars[model.calendar[i]!]!;
    const es = calendarWorkingTime(calendar, start);
    const ef = calendarWorkingTime(calendar, finish);
    const ls = calendarWorkingTime(calendar, lateStart);
    const lf = calendarWorkingTime(calendar, lateFinish);
    state.esW[i] = es;
    state.efW[i] = ef;
    state.lsW[i] = ls;
    state.lfW[i] = lf;
    const kind = model.options.totalFloat;
    const totalFloat = kind === 'finish' ? lf - ef : kind === 'start' ? ls - es : Math.min(ls - es, lf - ef);
    state.totalFloat[i] = totalFloat;
    state.freeFloat[i] = Math.max(0, totalFloat);
    const critical = model.options.critical;
    state.critical[i] = critical.kind === 'total_float' && totalFloat <= critical.thresholdMinutes ? 1 : 0;
  }
}
