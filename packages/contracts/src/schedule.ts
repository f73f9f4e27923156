import { z } from 'zod';
import { id } from './api';
import { LIMIT_TYPES, LIMITS, LINK_TYPES, WORK_STATUSES, WORK_TYPES } from './constants';
import { VALIDATION } from './messages';
import { hasProhibitedCharacters, optionalText, requiredText } from './validation';

/**
 * The schedule workspace (entities, states, API): the EPS tree, schedule groups, versions, works
 * (WBS rows), relations, calendars, attributes, directories, calculation and undo.
 */
export const EPS_KINDS = ['facility', 'project', 'schedule'] as const;
export type EpsKind = (typeof EPS_KINDS)[number];
/** Which kind of node may hold which: facilities at the root or in facilities, projects in facilities, schedules in projects. */
export const EPS_PARENT_KINDS: Record<EpsKind, readonly (EpsKind | null)[]> = {
  facility: [null, 'facility'],
  project: ['facility'],
  schedule: ['project'],
};
export const NODE_INFO_TABS = [
  'analytics',
  'node_info',
  'task_relations',
  'directories',
  'related_schedules',
  'gallery',
  'timesheets',
  'daily_planning',
  'planning',
  'assignments',
] as const;
export const DEFAULT_NODE_INFO_TAB = 'analytics';

// Defined in constants.ts, which the payload decoder reads without the schemas here (and zod).
export { LIMIT_TYPES, LINK_TYPES, WORK_STATUSES, WORK_TYPES } from './constants';
export type WorkType = (typeof WORK_TYPES)[number];
export type LinkType = (typeof LINK_TYPES)[number];
export const PLAN_KINDS = ['plan', 'approved_plan', 'fact'] as const;
export const ATTRIBUTE_TYPES = [
  'date',
  'number',
  'string',
  'money',
  'boolean',
  'percentage',
  'indicator',
  'through',
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export const UNDO_KINDS = ['undo_wbs', 'undo_relation', 'undo_wdp'] as const;

/** Calculation status of a version (states). */
export const CALC_STATUS = { notCalculated: 0, calculated: 1, calculating: 2 } as const;
export const CALC_STATUS_TEXT = ['not_calculated', 'calculated', 'in_process'] as const;
/** Validity flag (states): whether what is shown is current, e.g. a schedule calculated since its last change. */
export const VALIDITY_FLAG = { valid: 1, notValid: 0 } as const;
/** Active flag (states): whether a thing is in use or switched off, e.g. a version open for edits or locked. */
export const ACTIVE_FLAG = { active: 1, disabled: 0 } as const;

export const SCHEDULE_LIMITS = {
  workNameMaxLength: 255,
  codeMaxLength: 64,
  bulkMaxWorks: 10_000,
  /** Versions above this many works are calculated in a worker thread. */
  workerThresholdWorks: 5_000,
  largeDemoWorks: 100_000,
  maxDurationMinutes: 50 * 365 * 24 * 60,
  /** Commands in one saved edit of the Gantt chart (a drag is one, a scripted edit a few). */
  editMaxCommands: 100,
} as const;

// ── field types ───────────────────────────────────────────────────────────────────────────────
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** A wall-clock date `YYYY-MM-DD` or date-time `YYYY-MM-DDTHH:mm` within 2000–2050 (validation rules, limits). */
export const scheduleDate = z.string({ message: VALIDATION.invalidDate }).refine(
  (value) => {
    const m = DATE_RE.exec(value);
    if (!m) return false;
    const [year, month, day, hour = 0, minute = 0] = m.slice(1).map((x) => Number(x ?? 0));
    const date = new Date(Date.UTC(year!, month! - 1, day!, hour, minute));
    return (
      year! >= LIMITS.periodMinYear &&
      year! <= LIMITS.periodMaxYear &&
      date.getUTCMonth() === month! - 1 &&
      date.getUTCDate() === day &&
      hour < 24 &&
      minute < 60
    );
  },
  { message: VALIDATION.invalidDate },
);

export const dayDate = scheduleDate.refine((v) => v.length === 10, { message: VALIDATION.invalidDate });

function longText(max: number) {
  return z
    .string({ message: VALIDATION.required })
    .trim()
    .min(1, { message: VALIDATION.required })
    .max(max, { message: VALIDATION.maxLength })
    .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters });
}

