/**
 * What the estimate readers share: lenient numbers (a decimal comma or point, spaces as thousands separators),
 * values brought into range, texts cut to length, and the report of what was kept, clamped or left out —
 * each entry a translated message (an i18n id of `area-interchange.ts` with its values) that says where it was.
 * Reports are bounded: past `MAX_WARNINGS` entries the rest are counted in one last entry.
 */
import { InterchangeError } from '../common/errors.js';
import type { Encoding } from '../common/input.js';
import { englishText, type InterchangeMessageId, type MessageValues } from '../common/messages.js';
import type { EstimateReadReport } from './model.js';

/** The estimate file formats Takt reads. */
export type EstimateFileFormat = 'arps' | 'minstroy-xml' | 'xlsx' | 'csv';

/** What a reader did with a value or a record. */
export type EstimateWarningCode = 'clamped' | 'ignored' | 'kept' | 'too_many_warnings';

export interface EstimateWarning {
  code: EstimateWarningCode;
  /** English, for logs; the UI translates `id` with `values`. */
  message: string;
  id: InterchangeMessageId;
  values: MessageValues;
  /** A line of a text file, an element path of an XML file, a cell of a sheet. */
  where?: string;
  line?: number;
}

/** The report of an estimate reader: counts, the file's format and encoding, and the warnings. */
export interface EstimateFileReport extends EstimateReadReport {
  format: EstimateFileFormat;
  /** The text encoding the file was read in (text formats). */
  encoding?: Exclude<Encoding, 'auto'>;
  warnings: EstimateWarning[];
}

/** Limits every reader holds to, so that no file makes an estimate the server cannot store or show. */
export const ESTIMATE_LIMITS = {
  lines: 200_000,
  depth: 10,
  warnings: 1000,
  name: 2000,
  code: 100,
  unit: 50,
  /** Money per unit and quantities, either sign. */
  amount: 1e12,
  /** Labour and machine hours per unit. */
  hours: 1e9,
  /** A coefficient or an index: above 0, at most this. */
  coefficient: 1000,
} as const;

export class EstimateReadLog {
  readonly warnings: EstimateWarning[] = [];
  private overflow = 0;
  /** Counts of things reported once at the end (resources left out, totals lines…), by message id. */
  private readonly tallies = new Map<InterchangeMessageId, number>();

  add(
    code: Exclude<EstimateWarningCode, 'too_many_warnings'>,
    id: InterchangeMessageId,
    values: MessageValues,
    where?: { where?: string; line?: number },
  ): void {
    if (this.warnings.length >= ESTIMATE_LIMITS.warnings) {
      this.overflow++;
      return;
    }
    const w: EstimateWarning = { code, message: englishText(id, values), id, values };
    if (where?.where) w.where = where.where;
    if (where?.line !== undefined) w.line = where.line;
    this.warnings.push(w);
  }

  /** One more of a kind reported once, with its count, by `finish`. */
  tally(id: InterchangeMessageId, n = 1): void {
    this.tallies.set(id, (this.tallies.get(id) ?? 0) + n);
  }

  /** A number read leniently: empty → `empty`; not a number → `fallback`, reported; outside ±`limit` → clamped, reported. */
  number(
    text: string | undefined,
    field: string,
    at: { where?: string; line?: number },
    options: { limit?: number; min?: number; fallback?: number | undefined; empty?: number } = {},
  ): number | undefined {
    const { limit = ESTIMATE_LIMITS.amount } = options;
    // a value that is no number: `fallback` (0 unless given, undefined leaves the value out)
    const fallback = 'fallback' in options ? options.fallback : 0;
    const min = options.min ?? -limit;
    const parsed = parseDecimal(text);
    if (parsed === undefined) return options.empty;
    if (parsed === null) {
      this.add(
        'ignored',
        'interchange.estimate.bad_number',
        { field, value: cutValue(text!), replacement: fallback ?? '—' },
        at,
      );
      return fallback;
    }
    if (parsed < min || parsed > limit) {
      const to = parsed < min ? min : limit;
      this.add(
        'clamped',
        'interchange.estimate.out_of_range',
        { field, value: cutValue(text!), min, max: limit, replacement: to },
        at,
      );
      return to;
    }
    return parsed;
  }

