import type { Calendar } from '../calendar.js';
import {
  calendarMinutesFromDays,
  calendarNextWorkingInstant,
  calendarPreviousWorkingInstant,
  calendarWorkingTime,
} from '../calendar.js';
import { EngineError } from '../engine-error.js';
import { MINUTES_PER_DAY, timeFromDateInput, timeToIso } from '../time.js';
import type { ConstraintInput, DateInput, Minutes, WorkStatus } from '../types.js';
import { resourceDayFromDate } from './resource-model.js';
import type { DatedQuantity } from './resource-types.js';

/**
 * The spec's calculation scenarios: 1 by progress (a percentage), 6 by physical volume, 9 by labour,
 * 12 by cost — progress is fact ÷ plan of that measure.
 */
export type ScenarioNumber = 1 | 6 | 9 | 12;

/**
 * How the remaining duration follows from the progress p:
 * - `actual_duration`: the pace so far continues: remaining = elapsed × (1 − p) ÷ p (the initial
 *   duration's share while nothing is done yet); the default of scenarios 6, 9 and 12;
 * - `initial_duration`: remaining = initial duration × (1 − p); the default of scenario 1;
 * - `target_duration`: remaining = target duration × (1 − p);
 * - `base_intensity`: remaining = (plan − fact) ÷ intensity, in working days of `hoursPerDay`, where the
 *   intensity is the given base intensity (quantity per working day) or plan ÷ initial days.
 */
export type ScenarioVariant = 'actual_duration' | 'initial_duration' | 'target_duration' | 'base_intensity';

/** Dates taken from the daily volume plan: its first day starts the work, its last day ends it. */
export type ScenarioAutoDates = 'none' | 'start' | 'finish' | 'both';

export const SCENARIO_NUMBERS: readonly ScenarioNumber[] = [1, 6, 9, 12];
export const SCENARIO_VARIANTS: readonly ScenarioVariant[] = [
  'actual_duration',
  'initial_duration',
  'target_duration',
  'base_intensity',
];

export interface ScenarioWork {
  /** Initial (planned) duration in working minutes. */
  initialDurationMinutes: number;
  /** A target duration in working minutes (for `target_duration`). */
  targetDurationMinutes?: number | null;
  /** The current planned start (used when a finish comes from the daily plan and nothing started). */
  plannedStart?: DateInput | null;
  actualStart?: DateInput | null;
  actualFinish?: DateInput | null;
  /** Scenario 1: percent complete, 0–100. */
  progressPercent?: number | null;
  /** Scenarios 6, 9, 12: planned and actual totals of the measure (volume, labour hours, money). */
  plan?: number | null;
  fact?: number | null;
  /** Quantity per working day for `base_intensity`; default plan ÷ initial duration in days. */
  baseIntensity?: number | null;
  /** The daily volume plan (quantities per day) for automatic dates. */
  dailyPlan?: readonly DatedQuantity[] | null;
}

export interface ScenarioOptions {
  scenario: ScenarioNumber;
  variant?: ScenarioVariant | null;
  autoDates?: ScenarioAutoDates | null;
  /** The work's compiled calendar (`calendarCompile`). */
  calendar: Calendar;
  dataDate: DateInput;
}

/** What a scenario gives a work, and the edit that applies it (a `WorkPatch` for the `Scheduler`). */
export interface ScenarioResult {
  /** 0–1. */
  progress: number;
  status: WorkStatus;
  /** Working minutes from the actual start to the data date (or the actual finish). */
  elapsedMinutes: number;
  remainingMinutes: number;
  /** Elapsed plus remaining: the duration at completion. */
  durationMinutes: number;
  /** Quantity per working day behind the remaining duration (observed or base); null for scenario 1. */
  intensity: number | null;
  /** Start and finish taken from the daily plan (ISO), else null. */
  start: string | null;
  finish: string | null;
  patch: {
    durationMinutes?: number;
    remainingMinutes?: number;
    status: WorkStatus;
    constraint?: ConstraintInput;
  };
}

function invalid(message: string): EngineError {
  return new EngineError('invalid_progress', message);
}

const nonNegative = (value: number | null | undefined, what: string): number | null => {
  if (value == null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw invalid(`${what} must be a number ≥ 0`);
  return value;
};

/** Remaining working minutes to do `quantity` at `perDay` a working day of the calendar's `hoursPerDay`. */
export function scenarioRemainingByIntensity(calendar: Calendar, quantity: number, perDay: number): number {
  if (!(perDay > 0)) throw invalid('the intensity must be a number > 0');
  if (!(quantity >= 0)) throw invalid('the remaining quantity must be a number ≥ 0');
  return calendarMinutesFromDays(calendar, quantity / perDay);
}

/** First and last day with a planned quantity, as days since 2000-01-01 (null: the plan is empty). */
function planDays(plan: readonly DatedQuantity[]): [number, number] | null {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const entry of plan) {
    nonNegative(entry.quantity, `daily plan ${entry.date}`);
    if (entry.quantity === 0) continue;
    const day = resourceDayFromDate(entry.date, 'daily plan');
    first = Math.min(first, day);
    last = Math.max(last, day);
  }
  return Number.isFinite(first) ? [first, last] : null;
}

/**
 * A work's progress and remaining duration under a calculation scenario and variant, optionally with
 * its start and/or finish from its daily volume plan. Throws `EngineError` (`invalid_progress`) when the
 * scenario lacks what it needs (a plan for 6/9/12, a target duration, an intensity, a daily plan).
 */
