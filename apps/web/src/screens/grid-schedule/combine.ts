import { type GanttSnapshot, WORK_SUMMARY, WORK_TASK } from '@takt/gantt';
import { type ScheduleModel, textOf } from '../../lib/columnar';
import { hasDate, NO_DATE } from '../../lib/schedule-time';
import { linkTypesOfModel, progressOf, shapesOfModel } from '../schedule/gantt/snapshot';

/** One schedule of the project with the decoded payload of its actual version (null: none). */
export interface GridSchedulePart {
  scheduleId: string;
  name: string;
  model: ScheduleModel | null;
}

/** A row of the grid schedule: a schedule's heading, or one of its works. */
export type GridRow =
  | { kind: 'schedule'; part: number; works: number; summary: number }
  | { kind: 'work'; part: number; row: number; work: number };

export interface GridSchedule {
  rows: GridRow[];
  snapshot: GanttSnapshot;
  /** Snapshot work index → [part, model row]; -1 part for a schedule's summary. */
  workPart: Int32Array;
  workRow: Int32Array;
}

/**
 * All schedules of a project in one read-only timeline (screens and routes grid schedule): rows grouped by schedule,
 * each group headed by a summary bar over its works; a collapsed group shows the heading only. Works keep
 * their plan, approved dates are not loaded here, facts and critical flags come from the payload; links
 * are drawn inside each schedule.
 */
export function gridScheduleCombine(
  parts: readonly GridSchedulePart[],
  collapsed: ReadonlySet<string>,
  version: number,
): GridSchedule {
  let workCount = 0;
  let linkCount = 0;
  for (const part of parts) {
    workCount += 1 + (part.model?.count ?? 0);
    if (part.model)
      for (let k = 0; k < part.model.relations.count; k++)
        if (part.model.relations.predecessor[k]! >= 0) linkCount++;
  }
  const int = () => new Int32Array(workCount).fill(-1);
  const dates = () => new Int32Array(workCount).fill(NO_DATE);
  const row = int();
  const shape = new Uint8Array(workCount).fill(WORK_TASK);
  const planStart = dates();
  const planFinish = dates();
  const factStart = dates();
  const factFinish = dates();
  const progress = new Float32Array(workCount);
  const critical = new Uint8Array(workCount);
  const totalFloat = new Int32Array(workCount);
  const lateFinish = dates();
  const label = new Array<string>(workCount).fill('');
  const workPart = int();
  const workRow = int();
  const predecessor = new Int32Array(linkCount);
  const successor = new Int32Array(linkCount);
  const type = new Uint8Array(linkCount);
  const driving = new Uint8Array(linkCount);
  const rows: GridRow[] = [];

  let work = 0;
  let link = 0;
  parts.forEach((part, p) => {
    const model = part.model;
    const summary = work++;
    const open = !collapsed.has(part.scheduleId);
    row[summary] = rows.length;
    shape[summary] = WORK_SUMMARY;
    label[summary] = part.name;
    workPart[summary] = p;
    rows.push({ kind: 'schedule', part: p, works: model?.count ?? 0, summary });
    if (!model) return;
    const base = work;
    const shapes = shapesOfModel(model);
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (let r = 0; r < model.count; r++, work++) {
      if (open) {
        row[work] = rows.length;
        rows.push({ kind: 'work', part: p, row: r, work });
      }
      shape[work] = shapes[model.type[r]!] ?? WORK_TASK;
      planStart[work] = model.planStart[r]!;
      planFinish[work] = model.planFinish[r]!;
      factStart[work] = model.factStart[r]!;
      factFinish[work] = model.factFinish[r]!;
      progress[work] = progressOf(model, r);
      critical[work] = model.critical[r]!;
      totalFloat[work] = model.totalFloat[r]!;
      lateFinish[work] = model.lateFinish[r]!;
      label[work] = textOf(model, model.name[r]!);
      workPart[work] = p;
      workRow[work] = r;
      if (hasDate(model.planStart[r])) first = Math.min(first, model.planStart[r]!);
      if (hasDate(model.planFinish[r])) last = Math.max(last, model.planFinish[r]!);
    }
    if (first <= last) {
      planStart[summary] = first;
      planFinish[summary] = last;
    }
    const typeOf = linkTypesOfModel(model);
    const relations = model.relations;
    for (let k = 0; k < relations.count; k++) {
      if (relations.predecessor[k]! < 0) continue;
      predecessor[link] = base + relations.predecessor[k]!;
      successor[link] = base + relations.successor[k]!;
      type[link] = typeOf[relations.type[k]!] ?? 0;
      driving[link] = relations.driving[k]!;
      link++;
    }
  });

  const none = () => new Int32Array(workCount).fill(NO_DATE);
  return {
    rows,
    workPart,
    workRow,
    snapshot: {
      version,
      workCount,
      rowCount: rows.length,
      row,
      shape,
      planStart,
      planFinish,
      baselineStart: none(),
      baselineFinish: none(),
      factStart,
      factFinish,
      progress,
      critical,
      totalFloat,
      lateFinish,
      constraintStartType: new Uint8Array(workCount),
      constraintStartDate: none(),
      constraintFinishType: new Uint8Array(workCount),
      constraintFinishDate: none(),
      label,
      links: { count: link, predecessor, successor, type, driving },
    },
  };
}
