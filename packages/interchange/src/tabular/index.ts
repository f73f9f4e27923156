/** Excel and CSV: the grid as shown (export) and spreadsheets through upload rules (import). */

export {
  INTERCHANGE_MESSAGES,
  type InterchangeMessageId,
  type LocalizedText,
  type MessageValues,
} from '../common/messages.js';
export { type CsvReadOptions, detectDelimiter, readCsvRows } from './csv-read.js';
export { type CsvWriteOptions, writeGridCsv } from './csv-write.js';
export { looksLikeFormula, neutralizeFormula, restoreFormulaText } from './formula-guard.js';
export type { Grid, GridColumn, GridColumnKind, GridLabels, GridRow, GridValue } from './grid.js';
export {
  matchVolumesByCode,
  missingVolumeCodesMessage,
  previewTabular,
  readTabular,
  type TabularColumn,
  type TabularFormat,
  type TabularOptions,
  type TabularPreview,
  type TabularPreviewRow,
  type TabularProblem,
  type TabularReport,
  type TabularSkip,
} from './import.js';
export {
  MASTER_COLUMNS,
  MASTER_INDICATORS,
  type MasterColumnKey,
  type MasterIndicatorKey,
  type MasterLabels,
  masterReportTemplate,
} from './report-master.js';
export { readSheetRows, type SheetRowsOptions, tabularFormatOf } from './rows.js';
export {
  TABULAR_DATE_FORMATS,
  TABULAR_FIELDS,
  type TabularDateFormat,
  type TabularField,
  type TabularRule,
} from './rule.js';
export { type CellValue, cellText, columnIndex, columnLetter, type SheetRow } from './sheet.js';
export { readXlsxRows, xlsxSheetNames } from './xlsx-read.js';
export {
  type FilledCell,
  type FilledRow,
  type FilledSheet,
  filledText,
  fillReport,
  loadReportTemplate,
  type ReportTemplate,
  ReportTemplateError,
  type TemplateData,
  type TemplateItem,
  type TemplateValue,
  writeReportXlsx,
} from './xlsx-template.js';
export { safeSheetName, writeGridsXlsx, writeGridXlsx } from './xlsx-write.js';
