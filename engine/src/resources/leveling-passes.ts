import { calendarWorkingTime } from '../calendar.js';
import { edgeBound, edgeTarget } from '../edge.js';
import { EDGE_ACTIVE, EDGE_FAST, EDGE_PRED_START, EDGE_SUCC_START } from '../project-model.js';
import { workInstant } from '../work-instant.js';
import { dayGridDayOfFinish, dayGridDayOfStart } from './day-grid.js';
import type { LevelingContext } from './leveling-context.js';
import {
  ACT_MOVABLE,
  ACT_NONE,
  ACT_PINNED,
  levelingBook,
  levelingCommit,
  levelingConflict,
  levelingCpmStart,
  levelingRegularDays,
} from './leveling-context.js';
import type { WorkHeap } from './work-heap.js';
import { workHeapCreate, workHeapPop, workHeapPush } from './work-heap.js';

export const ISSUE_NONE = 0;
/** The work does not fit however late it goes (its demand exceeds the availability). */
export const ISSUE_CAPACITY = 1;
/** The work does not fit within its total float ("within float only"). */
export const ISSUE_FLOAT = 2;
/** The work cannot move (in progress, or pinned to a date) and overloads a resource where it is. */
export const ISSUE_FIXED = 3;

/**
 * One schedule of the activities: the start coordinate of each work's (remaining) work, the works left
 * over-allocated and why, and the figures schedules are compared by.
 */
export interface LevelingSchedule {
  readonly start: Int32Array;
  readonly issue: Uint8Array;
  readonly issueLevel: Int32Array;
  readonly issueDay: Int32Array;
  /** Latest finish instant. */
  makespan: number;
  /** Works left over-allocated. */
  issues: number;
  /** Sum of the works' delays against the critical-path dates, in working minutes. */
  delay: number;
}

export function levelingScheduleCreate(workCount: number): LevelingSchedule {
  return {
    start: new Int32Array(workCount),
    issue: new Uint8Array(workCount),
    issueLevel: new Int32Array(workCount),
    issueDay: new Int32Array(workCount),
    makespan: 0,
    issues: 0,
    delay: 0,
  };
}

export function levelingScheduleCopy(from: LevelingSchedule, to: LevelingSchedule): void {
  to.start.set(from.start);
  to.issue.set(from.issue);
  to.issueLevel.set(from.issueLevel);
  to.issueDay.set(from.issueDay);
  to.makespan = from.makespan;
  to.issues = from.issues;
  to.delay = from.delay;
}

/** Fewer over-allocated works, then an earlier finish, then less delay. */
export function levelingScheduleBetter(a: LevelingSchedule, b: LevelingSchedule): boolean {
  if (a.issues !== b.issues) return a.issues < b.issues;
  if (a.makespan !== b.makespan) return a.makespan < b.makespan;
  return a.delay < b.delay;
}

/** The usage of a whole schedule (works that do not move are held at their critical-path dates in the base). */
export function levelingBookSchedule(ctx: LevelingContext, schedule: LevelingSchedule): void {
  ctx.usage.set(ctx.base);
  for (const i of ctx.activities) {
    if (ctx.act[i] === ACT_PINNED) levelingBook(ctx, i, levelingCpmStart(ctx, i), -1);
    levelingBook(ctx, i, schedule.start[i]!, 1);
  }
}

/** Scratch arrays of the passes, allocated once per leveling. */
export interface LevelingScratch {
  readonly remaining: Int32Array;
  readonly eligible: Int32Array;
  readonly heap: WorkHeap;
  readonly key: Float64Array;
}

export function levelingScratchCreate(workCount: number): LevelingScratch {
  return {
    remaining: new Int32Array(workCount),
    eligible: new Int32Array(workCount),
    heap: workHeapCreate(workCount),
    key: new Float64Array(workCount),
  };
}

