import { edgeTarget } from '../edge.js';
import { EngineError } from '../engine-error.js';
import { projectCompile } from '../project-compile.js';
import {
  EDGE_ACTIVE,
  EDGE_PRED_START,
  EDGE_SUCC_START,
  KIND_LEAF,
  NO_TIME,
  STATUS_IN_PROGRESS,
} from '../project-model.js';
import { scheduleFull } from '../schedule-passes.js';
import { scheduleStateCreate } from '../schedule-state.js';
import { MINUTES_PER_DAY, timeToIso } from '../time.js';
import type { CalculateOptions, EngineProject, Minutes, WorkInput } from '../types.js';
import { workInstant } from '../work-instant.js';
import type { LevelingContext } from './leveling-context.js';
import {
  ACT_MOVABLE,
  ACT_NONE,
  ACT_PINNED,
  levelingBook,
  levelingConflict,
  levelingContextCreate,
  levelingDemandOn,
  levelingDiscard,
} from './leveling-context.js';
import type { LevelingIndividual } from './leveling-genetic.js';
import {
  levelingCrossover,
  levelingIndividualCompare,
  levelingIndividualCreate,
  levelingIndividualFrom,
  levelingIndividualKeys,
  levelingMutate,
} from './leveling-genetic.js';
import type { LevelingSchedule, LevelingSelection } from './leveling-passes.js';
import {
  ISSUE_NONE,
  levelingBackward,
  levelingBookSchedule,
  levelingEarliestStart,
  levelingForward,
  levelingScheduleBetter,
  levelingScheduleCopy,
  levelingScheduleCreate,
  levelingScratchCreate,
} from './leveling-passes.js';
import { prngCreate } from './prng.js';
import { resourceModelCompile } from './resource-model.js';
import type { AssignmentInput, ResourceInput } from './resource-types.js';

/**
 * Priority rules of the serial scheme (lower value first): latest finish / latest start of the critical
 * path method, least total float, greatest rank positional weight (own duration plus the durations of
 * the immediate successors), shortest duration, most immediate successors.
 */
export type LevelingRule = 'lft' | 'lst' | 'min_slack' | 'grpw' | 'spt' | 'most_successors';

export const LEVELING_RULES: readonly LevelingRule[] = [
  'lft',
  'lst',
  'min_slack',
  'grpw',
  'spt',
  'most_successors',
];

export interface LevelingOptions {
  /** Rule of the first pass and of the random sampling; default `'lft'`. */
  rule?: LevelingRule;
  /** Schedules to generate at most (each forward or backward pass counts one); default by size. */
  schedules?: number;
  /** Seed of the random sampling; the same seed gives the same result. Default 1. */
  seed?: number;
  /** Move works only within their total float (the project finish does not move); default false. */
  withinFloat?: boolean;
  /** Leveling priority per work id, lower first (P6: 1 top … 5 lowest); works without one have 3. */
  priorities?: Readonly<Record<string, number>> | null;
  /** Resources to level; default every resource with a limited availability. */
  resourceIds?: readonly string[] | null;
  /** Scheduling options of the critical-path calculation the leveling starts from. */
  calculate?: CalculateOptions;
}

export interface LevelingInput {
  project: EngineProject;
  resources: readonly ResourceInput[];
  assignments: readonly AssignmentInput[];
}

/** Why a work moved: a resource short on a day at its previous start, or a predecessor that moved. */
export type LevelingReason =
  | { kind: 'resource'; resourceId: string; date: string; demand: number; available: number }
  | { kind: 'predecessor'; workId: string };

export interface LevelingMove {
  workId: string;
  /** Start before and after leveling (ISO and minutes). */
  from: string;
  to: string;
  fromMinutes: Minutes;
  toMinutes: Minutes;
  /** Working minutes of the work's calendar. */
  delayMinutes: number;
  reasons: LevelingReason[];
}

/**
 * A work the leveling could not fit, left where logic puts it: its demand exceeds the availability
 * however late it goes (`exceeds_availability`), it would leave its total float (`outside_float`), or
 * it cannot move — in progress or pinned to a date — and overloads the resource there (`fixed`).
 * `date`, `demand` and `available` describe the first short day.
 */
export type LevelingIssueKind = 'exceeds_availability' | 'outside_float' | 'fixed';

