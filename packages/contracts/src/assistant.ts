import { z } from 'zod';
import { id } from './api';
import { VALIDATION } from './messages';

/**
 * The schedule assistant (API: AI schedule-analytics, history-list, history-item; docs/product-rules.md,
 * "Schedule assistant"). Its first part is the schedule analysis — "is this schedule sound?": the DCMA
 * 14-point assessment, then what a planner also asks. The engine figures the checks
 * (`@takt/engine`, `analyseSchedule`); these are their names and the inputs of the calls.
 */
export const ASSISTANT_DCMA_CHECKS = [
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

export const ASSISTANT_CHECKS = [
  ...ASSISTANT_DCMA_CHECKS,
  'open_ends',
  'out_of_sequence',
  'redundant_links',
  'float_erosion',
  'finish_drift',
  'over_allocation',
  'no_volume',
  'no_executor',
] as const;
export type AssistantCheckId = (typeof ASSISTANT_CHECKS)[number];

/** What the assistant's history keeps: analysis runs, and the decompositions applied. */
export const ASSISTANT_RUN_KINDS = ['analytics', 'decomposition'] as const;

/** The thresholds the checks compare with as a share (%), and the two that are indices. */
const INDEX_CHECKS: readonly AssistantCheckId[] = ['cpli', 'bei'];
const COUNT_CHECKS: readonly AssistantCheckId[] = [
  'leads',
  'negative_float',
  'invalid_dates',
  'resources',
  'open_ends',
  'over_allocation',
];

const number = () => z.number({ message: VALIDATION.notANumber });

/** A check's threshold: a share 0–100 %, a count up to a million, an index 0–2. */
function thresholdOf(check: AssistantCheckId) {
  if (INDEX_CHECKS.includes(check))
    return number().min(0, VALIDATION.outOfRange).max(2, VALIDATION.outOfRange);
  if (COUNT_CHECKS.includes(check))
    return number()
      .int(VALIDATION.notAnInteger)
      .min(0, VALIDATION.outOfRange)
      .max(1_000_000, VALIDATION.outOfRange);
  return number().min(0, VALIDATION.outOfRange).max(100, VALIDATION.outOfRange);
}

/** A limit in working days: at least one, at most ten years of them (the critical path test's delay too). */
const days = () => number().min(1, VALIDATION.outOfRange).max(2_600, VALIDATION.outOfRange);

/**
 * A space's settings of the analysis: the thresholds that differ from the standard ones (any left out is
 * the standard's), and the day limits that decide whether one work counts.
 */
export const assistantSettings = z.object({
  thresholds: z
    .object(
      Object.fromEntries(ASSISTANT_CHECKS.map((check) => [check, thresholdOf(check).optional()])) as Record<
        AssistantCheckId,
        z.ZodOptional<z.ZodNumber>
      >,
    )
    .strict()
    .default({}),
  limits: z
    .object({
      highFloatDays: days().optional(),
      highDurationDays: days().optional(),
      criticalPathDelayDays: days().optional(),
      floatErosionDays: days().optional(),
      finishDriftDays: days().optional(),
    })
    .strict()
    .default({}),
});
export type AssistantSettings = z.infer<typeof assistantSettings>;

export const saveAssistantSettingsInput = assistantSettings.extend({ spaceId: id });

/** Runs the analysis of a version (and keeps it in the history). */
export const scheduleAnalyticsInput = z.object({ spaceId: id, versionId: id });

/** The history of a version, newest first. */
export const assistantHistoryInput = z.object({
  spaceId: id,
  versionId: id,
  kind: z.enum(ASSISTANT_RUN_KINDS).default('analytics'),
  limit: z.number().int().min(1).max(200).default(50),
});

/** One run of the history, compared with another of the same version when `otherRunId` is given. */
export const assistantHistoryItemInput = z.object({
  spaceId: id,
  runId: id,
  otherRunId: id.optional(),
});