/** How a forward pass picks the next work among the eligible ones. */
export interface LevelingSelection {
  /** Primary key, lower first (pinned works, then the works' priorities). */
  readonly classOf: Float64Array;
  /** Secondary key, lower first (a priority rule's value, in days). */
  readonly key: Float64Array;
  /** Null: always the best; else a biased random draw (regret-based, weight (regret + 1)^bias). */
  readonly random: (() => number) | null;
  readonly bias: number;
}

function pickRandom(eligible: Int32Array, count: number, selection: LevelingSelection): number {
  const { classOf, key, random, bias } = selection;
  let top = Number.POSITIVE_INFINITY;
  for (let p = 0; p < count; p++) top = Math.min(top, classOf[eligible[p]!]!);
  let worst = Number.NEGATIVE_INFINITY;
  for (let p = 0; p < count; p++) {
    const v = eligible[p]!;
    if (classOf[v] === top && key[v]! > worst) worst = key[v]!;
  }
  let total = 0;
  for (let p = 0; p < count; p++) {
    const v = eligible[p]!;
    if (classOf[v] === top) total += (worst - key[v]! + 1) ** bias;
  }
  let draw = random!() * total;
  let last = 0;
  for (let p = 0; p < count; p++) {
    const v = eligible[p]!;
    if (classOf[v] !== top) continue;
    last = p;
    draw -= (worst - key[v]! + 1) ** bias;
    if (draw < 0) return p;
  }
  return last;
}

/** The earliest start coordinate of work i's (remaining) work that its predecessors in `schedule` allow. */
export function levelingEarliestStart(ctx: LevelingContext, schedule: LevelingSchedule, i: number): number {
  const model = ctx.model;
  const { inStart, inEdges, edgeFrom } = model.network;
  const duration = model.duration[i]!;
  let startLow = ctx.lb0[i]!;
  let finishLow = Number.NEGATIVE_INFINITY;
  for (let k = inStart[i]!; k < inStart[i + 1]!; k++) {
    const e = inEdges[k]!;
    const flags = model.edgeFlags[e]!;
    if ((flags & EDGE_ACTIVE) === 0) continue;
    const p = edgeFrom[e]!;
    if (ctx.act[p] === ACT_NONE) continue;
    const coordinate = flags & EDGE_PRED_START ? schedule.start[p]! : schedule.start[p]! + model.duration[p]!;
    const target = edgeTarget(model, e, coordinate);
    if (flags & EDGE_SUCC_START) {
      if (target > startLow) startLow = target;
    } else if (target > finishLow) finishLow = target;
  }
  return Math.max(startLow, finishLow - duration);
}

/**
 * Places work i at its earliest start where its demand fits, from its precedence bound on; gives up
 * (leaving it at the bound, over-allocated) past its late start when `latest` is given, or when no
 * later start can help (past all booked usage and every irregular day).
 */
function placeForward(
  ctx: LevelingContext,
  out: LevelingSchedule,
  i: number,
  latest: Int32Array | null,
): void {
  const lb = levelingEarliestStart(ctx, out, i);
  out.issue[i] = ISSUE_NONE;
  if (ctx.act[i] === ACT_PINNED) {
    placePinned(ctx, out, i, ctx.frozen[i] ? levelingCpmStart(ctx, i) : lb);
    return;
  }
  let start = lb;
  let d = levelingConflict(ctx, i, lb);
  if (d >= 0) {
    const firstDay = d;
    const firstLevel = ctx.conflictLevel;
    const c = ctx.model.calendar[i]!;
    // Past every booked day, with only regular days in its span, a work that fails on each day of a
    // week fails on every later day too: it does not fit at all.
    let regularSince = -1;
    for (;;) {
      if (ctx.spanFirst > ctx.lastBookedDay && levelingRegularDays(ctx, ctx.spanFirst, ctx.spanLast)) {
        if (regularSince < 0) regularSince = ctx.spanFirst;
      } else regularSince = -1;
      const dayW = ctx.grid.dayW[c]!;
      const next = ctx.uniform[i] ? dayW[d + 1]! : dayW[dayGridDayOfStart(ctx.grid, c, start) + 1]!;
      const issue =
        latest !== null && next > latest[i]!
          ? ISSUE_FLOAT
          : regularSince >= 0 && dayGridDayOfStart(ctx.grid, c, next) >= regularSince + 7
            ? ISSUE_CAPACITY
            : ISSUE_NONE;
      if (issue !== ISSUE_NONE) {
        out.issue[i] = issue;
        out.issueLevel[i] = firstLevel;
        out.issueDay[i] = firstDay;
        out.issues++;
        start = lb;
        break;
      }
      start = next;
      d = levelingConflict(ctx, i, start);
      if (d < 0) break;
    }
  }
  out.start[i] = start;
  if (out.issue[i] === ISSUE_NONE) levelingCommit(ctx);
  else levelingBook(ctx, i, start, 1);
}