export function scenarioCalculate(work: ScenarioWork, options: ScenarioOptions): ScenarioResult {
  const { scenario, calendar } = options;
  if (!SCENARIO_NUMBERS.includes(scenario)) throw invalid(`unknown scenario ${scenario}`);
  const variant = options.variant ?? (scenario === 1 ? 'initial_duration' : 'actual_duration');
  if (!SCENARIO_VARIANTS.includes(variant)) throw invalid(`unknown scenario variant "${variant}"`);
  const auto = options.autoDates ?? 'none';
  if (!['none', 'start', 'finish', 'both'].includes(auto)) throw invalid(`unknown automatic dates "${auto}"`);
  const initial = nonNegative(work.initialDurationMinutes, 'initialDurationMinutes') ?? 0;
  const dataDate = timeFromDateInput(options.dataDate, 'dataDate');
  const actualStart = work.actualStart == null ? null : timeFromDateInput(work.actualStart, 'actualStart');
  const actualFinish =
    work.actualFinish == null ? null : timeFromDateInput(work.actualFinish, 'actualFinish');

  // Progress: a percentage, or fact ÷ plan of the scenario's measure.
  let progress: number;
  let plan = 1;
  let fact = 0;
  if (scenario === 1) {
    const percent = nonNegative(work.progressPercent, 'progressPercent');
    if (percent === null) throw invalid('scenario 1 needs progressPercent');
    progress = Math.min(1, percent / 100);
    fact = progress;
  } else {
    const measure = scenario === 6 ? 'physical volume' : scenario === 9 ? 'labour' : 'cost';
    plan = nonNegative(work.plan, `planned ${measure}`) ?? 0;
    fact = nonNegative(work.fact, `actual ${measure}`) ?? 0;
    if (plan === 0) throw invalid(`scenario ${scenario} needs the planned ${measure} (> 0)`);
    progress = Math.min(1, fact / plan);
  }
  if (actualFinish !== null) progress = 1;

  const until = actualFinish === null ? dataDate : Math.min(actualFinish, dataDate);
  const elapsed =
    actualStart === null
      ? 0
      : Math.max(0, calendarWorkingTime(calendar, until) - calendarWorkingTime(calendar, actualStart));
  const initialDays = initial / (calendar.hoursPerDay * 60);

  let remaining: number;
  let intensity: number | null = null;
  if (progress >= 1) remaining = 0;
  else if (variant === 'initial_duration') remaining = initial * (1 - progress);
  else if (variant === 'target_duration') {
    const target = nonNegative(work.targetDurationMinutes, 'targetDurationMinutes');
    if (target === null) throw invalid('the target duration variant needs targetDurationMinutes');
    remaining = target * (1 - progress);
  } else if (variant === 'actual_duration') {
    if (progress > 0 && elapsed > 0) {
      remaining = (elapsed * (1 - progress)) / progress;
      if (scenario !== 1) intensity = fact / (elapsed / (calendar.hoursPerDay * 60));
    } else remaining = initial * (1 - progress);
  } else {
    const base =
      nonNegative(work.baseIntensity, 'baseIntensity') ?? (initialDays > 0 ? plan / initialDays : null);
    if (base === null || base === 0)
      throw invalid('the base intensity variant needs baseIntensity or an initial duration');
    intensity = scenario === 1 ? null : base;
    remaining = scenarioRemainingByIntensity(calendar, Math.max(0, plan - fact), base);
  }
  remaining = Math.round(remaining);

  // Dates from the daily volume plan.
  let start: number | null = null;
  let finish: number | null = null;
  if (auto !== 'none') {
    const days = planDays(work.dailyPlan ?? []);
    if (days === null) throw invalid('automatic dates need a daily volume plan with a quantity');
    if ((auto === 'start' || auto === 'both') && actualStart === null) {
      start = calendarNextWorkingInstant(calendar, (days[0] * MINUTES_PER_DAY) as Minutes);
    }
    if (auto === 'finish' || auto === 'both') {
      finish = calendarPreviousWorkingInstant(calendar, ((days[1] + 1) * MINUTES_PER_DAY) as Minutes);
      const from =
        actualStart !== null
          ? Math.max(dataDate, actualStart)
          : (start ??
            (work.plannedStart == null ? null : timeFromDateInput(work.plannedStart, 'plannedStart')));
      if (from === null)
        throw invalid(
          'an automatic finish needs a start: plannedStart, an actual start or an automatic start',
        );
      if (progress < 1)
        remaining = Math.max(0, calendarWorkingTime(calendar, finish) - calendarWorkingTime(calendar, from));
    }
  }

  const status: WorkStatus =
    actualStart === null ? 'not_started' : progress >= 1 ? 'completed' : 'in_progress';
  const duration = status === 'not_started' ? remaining : elapsed + remaining;
  const patch: ScenarioResult['patch'] = { status };
  if (status === 'not_started') patch.durationMinutes = duration;
  else if (status === 'in_progress') patch.remainingMinutes = remaining;
  if (start !== null)
    patch.constraint = { start: { type: 'not_earlier', date: timeToIso(start as Minutes) } };
  return {
    progress,
    status,
    elapsedMinutes: elapsed,
    remainingMinutes: remaining,
    durationMinutes: duration,
    intensity,
    start: start === null ? null : timeToIso(start as Minutes),
    finish: finish === null ? null : timeToIso(finish as Minutes),
    patch,
  };
}
