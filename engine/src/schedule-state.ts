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
  readonly edgeTarget: Int32Array;
  readonly edgeDriving: Uint8Array;
  /** Early project finish, and per calendar its working coordinate and that of the late-date limit. */
  projectFinish: number;
  readonly projectFinishW: Int32Array;
  readonly limitW: Int32Array;
}

export function scheduleStateCreate(model: ProjectModel): ScheduleState {
  const n = model.workCount;
  const m = model.edgeCount;
  const times = () => new Int32Array(n).fill(NO_TIME);
  return {
    model,
    esW: new Int32Array(n),
    efW: new Int32Array(n),
    lsW: new Int32Array(n),
    lfW: new Int32Array(n),
    delay: new Int32Array(n),
    logicFinish: times(),
    startTime: times(),
    finishTime: times(),
    lateStartTime: times(),
    lateFinishTime: times(),
    totalFloat: new Int32Array(n),
    freeFloat: new Int32Array(n),
    critical: new Uint8Array(n),
    conflicts: new Uint8Array(n),
    edgeTarget: new Int32Array(m),
    edgeDriving: new Uint8Array(m),
    projectFinish: model.projectStart,
    projectFinishW: new Int32Array(model.calendars.length),
    limitW: new Int32Array(model.calendars.length),
  };
}