/** A work that does not move: it holds its critical-path usage from the start; logic may still push it. */
function placePinned(ctx: LevelingContext, out: LevelingSchedule, i: number, start: number): void {
  const held = levelingCpmStart(ctx, i);
  levelingBook(ctx, i, held, -1);
  const d = levelingConflict(ctx, i, start);
  out.start[i] = start;
  if (d < 0) {
    levelingCommit(ctx);
    return;
  }
  out.issue[i] = ISSUE_FIXED;
  out.issueLevel[i] = ctx.conflictLevel;
  out.issueDay[i] = d;
  out.issues++;
  levelingBook(ctx, i, start, 1);
}

function finishFigures(ctx: LevelingContext, out: LevelingSchedule): void {
  const model = ctx.model;
  let makespan = ctx.fixedFinish;
  let delay = 0;
  const activities = ctx.activities;
  for (let p = 0; p < activities.length; p++) {
    const i = activities[p]!;
    const finish = out.start[i]! + model.duration[i]!;
    const time = workInstant(model, i, finish, 0);
    if (time > makespan) makespan = time;
    delay += finish - ctx.cpm.efW[i]!;
  }
  out.makespan = makespan;
  out.delay = delay;
}

/**
 * Serial schedule-generation scheme, forward: repeatedly takes an eligible work (all its predecessors
 * placed) by the selection and places it at its earliest resource-feasible start.
 */
export function levelingForward(
  ctx: LevelingContext,
  out: LevelingSchedule,
  selection: LevelingSelection,
  scratch: LevelingScratch,
  latest: Int32Array | null,
): void {
  const model = ctx.model;
  ctx.usage.set(ctx.base);
  ctx.lastBookedDay = ctx.baseLastDay;
  out.issues = 0;
  const { remaining, eligible, heap } = scratch;
  remaining.set(ctx.predTotal);
  const { classOf, key } = selection;
  const rank = model.rank;
  heap.size = 0;
  heap.before = (a, b) =>
    classOf[a]! < classOf[b]! ||
    (classOf[a] === classOf[b] && (key[a]! < key[b]! || (key[a] === key[b] && rank[a]! < rank[b]!)));
  const random = selection.random !== null;
  let count = 0;
  const add = (v: number) => {
    if (random) eligible[count++] = v;
    else workHeapPush(heap, v);
  };
  for (const i of ctx.activities) if (remaining[i] === 0) add(i);
  const { outStart } = model.network;
  const { outTo, outFlags } = model;
  while (random ? count > 0 : heap.size > 0) {
    let i: number;
    if (random) {
      const p = pickRandom(eligible, count, selection);
      i = eligible[p]!;
      eligible[p] = eligible[--count]!;
    } else i = workHeapPop(heap);
    placeForward(ctx, out, i, latest);
    for (let k = outStart[i]!; k < outStart[i + 1]!; k++) {
      if ((outFlags[k]! & EDGE_ACTIVE) === 0) continue;
      const v = outTo[k]!;
      if (ctx.act[v] !== ACT_NONE && --remaining[v]! === 0) add(v);
    }
  }
  finishFigures(ctx, out);
}

/**
 * Places work i as late as its placed successors and the end allow where its demand fits (the
 * backward half of forward-backward improvement). Below its static bound it stays at the latest start.
 */
