import { edgeTarget } from '../edge.js';
import { EngineError } from '../engine-error.js';
import type { ProjectModel } from '../project-model.js';
import {
  EDGE_ACTIVE,
  EDGE_PRED_START,
  EDGE_SUCC_START,
  KIND_LEAF,
  SPAN_NONE,
  STATUS_COMPLETED,
  STATUS_IN_PROGRESS,
} from '../project-model.js';
import type { ScheduleState } from '../schedule-state.js';
import { MINUTES_PER_DAY, TIME_RANGE_END_TEXT } from '../time.js';
import { availabilityFill, availabilityIrregularRanges } from './availability.js';
import type { DayGrid } from './day-grid.js';
import { dayGridCreate, dayGridEnsure } from './day-grid.js';
import type { ResourceModel } from './resource-model.js';
import { MODE_BY_DATE, MODE_BY_FACT, MODE_BY_PERIOD, resourceDayFromDate } from './resource-model.js';
import {
  SHAPE_EVENLY,
  SHAPE_START,
  spreadAdd,
  spreadAddDays,
  spreadFirstDay,
  spreadLastDay,
} from './spread.js';

/** What a work is to the leveling: not scheduled by it, moved by it, or kept where logic puts it. */
export const ACT_NONE = 0;
export const ACT_MOVABLE = 1;
export const ACT_PINNED = 2;

/** Rows measure from the work's whole span (from its actual start) or from its remaining part only. */
const ROW_WHOLE = 0;
const ROW_REMAINING = 1;

/**
 * Everything the schedule-generation passes read, compiled once: the activities (leaf works that are
 * not completed), their static lower bounds, precedence counts, the demand rows that move with them
 * (per leveled resource), and per-day availability and fixed usage over a growing grid of days from
 * the data date. Usage is day-major: `usage[d * levelCount + k]`.
 */
export interface LevelingContext {
  readonly model: ProjectModel;
  readonly resources: ResourceModel;
  readonly grid: DayGrid;
  readonly cpm: ScheduleState;
  readonly act: Uint8Array;
  /** 1 for works that stay at their critical-path dates whatever their predecessors do. */
  readonly frozen: Uint8Array;
  /** Activities in topological order. */
  readonly activities: Int32Array;
  /** Start coordinate no schedule may go below (data date, constraints, completed predecessors). */
  readonly lb0: Int32Array;
  readonly predTotal: Int32Array;
  readonly succTotal: Int32Array;
  readonly rowStart: Int32Array;
  readonly rowLevel: Int32Array;
  readonly rowQuantity: Float64Array;
  readonly rowShape: Uint8Array;
  readonly rowCurve: readonly (Float64Array | null)[];
  readonly rowLag: Int32Array;
  readonly rowWindow: Int32Array;
  readonly rowSpan: Uint8Array;
  /** 1 when every row of the work is spread evenly over the whole work (conflicts can be jumped). */
  readonly uniform: Uint8Array;
  readonly levelCount: number;
  /** Resource index of each leveled resource. */
  readonly levelResource: Int32Array;
  /** Days (grid indices) the arrays below cover. */
  days: number;
  avail: Float64Array;
  base: Float64Array;
  usage: Float64Array;
  baseLastDay: number;
  /** Last day of booked usage in the current pass. */
  lastBookedDay: number;
  /**
   * Days whose availability or calendars break the weekly pattern (calendar exceptions, availability
   * periods), as [from, until) in days since 2000-01-01; and per grid day the count of such days before it.
   */
  readonly irregularRanges: ReadonlyArray<readonly [number, number]>;
  irregularBefore: Int32Array;
  /** Latest actual finish of completed works (NO_TIME-like 0 when none). */
  readonly fixedFinish: number;
  tmp: Float64Array;
  readonly rowFrom: Int32Array;
  readonly rowTo: Int32Array;
  readonly rowDayA: Int32Array;
  readonly rowDayB: Int32Array;
  /** The leveled resource of the last conflict found. */
  conflictLevel: number;
  /** First and last grid day of the rows of the last work measured (-1: none). */
  spanFirst: number;
  spanLast: number;
  /** A fitted demand waiting in `tmp` from day `pendingFirst` (`pendingSize` cells; 0: none). */
  pendingFirst: number;
  pendingSize: number;
}

/**
 * Leaf works that the leveling schedules. Completed works, and level-of-effort and WBS-summary works
 * (dated from the others after the passes), are not. Works in progress or with a fixed date are kept
 * where logic puts them; manually scheduled works, mandatory dates and expected finishes stay at their
 * critical-path dates (`frozen`).
 */
