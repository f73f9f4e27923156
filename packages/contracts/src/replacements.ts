import { z } from 'zod';
import { id } from './api';
import { VALIDATION } from './messages';
import { hasProhibitedCharacters } from './validation';

/**
 * Replacements of a schedule (API: schedules/{id}/replacements GET, POST, PATCH and DELETE
 * replacements/{id}; versions/{id}/replacements/{id}): the works under a node of a master version (a WBS
 * summary or a single work) replaced by copies of a donor version of another schedule, the relations
 * that crossed the node's border re-attached to the donor's first and last works. docs/product-rules.md,
 * "Replacements", says what applying, re-applying and undoing do.
 */
export const REPLACEMENT_LIMITS = { nameMaxLength: 255, commentMaxLength: 2_000 } as const;

/** Whether the donor's copies stand in the master version now (`applied`) or its own works again (`undone`). */
export const REPLACEMENT_STATES = ['applied', 'undone'] as const;
export type ReplacementState = (typeof REPLACEMENT_STATES)[number];

/** Message ids of the refusals that are the replacement's own (a translated validation error on the field). */
export const REPLACEMENT_ISSUES = {
  sameSchedule: 'replacements.error.same_schedule',
  cycle: 'replacements.error.cycle',
  emptyDonor: 'replacements.error.empty_donor',
  overlap: 'replacements.error.overlap',
  taken: 'replacements.error.taken',
  wrongVersion: 'replacements.error.wrong_version',
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: VALIDATION.maxLength })
    .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters });

export const replacementScheduleInput = z.object({ spaceId: id, scheduleId: id });

export const replacementInput = replacementScheduleInput.extend({ replacementId: id });

/** One replacement as seen from a version of its schedule (`versions/{id}/replacements/{id}`). */
export const versionReplacementInput = z.object({ spaceId: id, versionId: id, replacementId: id });

export const createReplacementInput = replacementScheduleInput.extend({
  /** The master version (a version of `scheduleId`). */
  versionId: id,
  /** The replaced node: a summary or a work of the master version. */
  workId: id,
  /** A version of another schedule of the space, whose works stand in for the node's. */
  donorVersionId: id,
  name: text(REPLACEMENT_LIMITS.nameMaxLength).optional(),
  comment: text(REPLACEMENT_LIMITS.commentMaxLength).nullable().optional(),
});

export const updateReplacementInput = replacementInput.extend({
  /** Another donor version: the replacement is applied again from it. */
  donorVersionId: id.optional(),
  name: text(REPLACEMENT_LIMITS.nameMaxLength).optional(),
  comment: text(REPLACEMENT_LIMITS.commentMaxLength).nullable().optional(),
  /** Apply again from the donor's current state (also from an undone replacement). */
  reapply: z.boolean().optional(),
});

export interface ReplacementRow {
  id: string;
  scheduleId: string;
  versionId: string;
  versionName: string;
  workId: string;
  workCode: string | null;
  workName: string;
  donorScheduleId: string | null;
  donorScheduleName: string | null;
  donorVersionId: string | null;
  donorVersionName: string | null;
  name: string;
  comment: string | null;
  state: ReplacementState;
  /** How many works the donor's copies are (the last application). */
  works: number;
  createdBy: string | null;
  createdAt: string;
  appliedBy: string | null;
  appliedAt: string | null;
  undoneAt: string | null;
  revision: number;
}
