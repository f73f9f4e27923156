/**
 * The grid as an Excel workbook, written row by row with exceljs' streaming writer: a header row (bold,
 * frozen, with a filter), rows grouped by outline level (summary rows above their children, bold), dates
 * as real Excel dates formatted DD.MM.YYYY (DD.MM.YYYY HH:mm for date-time columns), numbers as numbers
 * with a thousands separator, percents as Excel percents, booleans as Excel booleans.
 */
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { looksLikeFormula } from './formula-guard.js';
import { dateParts, type Grid, type GridColumn, type GridRow, type GridValue, rowsOf } from './grid.js';

/** Excel's outline has 7 levels; deeper rows stay at the deepest. */
export const XLSX_MAX_OUTLINE = 7;

function numFmt(c: GridColumn): string | undefined {
  const d = c.decimals;
  const frac = (n: number) => (n > 0 ? `.${'0'.repeat(n)}` : '');
  switch (c.kind) {
    case 'date':
      return 'DD.MM.YYYY';
    case 'datetime':
      return 'DD.MM.YYYY HH:mm';
    case 'number':
      return `#,##0${frac(d ?? 2)}`;
    case 'money':
      return `#,##0${frac(d ?? 2)}`;
    case 'integer':
      return '#,##0';
    case 'percent':
      return `0${frac(d ?? 0)}%`;
    default:
      return undefined;
  }
}

function defaultWidth(c: GridColumn): number {
  const byKind = {
    date: 12,
    datetime: 17,
    number: 14,
    money: 16,
    integer: 10,
    percent: 9,
    boolean: 8,
    text: 24,
  };
  return Math.min(60, Math.max(byKind[c.kind], [...c.header].length + 2));
}

/**
 * Excel's Text format. Text is always written as a string cell, never a formula; text that a spreadsheet
 * could take for a formula (see formula-guard.ts) also gets this format, so editing the cell in Excel
 * keeps it text. The value itself is unchanged, so the file reads back exactly.
 */
const TEXT_FORMAT = '@';

/** A grid value → the cell value exceljs writes (Date for dates, fraction for percents). */
function cellValue(c: GridColumn, v: GridValue): ExcelJS.CellValue {
  if (v === null || v === undefined || v === '') return null;
  switch (c.kind) {
    case 'date':
    case 'datetime': {
      const p = typeof v === 'string' ? dateParts(v) : null;
      if (!p) return String(v);
      const [y, mo, d, h, mi] = p;
      return new Date(Date.UTC(y, mo - 1, d, c.kind === 'datetime' ? h : 0, c.kind === 'datetime' ? mi : 0));
    }
    case 'number':
    case 'money':
    case 'integer':
    case 'percent': {
      const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
      if (!Number.isFinite(n)) return String(v);
      return c.kind === 'percent' ? n / 100 : n;
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : v === 'true' || v === 1;
    default:
      return String(v);
  }
}

/** Excel's rules for sheet names: up to 31 characters, none of `[]:*?/\`. */
export function safeSheetName(name: string | undefined): string {
  const cleaned = (name ?? '').replace(/[[\]:*?/\\]/g, ' ').trim();
  return [...(cleaned || 'Sheet1')].slice(0, 31).join('');
}

/**
 * Writes the grid as xlsx. With `out` the workbook streams into it; without, the bytes are returned.
 */
export function writeGridXlsx(grid: Grid, out?: Writable): Promise<Uint8Array> {
  return writeGridsXlsx([grid], out);
}

/**
 * Writes grids as the sheets of one xlsx workbook, in order (a sheet per grid, named by its `sheetName`).
 * With `out` the workbook streams into it; without, the bytes are returned.
 */
export function writeGridsXlsx(grids: readonly Grid[], out?: Writable): Promise<Uint8Array> {
  return streamedWorkbook(out, async (wb) => {
    for (const grid of grids) await writeSheet(wb, grid);
  });
}

/**
 * A streaming workbook written by `fill`, then committed: into `out` when given (the bytes answered are
 * then empty), else gathered and answered.
 */
export async function streamedWorkbook(
  out: Writable | undefined,
  fill: (wb: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>,
): Promise<Uint8Array> {
  const sink = out ?? new PassThrough();
  const chunks: Buffer[] = [];
  if (!out) sink.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'Takt';
  await fill(wb);
  await wb.commit();
  await done;
  return out ? new Uint8Array(0) : new Uint8Array(Buffer.concat(chunks));
}

async function writeSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, grid: Grid) {
  const headerRow = grid.title ? 3 : 1;
  const ws = wb.addWorksheet(safeSheetName(grid.sheetName), {
    views: [{ state: 'frozen', ySplit: headerRow, xSplit: 0 }],
    properties: {
      outlineProperties: { summaryBelow: false, summaryRight: false },
      // written before the first row, so known up front: from the rows when they are an array
      outlineLevelRow: Math.min(
        XLSX_MAX_OUTLINE,
        grid.maxLevel ??
          (Array.isArray(grid.rows)
            ? (grid.rows as GridRow[]).reduce((m, r) => Math.max(m, r.level), 0)
            : XLSX_MAX_OUTLINE),
      ),
    } as Partial<ExcelJS.WorksheetProperties>,
  });
  ws.columns = grid.columns.map((c) => ({
    key: c.id,
    width: c.width ?? defaultWidth(c),
    ...(numFmt(c) ? { style: { numFmt: numFmt(c) } } : {}),
  }));
  if (grid.title) {
    const t = ws.addRow([grid.title]);
    t.font = { bold: true, size: 14 };
    if (looksLikeFormula(grid.title)) t.getCell(1).numFmt = TEXT_FORMAT;
    t.commit();
    ws.addRow([]).commit();
  }
  const header = ws.addRow(grid.columns.map((c) => c.header));
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.eachCell((cell) => {
    if (typeof cell.value === 'string' && looksLikeFormula(cell.value)) cell.numFmt = TEXT_FORMAT;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8ECF2' } };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF9AA5B1' } } };
  });
  header.commit();
  let rows = 0;
  for await (const r of rowsOf(grid.rows)) {
    rows++;
    const level = Math.max(0, Math.min(XLSX_MAX_OUTLINE, Math.trunc(r.level)));
    const row = ws.addRow(grid.columns.map((c) => cellValue(c, r.values[c.id])));
    if (level > 0) row.outlineLevel = level;
    grid.columns.forEach((c, k) => {
      const cell = row.getCell(k + 1);
      const fmt = numFmt(c);
      if (typeof cell.value === 'string' && looksLikeFormula(cell.value)) cell.numFmt = TEXT_FORMAT;
      else if (fmt) cell.numFmt = fmt;
      if (r.summary) cell.font = { bold: true };
      if (c.indent && r.level > 0) cell.alignment = { indent: Math.min(15, r.level) };
    });
    row.commit();
  }
  if (grid.columns.length > 0)
    ws.autoFilter = {
      from: { row: headerRow, column: 1 },
      to: { row: headerRow + rows, column: grid.columns.length },
    };
  ws.commit();
}
