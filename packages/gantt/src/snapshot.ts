import { NO_DATE } from './dates.js';

/**
 * The schedule as the Gantt reads it: a columnar snapshot (typed arrays by work index, as the engine and
 * the columnar version payload hold it). Times are engine minutes (negative
 * before 2000); `NO_DATE` (the engine's `NO_TIME`, −2³¹) means "no date".
 */

/** Work shapes (spec work types: sum → summary; task, work, draft → task; the two milestones). */
export const WORK_SUMMARY = 0;
export const WORK_TASK = 1;
export const WORK_MILESTONE_START = 2;
export const WORK_MILESTONE_FINISH = 3;
export type WorkShape =
  | typeof WORK_SUMMARY
  | typeof WORK_TASK
  | typeof WORK_MILESTONE_START
  | typeof WORK_MILESTONE_FINISH;

/** Constraint (spec "task limit") types per end of a work. */
export const CONSTRAINT_NONE = 0;
export const CONSTRAINT_NOT_EARLIER = 1;
export const CONSTRAINT_NOT_LATER = 2;
export const CONSTRAINT_IN_DATE = 3;

/** Relation types (spec: fs, ss, ff, sf). */
export const LINK_FS = 0;
export const LINK_SS = 1;
export const LINK_FF = 2;
export const LINK_SF = 3;
export type LinkType = 'fs' | 'ss' | 'ff' | 'sf';
export const LINK_TYPES: readonly LinkType[] = ['fs', 'ss', 'ff', 'sf'];

/** Plan kinds of entities. */
export type PlanKind = 'plan' | 'approved_plan' | 'fact';

export interface GanttLinks {
  readonly count: number;
  readonly predecessor: Int32Array;
  readonly successor: Int32Array;
  /** LINK_FS … LINK_SF. */
  readonly type: Uint8Array;
  /** 1 when the engine reports the relation as driving. */
  readonly driving: Uint8Array;
}

export interface GanttSnapshot {
  /** Scene version: the renderer redraws only when it changes. */
  readonly version: number;
  readonly workCount: number;
  /** Rows of the grid (visible works after collapsing). */
  readonly rowCount: number;
  /** Row of each work, -1 when hidden (collapsed). Several works may share a row. */
  readonly row: Int32Array;
  /** WORK_SUMMARY … WORK_MILESTONE_FINISH. */
  readonly shape: Uint8Array;
  readonly planStart: Int32Array;
  readonly planFinish: Int32Array;
  readonly baselineStart: Int32Array;
  readonly baselineFinish: Int32Array;
  readonly factStart: Int32Array;
  readonly factFinish: Int32Array;
  /** Progress 0…1. */
  readonly progress: Float32Array;
  readonly critical: Uint8Array;
  /** Total float in working minutes (engine `totalFloat`). */
  readonly totalFloat: Int32Array;
  /** Late finish instant (engine `lateFinish`): the float tail runs from the plan finish to it. */
  readonly lateFinish: Int32Array;
  readonly constraintStartType: Uint8Array;
  readonly constraintStartDate: Int32Array;
  readonly constraintFinishType: Uint8Array;
  readonly constraintFinishDate: Int32Array;
  /** Bar label per work ('' for none). */
  readonly label: readonly string[];
  readonly links: GanttLinks;
}

/** One work in object form, for small schedules, tests and samples. */
export interface GanttWorkInput {
  row: number;
  shape?: WorkShape;
  plan?: readonly [number, number];
  baseline?: readonly [number, number];
  fact?: readonly [number, number | null];
  progress?: number;
  critical?: boolean;
  totalFloat?: number;
  lateFinish?: number;
  constraintStart?: readonly [type: number, date: number];
  constraintFinish?: readonly [type: number, date: number];
  label?: string;
}

export interface GanttLinkInput {
  predecessor: number;
  successor: number;
  type: LinkType;
  driving?: boolean;
}

/** Builds a snapshot from objects (the app builds its typed arrays from the columnar payload instead). */
export function snapshotFromWorks(
  works: readonly GanttWorkInput[],
  links: readonly GanttLinkInput[] = [],
  version = 1,
): GanttSnapshot {
  const n = works.length;
  const int = () => new Int32Array(n).fill(-1);
  const dates = () => new Int32Array(n).fill(NO_DATE);
  const snapshot = {
    version,
    workCount: n,
    rowCount: 0,
    row: int(),
    shape: new Uint8Array(n),
    planStart: dates(),
    planFinish: dates(),
    baselineStart: dates(),
    baselineFinish: dates(),
    factStart: dates(),
    factFinish: dates(),
    progress: new Float32Array(n),
    critical: new Uint8Array(n),
    totalFloat: new Int32Array(n),
    lateFinish: dates(),
    constraintStartType: new Uint8Array(n),
    constraintStartDate: dates(),
    constraintFinishType: new Uint8Array(n),
    constraintFinishDate: dates(),
    label: works.map((work) => work.label ?? ''),
    links: {
      count: links.length,
      predecessor: Int32Array.from(links, (link) => link.predecessor),
      successor: Int32Array.from(links, (link) => link.successor),
      type: Uint8Array.from(links, (link) => LINK_TYPES.indexOf(link.type)),
      driving: Uint8Array.from(links, (link) => (link.driving ? 1 : 0)),
    },
  };
  let rowCount = 0;
  works.forEach((work, i) => {
    snapshot.row[i] = work.row;
    rowCount = Math.max(rowCount, work.row + 1);
    snapshot.shape[i] = work.shape ?? WORK_TASK;
    if (work.plan) [snapshot.planStart[i], snapshot.planFinish[i]] = work.plan;
    if (work.baseline) [snapshot.baselineStart[i], snapshot.baselineFinish[i]] = work.baseline;
    if (work.fact) {
      snapshot.factStart[i] = work.fact[0];
      snapshot.factFinish[i] = work.fact[1] ?? NO_DATE;
    }
    snapshot.progress[i] = work.progress ?? 0;
    snapshot.critical[i] = work.critical ? 1 : 0;
    snapshot.totalFloat[i] = work.totalFloat ?? 0;
    snapshot.lateFinish[i] = work.lateFinish ?? NO_DATE;
    if (work.constraintStart)
      [snapshot.constraintStartType[i], snapshot.constraintStartDate[i]] = work.constraintStart;
    if (work.constraintFinish)
      [snapshot.constraintFinishType[i], snapshot.constraintFinishDate[i]] = work.constraintFinish;
  });
  return { ...snapshot, rowCount };
}