/** Work names are longer than the 32 characters of form fields: "Бетонирование перекрытия 12 этажа, секция 3". */
export const workName = longText(SCHEDULE_LIMITS.workNameMaxLength);
export const codeText = z
  .string()
  .trim()
  .max(SCHEDULE_LIMITS.codeMaxLength, { message: VALIDATION.maxLength })
  .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters });
const nonNegative = z
  .number({ message: VALIDATION.notANumber })
  .finite({ message: VALIDATION.notANumber })
  .min(0, { message: VALIDATION.outOfRange });
const int = z.number({ message: VALIDATION.notANumber }).int({ message: VALIDATION.notAnInteger });
export const revision = int;
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { message: VALIDATION.invalidDate });

export const limitInput = z.object({ type: z.enum(LIMIT_TYPES), date: scheduleDate });

/** A value of a custom attribute; its type is checked against the attribute's value type by the server. */
export const attributeValue = z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null()]);

// ── EPS and schedule groups ───────────────────────────────────────────────────────────────────
export const epsNodeInput = z.object({ spaceId: id, nodeId: id });
export const createEpsNodeInput = z.object({
  spaceId: id,
  parentId: id.nullable().optional(),
  kind: z.enum(EPS_KINDS),
  name: requiredText,
  code: optionalText.optional(),
  /** A new schedule's first version starts from this version template of the space. */
  templateId: id.optional(),
});
export const updateEpsNodeInput = z.object({
  spaceId: id,
  nodeId: id,
  name: requiredText,
  code: optionalText.optional(),
  revision,
});
export const moveEpsNodeInput = z.object({
  spaceId: id,
  nodeId: id,
  parentId: id.nullable(),
  /** Place after this sibling; null or absent: first. */
  afterId: id.nullable().optional(),
  revision,
});
export const copyEpsNodeInput = z.object({
  spaceId: id,
  nodeId: id,
  parentId: id.nullable().optional(),
  name: requiredText.optional(),
});
/** Deleting a node deletes its subtree: the caller confirms it (screens and routes "delete with confirmation"). */
export const deleteEpsNodeInput = z.object({
  spaceId: id,
  nodeId: id,
  confirm: z.literal(true, { message: VALIDATION.required }),
});
export const nodeInfoInput = z.object({
  spaceId: id,
  nodeId: id,
  tab: z.enum(NODE_INFO_TABS).default(DEFAULT_NODE_INFO_TAB),
});

export const createScheduleGroupInput = z.object({ spaceId: id, projectId: id, name: requiredText });
export const updateScheduleGroupInput = z.object({ spaceId: id, groupId: id, name: requiredText, revision });
export const scheduleGroupInput = z.object({ spaceId: id, groupId: id });
export const listScheduleGroupsInput = z.object({ spaceId: id, projectId: id.optional() });
export const moveScheduleGroupInput = z.object({
  spaceId: id,
  groupId: id,
  afterId: id.nullable().optional(),
});
export const moveScheduleToGroupInput = z.object({ spaceId: id, scheduleId: id, groupId: id.nullable() });

// ── versions ──────────────────────────────────────────────────────────────────────────────────
export const versionInput = z.object({ spaceId: id, versionId: id });
export const scheduleInput = z.object({ spaceId: id, scheduleId: id });
/**
 * Live updates of an open version. The stream first says where the version stands, so the client's own
 * standing is not sent; `lastEventId` is what tRPC's client adds when it reconnects, accepted and unused.
 */
