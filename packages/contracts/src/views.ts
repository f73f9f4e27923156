import { z } from 'zod';
import { id } from './api';
import { VALIDATION } from './messages';
import { requiredText } from './validation';

/**
 * A user's view of the schedule screen, kept on the server (API ui-state-config): the grid's columns,
 * the splitter, the timeline's zoom, the filter and the grouping — per schedule, and a default for
 * the schedules the user has not arranged. The state is one JSON document with a format number `v`,
 * so that a later format can read (or drop) what an older client wrote.
 */
export const UI_STATE_LIMITS = {
  /** The state as JSON text, at most. */
  maxBytes: 32 * 1024,
  maxColumns: 300,
  columnKeyMaxLength: 48,
  minColumnWidth: 48,
  maxColumnWidth: 600,
  /** Conditions of one filter. */
  maxConditions: 20,
  valueMaxLength: 200,
  /** Saved filters a user keeps in a space. */
  maxSavedFilters: 100,
  /** Deepest WBS level a grouping shows to. */
  maxWbsLevel: 20,
} as const;

/** The format of the state this build writes. */
export const UI_STATE_FORMAT = 1;

/** Work fields a filter condition can test; an attribute is `attr:<attribute id>`. */
export const FILTER_FIELDS = [
  'code',
  'name',
  'type',
  'status',
  'start',
  'finish',
  'earlyStart',
  'earlyFinish',
  'lateStart',
  'lateFinish',
  'approvedStart',
  'approvedFinish',
  'totalFloat',
  'freeFloat',
  'duration',
  'progress',
  'executor',
  'curator',
  'critical',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'contains',
  'not_contains',
  'starts_with',
  'empty',
  'not_empty',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const ATTRIBUTE_KEY = /^attr:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const filterFieldKey = z.union([
  z.enum(FILTER_FIELDS),
  z.string().max(UI_STATE_LIMITS.columnKeyMaxLength).regex(ATTRIBUTE_KEY),
]);

export const filterCondition = z.object({
  field: filterFieldKey,
  op: z.enum(FILTER_OPERATORS),
  /** Text as typed: a number, a date YYYY-MM-DD, a user id, a type or status name, `true`/`false`. */
  value: z.string().max(UI_STATE_LIMITS.valueMaxLength).default(''),
});
export type FilterCondition = z.infer<typeof filterCondition>;

export const gridFilter = z.object({
  match: z.enum(['all', 'any']),
  conditions: z.array(filterCondition).max(UI_STATE_LIMITS.maxConditions),
});
export type GridFilter = z.infer<typeof gridFilter>;

export const GROUPING_KINDS = ['wbs', 'executor', 'curator', 'status', 'type', 'attribute'] as const;
export type GroupingKind = (typeof GROUPING_KINDS)[number];

export const gridGrouping = z.discriminatedUnion('by', [
  /** The WBS itself shown to level `level` (1: the top rows only). */
  z.object({ by: z.literal('wbs'), level: z.number().int().min(1).max(UI_STATE_LIMITS.maxWbsLevel) }),
  z.object({ by: z.enum(['executor', 'curator', 'status', 'type']) }),
  z.object({ by: z.literal('attribute'), attributeId: id }),
]);
export type GridGrouping = z.infer<typeof gridGrouping>;

export const uiColumn = z.object({
  key: z.string().min(1).max(UI_STATE_LIMITS.columnKeyMaxLength),
  visible: z.boolean(),
  width: z.number().int().min(UI_STATE_LIMITS.minColumnWidth).max(UI_STATE_LIMITS.maxColumnWidth),
});
export type UiColumn = z.infer<typeof uiColumn>;

export const uiState = z
  .object({
    v: z.literal(UI_STATE_FORMAT),
    columns: z.array(uiColumn).max(UI_STATE_LIMITS.maxColumns).optional(),
    /** The grid's share of the screen's width, 0.1–0.9. */
    splitter: z.number().min(0.1).max(0.9).optional(),
    /** The timeline's scale, as the timeline names it. */
    zoom: z.string().max(16).optional(),
    filter: gridFilter.nullable().optional(),
    grouping: gridGrouping.nullable().optional(),
    /** The timeline's bars: which plans it draws (plan, approved plan, fact). */
    bars: z.object({ plan: z.boolean(), approved_plan: z.boolean(), fact: z.boolean() }).optional(),
    /** Groups the user folded (their keys). */
    foldedGroups: z.array(z.string().max(UI_STATE_LIMITS.valueMaxLength)).max(500).optional(),
  })
  .refine((s) => JSON.stringify(s).length <= UI_STATE_LIMITS.maxBytes, {
    message: VALIDATION.viewTooLarge,
  });
export type UiState = z.infer<typeof uiState>;

/** GET ui-state-config: the caller's state of a schedule (its own, else the default), or the default. */
export const uiStateInput = z.object({ spaceId: id, scheduleId: id.optional() });
/** POST ui-state-config: stores the state of a schedule, or the default without one; `null` forgets it. */
export const saveUiStateInput = z.object({
  spaceId: id,
  scheduleId: id.optional(),
  state: uiState.nullable(),
});

export const savedFilterFields = z.object({
  name: requiredText,
  filter: gridFilter,
  /** Shown to every member of the space, not only to its author. */
  shared: z.boolean().default(false),
});
export const createSavedFilterInput = savedFilterFields.extend({ spaceId: id });
export const savedFilterInput = z.object({ spaceId: id, filterId: id });
/** Changes a saved filter of the caller's own: its name, its conditions, whether it is shared. */
export const updateSavedFilterInput = savedFilterInput.extend({
  name: requiredText.optional(),
  filter: gridFilter.optional(),
  shared: z.boolean().optional(),
});