/** Works grouped by row (CSR): works of row r are `works[offsets[r] .. offsets[r + 1])`. */
export interface RowIndex {
  readonly offsets: Int32Array;
  readonly works: Int32Array;
}

/** Links grouped by work (CSR), both directions. */
export interface LinkIndex {
  readonly outOffsets: Int32Array;
  readonly outLinks: Int32Array;
  readonly inOffsets: Int32Array;
  readonly inLinks: Int32Array;
}

const rowIndexCache = new WeakMap<Int32Array, RowIndex>();
const linkIndexCache = new WeakMap<GanttLinks, LinkIndex>();

/** Counting sort of works by row; cached per `row` array, so it is built once per snapshot. */
export function snapshotRowIndex(snapshot: GanttSnapshot): RowIndex {
  const cached = rowIndexCache.get(snapshot.row);
  if (cached) return cached;
  const offsets = new Int32Array(snapshot.rowCount + 1);
  const rows = snapshot.row;
  let visible = 0;
  for (let i = 0; i < snapshot.workCount; i++) {
    const row = rows[i]!;
    if (row >= 0 && row < snapshot.rowCount) {
      offsets[row + 1]!++;
      visible++;
    }
  }
  for (let r = 0; r < snapshot.rowCount; r++) offsets[r + 1]! += offsets[r]!;
  const works = new Int32Array(visible);
  const fill = offsets.slice(0, snapshot.rowCount);
  for (let i = 0; i < snapshot.workCount; i++) {
    const row = rows[i]!;
    if (row >= 0 && row < snapshot.rowCount) works[fill[row]!++] = i;
  }
  const index = { offsets, works };
  rowIndexCache.set(snapshot.row, index);
  return index;
}

function csr(count: number, keys: Int32Array): { offsets: Int32Array; items: Int32Array } {
  const offsets = new Int32Array(count + 1);
  for (let i = 0; i < keys.length; i++) offsets[keys[i]! + 1]!++;
  for (let k = 0; k < count; k++) offsets[k + 1]! += offsets[k]!;
  const items = new Int32Array(keys.length);
  const fill = offsets.slice(0, count);
  for (let i = 0; i < keys.length; i++) items[fill[keys[i]!]!++] = i;
  return { offsets, items };
}

/** Outgoing and incoming links of each work; cached per `links` object. */
export function snapshotLinkIndex(snapshot: GanttSnapshot): LinkIndex {
  const cached = linkIndexCache.get(snapshot.links);
  if (cached) return cached;
  const { links } = snapshot;
  const out = csr(snapshot.workCount, links.predecessor.subarray(0, links.count));
  const into = csr(snapshot.workCount, links.successor.subarray(0, links.count));
  const index = {
    outOffsets: out.offsets,
    outLinks: out.items,
    inOffsets: into.offsets,
    inLinks: into.items,
  };
  linkIndexCache.set(snapshot.links, index);
  return index;
}

/**
 * Earliest start and latest finish over all plan kinds (plan, approved plan, fact): of every work (fit
 * to project, print "fit time on sheet"), or of the works in rows [firstRow, firstRow + rows) only.
 */
export function snapshotTimeRange(
  snapshot: GanttSnapshot,
  rowWindow?: { firstRow: number; rows: number },
): { start: number; finish: number } | null {
  let start = Number.POSITIVE_INFINITY;
  let finish = Number.NEGATIVE_INFINITY;
  const columns = [
    snapshot.planStart,
    snapshot.planFinish,
    snapshot.baselineStart,
    snapshot.baselineFinish,
    snapshot.factStart,
    snapshot.factFinish,
  ];
  const first = rowWindow?.firstRow ?? Number.NEGATIVE_INFINITY;
  const end = rowWindow ? rowWindow.firstRow + rowWindow.rows : Number.POSITIVE_INFINITY;
  for (let i = 0; i < snapshot.workCount; i++) {
    const row = snapshot.row[i]!;
    if (row < first || row >= end) continue;
    for (const column of columns) {
      const minute = column[i]!;
      if (minute === NO_DATE) continue;
      if (minute < start) start = minute;
      if (minute > finish) finish = minute;
    }
  }
  return start <= finish ? { start, finish } : null;
}