export const liveVersionInput = z.object({
  spaceId: id,
  versionId: id,
  lastEventId: z.string().max(40).optional(),
});
export const createVersionInput = z.object({
  spaceId: id,
  scheduleId: id,
  name: requiredText,
  /** Start from a copy of this version of the same space (any schedule); empty otherwise. */
  copyFromVersionId: id.optional(),
  /** Start from a version template of the space (not with a copy). */
  templateId: id.optional(),
});
export const updateVersionInput = z.object({
  spaceId: id,
  versionId: id,
  name: requiredText.optional(),
  projectStart: scheduleDate.nullable().optional(),
  dataDate: scheduleDate.nullable().optional(),
  calendarId: id.nullable().optional(),
  revision,
});
export const copyVersionInput = z.object({
  spaceId: id,
  versionId: id,
  /** The schedule receiving the copy (API versions/{id}/copy-to/{id}). */
  scheduleId: id,
  name: requiredText.optional(),
});
export const setVersionLockedInput = z.object({ spaceId: id, versionId: id, locked: z.boolean() });
export const deleteVersionInput = z.object({
  spaceId: id,
  versionId: id,
  confirm: z.literal(true, { message: VALIDATION.required }),
});
export const compareVersionsInput = z.object({ spaceId: id, versionId: id, otherVersionId: id });

// ── works ─────────────────────────────────────────────────────────────────────────────────────
export const workFields = z.object({
  code: codeText.nullable(),
  name: workName,
  type: z.enum(WORK_TYPES),
  durationMinutes: int.min(0, { message: VALIDATION.outOfRange }).max(SCHEDULE_LIMITS.maxDurationMinutes, {
    message: VALIDATION.outOfRange,
  }),
  calendarId: id.nullable(),
  planStart: scheduleDate.nullable(),
  planFinish: scheduleDate.nullable(),
  approvedStart: scheduleDate.nullable(),
  approvedFinish: scheduleDate.nullable(),
  factStart: scheduleDate.nullable(),
  factFinish: scheduleDate.nullable(),
  planVolume: nonNegative.nullable(),
  approvedVolume: nonNegative.nullable(),
  factVolume: nonNegative.nullable(),
  unit: z.string().trim().max(16, { message: VALIDATION.maxLength }).nullable(),
  progress: nonNegative.max(100, { message: VALIDATION.outOfRange }),
  status: z.enum(WORK_STATUSES),
  executorId: id.nullable(),
  curatorId: id.nullable(),
  startLimit: limitInput.nullable(),
  finishLimit: limitInput.nullable(),
  /** Values of custom attributes by attribute id; null clears a value. */
  attributes: z.record(z.string().uuid(), attributeValue),
});
export type WorkFields = z.infer<typeof workFields>;

/**
 * The fields of a summary (a `sum` row with works under it) that are the roll-up of its works: neither
 * the grid nor the server lets them be set on the summary itself (docs/product-rules.md, "Summary roll-ups").
 */
export const SUMMARY_ROLLED_UP_FIELDS = [
  'durationMinutes',
  'progress',
  'status',
  'planVolume',
  'factVolume',
  'unit',
] as const satisfies readonly (keyof WorkFields)[];

const orderedDates = (v: Partial<WorkFields>) =>
  ['plan', 'approved', 'fact'].every((kind) => {
    const start = v[`${kind}Start` as keyof WorkFields] as string | null | undefined;
    const finish = v[`${kind}Finish` as keyof WorkFields] as string | null | undefined;
    return !start || !finish || start <= finish;
  });

export const createWorkInput = workFields
  .partial()
  .extend({
    spaceId: id,
    versionId: id,
    name: workName,
    parentId: id.nullable().optional(),
    /** Insert after this sibling; null or absent: last among the siblings. */
    afterId: id.nullable().optional(),
    /** Insert right before this sibling instead (a row inserted above, or a summary's first child). */
    beforeId: id.nullable().optional(),
  })
  .refine(orderedDates, { message: VALIDATION.outOfRange, path: ['planFinish'] });
export const updateWorkInput = workFields
  .partial()
  .extend({ spaceId: id, versionId: id, workId: id, revision })
  .refine(orderedDates, { message: VALIDATION.outOfRange, path: ['planFinish'] });