function placeBackward(ctx: LevelingContext, out: LevelingSchedule, i: number, end: number): void {
  const model = ctx.model;
  const c = model.calendar[i]!;
  const duration = model.duration[i]!;
  let finishHigh: number = calendarWorkingTime(model.calendars[c]!, end);
  let startHigh = Number.POSITIVE_INFINITY;
  const { outStart, outEdges } = model.network;
  const { outTo, outFlags, outLag } = model;
  for (let k = outStart[i]!; k < outStart[i + 1]!; k++) {
    const flags = outFlags[k]!;
    if ((flags & EDGE_ACTIVE) === 0) continue;
    const v = outTo[k]!;
    if (ctx.act[v] === ACT_NONE) continue;
    const limit = flags & EDGE_SUCC_START ? out.start[v]! : out.start[v]! + model.duration[v]!;
    const bound = flags & EDGE_FAST ? limit - outLag[k]! : edgeBound(model, outEdges[k]!, limit);
    if (flags & EDGE_PRED_START) {
      if (bound < startHigh) startHigh = bound;
    } else if (bound < finishHigh) finishHigh = bound;
  }
  const latestStart = Math.min(finishHigh - duration, startHigh);
  let start = latestStart;
  let fits = false;
  for (;;) {
    const d = levelingConflict(ctx, i, start);
    if (d < 0) {
      fits = true;
      break;
    }
    const dayW = ctx.grid.dayW[c]!;
    const finish = ctx.uniform[i] ? dayW[d]! : dayW[dayGridDayOfFinish(ctx.grid, c, start + duration)]!;
    if (finish - duration < ctx.lb0[i]!) {
      start = latestStart;
      break;
    }
    start = finish - duration;
  }
  out.start[i] = start;
  if (fits) levelingCommit(ctx);
  else levelingBook(ctx, i, start, 1);
}

/**
 * Serial schedule-generation scheme, backward: works in order of latest finish in `from`, each as late
 * as possible before the end of `from`. Pinned works stay where `from` has them.
 */
export function levelingBackward(
  ctx: LevelingContext,
  from: LevelingSchedule,
  out: LevelingSchedule,
  scratch: LevelingScratch,
): void {
  const model = ctx.model;
  ctx.usage.set(ctx.base);
  ctx.lastBookedDay = ctx.baseLastDay;
  const { remaining, heap, key } = scratch;
  remaining.set(ctx.succTotal);
  const rank = model.rank;
  heap.size = 0;
  heap.before = (a, b) => key[a]! < key[b]! || (key[a] === key[b] && rank[a]! > rank[b]!);
  const { inStart, inEdges, edgeFrom } = model.network;
  /** One more successor of each movable predecessor of i is placed; those with all placed are eligible. */
  const release = (i: number) => {
    for (let k = inStart[i]!; k < inStart[i + 1]!; k++) {
      const e = inEdges[k]!;
      if ((model.edgeFlags[e]! & EDGE_ACTIVE) === 0) continue;
      const p = edgeFrom[e]!;
      if (ctx.act[p] === ACT_MOVABLE && --remaining[p]! === 0) workHeapPush(heap, p);
    }
  };
  for (const i of ctx.activities) key[i] = -workInstant(model, i, from.start[i]! + model.duration[i]!, 0);
  for (const i of ctx.activities) {
    if (ctx.act[i] !== ACT_PINNED) continue;
    out.start[i] = from.start[i]!;
    levelingBook(ctx, i, levelingCpmStart(ctx, i), -1);
    levelingBook(ctx, i, from.start[i]!, 1);
    release(i);
  }
  for (const i of ctx.activities) {
    if (ctx.act[i] === ACT_MOVABLE && ctx.succTotal[i]! === 0) workHeapPush(heap, i);
  }
  while (heap.size > 0) {
    const i = workHeapPop(heap);
    placeBackward(ctx, out, i, from.makespan);
    release(i);
  }
  for (const i of ctx.activities) key[i] = workInstant(model, i, out.start[i]!, 1);
}
