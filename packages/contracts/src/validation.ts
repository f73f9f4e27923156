import { z } from 'zod';
import { LIMITS } from './constants';
import { VALIDATION } from './messages';

/**
 * Characters a text field may not hold: markup and template delimiters, shell and SQL statement
 * separators, and control characters. Letters of any script, digits, spaces and ordinary
 * punctuation (.,:-_()"'«»№/#+&@!?) stay allowed, so names like `Корпус 1 (секция «А»)` pass.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is prohibited
export const PROHIBITED_CHARACTERS = /[<>{}[\]\\^`|~$;\u0000-\u001f\u007f\ud800-\udfff]/u;

/**
 * Text no field may hold, whatever it is: NUL, which PostgreSQL cannot store, and a UTF-16 half
 * without its pair (in unicode mode a class matches a surrogate only when it stands alone).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused
const UNSTORABLE_TEXT = /[\u0000\ud800-\udfff]/u;

export function hasUnstorableText(value: string): boolean {
  return UNSTORABLE_TEXT.test(value);
}

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The path (`a.b.0`) of the first string — value or key — in a JSON-like input that holds unstorable
 * text, '' for the input itself, null when there is none. Walks with its own stack, so any depth is safe.
 */
export function unstorableTextPath(input: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasUnstorableText(value)) return path;
      continue;
    }
    if (!isPlainContainer(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasUnstorableText(key)) return childPath;
      stack.push({ value: child, path: childPath });
    }
  }
  return null;
}

export function hasProhibitedCharacters(value: string): boolean {
  return PROHIBITED_CHARACTERS.test(value);
}

/** A required single-line text field of validation rules: trimmed, non-empty, ≤ 32 characters, no prohibited characters. */
export const requiredText = z
  .string({ message: VALIDATION.required })
  .trim()
  .min(1, { message: VALIDATION.required })
  .max(LIMITS.textMaxLength, { message: VALIDATION.maxLength })
  .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters });

/** An optional text field: may be empty, otherwise the same rules as {@link requiredText}. */
export const optionalText = z
  .string()
  .trim()
  .max(LIMITS.textMaxLength, { message: VALIDATION.maxLength })
  .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters });

export const email = z
  .string({ message: VALIDATION.required })
  .trim()
  .min(1, { message: VALIDATION.required })
  .pipe(z.email({ message: VALIDATION.invalidEmail }));

export const password = z
  .string({ message: VALIDATION.required })
  .min(1, { message: VALIDATION.required })
  .min(LIMITS.passwordMinLength, { message: VALIDATION.passwordTooShort })
  .max(LIMITS.passwordMaxLength, { message: VALIDATION.passwordTooLong });

/** "A value counts as a number if it is finite after a comma is read as a decimal point. An empty string is not a number." */
export function isNumeric(value: string | number | null | undefined): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (value == null) return false;
  const text = value.trim();
  if (text === '') return false;
  return Number.isFinite(Number(text.replace(',', '.')));
}

/** Reads a number typed with a decimal comma or point; `null` when it is not a number. */
export function parseDecimal(value: string): number | null {
  return isNumeric(value) ? Number(value.trim().replace(',', '.')) : null;
}

/** On integer inputs the dot and comma keys are blocked. */
export function isBlockedIntegerKey(key: string): boolean {
  return key === '.' || key === ',';
}

/** Pasted text is accepted on integer inputs only when it is an integer. */
export function isIntegerText(text: string): boolean {
  return /^[-+]?\d+$/.test(text.trim());
}

export class NegativeDigitsError extends Error {
  constructor() {
    super('The number of characters cannot be negative');
    this.name = 'NegativeDigitsError';
  }
}

/** Rounds half away from zero to `digits` decimals (2 by default); negative digits are an error. */
export function roundTo(value: number, digits: number = LIMITS.roundingDigits): number {
  if (digits < 0) throw new NegativeDigitsError();
  const factor = 10 ** digits;
  const scaled = Math.abs(value) * factor;
  // Epsilon corrects binary representation (1.005 * 100 = 100.49999…).
  const rounded = Math.round(scaled + scaled * Number.EPSILON) / factor;
  return Math.sign(value) * rounded || 0;
}

export const numberText = z
  .string()
  .refine((v) => isNumeric(v), { message: VALIDATION.notANumber })
  .transform((v) => Number(v.trim().replace(',', '.')));

/** Clamps a year of a generated period list to the supported range 2000–2050. */
export function clampPeriodYear(year: number): number {
  return Math.min(LIMITS.periodMaxYear, Math.max(LIMITS.periodMinYear, year));
}

/** Every item of a generated period list lies in 2000–2050. */
export function clampPeriodRange(from: number, to: number): [number, number] {
  const a = clampPeriodYear(Math.min(from, to));
  const b = clampPeriodYear(Math.max(from, to));
  return [a, b];
}