function classify(model: ProjectModel): { act: Uint8Array; frozen: Uint8Array } {
  const act = new Uint8Array(model.workCount);
  const frozen = new Uint8Array(model.workCount);
  for (let i = 0; i < model.workCount; i++) {
    if (model.kind[i] !== KIND_LEAF || model.status[i] === STATUS_COMPLETED || model.span[i] !== SPAN_NONE) {
      continue;
    }
    frozen[i] =
      model.mandatory[i] !== 0 ||
      model.expectedW[i]! >= 0 ||
      (model.manual[i] === 1 && model.status[i] !== STATUS_IN_PROGRESS)
        ? 1
        : 0;
    const pinned =
      frozen[i] === 1 ||
      model.status[i] === STATUS_IN_PROGRESS ||
      model.startLowW[i] === model.startHighW[i] ||
      model.finishLowW[i] === model.finishHighW[i];
    act[i] = pinned ? ACT_PINNED : ACT_MOVABLE;
  }
  return { act, frozen };
}

/** Exception days of every calendar, as [from, until) in days since 2000-01-01. */
function calendarsIrregularRanges(model: ProjectModel): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const input of model.calendarInputs) {
    if (input.allDay) continue;
    for (const exception of input.exceptions ?? []) {
      const what = `calendar "${input.id}"`;
      const from = resourceDayFromDate(exception.date, what);
      ranges.push([from, resourceDayFromDate(exception.until ?? exception.date, what) + 1]);
    }
  }
  return ranges;
}

