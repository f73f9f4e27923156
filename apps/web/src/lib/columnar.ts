import type { RouterOutputs } from './api-types';

export type VersionPayload = RouterOutputs['versions']['payload'];

/**
 * A version decoded once from the columnar payload (DESIGN.md §3): every numeric field a typed array
 * indexed by WBS row, strings through the payload's string table. A timeline reads the same arrays.
 * Rows are mutated in place by `patchWork`; callers bump their own revision counter to re-render.
 */
export interface ScheduleModel {
  versionId: string;
  calcStatus: number;
  count: number;
  ids: string[];
  rowOf: Map<string, number>;
  parent: Int32Array;
  depth: Int32Array;
  childCount: Int32Array;
  code: Int32Array;
  name: Int32Array;
  type: Uint8Array;
  status: Uint8Array;
  durationMinutes: Int32Array;
  calendar: Int32Array;
  planStart: Int32Array;
  planFinish: Int32Array;
  factStart: Int32Array;
  factFinish: Int32Array;
  earlyStart: Int32Array;
  earlyFinish: Int32Array;
  lateStart: Int32Array;
  lateFinish: Int32Array;
  totalFloat: Int32Array;
  freeFloat: Int32Array;
  critical: Uint8Array;
  progress: Float64Array;
  /** NaN for no volume. */
  planVolume: Float64Array;
  factVolume: Float64Array;
  unit: Int32Array;
  executor: Int32Array;
  curator: Int32Array;
  revision: Int32Array;
  strings: string[];
  stringIndex: Map<string, number> | null;
  enums: VersionPayload['enums'];
  relations: {
    count: number;
    predecessor: Int32Array;
    externalPredecessor: Int32Array;
    successor: Int32Array;
    type: Uint8Array;
    lagMinutes: Int32Array;
    driving: Uint8Array;
  };
}

const orNaN = (values: readonly (number | null)[]) => {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i] ?? Number.NaN;
  return out;
};

export function decodePayload(payload: VersionPayload): ScheduleModel {
  const w = payload.works;
  const n = payload.count;
  const parent = Int32Array.from(w.parent);
  const depth = new Int32Array(n);
  const childCount = new Int32Array(n);
  // Rows are in WBS order: a parent always comes before its children.
  for (let i = 0; i < n; i++) {
    const p = parent[i]!;
    if (p >= 0) {
      depth[i] = depth[p]! + 1;
      childCount[p]! += 1;
    }
  }
  const rowOf = new Map<string, number>();
  for (let i = 0; i < n; i++) rowOf.set(w.id[i]!, i);
  const r = payload.relations;
  return {
    versionId: payload.versionId,
    calcStatus: payload.calcStatus,
    count: n,
    ids: w.id,
    rowOf,
    parent,
    depth,
    childCount,
    code: Int32Array.from(w.code),
    name: Int32Array.from(w.name),
    type: Uint8Array.from(w.type),
    status: Uint8Array.from(w.status),
    durationMinutes: Int32Array.from(w.durationMinutes),
    calendar: Int32Array.from(w.calendar),
    planStart: Int32Array.from(w.planStart),
    planFinish: Int32Array.from(w.planFinish),
    factStart: Int32Array.from(w.factStart),
    factFinish: Int32Array.from(w.factFinish),
    earlyStart: Int32Array.from(w.earlyStart),
    earlyFinish: Int32Array.from(w.earlyFinish),
    lateStart: Int32Array.from(w.lateStart),
    lateFinish: Int32Array.from(w.lateFinish),
    totalFloat: Int32Array.from(w.totalFloat),
    freeFloat: Int32Array.from(w.freeFloat),
    critical: Uint8Array.from(w.critical),
    progress: Float64Array.from(w.progress),
    planVolume: orNaN(w.planVolume),
    factVolume: orNaN(w.factVolume),
    unit: Int32Array.from(w.unit),
    executor: Int32Array.from(w.executor),
    curator: Int32Array.from(w.curator),
    revision: Int32Array.from(w.revision),
    strings: payload.strings,
    stringIndex: null,
    enums: payload.enums,
    relations: {
      count: r.count,
      predecessor: Int32Array.from(r.predecessor),
      externalPredecessor: Int32Array.from(r.externalPredecessor),
      successor: Int32Array.from(r.successor),
      type: Uint8Array.from(r.type),
      lagMinutes: Int32Array.from(r.lagMinutes),
      driving: Uint8Array.from(r.driving),
    },
  };
}

/** The text of a string-table reference; empty for none. */
export function textOf(model: ScheduleModel, ref: number): string {
  return ref < 0 ? '' : (model.strings[ref] ?? '');
}

