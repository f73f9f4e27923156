import { calculate } from '../calculate.js';
import type { Calendar } from '../calendar.js';
import {
  calendarDaysFromMinutes,
  calendarMinutesFromDays,
  calendarWorkingMinutesBetween,
} from '../calendar.js';
import type { ProjectModel } from '../project-model.js';
import {
  EDGE_PRED_START,
  EDGE_SUCC_START,
  KIND_DRAFT,
  KIND_LEAF,
  NO_TIME,
  SPAN_NONE,
  STATUS_COMPLETED,
  STATUS_IN_PROGRESS,
} from '../project-model.js';
import type { AssignmentInput, ResourceInput } from '../resources/resource-types.js';
import type { ScheduleResult } from '../result.js';
import { Scheduler } from '../scheduler.js';
import { MINUTES_PER_DAY, timeToIso } from '../time.js';
import type { CalculateOptions, ConstraintType, EngineProject, Minutes, WorkInput } from '../types.js';
import {
  ANALYSIS_CHECK_KINDS,
  ANALYSIS_CHECKS,
  type AnalysisCheck,
  type AnalysisCheckId,
  type AnalysisLimits,
  type AnalysisSettings,
  checkScore,
  DCMA_CHECKS,
  DEFAULT_LIMITS,
  DEFAULT_THRESHOLDS,
} from './checks.js';
import { overAllocation } from './over-allocation.js';
import { redundantEdges } from './redundant.js';

/**
 * What the analysis reads besides the engine input, by engine work index (the server's input puts a
 * version's works first, in row order, then the external predecessors, which only drive).
 */
export interface AnalysisFacts {
  /** Works `[0, ownWorkCount)` are the version's own and analysed; default: all. */
  ownWorkCount?: number;
  /** Approved-plan (baseline) start and finish in engine minutes, `NO_TIME` for none. */
  approvedStart?: ArrayLike<number>;
  approvedFinish?: ArrayLike<number>;
  /** 1 where the work has a planned volume; absent: the check is not applicable. */
  hasVolume?: ArrayLike<number>;
  /** 1 where the work has an executor (a contractor); absent: not applicable. */
  hasExecutor?: ArrayLike<number>;
  /** Ids of the works with any resource assigned; absent: the resources check is not applicable. */
  withResources?: ReadonlySet<string>;
  /**
   * The resources the version's assignments use, with their availability, and the assignments (of own
   * works only); absent: the over-allocation check is not applicable.
   */
  resources?: readonly ResourceInput[];
  assignments?: readonly AssignmentInput[];
}

export interface ScheduleAnalysis {
  /** Every check of `ANALYSIS_CHECKS`, in that order. */
  checks: AnalysisCheck[];
  /** The mean score of the applicable checks (0–100). */
  score: number;
  dcmaPassed: number;
  dcmaApplicable: number;
  /** Incomplete normal tasks: the DCMA's "total tasks", the population of most checks. */
  taskCount: number;
  relationCount: number;
  dataDate: string;
  projectFinish: string;
  /** The approved plan's finish (latest approved finish of the works), null without one. */
  approvedFinish: string | null;
}

const HARD_CONSTRAINTS: ReadonlySet<ConstraintType> = new Set(['not_later', 'in_date', 'mandatory']);