export function levelingContextCreate(
  cpm: ScheduleState,
  resources: ResourceModel,
  leveled: readonly number[],
): LevelingContext {
  const model = cpm.model;
  const n = model.workCount;
  const { act, frozen } = classify(model);
  const activities = Int32Array.from(Array.from(model.order).filter((i) => act[i] !== ACT_NONE));
  const earliest = Math.max(model.projectStart, model.dataDate);
  const grid = dayGridCreate(model.calendars, Math.floor(earliest / MINUTES_PER_DAY), 64);

  const lb0 = new Int32Array(n);
  const predTotal = new Int32Array(n);
  const succTotal = new Int32Array(n);
  const { inStart, inEdges, edgeFrom } = model.network;
  let fixedFinish = model.projectStart;
  for (let i = 0; i < n; i++) {
    if (model.kind[i] === KIND_LEAF && model.status[i] === STATUS_COMPLETED) {
      fixedFinish = Math.max(fixedFinish, model.actualFinish[i]!);
    }
    if (act[i] === ACT_NONE) continue;
    const duration = model.duration[i]!;
    let low = Math.max(
      model.earliestW[model.calendar[i]!]!,
      model.startLowW[i]!,
      model.finishLowW[i]! - duration,
    );
    for (let k = inStart[i]!; k < inStart[i + 1]!; k++) {
      const e = inEdges[k]!;
      const flags = model.edgeFlags[e]!;
      if ((flags & EDGE_ACTIVE) === 0) continue;
      const p = edgeFrom[e]!;
      if (act[p] !== ACT_NONE) {
        predTotal[i]!++;
        succTotal[p]!++;
        continue;
      }
      // A completed predecessor: its bound never changes.
      const target = edgeTarget(model, e, flags & EDGE_PRED_START ? cpm.esW[p]! : cpm.efW[p]!);
      low = Math.max(low, flags & EDGE_SUCC_START ? target : target - duration);
    }
    lb0[i] = low;
  }

  const levelIndex = new Int32Array(resources.resourceIds.length).fill(-1);
  leveled.forEach((r, k) => {
    levelIndex[r] = k;
  });
  const levelCount = leveled.length;

  // Demand rows that move with their work, grouped by work; fixed-date rows go to the base usage.
  const rowsOf: number[][] = Array.from({ length: n }, () => []);
  const fixedRows: number[] = [];
  for (let a = 0; a < resources.work.length; a++) {
    const w = resources.work[a]!;
    if (act[w] === ACT_NONE || levelIndex[resources.resource[a]!]! < 0) continue;
    const mode = resources.mode[a]!;
    if (mode === MODE_BY_DATE || mode === MODE_BY_PERIOD) fixedRows.push(a);
    else rowsOf[w]!.push(a);
  }
  const rowStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) rowStart[i + 1] = rowStart[i]! + rowsOf[i]!.length;
  const rowCount = rowStart[n]!;
  const rowLevel = new Int32Array(rowCount);
  const rowQuantity = new Float64Array(rowCount);
  const rowShape = new Uint8Array(rowCount);
  const rowCurve: (Float64Array | null)[] = new Array(rowCount).fill(null);
  const rowLag = new Int32Array(rowCount);
  const rowWindow = new Int32Array(rowCount);
  const rowSpan = new Uint8Array(rowCount);
  const uniform = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let allEven = 1;
    rowsOf[i]!.forEach((a, offset) => {
      const row = rowStart[i]! + offset;
      const byFact = resources.mode[a] === MODE_BY_FACT;
      rowLevel[row] = levelIndex[resources.resource[a]!]!;
      rowQuantity[row] = byFact
        ? Math.max(0, resources.quantity[a]! - resources.actualQuantity[a]!)
        : resources.quantity[a]!;
      rowShape[row] = byFact ? SHAPE_EVENLY : resources.shape[a]!;
      rowCurve[row] = byFact ? null : resources.curve[a]!;
      rowLag[row] = byFact ? 0 : resources.lag[a]!;
      rowWindow[row] = byFact ? -1 : resources.window[a]!;
      rowSpan[row] = byFact ? ROW_REMAINING : ROW_WHOLE;
      const even = rowShape[row] === SHAPE_EVENLY && rowLag[row] === 0 && rowWindow[row] === -1;
      // A zero-length work's demand sits on its start's day: stepping day by day is the only safe move.
      if (!even || model.status[i] === STATUS_IN_PROGRESS || model.duration[i] === 0) allEven = 0;
    });
    uniform[i] = allEven;
  }

  const irregularRanges = calendarsIrregularRanges(model);
  for (const r of leveled) irregularRanges.push(...availabilityIrregularRanges(resources, r));

  const ctx: LevelingContext = {
    model,
    resources,
    grid,
    cpm,
    act,
    frozen,
    activities,
    lb0,
    predTotal,
    succTotal,
    rowStart,
    rowLevel,
    rowQuantity,
    rowShape,
    rowCurve,
    rowLag,
    rowWindow,
    rowSpan,
    uniform,
    levelCount,
    levelResource: Int32Array.from(leveled),
    days: 0,
    avail: new Float64Array(0),
    base: new Float64Array(0),
    usage: new Float64Array(0),
    baseLastDay: -1,
    lastBookedDay: -1,
    irregularRanges,
    irregularBefore: new Int32Array(1),
    fixedFinish,
    tmp: new Float64Array(64 * Math.max(1, levelCount)),
    rowFrom: new Int32Array(rowCount),
    rowTo: new Int32Array(rowCount),
    rowDayA: new Int32Array(rowCount),
    rowDayB: new Int32Array(rowCount),
    conflictLevel: -1,
    spanFirst: -1,
    spanLast: -1,
    pendingFirst: 0,
    pendingSize: 0,
  };
  levelingEnsureDays(ctx, grid.length - 1);
  bookFixedRows(ctx, fixedRows, levelIndex);
  // Works that do not move hold their usage from the start, so that no pass gives it away.
  ctx.usage.fill(0);
  for (const i of activities) {
    if (act[i] === ACT_PINNED) levelingBook(ctx, i, levelingCpmStart(ctx, i), 1);
  }
  for (let k = 0; k < ctx.usage.length; k++) ctx.base[k]! += ctx.usage[k]!;
  ctx.baseLastDay = Math.max(ctx.baseLastDay, ctx.lastBookedDay);
  return ctx;
}

/** The start coordinate of work i's (remaining) work in the critical-path schedule. */
export function levelingCpmStart(ctx: LevelingContext, i: number): number {
  return ctx.cpm.efW[i]! - ctx.model.duration[i]!;
}

/** Grows the grid and the per-day arrays so that grid day `d` is covered. */
export function levelingEnsureDays(ctx: LevelingContext, d: number): void {
  if (d < ctx.days) return;
  dayGridEnsure(ctx.grid, d);
  const days = ctx.grid.length;
  if (days <= d) {
    throw new EngineError('out_of_range', `leveling would place work after ${TIME_RANGE_END_TEXT}`);
  }
  const K = ctx.levelCount;
  const grow = (old: Float64Array) => {
    const next = new Float64Array(days * K);
    next.set(old);
    return next;
  };
  const previous = ctx.days;
  ctx.avail = grow(ctx.avail);
  ctx.base = grow(ctx.base);
  ctx.usage = grow(ctx.usage);
  for (let k = 0; k < K; k++) {
    availabilityFill(ctx.resources, ctx.grid, ctx.levelResource[k]!, previous, days, ctx.avail, k, K);
  }
  const irregular = new Uint8Array(days - previous);
  const firstDay = ctx.grid.firstDay + previous;
  for (const [from, until] of ctx.irregularRanges) {
    for (let day = Math.max(from, firstDay); day < Math.min(until, firstDay + irregular.length); day++) {
      irregular[day - firstDay] = 1;
    }
  }
  const before = new Int32Array(days + 1);
  before.set(ctx.irregularBefore.subarray(0, previous + 1));
  for (let d = previous; d < days; d++) before[d + 1] = before[d]! + irregular[d - previous]!;
  ctx.irregularBefore = before;
  ctx.days = days;
}

