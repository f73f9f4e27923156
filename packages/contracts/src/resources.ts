import { z } from 'zod';
import { id } from './api';
import { VALIDATION } from './messages';
import { codeText, dayDate, revision, SCHEDULE_LIMITS, versionInput, workName } from './schedule';
import { optionalText, requiredText } from './validation';

/**
 * Resources, assignments, daily work plans (wdp), timesheets and costs (entities resource kinds,
 * distribution and reserved allocation modes, periods, scenarios; states daily plan planning status; API calls).
 */
export const RESOURCE_KINDS = ['volume', 'labour', 'cost', 'distributed_price'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export const DISTRIBUTION_MODES = ['start', 'end', 'evenly'] as const;
export type DistributionMode = (typeof DISTRIBUTION_MODES)[number];
export const RESERVED_ALLOCATION_MODES = ['by_date', 'by_fact', 'by_lag', 'by_period', 'by_volume'] as const;
export type ReservedAllocationMode = (typeof RESERVED_ALLOCATION_MODES)[number];
export const PERIODS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type Period = (typeof PERIODS)[number];
/** entities "Schedule calculation scenarios": 1 by progress, 6 by physical volume on actual duration, 9 labour, 12 cost. */
export const CALCULATION_SCENARIOS = [1, 6, 9, 12] as const;
export type CalculationScenario = (typeof CALCULATION_SCENARIOS)[number];
/** How the remaining duration follows from the progress (the engine's scenario variants; null: the scenario's default). */
export const SCENARIO_VARIANTS = [
  'actual_duration',
  'initial_duration',
  'target_duration',
  'base_intensity',
] as const;
export const TIMESHEET_STATUSES = ['draft', 'submitted', 'approved', 'declined'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
/** states "Approval decision". */
export const APPROVAL_DECISIONS = ['APPROVED', 'DECLINED'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
export const LEVELING_RULES = ['lft', 'lst', 'min_slack', 'grpw', 'spt', 'most_successors'] as const;

export const RESOURCE_LIMITS = {
  unitMaxLength: 16,
  commentMaxLength: 255,
  availabilityPeriodsMax: 500,
  entriesMax: 5000,
  /** A daily plan edit covers at most this many days per work (a year and a bit). */
  wdpDaysMax: 400,
  wdpRowsMax: 2000,
  timesheetEntriesMax: 2000,
  hoursPerDayMax: 24,
  /** The missing-volume message names this many codes, then "and N more" (error catalogue). */
  missingCodesShown: 2,
  /** How many days a daily plan, timesheet or histogram query may span. */
  rangeDaysMax: 400 * 5,
} as const;

/** Message ids of the resources area's validation texts. */
export const RESOURCE_VALIDATION = {
  periodOrder: 'resources.validation.period_order',
  lagRequired: 'resources.validation.lag_required',
  periodRequired: 'resources.validation.period_required',
  followsRequired: 'resources.validation.follows_required',
  rangeOrder: 'resources.validation.range_order',
  rangeTooLong: 'resources.validation.range_too_long',
} as const;

const amount = z
  .number({ message: VALIDATION.notANumber })
  .finite({ message: VALIDATION.notANumber })
  .min(0, { message: VALIDATION.outOfRange })
  .max(1e12, { message: VALIDATION.outOfRange });
/** One of the listed values; anything else is out of range. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: VALIDATION.outOfRange });
const int = z.number({ message: VALIDATION.notANumber }).int({ message: VALIDATION.notAnInteger });
const unit = z.string().trim().max(RESOURCE_LIMITS.unitMaxLength, { message: VALIDATION.maxLength });

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

const DAY_RANGE = { from: dayDate, to: dayDate };

/** A range of days `from`..`to` (inclusive) in order and at most `maxDays` long. */
function checkedRange<T extends { from: string; to: string }>(
  schema: z.ZodType<T>,
  maxDays: number = RESOURCE_LIMITS.rangeDaysMax,
) {
  return schema
    .refine((v) => v.from <= v.to, { message: RESOURCE_VALIDATION.rangeOrder, path: ['to'] })
    .refine((v) => daysBetween(v.from, v.to) < maxDays, {
      message: RESOURCE_VALIDATION.rangeTooLong,
      path: ['to'],
    });
}

// ── specialties and executors ─────────────────────────────────────────────────────────────────
export const createSpecialtyInput = z.object({
  spaceId: id,
  name: requiredText,
  code: optionalText.nullable().optional(),
});
export const updateSpecialtyInput = createSpecialtyInput.extend({ specialtyId: id, revision });
export const specialtyInput = z.object({ spaceId: id, specialtyId: id });
export const setUserSpecialtiesInput = z.object({
  spaceId: id,
  userId: id,
  specialtyIds: z.array(id).max(100),
});

// ── resources ─────────────────────────────────────────────────────────────────────────────────
export const availabilityPeriod = z
  .object({ from: dayDate, until: dayDate.nullable().optional(), unitsPerDay: amount })
  .refine((p) => !p.until || p.from <= p.until, {
    message: RESOURCE_VALIDATION.periodOrder,
    path: ['until'],
  });
export const resourceFields = z.object({
  name: workName,
  code: codeText.nullable(),
  kind: oneOf(RESOURCE_KINDS),
  unit: unit.nullable(),
  price: amount,
  /** Units per working day; null: unlimited. */
  unitsPerDay: amount.nullable(),
  calendarId: id.nullable(),
  periods: z.array(availabilityPeriod).max(RESOURCE_LIMITS.availabilityPeriodsMax),
  specialtyId: id.nullable(),
});
export type ResourceFields = z.infer<typeof resourceFields>;
export const createResourceInput = resourceFields
  .partial()
  .extend({ spaceId: id, name: workName, kind: oneOf(RESOURCE_KINDS) });
export const updateResourceInput = resourceFields.partial().extend({ spaceId: id, resourceId: id, revision });
export const resourceInput = z.object({ spaceId: id, resourceId: id });
export const listResourcesInput = z.object({
  spaceId: id,
  /** screens and routes query parameter `filter`: a text matched against code and name. */
  filter: z.string().max(255).optional(),
  kind: oneOf(RESOURCE_KINDS).optional(),
});

// ── assignments ───────────────────────────────────────────────────────────────────────────────
export const datedQuantity = z.object({ date: dayDate, quantity: amount });
export const assignmentFields = z.object({
  planQuantity: amount,
  approvedQuantity: amount.nullable(),
  factQuantity: amount.nullable(),
  /** Money per unit for this assignment; null: the resource's price. */
  price: amount.nullable(),
  distribution: oneOf(DISTRIBUTION_MODES),
  reserved: oneOf(RESERVED_ALLOCATION_MODES).nullable(),
  lagMinutes: int
    .min(-SCHEDULE_LIMITS.maxDurationMinutes, { message: VALIDATION.outOfRange })
    .max(SCHEDULE_LIMITS.maxDurationMinutes, { message: VALIDATION.outOfRange })
    .nullable(),
  windowMinutes: int
    .min(1, { message: VALIDATION.outOfRange })
    .max(SCHEDULE_LIMITS.maxDurationMinutes, { message: VALIDATION.outOfRange })
    .nullable(),
  period: oneOf(PERIODS).nullable(),
  entries: z.array(datedQuantity).max(RESOURCE_LIMITS.entriesMax).nullable(),
  followsId: id.nullable(),
});
export type AssignmentFields = z.infer<typeof assignmentFields>;

/** The parameters a reserved allocation mode needs (checked on the merged row by the server too). */
export function reservedModeIssue(
  v: Partial<AssignmentFields>,
): { path: keyof AssignmentFields; message: string } | null {
  if (v.reserved === 'by_lag' && (v.lagMinutes === null || v.lagMinutes === undefined))
    return { path: 'lagMinutes', message: RESOURCE_VALIDATION.lagRequired };
  if (v.reserved === 'by_period' && !v.period)
    return { path: 'period', message: RESOURCE_VALIDATION.periodRequired };
  if (v.reserved === 'by_volume' && !v.followsId)
    return { path: 'followsId', message: RESOURCE_VALIDATION.followsRequired };
  return null;
}

export const createAssignmentInput = assignmentFields
  .partial()
  .extend({ spaceId: id, versionId: id, workId: id, resourceId: id })
  .superRefine((v, ctx) => {
    const issue = reservedModeIssue(v);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export const updateAssignmentInput = assignmentFields
  .partial()
  .extend({ spaceId: id, versionId: id, assignmentId: id, revision });
export const assignmentInput = z.object({ spaceId: id, versionId: id, assignmentId: id });
export const listAssignmentsInput = z.object({ spaceId: id, versionId: id, workId: id.optional() });
/** Assigns one resource to many works at once (the checked rows); works that have it already are skipped. */
export const assignResourceInput = versionInput.extend({
  resourceId: id,
  workIds: z.array(id).min(1, { message: VALIDATION.required }).max(SCHEDULE_LIMITS.bulkMaxWorks),
  planQuantity: amount.optional(),
  distribution: oneOf(DISTRIBUTION_MODES).optional(),
});

// ── distributions (API distributions/by-eps-id, distributions/save) ───────────────────────
export const distributionsByEpsInput = z.object({
  spaceId: id,
  /** A schedule node: its actual version (or `versionId`). */
  epsId: id,
  versionId: id.optional(),
  period: oneOf(PERIODS).default('month'),
});
export const saveDistributionsInput = versionInput.extend({
  items: z
    .array(
      assignmentFields
        .pick({
          distribution: true,
          reserved: true,
          lagMinutes: true,
          windowMinutes: true,
          period: true,
          entries: true,
          followsId: true,
        })
        .partial()
        .extend({ assignmentId: id, revision }),
    )
    .min(1, { message: VALIDATION.required })
    .max(SCHEDULE_LIMITS.bulkMaxWorks),
});

// ── resource settings, histograms, leveling, costs, scenarios ─────────────────────────────────
export const levelingOptions = z.object({
  /** Move works only within their total float. */
  withinFloat: z.boolean().default(false),
  rule: oneOf(LEVELING_RULES).default('lft'),
  seed: int
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
  /** Schedules tried (random sampling and improvement passes). */
  schedules: int.min(1).max(5000).default(200),
});
export type LevelingOptions = z.infer<typeof levelingOptions>;
export const resourceSettingsFields = z.object({
  scenario: z.union([z.literal(1), z.literal(6), z.literal(9), z.literal(12)], {
    message: VALIDATION.outOfRange,
  }),
  variant: oneOf(SCENARIO_VARIANTS).nullable(),
  autoStartFromWdp: z.boolean(),
  autoFinishFromWdp: z.boolean(),
  planCostAttributeId: id.nullable(),
  factCostAttributeId: id.nullable(),
  leveling: levelingOptions.nullable(),
});
export const updateResourceSettingsInput = resourceSettingsFields
  .partial()
  .extend({ spaceId: id, versionId: id, revision });
export const HISTOGRAM_GROUPINGS = ['resource', 'kind', 'performer', 'attribute'] as const;
export const histogramInput = versionInput.extend({
  period: oneOf(PERIODS).default('day'),
  /** Resources to chart; absent: every resource assigned in the version. */
  resourceIds: z.array(id).max(200).optional(),
  /** Rows: each resource, each resource kind, the works' executor (performer), or a work attribute (work type). */
  groupBy: oneOf(HISTOGRAM_GROUPINGS).default('resource'),
  attributeId: id.optional(),
  /** Quantities in the resources' units, or money. */
  measure: oneOf(['quantity', 'cost'] as const).default('quantity'),
  from: dayDate.optional(),
  to: dayDate.optional(),
});
export const levelInput = versionInput.extend({
  resourceIds: z.array(id).max(200).optional(),
  options: levelingOptions.partial().optional(),
});
export const applyLevelingInput = versionInput.extend({
  /** The moves of the preview: each work starts not earlier than `start`. */
  moves: z
    .array(
      z.object({
        workId: id,
        revision,
        start: dayDate.or(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)),
      }),
    )
    .min(1, { message: VALIDATION.required })
    .max(SCHEDULE_LIMITS.bulkMaxWorks),
});
export const versionWorksInput = versionInput.extend({
  /** Only these works; absent: every work of the version. */
  workIds: z.array(id).max(SCHEDULE_LIMITS.bulkMaxWorks).optional(),
});

// ── daily work plans (wdp) ────────────────────────────────────────────────────────────────────
export const wdpListInput = checkedRange(
  z.object({ spaceId: id, versionId: id, workIds: z.array(id).max(5000).optional(), ...DAY_RANGE }),
);
const volume = amount.nullable();
export const wdpSaveInput = versionInput.extend({
  rows: z
    .array(
      z.object({
        workId: id,
        /** The row's revision as read (0 for a row never saved). */
        revision: int.min(0),
        values: z
          .array(z.object({ date: dayDate, planVolume: volume.optional(), factVolume: volume.optional() }))
          .min(1, { message: VALIDATION.required })
          .max(RESOURCE_LIMITS.wdpDaysMax),
      }),
    )
    .min(1, { message: VALIDATION.required })
    .max(RESOURCE_LIMITS.wdpRowsMax),
});
export const wdpPlanningInput = versionInput.extend({
  /** One row or many (bulk); revisions are checked when given. */
  rows: z
    .array(z.object({ workId: id, revision: int.min(0).optional() }))
    .min(1, { message: VALIDATION.required })
    .max(SCHEDULE_LIMITS.bulkMaxWorks),
  planning: z.boolean(),
});
export const volumePlanAtDayInput = versionInput.extend({
  date: dayDate,
  /** Only these rows; absent: every row in planning. */
  workIds: z.array(id).max(SCHEDULE_LIMITS.bulkMaxWorks).optional(),
});
export const limitForDpInput = z.object({ spaceId: id, scheduleId: id, versionId: id.optional() });

// ── timesheets ────────────────────────────────────────────────────────────────────────────────
export const timesheetListInput = checkedRange(
  z.object({
    spaceId: id,
    versionId: id,
    /** Another user's timesheet (curators); absent: the caller's own. */
    userId: id.optional(),
    /** Every user's entries of the works the caller curates. */
    curated: z.boolean().optional(),
    ...DAY_RANGE,
  }),
);
export const timesheetSaveInput = versionInput.extend({
  entries: z
    .array(
      z.object({
        workId: id,
        date: dayDate,
        /** Zero removes the entry. */
        hours: amount.max(RESOURCE_LIMITS.hoursPerDayMax, { message: VALIDATION.outOfRange }),
        comment: z
          .string()
          .trim()
          .max(RESOURCE_LIMITS.commentMaxLength, { message: VALIDATION.maxLength })
          .nullable()
          .optional(),
        /** The entry's revision as read; absent for a new entry. */
        revision: int.min(1).optional(),
      }),
    )
    .min(1, { message: VALIDATION.required })
    .max(RESOURCE_LIMITS.timesheetEntriesMax),
});
export const timesheetSubmitInput = checkedRange(z.object({ spaceId: id, versionId: id, ...DAY_RANGE }));
export const acceptedCuratorDatesInput = versionInput.extend({
  userId: id,
  dates: z.array(dayDate).min(1, { message: VALIDATION.required }).max(RESOURCE_LIMITS.wdpDaysMax),
  decision: oneOf(APPROVAL_DECISIONS),
});
export const noticeInput = z.object({ spaceId: id, noticeId: id });
