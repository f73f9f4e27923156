/**
 * The checks of a schedule analysis ("is this schedule sound?"): the DCMA 14-point assessment, then
 * what a planner also asks. Each check measures one thing in one way (`ANALYSIS_CHECK_KINDS`) against a
 * threshold the space may change (`AnalysisSettings`).
 */

export const DCMA_CHECKS = [
  'logic',
  'leads',
  'lags',
  'relationship_types',
  'hard_constraints',
  'high_float',
  'negative_float',
  'high_duration',
  'invalid_dates',
  'resources',
  'missed_tasks',
  'critical_path_test',
  'cpli',
  'bei',
] as const;

export const EXTRA_CHECKS = [
  'open_ends',
  'out_of_sequence',
  'redundant_links',
  'float_erosion',
  'finish_drift',
  'over_allocation',
  'no_volume',
  'no_executor',
] as const;

export const ANALYSIS_CHECKS = [...DCMA_CHECKS, ...EXTRA_CHECKS] as const;
export type AnalysisCheckId = (typeof ANALYSIS_CHECKS)[number];

/**
 * How a check compares with its threshold. `max_percent`: the share of the population found may be at
 * most the threshold (%). `max_count`: the number found may be at most the threshold. `min_percent`: the
 * share must be at least the threshold (%). `min_index`: the index (CPLI, BEI) must be at least the
 * threshold. `test`: passes or fails as a whole (the critical path test).
 */
export type AnalysisCheckKind = 'max_percent' | 'max_count' | 'min_percent' | 'min_index' | 'test';

export const ANALYSIS_CHECK_KINDS: Record<AnalysisCheckId, AnalysisCheckKind> = {
  logic: 'max_percent',
  leads: 'max_count',
  lags: 'max_percent',
  relationship_types: 'min_percent',
  hard_constraints: 'max_percent',
  high_float: 'max_percent',
  negative_float: 'max_count',
  high_duration: 'max_percent',
  invalid_dates: 'max_count',
  resources: 'max_count',
  missed_tasks: 'max_percent',
  critical_path_test: 'test',
  cpli: 'min_index',
  bei: 'min_index',
  open_ends: 'max_count',
  out_of_sequence: 'max_percent',
  redundant_links: 'max_percent',
  float_erosion: 'max_percent',
  finish_drift: 'max_percent',
  over_allocation: 'max_count',
  no_volume: 'max_percent',
  no_executor: 'max_percent',
};

/** The DCMA's thresholds, and ours for the other checks (the critical path test has none: 0). */
export const DEFAULT_THRESHOLDS: Record<AnalysisCheckId, number> = {
  logic: 5,
  leads: 0,
  lags: 5,
  relationship_types: 90,
  hard_constraints: 5,
  high_float: 5,
  negative_float: 0,
  high_duration: 5,
  invalid_dates: 0,
  resources: 0,
  missed_tasks: 5,
  critical_path_test: 0,
  cpli: 0.95,
  bei: 0.95,
  open_ends: 0,
  out_of_sequence: 5,
  redundant_links: 5,
  float_erosion: 5,
  finish_drift: 5,
  over_allocation: 0,
  no_volume: 5,
  no_executor: 5,
};

/** The limits, in working days of a work's calendar, that decide whether one work counts. */
export interface AnalysisLimits {
  /** High float: total float above this many days (DCMA: 44, about two months). */
  highFloatDays: number;
  /** High duration: original duration above this many days (DCMA: 44). */
  highDurationDays: number;
  /** The critical path test's delay added to a critical task (DCMA practice: 600 days). */
  criticalPathDelayDays: number;
  /** Float erosion: total float lower than in the approved plan by more than this many days. */
  floatErosionDays: number;
  /** Finish drift: a forecast finish later than the approved finish by more than this many days. */
  finishDriftDays: number;
}

export const DEFAULT_LIMITS: AnalysisLimits = {
  highFloatDays: 44,
  highDurationDays: 44,
  criticalPathDelayDays: 600,
  floatErosionDays: 10,
  finishDriftDays: 10,
};

/** A space's settings of the analysis: any threshold or limit left out is the default. */
export interface AnalysisSettings {
  thresholds?: Partial<Record<AnalysisCheckId, number>>;
  limits?: Partial<AnalysisLimits>;
  /** How many ids of the works behind a finding are listed (the total is always given). Default 200. */
  workIdLimit?: number;
}

export type AnalysisStatus = 'pass' | 'fail' | 'not_applicable';

/** One check's finding. */
export interface AnalysisCheck {
  id: AnalysisCheckId;
  kind: AnalysisCheckKind;
  status: AnalysisStatus;
  /** Works (or relations, for leads, lags, relationship types and redundant links) found. */
  count: number;
  /** What the count is out of (0 when nothing to measure: the check is not applicable). */
  population: number;
  /** count / population in % (relationship types: the share of FS), null without a population. */
  percent: number | null;
  /**
   * CPLI or BEI; for the critical path test, how far the project finish moved (working days); for finish
   * drift the project's drift (working days); for over-allocation how many resources are over-allocated.
   */
  value: number | null;
  threshold: number;
  /** 100 when within the threshold, falling to 0 as the finding grows; null when not applicable. */
  score: number | null;
  /** Ids of the works behind the finding, in schedule order, at most `workIdLimit`. */
  workIds: string[];
  /** How many works are behind the finding in all. */
  workTotal: number;
}

/**
 * The score of a check (0–100): 100 when it passes; else falling in a straight line to 0 — a share that
 * must stay low at four times its threshold or 20 points above it, whichever is further (a 5 % check
 * scores 0 at 20 %; a count that must be 0 at 20 % of the population), an index at 0.25 below its
 * threshold, a share that must be high (FS ≥ 90 %) at 30 points below it. A failed check scores at most
 * 99, and the critical path test 100 or 0.
 */
export function checkScore(
  kind: AnalysisCheckKind,
  threshold: number,
  passed: boolean,
  measure: number,
): number {
  if (passed) return 100;
  let score = 0;
  if (kind === 'min_index') score = 100 * (1 - (threshold - measure) / 0.25);
  else if (kind === 'min_percent') score = 100 * (1 - (threshold - measure) / 30);
  else if (kind !== 'test') {
    const limit = kind === 'max_percent' ? threshold : 0;
    const zero = Math.max(limit * 4, limit + 20);
    score = 100 * (1 - (measure - limit) / (zero - limit));
  }
  return Math.min(99, Math.max(0, Math.round(score)));
}