/** Whether grid days [from, to] hold no irregular day (see `irregularRanges`). */
export function levelingRegularDays(ctx: LevelingContext, from: number, to: number): boolean {
  return ctx.irregularBefore[Math.min(to + 1, ctx.days)]! === ctx.irregularBefore[Math.max(0, from)]!;
}

/** Fixed-date quantities (daily plans, per-period amounts) of the leveled resources, at the CPM dates. */
function bookFixedRows(ctx: LevelingContext, rows: readonly number[], levelIndex: Int32Array): void {
  const { resources, model, grid, cpm } = ctx;
  const K = ctx.levelCount;
  for (const a of rows) {
    const k = levelIndex[resources.resource[a]!]!;
    const entries = resources.entries[a]!;
    const scale = resources.entryScale[a]!;
    const w = resources.work[a]!;
    const c = model.calendar[w]!;
    for (let e = 0; e < entries.day.length; e++) {
      const quantity = entries.quantity[e]! * scale;
      const from = entries.day[e]! - grid.firstDay;
      if (entries.end === null) {
        if (from < 0) continue;
        levelingEnsureDays(ctx, from);
        ctx.base[from * K + k]! += quantity;
        ctx.baseLastDay = Math.max(ctx.baseLastDay, from);
        continue;
      }
      const to = entries.end[e]! - grid.firstDay;
      if (to <= 0) continue;
      levelingEnsureDays(ctx, to);
      const dayW = grid.dayW[c]!;
      const periodFrom = dayW[Math.max(0, from)]!;
      const periodTo = dayW[to]!;
      const workFrom = Math.max(periodFrom, cpm.efW[w]! - model.duration[w]!);
      const workTo = Math.min(periodTo, cpm.efW[w]!);
      const last =
        workTo > workFrom
          ? spreadAdd(grid, c, workFrom, workTo, quantity, SHAPE_EVENLY, null, ctx.base, k, K)
          : periodTo > periodFrom
            ? spreadAdd(grid, c, periodFrom, periodTo, quantity, SHAPE_EVENLY, null, ctx.base, k, K)
            : spreadAdd(grid, c, periodFrom, periodFrom, quantity, SHAPE_START, null, ctx.base, k, K);
      ctx.baseLastDay = Math.max(ctx.baseLastDay, last);
    }
  }
}

/**
 * Working-coordinate windows and day ranges of work i's rows when its (remaining) work starts at s; the
 * first and last day over all rows go to `spanFirst` / `spanLast` (-1: no rows).
 */
function rowWindows(ctx: LevelingContext, i: number, s: number): void {
  const model = ctx.model;
  const grid = ctx.grid;
  const c = model.calendar[i]!;
  const to = s + model.duration[i]!;
  const whole = model.status[i] === STATUS_IN_PROGRESS ? model.actualStartW[i]! : s;
  const remainingFrom = model.earliestW[c]!;
  let first = Number.POSITIVE_INFINITY;
  let last = -1;
  for (let row = ctx.rowStart[i]!; row < ctx.rowStart[i + 1]!; row++) {
    const spanFrom = ctx.rowSpan[row] === ROW_REMAINING ? Math.max(whole, remainingFrom) : whole;
    const from = spanFrom + ctx.rowLag[row]!;
    const window = ctx.rowWindow[row]!;
    const rowTo = window < 0 ? Math.max(from, to) : from + window;
    const shape = ctx.rowShape[row]!;
    const dayA = spreadFirstDay(grid, c, from, rowTo, shape);
    const dayB = spreadLastDay(grid, c, from, rowTo, shape, dayA);
    ctx.rowFrom[row] = from;
    ctx.rowTo[row] = rowTo;
    ctx.rowDayA[row] = dayA;
    ctx.rowDayB[row] = dayB;
    if (dayA < first) first = dayA;
    if (dayB > last) last = dayB;
  }
  ctx.spanFirst = last < 0 ? -1 : first;
  ctx.spanLast = last;
}