const ISSUE_KINDS: readonly (LevelingIssueKind | undefined)[] = [
  undefined,
  'exceeds_availability',
  'outside_float',
  'fixed',
];

export interface LevelingIssue {
  workId: string;
  kind: LevelingIssueKind;
  resourceId: string;
  date: string;
  demand: number;
  available: number;
}

export interface LevelingResult {
  readonly workIds: readonly string[];
  /** Leveled instants by work index (-1 for works without dates); summaries roll up. */
  readonly start: Int32Array;
  readonly finish: Int32Array;
  /** The critical-path instants the leveling started from. */
  readonly originalStart: Int32Array;
  readonly originalFinish: Int32Array;
  readonly projectFinish: Minutes;
  readonly originalProjectFinish: Minutes;
  /** Schedules generated. */
  readonly schedules: number;
  readonly resourceIds: readonly string[];
  readonly moved: readonly LevelingMove[];
  readonly unresolved: readonly LevelingIssue[];
}

const DEFAULT_PRIORITY = 3;
/** Default budget: about this many work placements in all, between 8 and 1,000 schedules. */
const DEFAULT_PLACEMENTS = 200_000;
const SAMPLING_BIAS = 1;
/** The genetic algorithm runs when this many schedules are left after the rules. */
const GENETIC_MIN_SCHEDULES = 400;
const POPULATION = 40;
const MUTATION_RATE = 0.05;
/** Share of the schedules left after the rules that go to sampling before the genetic algorithm. */
const SAMPLING_SHARE = 0.5;

function invalidOption(what: string): EngineError {
  return new EngineError('invalid_option', `invalid leveling option: ${what}`);
}

/** Priority-rule values of every work (lower first), in days so that the sampling's bias is in days. */
function ruleKeys(ctx: LevelingContext, rule: LevelingRule): Float64Array {
  const { model, cpm } = ctx;
  const keys = new Float64Array(model.workCount);
  const days = (minutes: number) => minutes / MINUTES_PER_DAY;
  const length = (i: number) => days(cpm.finishTime[i]! - cpm.startTime[i]!);
  for (const i of ctx.activities) {
    switch (rule) {
      case 'lft':
        keys[i] = days(cpm.lateFinishTime[i]!);
        break;
      case 'lst':
        keys[i] = days(cpm.lateStartTime[i]!);
        break;
      case 'min_slack':
        keys[i] = days(cpm.lateStartTime[i]! - cpm.startTime[i]!);
        break;
      case 'spt':
        keys[i] = length(i);
        break;
      default: {
        let weight = rule === 'grpw' ? length(i) : 0;
        const { outStart } = model.network;
        for (let k = outStart[i]!; k < outStart[i + 1]!; k++) {
          if ((model.outFlags[k]! & EDGE_ACTIVE) === 0) continue;
          weight += rule === 'grpw' ? length(model.outTo[k]!) : 1;
        }
        keys[i] = -weight;
      }
    }
  }
  return keys;
}

function leveledResources(
  ctx: { resourceIds: readonly string[]; resourceIndex: ReadonlyMap<string, number> },
  options: LevelingOptions,
  limited: (r: number) => boolean,
): number[] {
  if (options.resourceIds == null) return ctx.resourceIds.map((_, r) => r).filter(limited);
  return [...new Set(options.resourceIds)].map((id) => {
    const r = ctx.resourceIndex.get(id);
    if (r === undefined)
      throw new EngineError('unknown_resource', `leveling: resource "${id}" does not exist`);
    return r;
  });
}

/**
 * Resource leveling: a serial schedule-generation scheme over the works in precedence order (FS/SS/FF/SF
 * with lags and calendars exactly as the critical-path passes see them), each placed at its earliest
 * start where every leveled resource has room on every day, chosen by a priority rule; then
 * forward-backward improvement (justification), regret-based biased random sampling and, for larger
 * budgets, a genetic algorithm over activity lists — all from a seeded generator — keeping the best
 * schedule (fewest works left over-allocated, earliest finish, least delay).
 */
