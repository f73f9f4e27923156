import { z } from 'zod';
import { id } from './api';
import { VALIDATION } from './messages';
import { hasProhibitedCharacters } from './validation';

/** Limits of a schedule's numbering of new works (P6's activity-ID prefix, start number and increment). */
export const NUMBERING_LIMITS = {
  prefixMaxLength: 32,
  /** Digits of the start number (leading zeros set the width codes are padded to). */
  startMaxDigits: 9,
  maxIncrement: 100_000,
} as const;

/** The schedule whose numbering is read. */
export const codeNumberingInput = z.object({ spaceId: id, scheduleId: id });

/** The schedule's numbering as the user sets it. */
export const saveCodeNumberingInput = codeNumberingInput.extend({
  prefix: z
    .string()
    .trim()
    .max(NUMBERING_LIMITS.prefixMaxLength, { message: VALIDATION.maxLength })
    .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters }),
  start: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${NUMBERING_LIMITS.startMaxDigits}}$`), { message: VALIDATION.notAnInteger }),
  increment: z
    .number({ message: VALIDATION.notANumber })
    .int({ message: VALIDATION.notAnInteger })
    .min(1, { message: VALIDATION.outOfRange })
    .max(NUMBERING_LIMITS.maxIncrement, { message: VALIDATION.outOfRange }),
});
