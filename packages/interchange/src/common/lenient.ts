/**
 * Record-level problems of an input file. P6 and MS Project open files with values Takt cannot take as
 * written (an absurd planned duration, a date decades away, an unknown type code, a relation to a deleted
 * activity); the readers do the same: each such value becomes an `IxProblem` that says where it was and
 * what Takt did with it, and the rest of the file is read.
 */
import { ENGINE_FIRST, ENGINE_LAST, inEngineRange } from './dates.js';
import { InterchangeError } from './errors.js';
import type { IxProblem, IxProblemAction } from './model.js';

/** The kinds of problem (`IxProblem.code`), for translation. */
export const IX_PROBLEM_CODES = [
  /** A date that is not a date (`2019-02-30`, `x`). */
  'invalid_date',
  /** A number that is not a number. */
  'invalid_number',
  /** A flag, time of day or other value that cannot be read. */
  'invalid_value',
  /** A value outside what the engine or the model can hold. */
  'out_of_range',
  /** A type code the tool does not define (task type, constraint, relation type…). */
  'unknown_value',
  /** A reference to a record that is not in the file (calendar, activity, parent, resource). */
  'unknown_reference',
  /** A second record with the id of an earlier one. */
  'duplicate_id',
  /** A second activity with the code of an earlier one. */
  'duplicate_code',
  /** Relations that form a loop; one of them is left out. */
  'cycle',
  /** An actual date after the data date (P6 accepts it). */
  'actual_after_data_date',
  /** Actual dates that contradict each other (a finish before the start, a finish without a start). */
  'inconsistent_actuals',
  /** A value a record needs is empty. */
  'missing_value',
  /** Calendar data that cannot be read; the standard week is used. */
  'calendar_data',
  /** A relation to an activity that is not in the file. */
  'dangling_relation',
  /** A line or element that is not part of the format (XER: an unknown line start, too many values). */
  'invalid_line',
  /** More problems than the report lists. */
  'too_many_problems',
] as const;
export type IxProblemCode = (typeof IX_PROBLEM_CODES)[number];

/** Problems kept per file; the rest are counted in one last problem. */
const MAX_PROBLEMS = 5000;

/** Where a problem is. */
export interface ProblemAt {
  line?: number;
  table?: string;
  record?: string;
  field?: string;
}

/** Collects a file's problems into `IxProject.problems`, bounded. */
export class ProblemLog {
  private overflow = 0;

  constructor(readonly list: IxProblem[]) {}

  add(
    code: IxProblemCode,
    action: IxProblemAction,
    at: ProblemAt,
    message: string,
    value?: string,
    replacement?: string,
  ): void {
    if (this.list.length >= MAX_PROBLEMS) {
      this.overflow++;
      return;
    }
    const p: IxProblem = { code, action, message };
    if (at.line !== undefined) p.line = at.line;
    if (at.table) p.table = at.table;
    if (at.record) p.record = cut(at.record);
    if (at.field) p.field = at.field;
    if (value !== undefined) p.value = cut(value);
    if (replacement !== undefined) p.replacement = replacement;
    this.list.push(p);
  }

  /** Problems collected elsewhere (in a scratch log), in their order. */
  addAll(problems: readonly IxProblem[]): void {
    for (const x of problems) {
      if (this.list.length >= MAX_PROBLEMS) this.overflow++;
      else this.list.push(x);
    }
  }

  /** A value that threw while read: the error's message becomes the problem's. */
  fromError(e: unknown, action: IxProblemAction, at: ProblemAt, value: string, replacement?: string): void {
    if (!(e instanceof InterchangeError)) throw e;
    const code: IxProblemCode = /date/.test(e.message)
      ? 'invalid_date'
      : /out of range/.test(e.message)
        ? 'out_of_range'
        : /not a number/.test(e.message)
          ? 'invalid_number'
          : 'invalid_value';
    const did = replacement !== undefined ? `${action}: ${replacement}` : action;
    this.add(code, action, at, `${bare(e.message)} (${did})`, value, replacement);
  }

  /**
   * An optional value of a record: `read(text)`, or undefined when the text is empty. A text that cannot
   * be read is reported where `at()` says (built only then) and left out, so the rest of the record is read.
   */
  readOrIgnore<T>(text: string | undefined, at: () => ProblemAt, read: (text: string) => T): T | undefined {
    if (!text) return undefined;
    try {
      return read(text);
    } catch (e) {
      this.fromError(e, 'ignored', at(), text);
      return undefined;
    }
  }

  /** Call once, after the last `add`. */
  finish(): void {
    if (this.overflow > 0) {
      const n = this.overflow;
      this.overflow = 0;
      this.list.push({
        code: 'too_many_problems',
        action: 'kept',
        value: String(n),
        message: `${n} more problems of the same kinds are not listed`,
      });
    }
  }
}

/** The message of an error without the location `InterchangeError` puts in front of it. */
function bare(message: string): string {
  const m = /^(?:line \d+(?:, )?)?(?:[^:]*?field [^:]+: )?(.*)$/s.exec(message);
  return m?.[1] ?? message;
}

/** A value as the report shows it: at most 200 characters, control characters as `\u…`. */
export function cut(value: string): string {
  const text = value.length > 200 ? `${value.slice(0, 199)}…` : value;
  let shown = '';
  for (const c of text) {
    const n = c.charCodeAt(0);
    shown += (n < 32 && n !== 9 && n !== 10) || n === 127 ? `\\u${n.toString(16).padStart(4, '0')}` : c;
  }
  return shown;
}

/**
 * A date that drives the calculation but lies outside the engine's range: the nearest instant the engine
 * has (an actual start in 1998 becomes its first instant), reported as clamped.
 */
export function clampDate(log: ProblemLog, date: string, at: ProblemAt, what: string): string {
  if (inEngineRange(date)) return date;
  const to = date < ENGINE_FIRST ? ENGINE_FIRST : ENGINE_LAST;
  log.add(
    'out_of_range',
    'clamped',
    at,
    `${what} ${date} is outside the dates Takt calculates with (${ENGINE_FIRST.slice(0, 10)} to ${ENGINE_LAST.slice(0, 10)}); ${to} is used`,
    date,
    to,
  );
  return to;
}

/** Whether a date that drives the calculation can be used; if not, it is reported as ignored. */
export function usableDate(log: ProblemLog, date: string, at: ProblemAt, what: string): boolean {
  if (inEngineRange(date)) return true;
  log.add(
    'out_of_range',
    'ignored',
    at,
    `${what} ${date} is outside the dates Takt calculates with (${ENGINE_FIRST.slice(0, 10)} to ${ENGINE_LAST.slice(0, 10)}); left out`,
    date,
  );
  return false;
}
