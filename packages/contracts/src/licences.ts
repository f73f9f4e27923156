import { z } from 'zod';
import { id, language, spaceInput } from './api';
import { VALIDATION } from './messages';

/**
 * Licences and localization overrides (docs/product-rules.md, "Licences and seats" and "Localization
 * overrides"): signed licence tokens uploaded by a space's administrator, and a space's own wording of
 * interface texts.
 */
export const LICENCE_LIMITS = {
  /** A licence token as pasted or read from its file, at most. */
  tokenMaxLength: 8_000,
  /** An overriding text, at most. */
  overrideMaxLength: 2_000,
  /** A message id, at most. */
  messageIdMaxLength: 200,
} as const;

export const uploadLicenceInput = spaceInput.extend({
  token: z
    .string()
    .trim()
    .min(1, { message: VALIDATION.required })
    .max(LICENCE_LIMITS.tokenMaxLength, { message: VALIDATION.maxLength }),
});

export const licenceIdInput = spaceInput.extend({ licenceId: id });

/** How a licence of the list stands today. */
export const LICENCE_STATES = ['in_force', 'standby', 'future', 'expired', 'withdrawn', 'version'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

export const localizationLanguageInput = spaceInput.extend({ lang: language });

const messageId = z
  .string()
  .min(1, { message: VALIDATION.required })
  .max(LICENCE_LIMITS.messageIdMaxLength, { message: VALIDATION.maxLength });

export const overrideTextInput = localizationLanguageInput.extend({
  messageId,
  text: z
    .string()
    .trim()
    .min(1, { message: VALIDATION.required })
    .max(LICENCE_LIMITS.overrideMaxLength, { message: VALIDATION.maxLength }),
});

export const resetTextInput = localizationLanguageInput.extend({ messageId });

/** Message ids of the localization checks. */
export const LOCALIZATION_VALIDATION = {
  invalidText: 'localization.validation.invalid_text',
  unknownMessage: 'localization.validation.unknown_message',
} as const;

/** The live event (on the space's topic `space:<id>`) telling that the space's texts changed. */
export const LOCALIZATION_CHANGED = 'localization.changed';
