/**
 * The grid as CSV: the same columns, a header row, `;` (Russian Excel's list separator, with a decimal
 * comma) or `,` (with a decimal point) or tab, UTF-8 with a BOM so Excel opens Cyrillic text right, RFC 4180
 * quoting, dates DD.MM.YYYY (DD.MM.YYYY HH:mm for date-time columns). CSV has no outline: with `levelColumn`
 * the row's level (1 = top) is written as an extra first column, which the import maps to `level`.
 */

import { neutralizeFormula } from './formula-guard.js';
import {
  formatGridDate,
  type Grid,
  type GridColumn,
  type GridLabels,
  type GridValue,
  rowsOf,
} from './grid.js';

export interface CsvWriteOptions {
  delimiter?: ';' | ',' | '\t';
  /** Default: `,` with `;`, `.` otherwise. */
  decimal?: ',' | '.';
  /** Default true. */
  bom?: boolean;
  /** Header of an extra first column with the outline level (1 = top level). */
  levelColumn?: string;
  labels?: GridLabels;
}

function formatNumber(n: number, decimals: number | undefined, decimal: string): string {
  const text = decimals === undefined ? String(Math.round(n * 1e6) / 1e6) : n.toFixed(decimals);
  return decimal === '.' ? text : text.replace('.', decimal);
}

/** A cell's text; any text that is not a number we formatted is guarded against formula injection. */
function csvValue(c: GridColumn, v: GridValue, decimal: string, labels: GridLabels): string {
  if (v === null || v === undefined) return '';
  switch (c.kind) {
    case 'date':
    case 'datetime':
      return neutralizeFormula(typeof v === 'string' ? formatGridDate(v, c.kind === 'datetime') : String(v));
    case 'number':
    case 'money':
    case 'percent':
    case 'integer': {
      const n = typeof v === 'number' ? v : Number(v);
      if (v === '' || !Number.isFinite(n)) return neutralizeFormula(String(v));
      return formatNumber(n, c.kind === 'integer' ? 0 : c.decimals, decimal);
    }
    case 'boolean':
      return v === true || v === 'true' || v === 1 ? labels.yes : labels.no;
    default:
      return neutralizeFormula(String(v));
  }
}

export function* csvLine(values: readonly string[], delimiter: string): Generator<string> {
  yield `${values
    .map((s) =>
      s.includes(delimiter) || /["\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s,
    )
    .join(delimiter)}\r\n`;
}

/** Yields the CSV text in chunks (one per row). */
export async function* writeGridCsv(grid: Grid, options: CsvWriteOptions = {}): AsyncGenerator<string> {
  const delimiter = options.delimiter ?? ';';
  const decimal = options.decimal ?? (delimiter === ';' ? ',' : '.');
  const labels = options.labels ?? { yes: 'yes', no: 'no' };
  const level = options.levelColumn;
  if (options.bom !== false) yield '\uFEFF';
  if (grid.title) {
    yield* csvLine([neutralizeFormula(grid.title)], delimiter);
    yield '\r\n';
  }
  yield* csvLine(
    [...(level ? [neutralizeFormula(level)] : []), ...grid.columns.map((c) => neutralizeFormula(c.header))],
    delimiter,
  );
  for await (const r of rowsOf(grid.rows))
    yield* csvLine(
      [
        ...(level ? [String(r.level + 1)] : []),
        ...grid.columns.map((c) => csvValue(c, r.values[c.id], decimal, labels)),
      ],
      delimiter,
    );
}