/** Adds `sign` times the demand of one row, as `rowWindows` laid it out, to `out[offset + day * stride]`. */
function spreadRow(
  ctx: LevelingContext,
  c: number,
  row: number,
  sign: number,
  out: Float64Array,
  offset: number,
  stride: number,
): void {
  spreadAddDays(
    ctx.grid,
    c,
    ctx.rowFrom[row]!,
    ctx.rowTo[row]!,
    ctx.rowDayA[row]!,
    ctx.rowDayB[row]!,
    sign * ctx.rowQuantity[row]!,
    ctx.rowShape[row]!,
    ctx.rowCurve[row]!,
    out,
    offset,
    stride,
  );
}

/**
 * The first day on which work i, starting its (remaining) work at s, would need more of a leveled
 * resource than is left; -1 when it fits. Sets `conflictLevel`. When it fits, its demand stays pending:
 * `levelingCommit` books it, `levelingDiscard` drops it.
 */
export function levelingConflict(ctx: LevelingContext, i: number, s: number): number {
  if (ctx.pendingSize > 0) levelingDiscard(ctx);
  const rowEnd = ctx.rowStart[i + 1]!;
  const rowBegin = ctx.rowStart[i]!;
  if (rowBegin === rowEnd) return -1;
  rowWindows(ctx, i, s);
  const last = ctx.spanLast;
  if (last < 0) return -1;
  const first = Math.max(0, ctx.spanFirst);
  levelingEnsureDays(ctx, last);
  const K = ctx.levelCount;
  const size = (last - first + 1) * K;
  if (ctx.tmp.length < size) ctx.tmp = new Float64Array(Math.max(size, ctx.tmp.length * 2));
  const tmp = ctx.tmp;
  const c = ctx.model.calendar[i]!;
  for (let row = rowBegin; row < rowEnd; row++)
    spreadRow(ctx, c, row, 1, tmp, ctx.rowLevel[row]! - first * K, K);
  const { usage, avail } = ctx;
  const offset = first * K;
  for (let k = 0; k < size; k++) {
    const demand = tmp[k]!;
    if (demand <= 0) continue;
    const available = avail[offset + k]!;
    if (usage[offset + k]! + demand > available + 1e-9 * (1 + available)) {
      ctx.conflictLevel = k % K;
      tmp.fill(0, 0, size);
      return first + Math.floor(k / K);
    }
  }
  ctx.pendingFirst = first;
  ctx.pendingSize = size;
  return -1;
}

/** Books the demand of the last `levelingConflict` that fitted. */
export function levelingCommit(ctx: LevelingContext): void {
  const size = ctx.pendingSize;
  if (size === 0) return;
  const K = ctx.levelCount;
  const { usage, tmp } = ctx;
  const offset = ctx.pendingFirst * K;
  for (let k = 0; k < size; k++) usage[offset + k]! += tmp[k]!;
  tmp.fill(0, 0, size);
  const last = ctx.pendingFirst + size / K - 1;
  if (last > ctx.lastBookedDay) ctx.lastBookedDay = last;
  ctx.pendingSize = 0;
}

/** Drops the demand of the last `levelingConflict` that fitted. */
export function levelingDiscard(ctx: LevelingContext): void {
  ctx.tmp.fill(0, 0, ctx.pendingSize);
  ctx.pendingSize = 0;
}

/** Adds (sign 1) or removes (sign -1) the usage of work i starting its (remaining) work at s. */
export function levelingBook(ctx: LevelingContext, i: number, s: number, sign: number): void {
  const rowBegin = ctx.rowStart[i]!;
  const rowEnd = ctx.rowStart[i + 1]!;
  if (rowBegin === rowEnd) return;
  rowWindows(ctx, i, s);
  const last = ctx.spanLast;
  if (last < 0) return;
  levelingEnsureDays(ctx, last);
  const K = ctx.levelCount;
  const c = ctx.model.calendar[i]!;
  for (let row = rowBegin; row < rowEnd; row++)
    spreadRow(ctx, c, row, sign, ctx.usage, ctx.rowLevel[row]!, K);
  if (sign > 0 && last > ctx.lastBookedDay) ctx.lastBookedDay = last;
}

/** Demand of work i at start s on grid day d for leveled resource k (for explaining a move). */
export function levelingDemandOn(ctx: LevelingContext, i: number, s: number, d: number, k: number): number {
  rowWindows(ctx, i, s);
  if (ctx.spanLast < d) return 0;
  levelingEnsureDays(ctx, ctx.spanLast);
  const one = new Float64Array(ctx.days + 1);
  const c = ctx.model.calendar[i]!;
  for (let row = ctx.rowStart[i]!; row < ctx.rowStart[i + 1]!; row++) {
    if (ctx.rowLevel[row] === k) spreadRow(ctx, c, row, 1, one, 0, 1);
  }
  return one[d] ?? 0;
}