export const workRef = z.object({ workId: id, revision });
export const bulkUpdateWorksInput = z.object({
  spaceId: id,
  versionId: id,
  works: z.array(workRef).min(1, { message: VALIDATION.required }).max(SCHEDULE_LIMITS.bulkMaxWorks),
  set: workFields.omit({ name: true }).partial().extend({ name: workName.optional() }),
});
export const deleteWorksInput = z.object({
  spaceId: id,
  versionId: id,
  workIds: z.array(id).min(1, { message: VALIDATION.required }).max(SCHEDULE_LIMITS.bulkMaxWorks),
});
export const shiftWorkInput = z.object({ spaceId: id, versionId: id, workId: id, revision });
export const moveWorkInput = z.object({
  spaceId: id,
  versionId: id,
  workId: id,
  revision,
  parentId: id.nullable(),
  /** Place after this sibling; null or absent: first among the new siblings. */
  afterId: id.nullable().optional(),
});
export const workStateInput = z.object({
  spaceId: id,
  versionId: id,
  workIds: z.array(id).min(1, { message: VALIDATION.required }).max(SCHEDULE_LIMITS.bulkMaxWorks),
  checked: z.boolean().optional(),
  expanded: z.boolean().optional(),
});

// ── relations ─────────────────────────────────────────────────────────────────────────────────
const lagMinutes = int
  .min(-SCHEDULE_LIMITS.maxDurationMinutes, { message: VALIDATION.outOfRange })
  .max(SCHEDULE_LIMITS.maxDurationMinutes, { message: VALIDATION.outOfRange });
export const createRelationInput = z
  .object({
    spaceId: id,
    versionId: id,
    predecessorId: id,
    successorId: id,
    type: z.enum(LINK_TYPES).default('fs'),
    lagMinutes: lagMinutes.default(0),
    code: codeText.nullable().optional(),
  })
  .refine((v) => v.predecessorId !== v.successorId, {
    message: VALIDATION.outOfRange,
    path: ['successorId'],
  });
export const updateRelationInput = z.object({
  spaceId: id,
  versionId: id,
  relationId: id,
  revision,
  type: z.enum(LINK_TYPES).optional(),
  lagMinutes: lagMinutes.optional(),
  code: codeText.nullable().optional(),
});
export const relationInput = z.object({ spaceId: id, versionId: id, relationId: id });

// ── edits of the schedule, saved as one command (docs/product-rules.md, "Editing in the Gantt chart") ──
/** What a drag on the timeline does, as a command: each applies to the version's works and relations. */
export const editCommand = z.discriminatedUnion('kind', [
  /** The work starts no earlier than `start` (an "in date" start limit keeps its type); a finish milestone: its finish. */
  z.object({ kind: z.literal('move'), workId: id, start: scheduleDate }),
  /**
   * One end of the bar goes to `date`, the other stays: the duration becomes the working time between
   * them on the work's calendar (the start end also moves the start limit, as `move` does).
   */
  z.object({ kind: z.literal('resize'), workId: id, edge: z.enum(['start', 'finish']), date: scheduleDate }),
  z.object({ kind: z.literal('duration'), workId: id, durationMinutes: workFields.shape.durationMinutes }),
  z.object({
    kind: z.literal('link'),
    predecessorId: id,
    successorId: id,
    type: z.enum(LINK_TYPES).default('fs'),
    lagMinutes: lagMinutes.default(0),
  }),
  /** Removes the relations of this type from the predecessor to the successor. */
  z.object({ kind: z.literal('unlink'), predecessorId: id, successorId: id, type: z.enum(LINK_TYPES) }),
]);
export type EditCommand = z.infer<typeof editCommand>;
export type EditCommandInput = z.input<typeof editCommand>;
export const applyEditInput = z.object({
  spaceId: id,
  versionId: id,
  /** The version's revision the edit was made on: another change since then refuses it (Conflict). */
  revision,
  commands: z
    .array(editCommand)
    .min(1, { message: VALIDATION.required })
    .max(SCHEDULE_LIMITS.editMaxCommands, { message: VALIDATION.outOfRange }),
});

