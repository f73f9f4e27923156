/**
 * An estimate as an Excel workbook laid out as a local estimate (see `sheet.ts`), written row by row with the
 * streaming workbook: the title and price level, a bold header with wrapped text frozen above the rows,
 * sections bold on a tint and grouped by depth (Excel's outline, summary rows above), coefficients in grey
 * italics, totals bold with a rule above; money with a thousands separator and 2 decimals. Text a
 * spreadsheet could take for a formula is kept text.
 */
import type { Writable } from 'node:stream';
import type { Language } from '@takt/i18n';
import type ExcelJS from 'exceljs';
import { looksLikeFormula } from '../tabular/formula-guard.js';
import { safeSheetName, streamedWorkbook, XLSX_MAX_OUTLINE } from '../tabular/xlsx-write.js';
import type { EstimateFigures } from './figure.js';
import type { EstimateDocument } from './model.js';
import { type EstimateSheetColumnKind, estimateSheet } from './sheet.js';

export interface EstimateXlsxOptions {
  language?: Language;
  /** Streams the workbook into it; the bytes answered are then empty. */
  out?: Writable;
}

const FORMAT: Record<EstimateSheetColumnKind, string | undefined> = {
  text: undefined,
  quantity: '#,##0.######',
  money: '#,##0.00',
  hours: '#,##0.00',
};

/** Writes the estimate with its figures as xlsx. */
export function writeEstimateXlsx(
  doc: EstimateDocument,
  figures: EstimateFigures,
  options: EstimateXlsxOptions = {},
): Promise<Uint8Array> {
  const sheet = estimateSheet(doc, figures, options.language ? { language: options.language } : {});
  return streamedWorkbook(options.out, async (wb: ExcelJS.stream.xlsx.WorkbookWriter) => {
    const headerRow = 3 + sheet.subtitle.length;
    const ws = wb.addWorksheet(safeSheetName(sheet.sheetName), {
      views: [{ state: 'frozen', ySplit: headerRow, xSplit: 0 }],
      properties: {
        outlineProperties: { summaryBelow: false, summaryRight: false },
        outlineLevelRow: Math.min(
          XLSX_MAX_OUTLINE,
          sheet.rows.reduce((m, r) => Math.max(m, r.level), 0),
        ),
      } as Partial<ExcelJS.WorksheetProperties>,
    });
    ws.columns = sheet.columns.map((c) => ({ width: c.width }));
    const text = (cell: ExcelJS.Cell) => {
      if (typeof cell.value === 'string' && looksLikeFormula(cell.value)) cell.numFmt = '@';
    };
    const title = ws.addRow([sheet.title]);
    title.font = { bold: true, size: 14 };
    text(title.getCell(1));
    title.commit();
    for (const line of sheet.subtitle) ws.addRow([line]).commit();
    ws.addRow([]).commit();
    const header = ws.addRow(sheet.columns.map((c) => c.header));
    header.font = { bold: true };
    header.alignment = { vertical: 'middle', wrapText: true };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8ECF2' } };
      cell.border = { bottom: { style: 'thin', color: { argb: 'FF9AA5B1' } } };
    });
    header.commit();
    for (const r of sheet.rows) {
      const row = ws.addRow(r.cells);
      const level = Math.max(
        0,
        Math.min(XLSX_MAX_OUTLINE, r.level - (r.kind === 'section' || r.kind === 'sectionTotal' ? 1 : 0)),
      );
      if (level > 0) row.outlineLevel = level;
      sheet.columns.forEach((c, k) => {
        const cell = row.getCell(k + 1);
        const fmt = FORMAT[c.kind];
        if (typeof cell.value === 'number' && fmt) cell.numFmt = fmt;
        else text(cell);
        if (r.kind === 'section') {
          cell.font = { bold: true };
          cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF1F4F8' } };
        } else if (r.kind === 'coefficient') cell.font = { italic: true, color: { argb: 'FF6B7280' } };
        else if (r.kind !== 'line') {
          cell.font = { bold: true };
          cell.border = { top: { style: 'thin', color: { argb: 'FF9AA5B1' } } };
        }
      });
      if (r.level > 1 && (r.kind === 'section' || r.kind === 'sectionTotal'))
        row.getCell(3).alignment = { indent: Math.min(15, r.level - 1) };
      if (r.kind === 'line' || r.kind === 'coefficient')
        row.getCell(3).alignment = { wrapText: true, vertical: 'top' };
      row.commit();
    }
    ws.commit();
  });
}
