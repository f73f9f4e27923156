/**
 * Report templates: an Excel workbook whose cells hold placeholders (`{{version.name}}`, `{{indicator.spi}}`)
 * and table rows (a row holding `{{#works}}` is written once per work, its other placeholders — `{{code}}`,
 * `{{name}}` — taken from that work). The template is read whole (it is small); the report is written row by
 * row with exceljs' streaming writer, so a table of 100,000 rows never sits in memory. The rules are in
 * docs/product-rules.md, "Reports".
 *
 * Kept from the template: every sheet with its name, column widths, frozen panes, page setup, row heights,
 * cell styles (a table row's style goes to each row written from it) and merged cells (those below a table
 * move down with it; those inside a table row repeat on each of its rows). Formulas are kept as written —
 * their references do not move — and recalculated when the file is opened. Pictures are not kept.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { unzipGuarded } from '../common/zip-guard.js';
import { looksLikeFormula } from './formula-guard.js';
import { columnIndex, columnLetter } from './sheet.js';
import { safeSheetName, streamedWorkbook, XLSX_MAX_OUTLINE } from './xlsx-write.js';

/** A value a placeholder stands for: dates are written as Excel dates, numbers as numbers. */
export type TemplateValue = string | number | boolean | Date | null | undefined;

/** One row of a table: its values by placeholder name, and where it sits in the WBS. */
export interface TemplateItem {
  values: Record<string, TemplateValue>;
  /** Outline level (0 at the top): the `{{name}}` cell is indented by it and the row grouped. */
  level?: number;
  /** A summary (a WBS node): written bold. */
  bold?: boolean;
}

/** What fills a template. */
export interface TemplateData {
  /** Values outside the tables, by placeholder name (`version.name`, `indicator.spi`, `year`). */
  values: Record<string, TemplateValue>;
  /** The tables by name (`works`, `resources`): each read afresh where a table row asks for it. */
  tables: Record<string, () => AsyncIterable<TemplateItem>>;
  /** Language of numbers and dates written inside text (`en`, `ru`). */
  locale?: string;
  /** Called after every written table row with the count so far (progress, stop requests). */
  onRow?: (rows: number) => void | Promise<void>;
}

/** The template is not an Excel workbook exceljs can read, or has no sheet. */
export class ReportTemplateError extends Error {}

/** A piece of a cell's text: literal text, or a placeholder's name. */
type Part = string | { key: string };

interface TemplateCell {
  col: number;
  /** Text with placeholders, split; null when the cell holds no placeholder (its value is copied). */
  parts: Part[] | null;
  value: ExcelJS.CellValue;
  style: Partial<ExcelJS.Style>;
  /** The cell holds `{{name}}`: indented by the row's level. */
  indents: boolean;
}

interface TemplateRow {
  number: number;
  height: number | undefined;
  hidden: boolean;
  cells: TemplateCell[];
  /** The table this row repeats for, when it holds `{{#table}}`. */
  table: string | null;
}

