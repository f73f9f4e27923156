import { EngineError } from './engine-error.js';
import { relationIdOf } from './project-compile.js';
import type { EngineWarning, ProjectModel } from './project-model.js';
import { KIND_LEAF, NO_TIME } from './project-model.js';
import type { ScheduleState } from './schedule-state.js';
import {
  CONFLICT_FINISH_EARLY,
  CONFLICT_FINISH_LATE,
  CONFLICT_PROJECT_FINISH,
  CONFLICT_START_EARLY,
  CONFLICT_START_LATE,
} from './schedule-state.js';
import { timeToIso } from './time.js';
import type { Minutes, WorkIndex, WorkStatus, WorkType } from './types.js';

export type ConflictKind =
  | 'start_after_limit'
  | 'finish_after_limit'
  | 'start_before_limit'
  | 'finish_before_limit'
  | 'finish_after_project_limit';

/**
 * A constraint the schedule could not keep. `start_after_limit`/`finish_after_limit`: logic pushes the
 * early date past a not_later/in_date limit (forward conflict). `start_before_limit`/
 * `finish_before_limit`: successors pull the late date before a not_earlier/in_date limit (backward
 * conflict). `finish_after_project_limit`: the work finishes after the project's "must finish by".
 */
export interface Conflict {
  workId: string;
  kind: ConflictKind;
}

export interface WorkResultRow {
  id: string;
  type: WorkType;
  /** null for summaries and drafts. */
  status: WorkStatus | null;
  /** ISO `YYYY-MM-DDTHH:mm`; null for drafts and summaries without scheduled works. */
  earlyStart: string | null;
  earlyFinish: string | null;
  lateStart: string | null;
  lateFinish: string | null;
  /** Working minutes on the work's calendar; null when the work has no dates. */
  totalFloatMinutes: number | null;
  freeFloatMinutes: number | null;
  critical: boolean;
  /** Relations that drive this work's early dates. */
  drivingRelationIds: string[];
}

/** The fields of a `WorkResultRow` the calculation decides: dates, floats and the critical flag. */
export const CALCULATED_WORK_FIELDS = [
  'earlyStart',
  'earlyFinish',
  'lateStart',
  'lateFinish',
  'totalFloatMinutes',
  'freeFloatMinutes',
  'critical',
] as const satisfies readonly (keyof WorkResultRow)[];
export type CalculatedWorkField = (typeof CALCULATED_WORK_FIELDS)[number];

export interface ScheduleResultJson {
  projectStart: string;
  dataDate: string;
  projectFinish: string;
  works: WorkResultRow[];
  relations: Array<{ id: string; driving: boolean }>;
  conflicts: Conflict[];
  warnings: EngineWarning[];
}

/**
 * The calculated schedule: arrays over work indices (the input order of `works`) with instants in
 * minutes since 2000-01-01T00:00 (`NO_TIME`, below the range, where a work has no dates) and floats in
 * working minutes; plus accessors by work id and `toJSON()` rows with ISO dates.
 */
export interface ScheduleResult {
  readonly workIds: readonly string[];
  /** Id of the relation at an index of the input's `relations`. */
  relationId(index: number): string;
  readonly projectStart: Minutes;
  readonly dataDate: Minutes;
  /** Early finish of the whole project (latest early finish of any work). */
  readonly projectFinish: Minutes;
  readonly earlyStart: Int32Array;
  readonly earlyFinish: Int32Array;
  readonly lateStart: Int32Array;
  readonly lateFinish: Int32Array;
  readonly totalFloat: Int32Array;
  readonly freeFloat: Int32Array;
  readonly critical: Uint8Array;
  /** Per relation (input order): 1 when it drives its successor's early dates. */
  readonly relationDriving: Uint8Array;
  readonly conflicts: readonly Conflict[];
  readonly warnings: readonly EngineWarning[];
  indexOf(workId: string): WorkIndex | undefined;
  /** One work's results; throws `EngineError` for an unknown id. */
  work(workId: string): WorkResultRow;
  toJSON(): ScheduleResultJson;
}

/** The arrays of a `ScheduleResult` with one value per work, in the order the result lists them. */
export const RESULT_WORK_ARRAYS = [
  'earlyStart',
  'earlyFinish',
  'lateStart',
  'lateFinish',
  'totalFloat',
  'freeFloat',
  'critical',
] as const satisfies readonly (keyof ScheduleResult)[];

