import { z } from 'zod';
import { id } from './api';
import { VALIDATION } from './messages';
import { hasProhibitedCharacters, requiredText } from './validation';

/**
 * Version templates: what a new schedule starts from, saved from a version of the space — its calendars,
 * attributes (with the directories they read), the directory values (codes) added to it, the schedule's
 * code numbering, its scheduling options and, as chosen, its WBS: nothing, the summaries only (a
 * skeleton), or every work with the relations between them.
 */
export const VERSION_TEMPLATE_WBS = ['none', 'summaries', 'all'] as const;
export type VersionTemplateWbs = (typeof VERSION_TEMPLATE_WBS)[number];

export const VERSION_TEMPLATE_LIMITS = {
  /** Works a template keeps, at most (a larger WBS is refused). */
  maxWorks: 5000,
  descriptionMaxLength: 500,
} as const;

const description = z
  .string()
  .trim()
  .max(VERSION_TEMPLATE_LIMITS.descriptionMaxLength, { message: VALIDATION.maxLength })
  .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters });

/** Saves a template of the space from a version. */
export const createVersionTemplateInput = z.object({
  spaceId: id,
  versionId: id,
  name: requiredText,
  description: description.optional(),
  wbs: z.enum(VERSION_TEMPLATE_WBS).default('summaries'),
  /** With `wbs: 'all'`: the relations between the works kept too. */
  relations: z.boolean().default(false),
});

export const versionTemplateInput = z.object({ spaceId: id, templateId: id });

export const updateVersionTemplateInput = versionTemplateInput.extend({
  name: requiredText.optional(),
  description: description.optional(),
  revision: z.number().int().min(1),
});