function intern(model: ScheduleModel, value: string | null | undefined): number {
  if (value === null || value === undefined) return -1;
  if (!model.stringIndex) {
    model.stringIndex = new Map();
    for (let i = 0; i < model.strings.length; i++) model.stringIndex.set(model.strings[i]!, i);
  }
  let index = model.stringIndex.get(value);
  if (index === undefined) {
    index = model.strings.length;
    model.strings.push(value);
    model.stringIndex.set(value, index);
  }
  return index;
}

const EPOCH_MS = Date.UTC(2000, 0, 1);
const minutesOf = (iso: string | null | undefined) =>
  iso
    ? Math.round((Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : `${iso}:00Z`) - EPOCH_MS) / 60_000)
    : -1;

/** The fields of a work as the API returns them (works.get / works.update). */
export interface WorkRecord {
  id: string;
  code: string | null;
  name: string;
  type: string;
  status: string;
  durationMinutes: number;
  calendarId: string | null;
  planStart: string | null;
  planFinish: string | null;
  factStart: string | null;
  factFinish: string | null;
  earlyStart: string | null;
  earlyFinish: string | null;
  lateStart: string | null;
  lateFinish: string | null;
  totalFloat: number | null;
  freeFloat: number | null;
  critical: boolean;
  progress: number;
  planVolume: number | null;
  factVolume: number | null;
  unit: string | null;
  executorId: string | null;
  curatorId: string | null;
  revision: number;
}

/** Writes a work read from the API into its row; false when the work is not in the model. */
export function patchWork(model: ScheduleModel, work: WorkRecord): boolean {
  const i = model.rowOf.get(work.id);
  if (i === undefined) return false;
  model.code[i] = intern(model, work.code);
  model.name[i] = intern(model, work.name);
  model.type[i] = Math.max(0, model.enums.type.indexOf(work.type as never));
  model.status[i] = Math.max(0, model.enums.status.indexOf(work.status as never));
  model.durationMinutes[i] = work.durationMinutes;
  model.calendar[i] = intern(model, work.calendarId);
  model.planStart[i] = minutesOf(work.planStart);
  model.planFinish[i] = minutesOf(work.planFinish);
  model.factStart[i] = minutesOf(work.factStart);
  model.factFinish[i] = minutesOf(work.factFinish);
  model.earlyStart[i] = minutesOf(work.earlyStart);
  model.earlyFinish[i] = minutesOf(work.earlyFinish);
  model.lateStart[i] = minutesOf(work.lateStart);
  model.lateFinish[i] = minutesOf(work.lateFinish);
  model.totalFloat[i] = work.totalFloat ?? 0;
  model.freeFloat[i] = work.freeFloat ?? 0;
  model.critical[i] = work.critical ? 1 : 0;
  model.progress[i] = work.progress;
  model.planVolume[i] = work.planVolume ?? Number.NaN;
  model.factVolume[i] = work.factVolume ?? Number.NaN;
  model.unit[i] = intern(model, work.unit);
  model.executor[i] = intern(model, work.executorId);
  model.curator[i] = intern(model, work.curatorId);
  model.revision[i] = work.revision;
  return true;
}

/**
 * The rows shown, in WBS order: children of collapsed rows are hidden; with a `matches` test only
 * matching rows and their ancestors remain (a filter shows where a match sits in the hierarchy).
 */
export function visibleRows(
  model: ScheduleModel,
  collapsed: ReadonlySet<string>,
  matches?: (row: number) => boolean,
): Int32Array {
  const n = model.count;
  let keep: Uint8Array | null = null;
  if (matches) {
    keep = new Uint8Array(n);
    for (let i = n - 1; i >= 0; i--) {
      if (keep[i] || matches(i)) {
        keep[i] = 1;
        const p = model.parent[i]!;
        if (p >= 0) keep[p] = 1;
      }
    }
  }
  const out = new Int32Array(n);
  let count = 0;
  let hiddenBelowDepth = -1;
  for (let i = 0; i < n; i++) {
    const depth = model.depth[i]!;
    if (hiddenBelowDepth >= 0) {
      if (depth > hiddenBelowDepth) continue;
      hiddenBelowDepth = -1;
    }
    if (keep && !keep[i]) continue;
    out[count++] = i;
    if (model.childCount[i]! > 0 && collapsed.has(model.ids[i]!)) hiddenBelowDepth = depth;
  }
  return out.subarray(0, count);
}

/** Predecessor and successor relation indices of a row. */
export function relationsOfRow(model: ScheduleModel, row: number) {
  const r = model.relations;
  const predecessors: number[] = [];
  const successors: number[] = [];
  for (let k = 0; k < r.count; k++) {
    if (r.successor[k] === row) predecessors.push(k);
    if (r.predecessor[k] === row) successors.push(k);
  }
  return { predecessors, successors };
}