// ── calendars ─────────────────────────────────────────────────────────────────────────────────
export const workingInterval = z.object({ start: time, finish: time });
export const calendarException = z.object({
  date: dayDate,
  until: dayDate.nullable().optional(),
  name: z.string().trim().max(64, { message: VALIDATION.maxLength }).nullable().optional(),
  /** Working intervals of these days; empty: non-working days. */
  intervals: z.array(workingInterval).max(8),
});
export const calendarFields = z.object({
  name: requiredText,
  allDay: z.boolean().default(false),
  hoursPerDay: z
    .number({ message: VALIDATION.notANumber })
    .gt(0, { message: VALIDATION.outOfRange })
    .max(24, { message: VALIDATION.outOfRange })
    .nullable()
    .optional(),
  /** Seven days, Monday first, each a list of working intervals. */
  week: z.array(z.array(workingInterval).max(8)).length(7, { message: VALIDATION.outOfRange }),
  exceptions: z.array(calendarException).max(2000).default([]),
});
export const createCalendarInput = calendarFields.extend({ spaceId: id, isDefault: z.boolean().optional() });
export const updateCalendarInput = calendarFields.partial().extend({ spaceId: id, calendarId: id, revision });
export const calendarInput = z.object({ spaceId: id, calendarId: id });

// ── attributes and directories ────────────────────────────────────────────────────────────────
/** A formula attribute's expression (docs/product-rules.md, "Formulas"); empty or null: not a formula. */
export const formulaText = z.string().trim().max(1000, { message: VALIDATION.maxLength });
export const createAttributeInput = z.object({
  spaceId: id,
  name: requiredText,
  valueType: z.enum(ATTRIBUTE_TYPES),
  scheduleId: id.nullable().optional(),
  directoryId: id.nullable().optional(),
  formula: formulaText.nullable().optional(),
});
export const updateAttributeInput = z.object({
  spaceId: id,
  attributeId: id,
  revision,
  name: requiredText.optional(),
  scheduleId: id.nullable().optional(),
  directoryId: id.nullable().optional(),
  formula: formulaText.nullable().optional(),
});
export const attributeInput = z.object({ spaceId: id, attributeId: id });
export const listAttributesInput = z.object({
  spaceId: id,
  scheduleId: id.optional(),
  roleId: id.optional(),
});
export const setAttributeAccessInput = z.object({
  spaceId: id,
  attributeId: id,
  scheduleId: id,
  roleId: id,
  canView: z.boolean(),
  canEdit: z.boolean(),
});

export const createDirectoryInput = z.object({ spaceId: id, name: requiredText });
export const updateDirectoryInput = z.object({ spaceId: id, directoryId: id, name: requiredText, revision });
export const directoryInput = z.object({ spaceId: id, directoryId: id });
export const createDirectoryValueInput = z.object({
  spaceId: id,
  directoryId: id,
  name: workName,
  code: optionalText.nullable().optional(),
});
export const updateDirectoryValueInput = z.object({
  spaceId: id,
  valueId: id,
  revision,
  name: workName,
  code: optionalText.nullable().optional(),
});
export const directoryValueInput = z.object({ spaceId: id, valueId: id });
export const addDirectoryValuesToVersionInput = z.object({
  spaceId: id,
  versionId: id,
  directoryId: id,
  valueIds: z.array(id).min(1, { message: VALIDATION.required }).max(10_000),
});

// ── undo, demo ────────────────────────────────────────────────────────────────────────────────
export const applyUndoInput = z.object({
  spaceId: id,
  versionId: id,
  /** Undo this action and every later one of the version; absent: the latest one. */
  undoActionId: z.union([z.string().regex(/^\d+$/), z.number().int().positive()]).optional(),
});
export const largeDemoInput = z.object({
  spaceId: id,
  works: int
    .min(1000, { message: VALIDATION.outOfRange })
    .max(200_000, { message: VALIDATION.outOfRange })
    .default(SCHEDULE_LIMITS.largeDemoWorks),
});
