import {
  type FilterCondition,
  type FilterField,
  type FilterOperator,
  type GridFilter,
  WORK_STATUSES,
  WORK_TYPES,
} from '@takt/contracts';
import { rolledUpStatus } from '@takt/schedule';
import { type ScheduleModel, textOf } from '../../../lib/columnar';
import { hasDate, isoToMinutes, minutesToDays, parseNumberText } from '../../../lib/schedule-time';

/** How a field's values compare: its kind decides the operators the builder offers and how a value reads. */
type FieldKind = 'text' | 'enum' | 'date' | 'number' | 'user' | 'boolean';

const FIELD_KINDS: Record<FilterField, FieldKind> = {
  code: 'text',
  name: 'text',
  type: 'enum',
  status: 'enum',
  start: 'date',
  finish: 'date',
  earlyStart: 'date',
  earlyFinish: 'date',
  lateStart: 'date',
  lateFinish: 'date',
  approvedStart: 'date',
  approvedFinish: 'date',
  totalFloat: 'number',
  freeFloat: 'number',
  duration: 'number',
  progress: 'number',
  executor: 'user',
  curator: 'user',
  critical: 'boolean',
};

export const OPERATORS_OF: Record<FieldKind, readonly FilterOperator[]> = {
  text: ['contains', 'not_contains', 'starts_with', 'eq', 'ne', 'lt', 'gt', 'empty', 'not_empty'],
  enum: ['eq', 'ne'],
  date: ['eq', 'lt', 'lte', 'gt', 'gte', 'empty', 'not_empty'],
  number: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'],
  user: ['eq', 'ne', 'empty', 'not_empty'],
  boolean: ['eq'],
};

/** The values an enumerated field takes, in the order the builder lists them. */
export const ENUM_VALUES: Partial<Record<FilterField, readonly string[]>> = {
  type: WORK_TYPES,
  status: WORK_STATUSES,
};

export const fieldKind = (field: string): FieldKind =>
  field.startsWith('attr:') ? 'text' : (FIELD_KINDS[field as FilterField] ?? 'text');

/** Whether the operator compares with a value (the others test presence only). */
export const needsValue = (op: FilterOperator) => op !== 'empty' && op !== 'not_empty';

/** What a filter reads besides the document: the approved plan and the attributes, by row. */
export interface FilterSources {
  model: ScheduleModel;
  hoursPerDay: number;
  /** Approved start or finish of a row in engine minutes (`NO_DATE` for none). */
  approved: (row: number, side: 'start' | 'finish') => number;
  /** An attribute's value of a row as text ('' for none). */
  attribute: (row: number, attributeId: string) => string;
}

const MINUTES_PER_DAY = 1440;
const dayOf = (minutes: number) => Math.floor(minutes / MINUTES_PER_DAY);

function compare(op: FilterOperator, a: number, b: number): boolean {
  switch (op) {
    case 'eq':
      return a === b;
    case 'ne':
      return a !== b;
    case 'lt':
      return a < b;
    case 'lte':
      return a <= b;
    case 'gt':
      return a > b;
    case 'gte':
      return a >= b;
    default:
      return false;
  }
}

