import type { ProjectModel } from './project-model.js';
import { NO_TIME } from './project-model.js';

/** Bits of `ScheduleState.conflicts`. */
export const CONFLICT_START_LATE = 1;
export const CONFLICT_FINISH_LATE = 2;
export const CONFLICT_START_EARLY = 4;
export const CONFLICT_FINISH_EARLY = 8;
export const CONFLICT_PROJECT_FINISH = 16;

/**
 * The calculated values, as arrays over work indices (and edge indices for relation flags). Early
 * coordinates `esW`/`efW` are the logic values of the forward pass; `delay` is the shift of an
 * as-late-as-possible work, so its final early dates are `esW + delay`/`efW + delay`. For an in-progress
 * work `esW` is its actual start and `efW - duration` the start of its remaining work.
 */
export interface ScheduleState {
  readonly model: ProjectModel;
  readonly esW: Int32Array;
  readonly efW: Int32Array;
  readonly lsW: Int32Array;
  readonly lfW: Int32Array;
  readonly delay: Int32Array;
  /** Early finish instant of the forward pass (before ALAP shifts): the project finish is their maximum. */
  readonly logicFinish: Int32Array;
  readonly startTime: Int32Array;
  readonly finishTime: Int32Array;
  readonly lateStartTime: Int32Array;
  readonly lateFinishTime: Int32Array;
  readonly totalFloat: Int32Array;
  readonly freeFloat: Int32Array;
  readonly critical: Uint8Array;
  readonly conflicts: Uint8Array;
  /** 1 when the late finish is set by a finish limit shown at the next working start (FINISH_LIMIT_HIGH). */
  readonly lateFinishAtStart: Uint8Array;
  readonly edgeTarget: Int32Array;
  readonly edgeDriving: Uint8Array;
  /** Early project finish, and per calendar its working coordinate and that of the late-date limit. */
  projectFinish: number;
  readonly projectFinishW: Int32Array;
  readonly limitW: Int32Array;
}

/**
 * Fresh arrays for a model — or, given `nodes`, that state's work arrays and values (same works, another
 * set of edges) with fresh edge arrays. One object literal builds every state, so all share one shape.
 */
export function scheduleStateCreate(model: ProjectModel, nodes?: ScheduleState): ScheduleState {
  const n = model.workCount;
  const m = model.edgeCount;
  const ints = (reuse: Int32Array | undefined, fill = 0) => reuse ?? new Int32Array(n).fill(fill);
  return {
    model,
    esW: ints(nodes?.esW),
    efW: ints(nodes?.efW),
    lsW: ints(nodes?.lsW),
    lfW: ints(nodes?.lfW),
    delay: ints(nodes?.delay),
    logicFinish: ints(nodes?.logicFinish, NO_TIME),
    startTime: ints(nodes?.startTime, NO_TIME),
    finishTime: ints(nodes?.finishTime, NO_TIME),
    lateStartTime: ints(nodes?.lateStartTime, NO_TIME),
    lateFinishTime: ints(nodes?.lateFinishTime, NO_TIME),
    totalFloat: ints(nodes?.totalFloat),
    freeFloat: ints(nodes?.freeFloat),
    critical: nodes?.critical ?? new Uint8Array(n),
    conflicts: nodes?.conflicts ?? new Uint8Array(n),
    lateFinishAtStart: nodes?.lateFinishAtStart ?? new Uint8Array(n),
    edgeTarget: new Int32Array(m),
    edgeDriving: new Uint8Array(m),
    projectFinish: nodes?.projectFinish ?? model.projectStart,
    projectFinishW: nodes?.projectFinishW ?? new Int32Array(model.calendars.length),
    limitW: nodes?.limitW ?? new Int32Array(model.calendars.length),
  };
}