export function resourceLevel(input: LevelingInput, options: LevelingOptions = {}): LevelingResult {
  const rule = options.rule ?? 'lft';
  if (!LEVELING_RULES.includes(rule)) throw invalidOption(`rule "${rule}"`);
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed)) throw invalidOption('seed must be an integer');
  if (options.schedules != null && (!Number.isInteger(options.schedules) || options.schedules < 1)) {
    throw invalidOption('schedules must be a whole number ≥ 1');
  }
  const model = projectCompile(input.project, options.calculate);
  const cpm = scheduleStateCreate(model);
  scheduleFull(cpm);
  const resources = resourceModelCompile(model, input.resources, input.assignments);
  const leveled = leveledResources(
    resources,
    options,
    (r) => Number.isFinite(resources.unitsPerDay[r]!) || resources.resourcePeriods[r]!.length > 0,
  );
  const ctx = levelingContextCreate(cpm, resources, leveled);
  const n = model.workCount;

  const classOf = new Float64Array(n);
  for (const i of ctx.activities)
    classOf[i] = ctx.act[i] === ACT_PINNED ? Number.NEGATIVE_INFINITY : DEFAULT_PRIORITY;
  for (const [id, priority] of Object.entries(options.priorities ?? {})) {
    const i = model.workIndex.get(id);
    if (i === undefined)
      throw new EngineError('unknown_work', `leveling priority: work "${id}" does not exist`, {
        workIds: [id],
      });
    if (!Number.isFinite(priority)) throw invalidOption(`priority of work "${id}" must be a number`);
    if (ctx.act[i] === ACT_MOVABLE) classOf[i] = priority;
  }
  const latest = options.withinFloat ? cpm.lsW : null;
  const budget =
    options.schedules ??
    Math.max(8, Math.min(1000, Math.floor(DEFAULT_PLACEMENTS / Math.max(1, ctx.activities.length))));

  const scratch = levelingScratchCreate(n);
  const best = levelingScheduleCreate(n);
  let current = levelingScheduleCreate(n);
  let candidate = levelingScheduleCreate(n);
  const backward = levelingScheduleCreate(n);
  const justified: LevelingSelection = { classOf, key: scratch.key, random: null, bias: 0 };
  let used = 0;
  let found = false;
  const lowerBound = cpm.projectFinish;
  const done = () => found && best.issues === 0 && best.makespan <= lowerBound;

  /** Forward-backward improvement of `current` while it gets better and the budget lasts. */
  const improve = () => {
    while (used + 2 <= budget && ctx.levelCount > 0) {
      levelingBackward(ctx, current, backward, scratch);
      levelingForward(ctx, candidate, justified, scratch, latest);
      used += 2;
      if (!levelingScheduleBetter(candidate, current)) break;
      [current, candidate] = [candidate, current];
    }
    if (!found || levelingScheduleBetter(current, best)) levelingScheduleCopy(current, best);
    found = true;
  };

  const rules = [rule, ...LEVELING_RULES.filter((other) => other !== rule)];
  const mainKeys = ruleKeys(ctx, rule);
  for (const each of rules) {
    if ((found && used >= budget) || done()) break;
    const key = each === rule ? mainKeys : ruleKeys(ctx, each);
    levelingForward(ctx, current, { classOf, key, random: null, bias: 0 }, scratch, latest);
    used++;
    improve();
    if (ctx.levelCount === 0) break;
  }
  const random = prngCreate(seed);
  const sampling: LevelingSelection = { classOf, key: mainKeys, random, bias: SAMPLING_BIAS };
  const activityCount = ctx.activities.length;
  const genetic = ctx.levelCount > 0 && budget - used >= GENETIC_MIN_SCHEDULES && activityCount > 2;
  // Sampling first; its best schedules are the first population.
  const sampleUntil = used + Math.floor((budget - used) * SAMPLING_SHARE);
  const population: LevelingIndividual[] = [];
  while (
    used < budget &&
    !done() &&
    ctx.levelCount > 0 &&
    (!genetic || population.length < POPULATION || used < sampleUntil)
  ) {
    levelingForward(ctx, current, sampling, scratch, latest);
    used++;
    improve();
    if (genetic) {
      const individual = levelingIndividualCreate(activityCount);
      levelingIndividualFrom(ctx, current, individual, scratch.key);
      population.push(individual);
      if (population.length > POPULATION) {
        population.sort(levelingIndividualCompare);
        population.length = POPULATION;
      }
    }
  }

  // A genetic algorithm over activity lists: two-point crossover, swap mutation, each child decoded by
  // the serial scheme and improved like any schedule, the best of parents and children surviving.
  const seen = new Uint8Array(n);
  const decodeKeys = new Float64Array(n);
  const decoded: LevelingSelection = { classOf, key: decodeKeys, random: null, bias: 0 };
  const order = population.map((_, k) => k);
  while (genetic && used < budget && !done()) {
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [order[k], order[j]] = [order[j]!, order[k]!];
    }
    const children: LevelingIndividual[] = [];
    for (let pair = 0; pair + 1 < order.length && used < budget && !done(); pair += 2) {
      const mother = population[order[pair]!]!.list;
      const father = population[order[pair + 1]!]!.list;
      const cut1 = Math.floor(random() * activityCount);
      const cut2 = cut1 + Math.floor(random() * (activityCount - cut1 + 1));
      for (const [first, second] of [
        [mother, father],
        [father, mother],
      ] as const) {
        if (used >= budget || done()) break;
        const child = levelingIndividualCreate(activityCount);
        levelingCrossover(first, second, child.list, cut1, cut2, seen);
        levelingMutate(child.list, MUTATION_RATE, random);
        levelingIndividualKeys(child, decodeKeys);
        levelingForward(ctx, current, decoded, scratch, latest);
        used++;
        improve();
        levelingIndividualFrom(ctx, current, child, scratch.key);
        children.push(child);
      }
    }
    population.push(...children);
    population.sort(levelingIndividualCompare);
    population.length = Math.min(population.length, POPULATION);
  }
  return levelingResult(ctx, best, used, leveled);
}