/** A test of one condition, or undefined when the condition is not complete (its value missing or unreadable). */
function conditionTest(c: FilterCondition, src: FilterSources): ((row: number) => boolean) | undefined {
  const { model: m } = src;
  const kind = fieldKind(c.field);
  const raw = c.value.trim();
  if (needsValue(c.op) && raw === '') return undefined;

  if (kind === 'text') {
    const textAt: (row: number) => string = c.field.startsWith('attr:')
      ? (row) => src.attribute(row, c.field.slice(5))
      : (row) => textOf(m, (c.field === 'code' ? m.code : m.name)[row]!);
    const needle = raw.toLowerCase();
    const asNumber = parseNumberText(raw);
    return (row) => {
      const text = textAt(row).trim().toLowerCase();
      switch (c.op) {
        case 'contains':
          return text.includes(needle);
        case 'not_contains':
          return !text.includes(needle);
        case 'starts_with':
          return text.startsWith(needle);
        case 'empty':
          return text === '';
        case 'not_empty':
          return text !== '';
        case 'eq':
          return text === needle;
        case 'ne':
          return text !== needle;
        default: {
          // Attribute values are text: numbers among them compare as numbers, the rest alphabetically.
          if (asNumber !== null && !Number.isNaN(asNumber)) {
            const value = parseNumberText(text);
            return value !== null && !Number.isNaN(value) && compare(c.op, value, asNumber);
          }
          return text !== '' && compare(c.op, text.localeCompare(needle), 0);
        }
      }
    };
  }

  if (kind === 'enum') {
    const values = ENUM_VALUES[c.field as FilterField] ?? [];
    const index = values.indexOf(raw);
    if (index < 0) return undefined;
    // A summary's status is its works' (as the indicator judges it), not the one stored on the row.
    const column = c.field === 'type' ? m.type : rolledUpStatus(m);
    return (row) => compare(c.op, column[row]!, index);
  }

  if (kind === 'boolean') {
    if (raw !== 'true' && raw !== 'false') return undefined;
    const wanted = raw === 'true' ? 1 : 0;
    return (row) => (m.critical[row] === 1 ? 1 : 0) === wanted;
  }

  if (kind === 'user') {
    const column = c.field === 'executor' ? m.executor : m.curator;
    const userAt = (row: number) => textOf(m, column[row]!);
    if (c.op === 'empty') return (row) => userAt(row) === '';
    if (c.op === 'not_empty') return (row) => userAt(row) !== '';
    return (row) => (c.op === 'eq' ? userAt(row) === raw : userAt(row) !== raw);
  }

  if (kind === 'date') {
    const dateAt: (row: number) => number =
      c.field === 'approvedStart'
        ? (row) => src.approved(row, 'start')
        : c.field === 'approvedFinish'
          ? (row) => src.approved(row, 'finish')
          : (() => {
              const column = {
                start: m.planStart,
                finish: m.planFinish,
                earlyStart: m.earlyStart,
                earlyFinish: m.earlyFinish,
                lateStart: m.lateStart,
                lateFinish: m.lateFinish,
              }[c.field as 'start'];
              return (row: number) => column[row]!;
            })();
    if (c.op === 'empty') return (row) => !hasDate(dateAt(row));
    if (c.op === 'not_empty') return (row) => hasDate(dateAt(row));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
    const value = isoToMinutes(raw);
    if (!hasDate(value)) return undefined;
    // Dates compare by the day: "on 05.03" holds for any time of that day.
    const day = dayOf(value);
    return (row) => {
      const at = dateAt(row);
      return hasDate(at) && compare(c.op, dayOf(at), day);
    };
  }

  // Numbers: floats and durations in working days of the version's calendar, progress in per cent.
  const value = parseNumberText(raw);
  if (value === null || Number.isNaN(value)) return undefined;
  const days = (column: Int32Array) => (row: number) => minutesToDays(column[row]!, src.hoursPerDay);
  const numberAt: (row: number) => number =
    c.field === 'progress'
      ? (row) => m.progress[row]!
      : c.field === 'duration'
        ? days(m.durationMinutes)
        : days(c.field === 'totalFloat' ? m.totalFloat : m.freeFloat);
  // Floats exist only once calculated; a row without its early start has none to compare.
  const calculated = c.field === 'totalFloat' || c.field === 'freeFloat';
  return (row) => {
    if (calculated && !hasDate(m.earlyStart[row])) return false;
    // Rounded like the grid shows it (2 decimals), so that "= 2.5" holds for what reads 2,5.
    return compare(c.op, Math.round(numberAt(row) * 100) / 100, value);
  };
}

/**
 * The test of a filter on rows of the document: all or any of its complete conditions; undefined when
 * it has none (every row passes). Incomplete conditions (no value yet, a date that does not read) are
 * left out rather than hiding every row while the user is still typing.
 */
export function compileFilter(
  filter: GridFilter | null | undefined,
  src: FilterSources,
): ((row: number) => boolean) | undefined {
  if (!filter) return undefined;
  const tests = filter.conditions
    .map((c) => conditionTest(c, src))
    .filter((test): test is (row: number) => boolean => !!test);
  if (tests.length === 0) return undefined;
  if (tests.length === 1) return tests[0];
  return filter.match === 'all'
    ? (row) => tests.every((test) => test(row))
    : (row) => tests.some((test) => test(row));
}

/** The conditions of a filter that take part (complete ones), for a count on the toolbar. */
export const activeConditions = (filter: GridFilter | null | undefined, src: FilterSources) =>
  filter ? filter.conditions.filter((c) => conditionTest(c, src)).length : 0;
