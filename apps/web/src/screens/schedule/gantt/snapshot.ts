import {
  CONSTRAINT_IN_DATE,
  CONSTRAINT_NONE,
  CONSTRAINT_NOT_EARLIER,
  CONSTRAINT_NOT_LATER,
  type GanttSnapshot,
  LINK_TYPES,
  type LinkType,
  WORK_MILESTONE_FINISH,
  WORK_MILESTONE_START,
  WORK_SUMMARY,
  WORK_TASK,
  type WorkShape,
} from '@takt/gantt';
import { type ScheduleModel, textOf } from '../../../lib/columnar';
import { isoToMinutes, NO_DATE } from '../../../lib/schedule-time';
import type { LimitType, PlanDetails } from '../plan-details';

const SHAPE_OF: Readonly<Record<string, WorkShape>> = {
  sum: WORK_SUMMARY,
  milestone_start: WORK_MILESTONE_START,
  milestone_finish: WORK_MILESTONE_FINISH,
};

export const CONSTRAINT_OF: Readonly<Record<LimitType, number>> = {
  not_earlier: CONSTRAINT_NOT_EARLIER,
  not_later: CONSTRAINT_NOT_LATER,
  in_date: CONSTRAINT_IN_DATE,
};

/** Gantt shape of each work type name of the payload's enum (draft, task, work: a plain bar). */
export function shapeOfType(type: string | undefined): WorkShape {
  return (type === undefined ? undefined : SHAPE_OF[type]) ?? WORK_TASK;
}

/** The Gantt shape of each work type code of a decoded version. */
export function shapesOfModel(model: ScheduleModel): WorkShape[] {
  return model.enums.type.map((type) => shapeOfType(type));
}

/** The link type code (index into LINK_TYPES) of each link type code of a decoded version. */
export function linkTypesOfModel(model: ScheduleModel): number[] {
  return model.enums.linkType.map((name) => Math.max(0, LINK_TYPES.indexOf(name as LinkType)));
}

/** A work's progress as the Gantt draws it: a share from 0 to 1. */
export function progressOf(model: ScheduleModel, row: number): number {
  return Math.min(1, Math.max(0, model.progress[row]! / 100));
}

/** The grid row (index into the visible rows) of every work, -1 for works hidden by collapsing or filters. */
export function rowsOfWorks(count: number, visible: Int32Array): Int32Array {
  const row = new Int32Array(count).fill(-1);
  for (let i = 0; i < visible.length; i++) row[visible[i]!] = i;
  return row;
}

/**
 * The Gantt snapshot of a decoded version: the model's typed arrays are shared, not copied (plan, fact,
 * floats, critical flags); rows follow the grid's visible rows; the approved plan and constraints come from
 * the sparse plan details; links from other schedules (no predecessor row) are not drawn. Works are
 * indexed by model row, so a snapshot work index is a model row.
 */
export function ganttSnapshotFromModel(
  model: ScheduleModel,
  visible: Int32Array,
  details: ReadonlyMap<string, PlanDetails>,
  version: number,
): GanttSnapshot {
  const n = model.count;
  const shape = new Uint8Array(n);
  const shapes = shapesOfModel(model);
  for (let i = 0; i < n; i++) shape[i] = shapes[model.type[i]!] ?? WORK_TASK;
  const progress = new Float32Array(n);
  for (let i = 0; i < n; i++) progress[i] = progressOf(model, i);
  const label = new Array<string>(n);
  for (let i = 0; i < n; i++) label[i] = textOf(model, model.name[i]!);

  const baselineStart = new Int32Array(n).fill(NO_DATE);
  const baselineFinish = new Int32Array(n).fill(NO_DATE);
  const constraintStartType = new Uint8Array(n);
  const constraintStartDate = new Int32Array(n).fill(NO_DATE);
  const constraintFinishType = new Uint8Array(n);
  const constraintFinishDate = new Int32Array(n).fill(NO_DATE);
  for (const [id, d] of details) {
    const i = model.rowOf.get(id);
    if (i === undefined) continue;
    baselineStart[i] = isoToMinutes(d.approvedStart);
    baselineFinish[i] = isoToMinutes(d.approvedFinish);
    if (d.startLimit?.date) {
      constraintStartType[i] = CONSTRAINT_OF[d.startLimit.type] ?? CONSTRAINT_NONE;
      constraintStartDate[i] = isoToMinutes(d.startLimit.date);
    }
    if (d.finishLimit?.date) {
      constraintFinishType[i] = CONSTRAINT_OF[d.finishLimit.type] ?? CONSTRAINT_NONE;
      constraintFinishDate[i] = isoToMinutes(d.finishLimit.date);
    }
  }

  const r = model.relations;
  let linkCount = 0;
  for (let k = 0; k < r.count; k++) if (r.predecessor[k]! >= 0) linkCount++;
  const predecessor = new Int32Array(linkCount);
  const successor = new Int32Array(linkCount);
  const type = new Uint8Array(linkCount);
  const driving = new Uint8Array(linkCount);
  const typeOf = linkTypesOfModel(model);
  for (let k = 0, j = 0; k < r.count; k++) {
    if (r.predecessor[k]! < 0) continue;
    predecessor[j] = r.predecessor[k]!;
    successor[j] = r.successor[k]!;
    type[j] = typeOf[r.type[k]!] ?? 0;
    driving[j] = r.driving[k]!;
    j++;
  }

  return {
    version,
    workCount: n,
    rowCount: visible.length,
    row: rowsOfWorks(n, visible),
    shape,
    planStart: model.planStart,
    planFinish: model.planFinish,
    baselineStart,
    baselineFinish,
    factStart: model.factStart,
    factFinish: model.factFinish,
    progress,
    critical: model.critical,
    totalFloat: model.totalFloat,
    lateFinish: model.lateFinish,
    constraintStartType,
    constraintStartDate,
    constraintFinishType,
    constraintFinishDate,
    label,
    links: { count: linkCount, predecessor, successor, type, driving },
  };
}

/** Model rows of the links drawn (snapshot link index → model relation index). */
export function snapshotLinkRelations(model: ScheduleModel): Int32Array {
  const r = model.relations;
  const out: number[] = [];
  for (let k = 0; k < r.count; k++) if (r.predecessor[k]! >= 0) out.push(k);
  return Int32Array.from(out);
}