/** Instants of the leveled schedule and of the critical path, with summaries rolled up. */
function instants(
  ctx: LevelingContext,
  schedule: LevelingSchedule | null,
): { start: Int32Array; finish: Int32Array } {
  const { model, cpm } = ctx;
  const n = model.workCount;
  const start = new Int32Array(n).fill(NO_TIME);
  const finish = new Int32Array(n).fill(NO_TIME);
  for (let i = 0; i < n; i++) {
    if (model.kind[i] !== KIND_LEAF) continue;
    if (ctx.act[i] === ACT_NONE) {
      start[i] = cpm.startTime[i]!;
      finish[i] = cpm.finishTime[i]!;
      continue;
    }
    const s = schedule ? schedule.start[i]! : cpm.efW[i]! - model.duration[i]!;
    start[i] = model.status[i] === STATUS_IN_PROGRESS ? model.actualStart[i]! : workInstant(model, i, s, 1);
    finish[i] = workInstant(model, i, s + model.duration[i]!, 0);
  }
  for (const s of model.sumOrder) {
    for (let k = model.childStart[s]!; k < model.childStart[s + 1]!; k++) {
      const c = model.childList[k]!;
      if (start[c] === NO_TIME) continue;
      start[s] = start[s] === NO_TIME ? start[c]! : Math.min(start[s]!, start[c]!);
      finish[s] = Math.max(finish[s]!, finish[c]!);
    }
  }
  return { start, finish };
}

const dateOf = (ctx: LevelingContext, d: number) =>
  timeToIso(((ctx.grid.firstDay + d) * MINUTES_PER_DAY) as Minutes).slice(0, 10);

/** The predecessor whose relation sets the earliest start of work i in the schedule. */
function drivingPredecessor(
  ctx: LevelingContext,
  schedule: LevelingSchedule,
  i: number,
  bound: number,
): number {
  const model = ctx.model;
  const { inStart, inEdges, edgeFrom } = model.network;
  for (let k = inStart[i]!; k < inStart[i + 1]!; k++) {
    const e = inEdges[k]!;
    const flags = model.edgeFlags[e]!;
    const p = edgeFrom[e]!;
    if ((flags & EDGE_ACTIVE) === 0 || ctx.act[p] === ACT_NONE) continue;
    const coordinate = flags & EDGE_PRED_START ? schedule.start[p]! : schedule.start[p]! + model.duration[p]!;
    const target = edgeTarget(model, e, coordinate);
    if ((flags & EDGE_SUCC_START ? target : target - model.duration[i]!) === bound) return p;
  }
  return -1;
}

