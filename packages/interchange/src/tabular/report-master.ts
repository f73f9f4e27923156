/**
 * The master report: the built-in report form, made as a template so that it is filled and written (xlsx or
 * PDF) exactly as an uploaded form is. A title block, the version's indicators, then every work of the version
 * with its WBS nodes, in the columns of a standard activity report.
 */
import ExcelJS from 'exceljs';
import { loadReportTemplate, type ReportTemplate } from './xlsx-template.js';

/** Indicators of the master report's header, in order (placeholders `{{indicator.<key>}}`). */
export const MASTER_INDICATORS = [
  'works',
  'completed',
  'inProgress',
  'overdue',
  'critical',
  'percentPlan',
  'percentFact',
  'spi',
  'cpi',
  'finishDelayDays',
  'planFinish',
] as const;

/** Columns of the master report's table (placeholders of `{{#works}}`), with their widths and formats. */
export const MASTER_COLUMNS = [
  { key: 'code', width: 12 },
  { key: 'name', width: 44 },
  { key: 'status', width: 13 },
  { key: 'duration', width: 9, numFmt: '#,##0.0' },
  { key: 'planStart', width: 11.5 },
  { key: 'planFinish', width: 11.5 },
  { key: 'factStart', width: 11.5 },
  { key: 'factFinish', width: 11.5 },
  { key: 'progress', width: 9.5, numFmt: '0" %"' },
  { key: 'totalFloat', width: 9.5, numFmt: '#,##0.0' },
  { key: 'executor', width: 20 },
] as const;

export type MasterColumnKey = (typeof MASTER_COLUMNS)[number]['key'];
export type MasterIndicatorKey = (typeof MASTER_INDICATORS)[number];

/** The texts of the master report, in the reader's language. */
export interface MasterLabels {
  sheet: string;
  title: string;
  project: string;
  version: string;
  dataDate: string;
  printed: string;
  indicators: Record<MasterIndicatorKey, string>;
  columns: Record<MasterColumnKey, string>;
}

const INDICATOR_FORMATS: Partial<Record<MasterIndicatorKey, string>> = {
  percentPlan: '0.0" %"',
  percentFact: '0.0" %"',
  spi: '0.00',
  cpi: '0.00',
  planFinish: 'DD.MM.YYYY',
};

const HEAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8ECF2' } };
const LINE: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FF9AA5B1' } };
const HAIRLINE: Partial<ExcelJS.Border> = { style: 'hair', color: { argb: 'FFC9D0D8' } };

/** The master report's template in the given language. */
export async function masterReportTemplate(labels: MasterLabels): Promise<ReportTemplate> {
  const wb = new ExcelJS.Workbook();
  const last = MASTER_COLUMNS.length;
  const ws = wb.addWorksheet(labels.sheet, {
    views: [{ state: 'frozen', ySplit: 7, xSplit: 0 }],
    pageSetup: {
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '7:7',
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: '&L&F&R&P / &N' },
  });
  MASTER_COLUMNS.forEach((c, i) => {
    ws.getColumn(i + 1).width = c.width;
  });

  const title = ws.getCell(1, 1);
  title.value = `${labels.title}: {{schedule.name}}`;
  title.font = { bold: true, size: 14 };
  ws.mergeCells(1, 1, 1, last);
  ws.getRow(1).height = 22;
  const facts = ws.getCell(2, 1);
  facts.value = [
    `${labels.project}: {{project.name}}`,
    `${labels.version}: {{version.name}}`,
    `${labels.dataDate}: {{dataDate}}`,
    `${labels.printed}: {{today}}`,
  ].join('    ');
  facts.font = { color: { argb: 'FF4A5563' } };
  ws.mergeCells(2, 1, 2, last);

  MASTER_INDICATORS.forEach((key, i) => {
    const head = ws.getCell(4, i + 1);
    head.value = labels.indicators[key];
    head.font = { bold: true, size: 9, color: { argb: 'FF4A5563' } };
    head.fill = HEAD_FILL;
    head.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    head.border = { top: LINE, bottom: LINE, left: HAIRLINE, right: HAIRLINE };
    const value = ws.getCell(5, i + 1);
    value.value = `{{indicator.${key}}}`;
    value.font = { bold: true, size: 12 };
    value.alignment = { horizontal: 'center' };
    value.border = { bottom: LINE, left: HAIRLINE, right: HAIRLINE };
    const numFmt = INDICATOR_FORMATS[key];
    if (numFmt) value.numFmt = numFmt;
  });
  ws.getRow(4).height = 28;
  ws.getRow(5).height = 20;

  MASTER_COLUMNS.forEach((c, i) => {
    const head = ws.getCell(7, i + 1);
    head.value = labels.columns[c.key];
    head.font = { bold: true };
    head.fill = HEAD_FILL;
    head.alignment = { vertical: 'middle', wrapText: true };
    head.border = { top: LINE, bottom: LINE };
    const cell = ws.getCell(8, i + 1);
    cell.value = `${i === 0 ? '{{#works}}' : ''}{{${c.key}}}`;
    cell.border = { bottom: HAIRLINE };
    cell.alignment = { vertical: 'top', ...(c.key === 'name' ? { wrapText: true } : {}) };
    if ('numFmt' in c) cell.numFmt = c.numFmt;
  });
  ws.getRow(7).height = 30;
  const bytes = await wb.xlsx.writeBuffer();
  return loadReportTemplate(new Uint8Array(bytes as ArrayBuffer));
}