interface Merge {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

interface TemplateSheet {
  name: string;
  /** The last column with a cell or a width. */
  columnCount: number;
  state: ExcelJS.WorksheetState;
  columns: { width: number | undefined; hidden: boolean }[];
  views: Partial<ExcelJS.WorksheetView>[];
  pageSetup: Partial<ExcelJS.PageSetup>;
  headerFooter: Partial<ExcelJS.HeaderFooter>;
  rows: TemplateRow[];
  merges: Merge[];
}

/** A template read and analysed once, filled any number of times. */
export interface ReportTemplate {
  sheets: TemplateSheet[];
  /** The tables the template's rows ask for (the caller need not read the others). */
  tables: ReadonlySet<string>;
  /** Every placeholder name outside `{{#…}}` markers, for checking a template on upload. */
  keys: ReadonlySet<string>;
}

const PLACEHOLDER = /\{\{\s*([#/]?)([A-Za-z][\w.]*)\s*\}\}/g;

/** The cell's text when it has any: strings, rich text, hyperlinks' text. */
function textOf(value: ExcelJS.CellValue): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
  }
  return null;
}

/** Splits text into literal parts and placeholders; table markers are taken out and returned apart. */
function parse(text: string): { parts: Part[]; tables: string[] } {
  const parts: Part[] = [];
  const tables: string[] = [];
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    if (m[1] === '#') tables.push(m[2]!);
    else if (m[1] === '') parts.push({ key: m[2]! });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return { parts, tables };
}

const plainStyle = (style: Partial<ExcelJS.Style> | undefined): Partial<ExcelJS.Style> =>
  style ? JSON.parse(JSON.stringify(style)) : {};

function mergesOf(ws: ExcelJS.Worksheet): Merge[] {
  const ranges = (ws.model as { merges?: string[] }).merges ?? [];
  return ranges.flatMap((range) => {
    const m = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/.exec(range);
    if (!m) return [];
    return [
      {
        left: columnIndex(m[1]!) + 1,
        top: Number(m[2]),
        right: columnIndex(m[3]!) + 1,
        bottom: Number(m[4]),
      },
    ];
  });
}

/**
 * What a template may inflate to: exceljs reads a workbook whole, so a small zip that inflates to gigabytes
 * (a zip bomb) is refused before it does. A real report form inflates to a few megabytes.
 */
const TEMPLATE_ZIP = {
  maxEntries: 2_000,
  maxTotalBytes: 64 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 4 * 1024 * 1024,
};

/** Reads a template; `ReportTemplateError` when it is not a readable workbook with at least one sheet. */
export async function loadReportTemplate(bytes: Uint8Array): Promise<ReportTemplate> {
  try {
    // inflated and thrown away, only counted
    unzipGuarded(
      bytes,
      (entry) => {
        entry.ondata = () => {};
        entry.start();
      },
      TEMPLATE_ZIP,
    );
  } catch (error) {
    throw new ReportTemplateError(`not a workbook within limits: ${(error as Error).message}`);
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch (error) {
    throw new ReportTemplateError(`not an Excel workbook: ${(error as Error).message}`);
  }
  if (!wb.worksheets.length) throw new ReportTemplateError('the workbook has no sheet');
  const tables = new Set<string>();
  const keys = new Set<string>();
  const sheets = wb.worksheets.map((ws): TemplateSheet => {
    const rows: TemplateRow[] = [];
    // blank rows too: merges and heights of the layout's spacing rows are kept
    ws.eachRow({ includeEmpty: true }, (row, number) => {
      let table: string | null = null;
      const cells: TemplateCell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        if (cell.isMerged && cell.master !== cell) {
          cells.push({ col, parts: null, value: null, style: plainStyle(cell.style), indents: false });
          return;
        }
        const text = textOf(cell.value);
        const parsed = text?.includes('{{') ? parse(text) : null;
        if (parsed?.tables.length) table ??= parsed.tables[0]!;
        const placeholders = parsed?.parts.some((p) => typeof p !== 'string') || parsed?.tables.length;
        for (const p of parsed?.parts ?? []) if (typeof p !== 'string') keys.add(p.key);
        cells.push({
          col,
          parts: placeholders ? parsed!.parts : null,
          value: cell.value,
          style: plainStyle(cell.style),
          indents: !!parsed?.parts.some((p) => typeof p !== 'string' && p.key === 'name'),
        });
      });
      if (table) tables.add(table);
      rows.push({ number, height: row.height, hidden: row.hidden, cells, table });
    });
    const columns: TemplateSheet['columns'] = [];
    for (let c = 1; c <= ws.columnCount; c++) {
      const column = ws.getColumn(c);
      columns.push({ width: column.width, hidden: column.hidden });
    }
    const columnCount = Math.max(columns.length, ...rows.flatMap((r) => r.cells.map((c) => c.col)), 1);
    return {
      name: ws.name,
      columnCount,
      state: ws.state,
      columns,
      views: ws.views ?? [],
      pageSetup: { ...ws.pageSetup },
      headerFooter: { ...ws.headerFooter },
      rows,
      merges: mergesOf(ws),
    };
  });
  return { sheets, tables, keys };
}

/** A cell of a filled row. */
export interface FilledCell {
  col: number;
  value: ExcelJS.CellValue;
  style: Partial<ExcelJS.Style>;
}

/** A row of a filled sheet, as both the xlsx and the PDF writers take it. */
export interface FilledRow {
  number: number;
  cells: FilledCell[];
  height?: number | undefined;
  hidden?: boolean;
  outlineLevel?: number;
  /** The row was written from a table row (`{{#works}}`): the PDF repeats the row above its table on each page. */
  table?: string;
  /** Merged ranges that end on this row. */
  merges?: string[];
  /** A merged range goes on below this row (a writer must not finish the row yet). */
  hold?: boolean;
}

/** A filled sheet: its layout, then its rows as they are produced. */
export interface FilledSheet {
  name: string;
  columnCount: number;
  state: ExcelJS.WorksheetState;
  columns: TemplateSheet['columns'];
  views: TemplateSheet['views'];
  pageSetup: TemplateSheet['pageSetup'];
  headerFooter: TemplateSheet['headerFooter'];
  rows: AsyncIterable<FilledRow>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A value inside text: dates as DD.MM.YYYY (with the time when it has one), numbers in the language's way. */
function textValue(value: TemplateValue, locale: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const day = `${pad(value.getUTCDate())}.${pad(value.getUTCMonth() + 1)}.${value.getUTCFullYear()}`;
    return value.getUTCHours() || value.getUTCMinutes()
      ? `${day} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`
      : day;
  }
  // whole numbers below 10,000 (a year, a version's number) are written without a thousands separator
  if (typeof value === 'number')
    return Number.isInteger(value) && Math.abs(value) < 10_000
      ? String(value)
      : value.toLocaleString(locale ?? 'en', { maximumFractionDigits: 3 });
  return String(value);
}

/**
 * The cell's value with its placeholders filled. A cell that is exactly one placeholder takes the value
 * itself (a number stays a number, a date a date); otherwise the values are written into the text. An unknown
 * placeholder is left as written, so a mistyped name shows in the report.
 */
function fill(
  parts: Part[],
  lookup: (key: string) => TemplateValue | typeof UNKNOWN,
  locale: string | undefined,
): TemplateValue {
  if (parts.length === 1 && typeof parts[0] !== 'string') {
    const value = lookup(parts[0]!.key);
    return value === UNKNOWN ? `{{${parts[0]!.key}}}` : value;
  }
  let text = '';
  for (const p of parts) {
    if (typeof p === 'string') text += p;
    else {
      const value = lookup(p.key);
      text += value === UNKNOWN ? `{{${p.key}}}` : textValue(value, locale);
    }
  }
  return text;
}

const UNKNOWN = Symbol('unknown');
const DATE_FORMAT = 'DD.MM.YYYY';
const TEXT_FORMAT = '@';

/** The style of a filled value: dates get a date format when the template cell has none; formula-like text the Text format. */
function styleFor(
  base: Partial<ExcelJS.Style>,
  value: TemplateValue,
  cache: Map<string, Partial<ExcelJS.Style>>,
  extra: string,
): Partial<ExcelJS.Style> {
  let kind = '';
  if (value instanceof Date && (!base.numFmt || base.numFmt === 'General')) kind = 'date';
  else if (typeof value === 'string' && looksLikeFormula(value)) kind = 'text';
  if (!kind && !extra) return base;
  const key = `${kind}|${extra}`;
  let style = cache.get(key);
  if (!style) {
    style = { ...base };
    if (kind === 'date') style.numFmt = DATE_FORMAT;
    if (kind === 'text') style.numFmt = TEXT_FORMAT;
    cache.set(key, style);
  }
  return style;
}

/** The outline level and indent of a table item, within Excel's limits. */
const levelOf = (item: TemplateItem) => Math.max(0, Math.min(XLSX_MAX_OUTLINE, Math.trunc(item.level ?? 0)));

/** The cells of a row outside tables, with the values filled in. */
function plainCells(row: TemplateRow, data: TemplateData): FilledCell[] {
  const lookup = (key: string) => (key in data.values ? data.values[key] : UNKNOWN);
  return row.cells.map((c) => {
    if (!c.parts) return { col: c.col, value: copied(c.value), style: c.style };
    const value = fill(c.parts, lookup, data.locale);
    return { col: c.col, value: value ?? null, style: styleFor(c.style, value, new Map(), '') };
  });
}

/** A cell value copied from the template: a formula without its stale result. */
function copied(value: ExcelJS.CellValue): ExcelJS.CellValue {
  if (value && typeof value === 'object' && 'formula' in value)
    return { formula: value.formula } as ExcelJS.CellValue;
  if (value && typeof value === 'object' && 'sharedFormula' in value) return null;
  return value;
}

/** A filled sheet's rows: table rows repeated per item, rows below moved down, merges moved with them. */
function fillSheet(sheet: TemplateSheet, data: TemplateData, counter: { rows: number }): FilledSheet {
  const tableRows = new Set(sheet.rows.flatMap((r) => (r.table ? [r.number] : [])));
  const crossesTable = (m: Merge) =>
    [...tableRows].some((r) => r >= m.top && r <= m.bottom) && !(m.top === m.bottom && tableRows.has(m.top));
  // merges kept: inside one table row (repeated on each of its rows), or not touching a table at all
  const kept = sheet.merges.filter((m) => !crossesTable(m));
  const range = (m: Merge, top: number, bottom: number) =>
    `${columnLetter(m.left - 1)}${top}:${columnLetter(m.right - 1)}${bottom}`;
  async function* rows(): AsyncGenerator<FilledRow> {
    // template row number → the row written from it (the first, for a table row)
    const written = new Map<number, number>();
    let shift = 0;
    for (const row of sheet.rows) {
      const at = row.number + shift;
      if (!row.table) {
        written.set(row.number, at);
        const merges = kept
          .filter((m) => m.bottom === row.number && written.has(m.top))
          .map((m) => range(m, written.get(m.top)!, at));
        yield {
          number: at,
          cells: plainCells(row, data),
          height: row.height,
          hidden: row.hidden,
          ...(merges.length ? { merges } : {}),
          // a merge that goes on below keeps this row open until its last row
          ...(kept.some((m) => m.top <= row.number && m.bottom > row.number) ? { hold: true } : {}),
        };
        continue;
      }
      const ownMerges = kept.filter((m) => m.top === row.number && m.bottom === row.number);
      const source = data.tables[row.table];
      let count = 0;
      const caches = row.cells.map(() => new Map<string, Partial<ExcelJS.Style>>());
      if (source)
        for await (const item of source()) {
          const level = levelOf(item);
          const lookup = (key: string) =>
            key in item.values ? item.values[key] : key in data.values ? data.values[key] : UNKNOWN;
          const cells = row.cells.map((c, i): FilledCell => {
            if (!c.parts) return { col: c.col, value: copied(c.value), style: c.style };
            const value = fill(c.parts, lookup, data.locale);
            const indent = c.indents ? level : 0;
            const extra = `${item.bold ? 'b' : ''}${indent || ''}`;
            let style = styleFor(c.style, value, caches[i]!, '');
            if (extra) {
              const key = `${style.numFmt ?? ''}|${extra}`;
              let decorated = caches[i]!.get(key);
              if (!decorated) {
                decorated = {
                  ...style,
                  ...(item.bold ? { font: { ...style.font, bold: true } } : {}),
                  ...(indent ? { alignment: { ...style.alignment, indent } } : {}),
                };
                caches[i]!.set(key, decorated);
              }
              style = decorated;
            }
            return { col: c.col, value: value ?? null, style };
          });
          const number = at + count;
          yield {
            number,
            cells,
            height: row.height,
            ...(level > 0 ? { outlineLevel: level } : {}),
            ...(ownMerges.length ? { merges: ownMerges.map((m) => range(m, number, number)) } : {}),
            table: row.table,
          };
          count++;
          counter.rows++;
          await data.onRow?.(counter.rows);
        }
      written.set(row.number, at);
      shift += count - 1;
    }
  }
  return {
    name: sheet.name,
    columnCount: sheet.columnCount,
    state: sheet.state,
    columns: sheet.columns,
    views: sheet.views,
    pageSetup: sheet.pageSetup,
    headerFooter: sheet.headerFooter,
    rows: rows(),
  };
}

/** The template's sheets filled with the data, one after the other (read each sheet's rows before the next). */
export function* fillReport(template: ReportTemplate, data: TemplateData): Generator<FilledSheet> {
  const counter = { rows: 0 };
  for (const sheet of template.sheets) yield fillSheet(sheet, data, counter);
}

/**
 * Writes the filled template as xlsx. With `out` the workbook streams into it; without, the bytes are
 * returned.
 */
export function writeReportXlsx(
  template: ReportTemplate,
  data: TemplateData,
  out?: Writable,
): Promise<Uint8Array> {
  return streamedWorkbook(out, async (wb) => {
    // formulas were copied without their results: Excel works them out when the file is opened
    (wb as unknown as { calcProperties: { fullCalcOnLoad: boolean } }).calcProperties = {
      fullCalcOnLoad: true,
    };
    const names = new Set<string>();
    for (const sheet of fillReport(template, data)) {
      let name = safeSheetName(sheet.name);
      for (let n = 2; names.has(name.toLowerCase()); n++)
        name = safeSheetName(`${sheet.name.slice(0, 27)} (${n})`);
      names.add(name.toLowerCase());
      const ws = wb.addWorksheet(name, {
        state: sheet.state,
        views: sheet.views as ExcelJS.WorksheetView[],
        pageSetup: sheet.pageSetup,
        headerFooter: sheet.headerFooter,
        properties: {
          outlineProperties: { summaryBelow: false, summaryRight: false },
          outlineLevelRow: XLSX_MAX_OUTLINE,
        } as Partial<ExcelJS.WorksheetProperties>,
      });
      sheet.columns.forEach((c, i) => {
        const column = ws.getColumn(i + 1);
        if (c.width) column.width = c.width;
        if (c.hidden) column.hidden = true;
      });
      // rows inside a merged range are finished with its last row (a finished row cannot be merged)
      const open: ExcelJS.Row[] = [];
      for await (const r of sheet.rows) {
        const row = ws.getRow(r.number);
        if (r.height) row.height = r.height;
        if (r.hidden) row.hidden = true;
        if (r.outlineLevel) row.outlineLevel = r.outlineLevel;
        for (const c of r.cells) {
          const cell = row.getCell(c.col);
          cell.value = c.value;
          cell.style = c.style;
        }
        open.push(row);
        for (const range of r.merges ?? []) {
          try {
            ws.mergeCells(range);
          } catch {
            // overlapping ranges in the template: the first one stands
          }
        }
        if (!r.hold) for (const done of open.splice(0)) done.commit();
      }
      for (const done of open.splice(0)) done.commit();
      ws.commit();
    }
  });
}

const NUMBER_TEXT = new Map<string, Intl.NumberFormat>();

/**
 * A filled cell as text, for writers that draw text (the PDF): dates as DD.MM.YYYY, percents of an Excel
 * percent format times 100, numbers in the language's way with the decimals the format asks for.
 */
export function filledText(cell: FilledCell, locale = 'en'): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  const fmt = cell.style.numFmt ?? '';
  if (v instanceof Date) {
    // the time only when the cell's format shows hours
    const day = textValue(new Date(Date.UTC(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate())), locale);
    return /h/i.test(fmt.replace(/"[^"]*"/g, '')) ? textValue(v, locale).replace(/^(\S+)$/, `$1 00:00`) : day;
  }
  if (typeof v === 'number') {
    // the decimals the cell's format shows; without a format, two when the number has any
    const general = !fmt || fmt === 'General';
    const decimals = general ? (Number.isInteger(v) ? 0 : 2) : (/0\.(0+)/.exec(fmt)?.[1]?.length ?? 0);
    const key = `${locale}|${decimals}`;
    let format = NUMBER_TEXT.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
      NUMBER_TEXT.set(key, format);
    }
    // a percent format outside quoted literals (`0%`, not `0" %"`) shows the fraction times 100
    const percent = fmt.replace(/"[^"]*"/g, '').includes('%');
    const suffix = /"([^"]*)"\s*$/.exec(fmt)?.[1] ?? '';
    return percent ? `${format.format(v * 100)} %` : `${format.format(v)}${suffix}`;
  }
  if (typeof v === 'boolean') return v ? '✓' : '';
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v && v.result !== undefined && v.result !== null && typeof v.result !== 'object')
      return String(v.result);
    return '';
  }
  return String(v);
}
