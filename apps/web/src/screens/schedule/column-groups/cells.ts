import type { z } from 'zod';
import { type Translate, translateDynamic } from '../../../lib/i18n';
import { formatMinutes, isoToMinutes, parseDateText, parseNumberText } from '../../../lib/schedule-time';
import type { Limit } from '../plan-details';
import type { Attribute } from './context';

/** The first issue of a contracts schema, translated; null when the value passes. */
export function check(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const params: Record<string, number> = {};
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  return translateDynamic(issue.message, params);
}

export type DateField =
  | 'planStart'
  | 'planFinish'
  | 'approvedStart'
  | 'approvedFinish'
  | 'factStart'
  | 'factFinish';

/** The other end of a date pair: a start is not after its finish (contracts `orderedDates`). */
export const DATE_PAIR: Record<DateField, DateField> = {
  planStart: 'planFinish',
  planFinish: 'planStart',
  approvedStart: 'approvedFinish',
  approvedFinish: 'approvedStart',
  factStart: 'factFinish',
  factFinish: 'factStart',
};

/** Whether `minutes` typed into `field` would put the pair out of order against the other end's `other`. */
export function datesOutOfOrder(field: DateField, minutes: number, other: number): boolean {
  return field.endsWith('Start') ? minutes > other : minutes < other;
}

/** Short mark of a constraint (≥ date, ≤ date, = date) for a cell or a badge. */
export function limitMark(t: Translate, limit: Limit | null, withDate = true): string {
  if (!limit) return '';
  const date = withDate ? formatMinutes(isoToMinutes(limit.date)) : '';
  return t(`grid.limit_mark.${limit.type}`, { date }).trim();
}

/** Full text of a constraint: "Start: not earlier than 05.03.2026". */
export function limitText(t: Translate, side: 'start' | 'finish', limit: Limit): string {
  return t(`grid.limit_hint.${side}`, {
    type: t(`grid.limit.${limit.type}`),
    date: formatMinutes(isoToMinutes(limit.date)),
  });
}

/**
 * The text of the constraint editor (`type|date`) read back: no type clears the constraint, a type needs
 * a date; `error` is the message id of what is wrong.
 */
export function parseLimitText(
  text: string,
):
  | { limit: { type: string; date: string } | null }
  | { error: 'validation.required' | 'validation.invalid_date' } {
  const [type = '', dateText = ''] = text.split('|');
  if (!type) return { limit: null };
  const date = parseDateText(dateText);
  if (!date) return { error: date === null ? 'validation.required' : 'validation.invalid_date' };
  return { limit: { type, date } };
}

/**
 * An attribute value typed in a cell or a dialog: empty clears it; numbers and dates in the forms
 * `parseNumberText` and `parseDateText` accept.
 */
export function parseAttributeText(
  t: Translate,
  valueType: Attribute['valueType'],
  text: string,
): { value: unknown } | { error: string } {
  if (!text.trim()) return { value: null };
  switch (valueType) {
    case 'number':
    case 'money':
    case 'percentage': {
      const n = parseNumberText(text);
      return n === null || Number.isNaN(n) ? { error: t('validation.not_a_number') } : { value: n };
    }
    case 'boolean':
      return { value: text === 'true' };
    case 'date': {
      const d = parseDateText(text);
      return d ? { value: d.slice(0, 10) } : { error: t('validation.invalid_date') };
    }
    default:
      return { value: text };
  }
}

/** An attribute value as a cell shows it: yes/no, a number in the language's format, a date as DD.MM.YYYY. */
export function attributeText(
  t: Translate,
  num: (value: number) => string,
  valueType: Attribute['valueType'],
  value: unknown,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'number') return num(value);
  if (valueType === 'date' && typeof value === 'string') return formatMinutes(isoToMinutes(value));
  return String(value);
}
