import { z } from 'zod';
import { id } from './api';
import { EXPORT_FORMATS, uploadedFile } from './interchange';
import { VALIDATION } from './messages';
import { CALCULATION_SCENARIOS } from './resources';
import { scheduleDate } from './schedule';
import { optionalText, requiredText } from './validation';

/**
 * Facilities, projects and schedules beyond the EPS tree (API schedules/{id}, actual/info, settings; projects'
 * details, settings, copy, calculation settings, links, gwbs; versions' users, check-empty-works, activities;
 * a node's passport file; delegations given and received). docs/product-rules.md, "Projects and schedule settings".
 */

const revision = z
  .number({ message: VALIDATION.notANumber })
  .int({ message: VALIDATION.notAnInteger })
  .min(1);
const longText = z.string().trim().max(500, { message: VALIDATION.maxLength });

/** The engine options a calculation runs with, as a project or schedule sets them (P6's scheduling options). */
export const calculationOptions = z.object({
  /** the calendar a relation's lag counts in */
  lagCalendar: z.enum(['predecessor', 'successor', '24h', 'project']).optional(),
  /** total float computed as start float, finish float or the smallest of both */
  totalFloat: z.enum(['start', 'finish', 'smallest']).optional(),
  /** progressed works scheduled by retained logic, progress override or actual dates */
  progress: z.enum(['retained_logic', 'progress_override', 'actual_dates']).optional(),
  /** works without successors are critical */
  openEndsCritical: z.boolean().optional(),
  /** works with an expected finish finish there */
  useExpectedFinish: z.boolean().optional(),
  /** start-to-start lags counted from the predecessor's actual start or its remaining early start */
  startLagFrom: z.enum(['actual_start', 'early_start']).optional(),
  /** critical works: total float at most this many minutes (0: none left), or the longest path */
  critical: z
    .union([
      z.object({ kind: z.literal('total_float'), thresholdMinutes: z.number().int().min(0).max(600_000) }),
      z.object({ kind: z.literal('longest_path') }),
    ])
    .optional(),
});
export type CalculationOptions = z.infer<typeof calculationOptions>;

/** A project's calculation settings (API projects/{id}/calculate-settings). */
export const calculateSettings = z.object({
  /** the resource scenario new versions of the project's schedules start with */
  scenario: z
    .number()
    .int()
    .refine((n) => (CALCULATION_SCENARIOS as readonly number[]).includes(n), { message: VALIDATION.required })
    .optional(),
  options: calculationOptions,
});
export type CalculateSettings = z.infer<typeof calculateSettings>;

/** A schedule's settings (API schedules/{id} PATCH settings). */
export const scheduleSettings = z.object({
  description: longText.optional(),
  /** the calendar new versions of the schedule start with; null: the space's default */
  calendarId: id.nullable().optional(),
  /** the schedule's own calculation options, over its project's; null: the project's */
  calculation: calculationOptions.nullable().optional(),
});
export type ScheduleSettings = z.infer<typeof scheduleSettings>;

/** A project's settings (API projects/{id}/settings). */
export const projectSettings = z.object({
  description: longText.optional(),
  address: longText.optional(),
  customer: optionalText.optional(),
  contractor: optionalText.optional(),
  /** the project's planned start and finish (its contract dates) */
  plannedStart: scheduleDate.nullable().optional(),
  plannedFinish: scheduleDate.nullable().optional(),
});
export type ProjectSettings = z.infer<typeof projectSettings>;

// ── schedules ─────────────────────────────────────────────────────────────────────────────────
export const scheduleIdInput = z.object({ spaceId: id, scheduleId: id });
/** Deleting a schedule takes its versions: the caller confirms it. */
export const deleteScheduleInput = scheduleIdInput.extend({
  confirm: z.literal(true, { message: VALIDATION.required }),
});
export const updateScheduleSettingsInput = scheduleIdInput.extend({ settings: scheduleSettings, revision });

// ── facilities and projects ───────────────────────────────────────────────────────────────────
export const facilityInput = z.object({ spaceId: id, facilityId: id });
export const projectInput = z.object({ spaceId: id, projectId: id });
export const updateProjectSettingsInput = projectInput.extend({ settings: projectSettings, revision });
export const copyProjectInput = projectInput.extend({
  /** the facility the copy goes to; absent: beside the project */
  facilityId: id.optional(),
  name: requiredText.optional(),
});
export const saveCalculateSettingsInput = projectInput.extend({
  settings: calculateSettings,
  /** also give the options to the versions of the project's schedules that set their own (unlocked ones) */
  applyToVersions: z.boolean().optional(),
});

export const PROJECT_LINK_KINDS = ['depends_on', 'supplies', 'related'] as const;
export type ProjectLinkKind = (typeof PROJECT_LINK_KINDS)[number];
export const createProjectLinkInput = projectInput.extend({
  otherProjectId: id,
  kind: z.enum(PROJECT_LINK_KINDS),
  comment: longText.optional(),
});
export const projectLinkInput = z.object({ spaceId: id, projectLinkId: id });

// ── versions ──────────────────────────────────────────────────────────────────────────────────
/** What check-empty-works looks for: works with no duration, no volume, no resources, no relations. */
export const EMPTY_WORK_CHECKS = ['duration', 'volume', 'resources', 'relations'] as const;
export type EmptyWorkCheck = (typeof EMPTY_WORK_CHECKS)[number];
export const checkEmptyWorksInput = z.object({
  spaceId: id,
  versionId: id,
  /** the checks to run (comma-separated on REST); absent: all */
  checks: z
    .union([z.array(z.enum(EMPTY_WORK_CHECKS)), z.string().max(100)])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return [...EMPTY_WORK_CHECKS];
      const list = typeof value === 'string' ? value.split(',').filter(Boolean) : value;
      const bad = list.filter((c) => !(EMPTY_WORK_CHECKS as readonly string[]).includes(c));
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: VALIDATION.required });
        return z.NEVER;
      }
      return [...new Set(list)] as EmptyWorkCheck[];
    }),
});

/** The most ids check-empty-works lists per check (the counts are whole). */
export const EMPTY_WORKS_MAX_IDS = 1000;

export const ACTIVITIES_PAGE_MAX = 200;
export const activitiesInput = z.object({
  spaceId: id,
  /** a version's activity, or (with scheduleId) all versions of a schedule */
  versionId: id.optional(),
  scheduleId: id.optional(),
  /** entries older than this cursor (the last entry's `cursor` of the page before) */
  before: z.string().max(40).optional(),
  limit: z.number().int().min(1).max(ACTIVITIES_PAGE_MAX).optional(),
});

// ── a node's passport ─────────────────────────────────────────────────────────────────────────
/** The most bytes a passport file may have. */
export const PASSPORT_MAX_BYTES = 50 * 1024 * 1024;
export const passportInput = z.object({ spaceId: id, nodeId: id });
export const uploadPassportInput = passportInput.extend({ file: uploadedFile });

/** A version's file: the one it was uploaded from, else an export in `format`. */
export const versionFileInput = z.object({
  spaceId: id,
  scheduleId: id,
  versionId: id,
  format: z.enum(EXPORT_FORMATS).optional(),
});