/** Collects the works behind a finding: a count, and the first ids in schedule order. */
class Finding {
  count = 0;
  readonly ids: string[] = [];
  readonly #seen = new Set<number>();
  constructor(
    readonly workIds: readonly string[],
    readonly limit: number,
  ) {}
  /** Counts one more item (a work or a relation); `work` is the work shown for it (-1: none, e.g. external). */
  add(work: number, own: boolean): void {
    this.count++;
    if (work < 0 || !own || this.#seen.has(work)) return;
    this.#seen.add(work);
    if (this.ids.length < this.limit) this.ids.push(this.workIds[work]!);
  }
  get workTotal(): number {
    return this.#seen.size;
  }
}

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * "Is this schedule sound?" — the DCMA 14-point assessment and the further checks of `EXTRA_CHECKS` on
 * one schedule, calculated here from its input (so the figures never rest on a stale calculation).
 * Which works count (docs/product-rules.md, "Schedule assistant"):
 *
 * - **Tasks** (the DCMA's "total tasks"): the version's own leaf works of type task or work that are not
 *   complete — not summaries, WBS summaries, level of effort, drafts nor milestones (zero-duration events),
 *   as the DCMA's guidance and the common checkers (Acumen Fuse, P6's schedule check) count them. The
 *   population of logic, hard constraints, high float, negative float, high duration, resources, float
 *   erosion, volumes and executors; those with a limited resource assigned, of resource over-allocation.
 * - **Relations**: those into a work that is not complete, drafts at neither end — leads, lags,
 *   relationship types (and redundant links among them).
 * - **Activities**: tasks and milestones (not level of effort nor summaries) — open ends, finish drift,
 *   invalid dates, out-of-sequence progress.
 * - Missed tasks and BEI look back: every task (complete or not) whose approved finish is on or before
 *   the data date.
 *
 * Pure: reads its input, calculates with the engine (the schedule, once more for the critical path test
 * with a delay — incrementally — and once for the approved plan's floats) and returns plain data.
 */
export function analyseSchedule(
  project: EngineProject,
  options: CalculateOptions | undefined,
  facts: AnalysisFacts = {},
  settings: AnalysisSettings = {},
): ScheduleAnalysis {
  const thresholds = { ...DEFAULT_THRESHOLDS, ...settings.thresholds };
  const limits: AnalysisLimits = { ...DEFAULT_LIMITS, ...settings.limits };
  const idLimit = settings.workIdLimit ?? 200;
  const scheduler = new Scheduler(project, options);
  const result = scheduler.result();
  // Read before the critical path test's edit, which changes the model's arrays of one work.
  const model = scheduler.model;
  const n = model.workCount;
  const own = Math.min(facts.ownWorkCount ?? n, n);
  const ids = model.workIds;
  const finding = () => new Finding(ids, idLimit);
  const calendarOf = (i: number): Calendar => model.calendars[model.calendar[i]!]!;
  const days = (i: number, minutes: number) => calendarDaysFromMinutes(calendarOf(i), minutes);
  const hasDataDate = project.dataDate !== null && project.dataDate !== undefined;
  const dataDate = model.dataDate;

  // Who is what.
  const isTask = new Uint8Array(n); // incomplete normal task
  const isActivity = new Uint8Array(n); // task or milestone, any status
  let taskCount = 0;
  for (let i = 0; i < own; i++) {
    if (model.kind[i] !== KIND_LEAF || model.span[i] !== SPAN_NONE) continue;
    const type = model.works[i]!.type;
    if (type === 'task' || type === 'work') {
      isActivity[i] = 1;
      if (model.status[i] !== STATUS_COMPLETED) {
        isTask[i] = 1;
        taskCount++;
      }
    } else if (type === 'milestone_start' || type === 'milestone_finish') isActivity[i] = 1;
  }
  const { inStart, inEdges, outStart, outEdges, edgeFrom, edgeTo } = model.network;
  const checks = new Map<AnalysisCheckId, AnalysisCheck>();
  const put = (
    id: AnalysisCheckId,
    f: Finding | null,
    population: number,
    extra: { percent?: number | null; value?: number | null; passed?: boolean } = {},
  ) => {
    const kind = ANALYSIS_CHECK_KINDS[id];
    const threshold = thresholds[id];
    const count = f?.count ?? 0;
    const applicable = population > 0;
    const percent =
      extra.percent !== undefined ? extra.percent : applicable ? (100 * count) / population : null;
    const value = extra.value ?? null;
    let passed = false;
    if (kind === 'max_percent') passed = (percent ?? 0) <= threshold;
    else if (kind === 'max_count') passed = count <= threshold;
    else if (kind === 'min_percent') passed = (percent ?? 0) >= threshold;
    else if (kind === 'min_index') passed = (value ?? 0) >= threshold;
    else passed = extra.passed ?? false;
    const measure = kind === 'min_index' ? (value ?? 0) : (percent ?? 0);
    checks.set(id, {
      id,
      kind,
      status: applicable ? (passed ? 'pass' : 'fail') : 'not_applicable',
      count,
      population,
      percent: percent === null ? null : round(percent, 2),
      value: value === null ? null : round(value, 3),
      threshold,
      score: applicable ? checkScore(kind, threshold, passed, measure) : null,
      workIds: f?.ids ?? [],
      workTotal: f?.workTotal ?? 0,
    });
  };

  // 1. Logic: tasks without a predecessor or without a successor (summary links reach their works).
  const logic = finding();
  for (let i = 0; i < own; i++) {
    if (!isTask[i]) continue;
    if (inStart[i] === inStart[i + 1] || outStart[i] === outStart[i + 1]) logic.add(i, true);
  }
  put('logic', logic, taskCount);

  // 2–4. Leads, lags, relationship types over the relations into works still to do.
  const leads = finding();
  const lags = finding();
  const notFs = finding();
  let relationCount = 0;
  let fsCount = 0;
  const relationCounted = new Uint8Array(model.relations.length);
  for (let r = 0; r < model.relations.length; r++) {
    const p = model.relationPredecessor[r]!;
    const s = model.relationSuccessor[r]!;
    if (model.kind[p] === KIND_DRAFT || model.kind[s] === KIND_DRAFT) continue;
    if (model.kind[s] === KIND_LEAF && model.status[s] === STATUS_COMPLETED) continue;
    relationCounted[r] = 1;
    relationCount++;
    const relation = model.relations[r]!;
    const lag = relation.lagMinutes ?? 0;
    const shown = s < own ? s : -1;
    if (lag < 0) leads.add(shown, true);
    if (lag > 0) lags.add(shown, true);
    if (relation.type === 'fs') fsCount++;
    else notFs.add(shown, true);
  }
  put('leads', leads, relationCount);
  put('lags', lags, relationCount);
  put('relationship_types', notFs, relationCount, {
    percent: relationCount > 0 ? (100 * fsCount) / relationCount : null,
  });

  // 5. Hard constraints: start or finish no later than, on, or mandatory; and MS Project's manually
  // scheduled tasks, which stay on their date whatever their predecessors do.
  const hard = finding();
  for (let i = 0; i < own; i++) {
    if (!isTask[i]) continue;
    const c = model.works[i]!.constraint;
    if (
      (c?.start && HARD_CONSTRAINTS.has(c.start.type)) ||
      (c?.finish && HARD_CONSTRAINTS.has(c.finish.type)) ||
      model.manual[i] === 1
    )
      hard.add(i, true);
  }
  put('hard_constraints', hard, taskCount);

  // 6–7. High and negative total float.
  const highFloat = finding();
  const negativeFloat = finding();
  for (let i = 0; i < own; i++) {
    if (!isTask[i] || result.earlyStart[i] === NO_TIME) continue;
    const float = result.totalFloat[i]!;
    if (days(i, float) > limits.highFloatDays) highFloat.add(i, true);
    if (float < 0) negativeFloat.add(i, true);
  }
  put('high_float', highFloat, taskCount);
  put('negative_float', negativeFloat, taskCount);

  // 8. High duration: the original duration, as planned.
  const highDuration = finding();
  for (let i = 0; i < own; i++) {
    if (isTask[i] && days(i, model.works[i]!.durationMinutes) > limits.highDurationDays)
      highDuration.add(i, true);
  }
  put('high_duration', highDuration, taskCount);

  // 9. Invalid dates: actual dates after the data date; a forecast (early) date before it for work still to do.
  const invalid = finding();
  let activityCount = 0;
  for (let i = 0; i < own; i++) {
    if (!isActivity[i]) continue;
    activityCount++;
    const actualStart = model.actualStart[i]!;
    const actualFinish = model.actualFinish[i]!;
    const status = model.status[i]!;
    const actualAfter = hasDataDate && (actualStart > dataDate || actualFinish > dataDate);
    const forecastBefore =
      (status === 0 && result.earlyStart[i] !== NO_TIME && result.earlyStart[i]! < dataDate) ||
      (status === STATUS_IN_PROGRESS &&
        result.earlyFinish[i] !== NO_TIME &&
        result.earlyFinish[i]! < dataDate);
    if (actualAfter || forecastBefore) invalid.add(i, true);
  }
  put('invalid_dates', invalid, activityCount);

  // 10. Resources: tasks with a duration and no resource assigned.
  const resources = finding();
  let resourcePopulation = 0;
  if (facts.withResources) {
    for (let i = 0; i < own; i++) {
      if (!isTask[i] || model.works[i]!.durationMinutes <= 0) continue;
      resourcePopulation++;
      if (!facts.withResources.has(ids[i]!)) resources.add(i, true);
    }
  }
  put('resources', resources, resourcePopulation);

  // Resource over-allocation: tasks that need a resource on a day (from the data date) its plan demand
  // exceeds its availability, the assignments placed on the calculated dates.
  const overAllocated = finding();
  let overPopulation = 0;
  const load =
    facts.resources && facts.assignments
      ? overAllocation(
          model,
          facts.resources,
          facts.assignments,
          { start: result.earlyStart, finish: result.earlyFinish },
          Math.floor(dataDate / MINUTES_PER_DAY),
        )
      : null;
  if (load) {
    for (let i = 0; i < own; i++) {
      if (!isTask[i] || !load.limited[i]) continue;
      overPopulation++;
      if (load.over[i]) overAllocated.add(i, true);
    }
  }
  put('over_allocation', overAllocated, overPopulation, {
    value: load && overPopulation > 0 ? load.resourceCount : null,
  });

  // 11, 14. Missed tasks and BEI: tasks due by the data date in the approved plan.
  const approvedFinish = facts.approvedFinish;
  const approvedStart = facts.approvedStart;
  const approvedOf = (array: ArrayLike<number> | undefined, i: number) => {
    const value = array?.[i];
    return value === undefined || value === NO_TIME ? NO_TIME : value;
  };
  const missed = finding();
  let due = 0;
  let completed = 0;
  for (let i = 0; i < own; i++) {
    if (model.kind[i] !== KIND_LEAF || model.span[i] !== SPAN_NONE) continue;
    const type = model.works[i]!.type;
    if (type !== 'task' && type !== 'work') continue;
    const actualFinish = model.actualFinish[i]!;
    if (model.status[i] === STATUS_COMPLETED) completed++;
    const baseFinish = approvedOf(approvedFinish, i);
    if (baseFinish === NO_TIME || baseFinish > dataDate) continue;
    due++;
    if (actualFinish === NO_TIME || actualFinish > baseFinish) missed.add(i, true);
  }
  const missedPopulation = hasDataDate ? due : 0;
  put('missed_tasks', missed, missedPopulation);

  // 13. CPLI: (critical path length + its float to the target) / critical path length, in working days
  // of the default calendar; the target is the "must finish by", else the approved plan's finish.
  let approvedProjectFinish = NO_TIME;
  for (let i = 0; i < own; i++) {
    const f = approvedOf(approvedFinish, i);
    if (f !== NO_TIME && f > approvedProjectFinish) approvedProjectFinish = f;
  }
  const target = model.projectFinishLimit !== NO_TIME ? model.projectFinishLimit : approvedProjectFinish;
  const defaultCalendar = model.calendars[model.defaultCalendar]!;
  const from = Math.max(dataDate, model.projectStart) as Minutes;
  const pathLength = calendarWorkingMinutesBetween(defaultCalendar, from, result.projectFinish);
  const critical = finding();
  for (let i = 0; i < own; i++) if (isTask[i] && result.critical[i] === 1) critical.add(i, true);
  if (target !== NO_TIME && pathLength > 0) {
    const float = calendarWorkingMinutesBetween(defaultCalendar, result.projectFinish, target as Minutes);
    put('cpli', critical, 1, { percent: null, value: (pathLength + float) / pathLength });
  } else put('cpli', critical, 0, { value: null });
  const cpli = checks.get('cpli')!;
  cpli.count = 0;

  put('bei', missed, missedPopulation, { percent: null, value: due > 0 ? completed / due : null });
  checks.get('bei')!.count = missed.count;

  // Open ends: no start driven (all predecessors into its finish) or no finish that drives anything.
  const openEnds = finding();
  let openPopulation = 0;
  for (let i = 0; i < own; i++) {
    if (!isActivity[i] || model.status[i] === STATUS_COMPLETED) continue;
    openPopulation++;
    const type = model.works[i]!.type;
    let startDriven = false;
    let finishDrives = false;
    for (let k = inStart[i]!; k < inStart[i + 1]!; k++) {
      const e = inEdges[k]!;
      if (type !== 'task' && type !== 'work') startDriven = true;
      else if (model.edgeFlags[e]! & EDGE_SUCC_START) startDriven = true;
    }
    for (let k = outStart[i]!; k < outStart[i + 1]!; k++) {
      const e = outEdges[k]!;
      if (type !== 'task' && type !== 'work') finishDrives = true;
      else if (!(model.edgeFlags[e]! & EDGE_PRED_START)) finishDrives = true;
    }
    if ((!startDriven && type !== 'milestone_start') || (!finishDrives && type !== 'milestone_finish'))
      openEnds.add(i, true);
  }
  put('open_ends', openEnds, openPopulation);

  // Out-of-sequence progress: a work started (or finished) while a predecessor it depends on had not.
  const outOfSequence = finding();
  let started = 0;
  const flagged = new Uint8Array(n);
  for (let i = 0; i < own; i++) {
    if (!isActivity[i] || model.actualStart[i] === NO_TIME) continue;
    started++;
    for (let k = inStart[i]!; k < inStart[i + 1]!; k++) {
      const e = inEdges[k]!;
      const p = edgeFrom[e]!;
      const flags = model.edgeFlags[e]!;
      const succTime = flags & EDGE_SUCC_START ? model.actualStart[i]! : model.actualFinish[i]!;
      if (succTime === NO_TIME) continue;
      const predTime = flags & EDGE_PRED_START ? model.actualStart[p]! : model.actualFinish[p]!;
      if (predTime === NO_TIME || predTime > succTime) {
        if (!flagged[i]) outOfSequence.add(i, true);
        flagged[i] = 1;
      }
    }
  }
  put('out_of_sequence', outOfSequence, started);

  // Redundant links: an FS relation another FS path between the same works already implies.
  const redundant = finding();
  let fsPopulation = 0;
  const redundantEdge = redundantEdges(model);
  for (let r = 0; r < model.relations.length; r++) {
    if (!relationCounted[r]) continue;
    fsPopulation++;
    for (let k = model.relationEdgeStart[r]!; k < model.relationEdgeStart[r + 1]!; k++) {
      const e = model.relationEdges[k]!;
      if (redundantEdge[e]) {
        redundant.add(edgeTo[e]! < own ? edgeTo[e]! : -1, true);
        break;
      }
    }
  }
  put('redundant_links', redundant, fsPopulation);

  // Float erosion: the approved plan calculated on its own dates gives each work its float then.
  const erosion = finding();
  let erosionPopulation = 0;
  const approvedFloat =
    approvedStart && approvedFinish
      ? approvedPlanFloat(project, options, model, own, approvedStart, approvedFinish)
      : null;
  if (approvedFloat) {
    for (let i = 0; i < own; i++) {
      if (!isTask[i] || approvedFloat.earlyStart[i] === NO_TIME || result.earlyStart[i] === NO_TIME) continue;
      if (approvedOf(approvedFinish, i) === NO_TIME || approvedOf(approvedStart, i) === NO_TIME) continue;
      erosionPopulation++;
      if (days(i, approvedFloat.totalFloat[i]! - result.totalFloat[i]!) > limits.floatErosionDays)
        erosion.add(i, true);
    }
  }
  put('float_erosion', erosion, erosionPopulation);

  // Finish drift: forecast finish later than the approved finish by more than the limit.
  const drift = finding();
  let driftPopulation = 0;
  for (let i = 0; i < own; i++) {
    if (!isActivity[i] || model.status[i] === STATUS_COMPLETED) continue;
    const base = approvedOf(approvedFinish, i);
    if (base === NO_TIME || result.earlyFinish[i] === NO_TIME) continue;
    driftPopulation++;
    const late = calendarWorkingMinutesBetween(
      calendarOf(i),
      base as Minutes,
      result.earlyFinish[i]! as Minutes,
    );
    if (days(i, late) > limits.finishDriftDays) drift.add(i, true);
  }
  put('finish_drift', drift, driftPopulation, {
    value:
      approvedProjectFinish === NO_TIME
        ? null
        : calendarDaysFromMinutes(
            defaultCalendar,
            calendarWorkingMinutesBetween(
              defaultCalendar,
              approvedProjectFinish as Minutes,
              result.projectFinish,
            ),
          ),
  });

  // Works without volumes or executors.
  for (const [id, has] of [
    ['no_volume', facts.hasVolume],
    ['no_executor', facts.hasExecutor],
  ] as const) {
    const f = finding();
    let population = 0;
    if (has) {
      for (let i = 0; i < own; i++) {
        if (!isTask[i]) continue;
        population++;
        if (!has[i]) f.add(i, true);
      }
    }
    put(id, f, population);
  }

  // 12. Critical path test, last: its edit changes the scheduler (and its model) for good.
  const cpTest = criticalPathTest(model, scheduler, result, isTask, limits.criticalPathDelayDays);
  const cpFinding = finding();
  if (cpTest.work >= 0) cpFinding.add(cpTest.work, true);
  if (cpTest.passed) cpFinding.count = 0;
  put('critical_path_test', cpFinding, cpTest.work >= 0 ? 1 : 0, {
    percent: null,
    value: cpTest.shiftDays,
    passed: cpTest.passed,
  });

  const ordered = ANALYSIS_CHECKS.map((id) => checks.get(id)!);
  const applicable = ordered.filter((c) => c.score !== null);
  const dcma = ordered.filter(
    (c) => (DCMA_CHECKS as readonly string[]).includes(c.id) && c.status !== 'not_applicable',
  );
  return {
    checks: ordered,
    score: applicable.length
      ? Math.round(applicable.reduce((sum, c) => sum + c.score!, 0) / applicable.length)
      : 100,
    dcmaPassed: dcma.filter((c) => c.status === 'pass').length,
    dcmaApplicable: dcma.length,
    taskCount,
    relationCount,
    dataDate: timeToIso(dataDate as Minutes),
    projectFinish: timeToIso(result.projectFinish),
    approvedFinish: approvedProjectFinish === NO_TIME ? null : timeToIso(approvedProjectFinish as Minutes),
  };
}

/**
 * DCMA check 12: the critical task that starts first (incomplete, critical, with dates) gets a delay of
 * `delayDays` working days of its calendar — its duration, or what remains of it once started — and the
 * schedule is recalculated incrementally. The test passes when the project finish moves by the delay
 * (within one working day of the task's calendar), so the critical path runs unbroken from that task to
 * the finish. Not applicable without such a task.
 */
function criticalPathTest(
  model: ProjectModel,
  scheduler: Scheduler,
  result: ScheduleResult,
  isTask: Uint8Array,
  delayDays: number,
): { work: number; passed: boolean; shiftDays: number | null } {
  let work = -1;
  for (let i = 0; i < model.workCount; i++) {
    if (!isTask[i] || result.critical[i] !== 1 || result.earlyStart[i] === NO_TIME) continue;
    if (work < 0 || result.earlyStart[i]! < result.earlyStart[work]!) work = i;
  }
  if (work < 0) return { work, passed: false, shiftDays: null };
  const calendar = model.calendars[model.calendar[work]!]!;
  const delay = calendarMinutesFromDays(calendar, delayDays);
  const input = model.works[work]!;
  const patch: Partial<WorkInput> =
    model.status[work] === STATUS_IN_PROGRESS
      ? { remainingMinutes: model.baseDuration[work]! + delay }
      : { durationMinutes: input.durationMinutes + delay };
  const before = result.projectFinish;
  scheduler.updateWork(input.id, patch);
  const after = scheduler.result().projectFinish;
  const shift = calendarWorkingMinutesBetween(calendar, before, after);
  return {
    work,
    passed: shift >= delay - calendar.hoursPerDay * 60,
    shiftDays: calendarDaysFromMinutes(calendar, shift),
  };
}

/**
 * The approved plan calculated as a schedule of its own: each own work with approved dates lasts its
 * approved span (working time of its calendar), works without them their duration; no progress, no
 * constraints, from the earliest approved start. Null when no work has approved dates.
 */
function approvedPlanFloat(
  project: EngineProject,
  options: CalculateOptions | undefined,
  model: ProjectModel,
  own: number,
  approvedStart: ArrayLike<number>,
  approvedFinish: ArrayLike<number>,
): ScheduleResult | null {
  let first = Number.POSITIVE_INFINITY;
  const works = project.works.map((work, i): WorkInput => {
    const plain: WorkInput = {
      id: work.id,
      parentId: work.parentId ?? null,
      type: work.type,
      durationMinutes: work.durationMinutes,
      calendarId: work.calendarId ?? null,
    };
    if (i >= own) return { ...plain, constraint: work.constraint ?? null };
    const start = approvedStart[i];
    const finish = approvedFinish[i];
    if (start === undefined || finish === undefined || start === NO_TIME || finish === NO_TIME) return plain;
    if (start < first) first = start;
    if (model.kind[i] !== KIND_LEAF) return plain;
    const calendar = model.calendars[model.calendar[i]!]!;
    const span = calendarWorkingMinutesBetween(calendar, start as Minutes, finish as Minutes);
    return { ...plain, durationMinutes: Math.max(0, span) };
  });
  if (!Number.isFinite(first)) return null;
  try {
    return calculate(
      {
        calendars: project.calendars,
        defaultCalendarId: project.defaultCalendarId,
        works,
        relations: project.relations,
        projectStart: first as Minutes,
        projectFinish: project.projectFinish ?? null,
      },
      options,
    );
  } catch {
    return null;
  }
}