function levelingResult(
  ctx: LevelingContext,
  best: LevelingSchedule,
  used: number,
  leveled: readonly number[],
): LevelingResult {
  const { model, resources, cpm } = ctx;
  const K = ctx.levelCount;
  levelingBookSchedule(ctx, best);
  const leveledIds = leveled.map((r) => resources.resourceIds[r]!);
  const shortage = (i: number, s: number, d: number, k: number) => ({
    resourceId: leveledIds[k]!,
    date: dateOf(ctx, d),
    demand: ctx.usage[d * K + k]! + levelingDemandOn(ctx, i, s, d, k),
    available: ctx.avail[d * K + k]!,
  });

  const moved: LevelingMove[] = [];
  const unresolved: LevelingIssue[] = [];
  const leveledTimes = instants(ctx, best);
  const original = instants(ctx, null);
  for (const i of ctx.activities) {
    const s = best.start[i]!;
    const cpmStart = cpm.efW[i]! - model.duration[i]!;
    if (best.issue[i] !== ISSUE_NONE) {
      levelingBook(ctx, i, s, -1);
      unresolved.push({
        workId: model.workIds[i]!,
        kind: ISSUE_KINDS[best.issue[i]!]!,
        ...shortage(i, s, best.issueDay[i]!, best.issueLevel[i]!),
      });
      levelingBook(ctx, i, s, 1);
    }
    if (s <= cpmStart) continue;
    const reasons: LevelingReason[] = [];
    const bound = levelingEarliestStart(ctx, best, i);
    if (bound > cpmStart) {
      const p = drivingPredecessor(ctx, best, i, bound);
      if (p >= 0) reasons.push({ kind: 'predecessor', workId: model.workIds[p]! });
    }
    if (s > bound) {
      levelingBook(ctx, i, s, -1);
      const d = levelingConflict(ctx, i, bound);
      if (d >= 0) reasons.push({ kind: 'resource', ...shortage(i, bound, d, ctx.conflictLevel) });
      else levelingDiscard(ctx);
      levelingBook(ctx, i, s, 1);
    }
    moved.push({
      workId: model.workIds[i]!,
      from: timeToIso(original.start[i]! as Minutes),
      to: timeToIso(leveledTimes.start[i]! as Minutes),
      fromMinutes: original.start[i]! as Minutes,
      toMinutes: leveledTimes.start[i]! as Minutes,
      delayMinutes: s - cpmStart,
      reasons,
    });
  }
  return {
    workIds: model.workIds,
    start: leveledTimes.start,
    finish: leveledTimes.finish,
    originalStart: original.start,
    originalFinish: original.finish,
    projectFinish: best.makespan as Minutes,
    originalProjectFinish: cpm.projectFinish as Minutes,
    schedules: used,
    resourceIds: leveledIds,
    moved,
    unresolved,
  };
}

/**
 * The project with the leveled dates kept as "start not earlier than" limits on the moved works, so that
 * the critical-path calculation gives the leveled schedule (a moved work's own start limit is replaced).
 */
export function levelingApply(project: EngineProject, result: LevelingResult): EngineProject {
  const starts = new Map(result.moved.map((move) => [move.workId, move.to]));
  const works = project.works.map((work): WorkInput => {
    const start = starts.get(work.id);
    if (start === undefined) return work;
    return { ...work, constraint: { ...work.constraint, start: { type: 'not_earlier', date: start } } };
  });
  return { ...project, works };
}

export interface LevelingResultJson {
  projectFinish: string;
  originalProjectFinish: string;
  schedules: number;
  resourceIds: readonly string[];
  works: Array<{ id: string; start: string | null; finish: string | null }>;
  moved: readonly LevelingMove[];
  unresolved: readonly LevelingIssue[];
}

/** The result with ISO dates, for files and the CLI. */
export function levelingToJson(result: LevelingResult): LevelingResultJson {
  const iso = (time: number) => (time === NO_TIME ? null : timeToIso(time as Minutes));
  return {
    projectFinish: timeToIso(result.projectFinish),
    originalProjectFinish: timeToIso(result.originalProjectFinish),
    schedules: result.schedules,
    resourceIds: result.resourceIds,
    works: result.workIds.map((id, i) => ({
      id,
      start: iso(result.start[i]!),
      finish: iso(result.finish[i]!),
    })),
    moved: result.moved,
    unresolved: result.unresolved,
  };
}