const CONFLICT_KINDS: Array<[number, ConflictKind]> = [
  [CONFLICT_START_LATE, 'start_after_limit'],
  [CONFLICT_FINISH_LATE, 'finish_after_limit'],
  [CONFLICT_START_EARLY, 'start_before_limit'],
  [CONFLICT_FINISH_EARLY, 'finish_before_limit'],
  [CONFLICT_PROJECT_FINISH, 'finish_after_project_limit'],
];

const STATUS_NAMES: WorkStatus[] = ['not_started', 'in_progress', 'completed'];

/** Builds the result; `copy` takes snapshots of the arrays (for a `Scheduler` whose state moves on). */
export function resultCreate(state: ScheduleState, copy: boolean): ScheduleResult {
  const model = state.model;
  const take = <T extends Int32Array | Uint8Array>(array: T): T => (copy ? (array.slice() as T) : array);
  const edgeDriving = take(state.edgeDriving);
  const status = take(model.status);
  const relationDriving = new Uint8Array(model.relations.length);
  for (let e = 0; e < model.edgeCount; e++) {
    if (edgeDriving[e] === 1) relationDriving[model.edgeRelation[e]!] = 1;
  }
  const conflicts: Conflict[] = [];
  for (let i = 0; i < model.workCount; i++) {
    const bits = state.conflicts[i]!;
    if (bits === 0) continue;
    for (const [bit, kind] of CONFLICT_KINDS)
      if (bits & bit) conflicts.push({ workId: model.workIds[i]!, kind });
  }
  const result: ScheduleResult = {
    workIds: model.workIds,
    relationId: (index: number) => relationIdOf(model.relations[index]!),
    projectStart: model.projectStart as Minutes,
    dataDate: model.dataDate as Minutes,
    projectFinish: state.projectFinish as Minutes,
    earlyStart: take(state.startTime),
    earlyFinish: take(state.finishTime),
    lateStart: take(state.lateStartTime),
    lateFinish: take(state.lateFinishTime),
    totalFloat: take(state.totalFloat),
    freeFloat: take(state.freeFloat),
    critical: take(state.critical),
    relationDriving,
    conflicts,
    warnings: model.warnings,
    indexOf: (workId: string) => model.workIndex.get(workId) as WorkIndex | undefined,
    work: (workId: string) => resultRow(model, result, edgeDriving, status, workId),
    toJSON: (): ScheduleResultJson => ({
      projectStart: timeToIso(result.projectStart),
      dataDate: timeToIso(result.dataDate),
      projectFinish: timeToIso(result.projectFinish),
      works: model.workIds.map((id) => resultRow(model, result, edgeDriving, status, id)),
      relations: model.relations.map((relation, r) => ({
        id: relationIdOf(relation),
        driving: relationDriving[r] === 1,
      })),
      conflicts,
      warnings: [...model.warnings],
    }),
  };
  return result;
}

function resultRow(
  model: ProjectModel,
  result: ScheduleResult,
  edgeDriving: Uint8Array,
  status: Uint8Array,
  workId: string,
): WorkResultRow {
  const i = model.workIndex.get(workId);
  if (i === undefined)
    throw new EngineError('unknown_work', `unknown work "${workId}"`, { workIds: [workId] });
  const iso = (array: Int32Array) => (array[i] === NO_TIME ? null : timeToIso(array[i] as Minutes));
  const scheduled = result.earlyStart[i] !== NO_TIME;
  const driving = new Set<string>();
  const { inStart, inEdges } = model.network;
  for (let k = inStart[i]!; k < inStart[i + 1]!; k++) {
    const e = inEdges[k]!;
    if (edgeDriving[e] === 1) driving.add(relationIdOf(model.relations[model.edgeRelation[e]!]!));
  }
  return {
    id: workId,
    type: model.works[i]!.type,
    status: model.kind[i] === KIND_LEAF ? STATUS_NAMES[status[i]!]! : null,
    earlyStart: iso(result.earlyStart),
    earlyFinish: iso(result.earlyFinish),
    lateStart: iso(result.lateStart),
    lateFinish: iso(result.lateFinish),
    totalFloatMinutes: scheduled ? result.totalFloat[i]! : null,
    freeFloatMinutes: scheduled ? result.freeFloat[i]! : null,
    critical: result.critical[i] === 1,
    drivingRelationIds: [...driving],
  };
}
