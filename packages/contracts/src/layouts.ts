import { z } from 'zod';
import { id } from './api';
import { requiredText } from './validation';
import { uiState } from './views';

/**
 * Layouts of a schedule's view (P6's layouts): a named view — the grid's columns with their order and
 * widths, the splitter, the filter, the grouping, the timeline's zoom and bars — saved in a schedule by a
 * user for themselves or shared with everyone who sees the schedule. One shared layout may be the
 * schedule's default: a user who has not arranged the schedule sees it. And the schedule's WBS group
 * settings: how the WBS shows as groups in the grid.
 */
export const LAYOUT_LIMITS = {
  /** Layouts a user saves in one schedule. */
  maxLayouts: 50,
  /** WBS levels the group settings describe. */
  maxWbsLevels: 10,
} as const;

export const scheduleLayoutsInput = z.object({ spaceId: id, scheduleId: id });

/** Saves the view given as a new layout of the schedule; `isDefault` needs the right to manage versions. */
export const createLayoutInput = scheduleLayoutsInput.extend({
  name: requiredText,
  /** Seen by everyone who sees the schedule, not only by its owner. */
  shared: z.boolean().default(false),
  isDefault: z.boolean().default(false),
  state: uiState,
});

export const layoutInput = z.object({ spaceId: id, layoutId: id });

/**
 * Renames a layout, overwrites its view (`state`), shares it or takes it back, makes it the schedule's
 * default or no longer; at the revision the caller saw.
 */
export const updateLayoutInput = layoutInput.extend({
  name: requiredText.optional(),
  shared: z.boolean().optional(),
  isDefault: z.boolean().optional(),
  state: uiState.optional(),
  revision: z.number().int().min(1),
});

/** A colour as `#rrggbb`. */
const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i, { message: 'validation.invalid_colour' });

/** One WBS level's look as a group: its header colour, whether it shows as a group, folded at first. */
const wbsGroupLevel = z.object({
  /** 1: the top summaries. */
  level: z.number().int().min(1).max(LAYOUT_LIMITS.maxWbsLevels),
  /** The header's background (null: the grid's own). */
  colour: hexColour.nullable(),
  /** Summaries of this level show as group headers (coloured, bold); otherwise as plain rows. */
  group: z.boolean(),
  /** Summaries of this level are folded when the schedule opens without a state of the user's. */
  collapsed: z.boolean(),
});
export type WbsGroupLevel = z.infer<typeof wbsGroupLevel>;

export const wbsGroupSettings = z.object({
  levels: z
    .array(wbsGroupLevel)
    .max(LAYOUT_LIMITS.maxWbsLevels)
    .refine((levels) => new Set(levels.map((l) => l.level)).size === levels.length, {
      message: 'validation.wbs_level_twice',
    }),
  /** The header's text is bold. */
  boldHeaders: z.boolean(),
});
export type WbsGroupSettings = z.infer<typeof wbsGroupSettings>;

export const saveWbsGroupSettingsInput = scheduleLayoutsInput.extend({
  settings: wbsGroupSettings,
  /** The revision the caller saw (0: none were saved yet). */
  revision: z.number().int().min(0),
});
