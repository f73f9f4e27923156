/**
 * The grid "as shown", as the writers of xlsx and CSV take it: the visible columns in their order
 * (id, header text, kind) and the rows in display order with their hierarchy level. Values are what the
 * grid shows, already in display units (durations in days, progress in percent…); dates are wall-clock
 * `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`.
 */

export type GridColumnKind =
  | 'text'
  | 'number'
  | 'integer'
  | 'money'
  | 'percent'
  | 'date'
  | 'datetime'
  | 'boolean';

export interface GridColumn {
  id: string;
  header: string;
  kind: GridColumnKind;
  /** Width in characters (default: from the header and the kind). */
  width?: number;
  /** Decimals of number, money and percent columns (default 2, percent 0). */
  decimals?: number;
  /** Indent the cell by the row's level (the name column of a WBS). */
  indent?: boolean;
}

export type GridValue = string | number | boolean | null | undefined;

export interface GridRow {
  /** 0 for top-level rows; a child is one deeper than its parent. */
  level: number;
  /** A summary (sum) row: written bold. */
  summary?: boolean;
  values: Readonly<Record<string, GridValue>>;
}

export interface Grid {
  columns: readonly GridColumn[];
  rows: Iterable<GridRow> | AsyncIterable<GridRow>;
  /** Worksheet name (Excel allows 31 characters, no `[]:*?/\`). */
  sheetName?: string;
  /** A title row above the header (then the header is row 3 and the import rule skips 2 rows). */
  title?: string;
  /** The deepest level among the rows, when `rows` is a stream (Excel needs it before the first row). */
  maxLevel?: number;
}

/** Labels of boolean values, per language of the export. */
export interface GridLabels {
  yes: string;
  no: string;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** `YYYY-MM-DD[THH:mm]` → its parts, or null. */
export function dateParts(value: string): [number, number, number, number, number] | null {
  const m = DATE_RE.exec(value);
  if (!m) return null;
  return [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)];
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** DD.MM.YYYY, or DD.MM.YYYY HH:mm for date-time columns (limits default date format). */
export function formatGridDate(value: string, withTime: boolean): string {
  const p = dateParts(value);
  if (!p) return value;
  const [y, mo, d, h, mi] = p;
  return `${pad(d)}.${pad(mo)}.${pad(y, 4)}${withTime ? ` ${pad(h)}:${pad(mi)}` : ''}`;
}

export async function* rowsOf(rows: Grid['rows']): AsyncGenerator<GridRow> {
  for await (const r of rows as AsyncIterable<GridRow>) yield r;
}