  /** A text squeezed to one line of single spaces and cut to `max` characters (reported). */
  text(text: string | undefined, field: string, max: number, at: { where?: string; line?: number }): string {
    const t = cleanText(text);
    if (t.length <= max) return t;
    this.add('clamped', 'interchange.estimate.too_long', { field, max }, at);
    return t.slice(0, max);
  }

  /** A coefficient's value: above 0 and at most the limit, else undefined (reported). */
  coefficient(
    text: string | undefined,
    name: string,
    at: { where?: string; line?: number },
  ): number | undefined {
    const v = parseDecimal(text);
    if (typeof v === 'number' && v > 0 && v <= ESTIMATE_LIMITS.coefficient) return v;
    this.add(
      'ignored',
      'interchange.estimate.bad_coefficient',
      { name: cutValue(name), value: cutValue(text ?? ''), max: ESTIMATE_LIMITS.coefficient },
      at,
    );
    return undefined;
  }

  /** The report: the tallies become one entry each, then the count of entries not listed. */
  finish(
    counts: { lines: number; sections: number },
    format: EstimateFileFormat,
    encoding?: Exclude<Encoding, 'auto'>,
  ): EstimateFileReport {
    for (const [id, count] of this.tallies) this.add('ignored', id, { count });
    this.tallies.clear();
    if (this.overflow > 0) {
      const values = { count: this.overflow };
      this.warnings.push({
        code: 'too_many_warnings',
        id: 'interchange.estimate.too_many_warnings',
        values,
        message: englishText('interchange.estimate.too_many_warnings', values),
      });
      this.overflow = 0;
    }
    return { ...counts, format, ...(encoding ? { encoding } : {}), warnings: this.warnings };
  }
}

/** An InterchangeError the user sees translated. */
export function estimateError(
  code: ConstructorParameters<typeof InterchangeError>[0],
  id: InterchangeMessageId,
  values: MessageValues = {},
  where: ConstructorParameters<typeof InterchangeError>[2] = {},
): InterchangeError {
  return new InterchangeError(code, englishText(id, values), where, { id, values });
}

const SPACES = /[\s\u00a0\u202f\u2009']/g;

/**
 * `1 234,56`, `1234.56`, `1,234.56`, `1.234,56`, `-0,5`, `1e3` → the number; '' → undefined; anything else →
 * null. A lone comma is a decimal comma (the files come from Russian programs); with both a comma and a point
 * the later one is the decimal separator.
 */
export function parseDecimal(text: string | undefined): number | undefined | null {
  if (text === undefined) return undefined;
  let t = text.replace(SPACES, '');
  if (t === '') return undefined;
  if (t.length > 40) return null;
  const comma = t.lastIndexOf(',');
  const point = t.lastIndexOf('.');
  if (comma >= 0 && point >= 0) {
    t = comma > point ? t.replaceAll('.', '').replace(',', '.') : t.replaceAll(',', '');
  } else if (comma >= 0) {
    t = t.indexOf(',') === comma ? t.replace(',', '.') : t.replaceAll(',', '');
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d{1,3})?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** One line, single spaces, no control characters. */
export function cleanText(text: string | undefined): string {
  if (!text) return '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

/** A value as a message shows it: at most 80 characters. */
export function cutValue(value: string): string {
  const t = cleanText(value);
  return t.length > 80 ? `${t.slice(0, 79)}…` : t;
}

/** Rounded for storage: money to 2 decimals, quantities and coefficients to 6. */
export const round2 = (n: number) => Math.round(n * 100) / 100 || 0;
export const round6 = (n: number) => Math.round(n * 1e6) / 1e6 || 0;
