/**
 * `@takt/interchange`: one folder per format (read, write, layout, conformance check) — `xer/`, `pmxml/`,
 * `mspdi/`, `json/`, `tabular/` (Excel and CSV), `takt-archive/` — over the shared model and helpers of
 * `common/`; `calculation/` turns the model into the engine's input and the calculated rows.
 */

// calculation
export type {
  FidelityField,
  FidelityMismatch,
  FidelityReport,
  RecordedDateChange,
  RecordedDateField,
} from './calculation/fidelity.js';
export {
  compareWithRecorded,
  datesMovedByRecalculation,
  formatMismatches,
  rowsWithRecordedDates,
} from './calculation/fidelity.js';
export type { ScheduledProject, ScheduleRow } from './calculation/schedule.js';
export { scheduleProject } from './calculation/schedule.js';
export type { EngineImport } from './calculation/to-engine.js';
export { toEngineProject } from './calculation/to-engine.js';
// the shared model, errors, input and conformance reports
export type { ConformanceIssue, ConformanceReport, ConformanceRule } from './common/check-report.js';
export { formatIssues } from './common/check-report.js';
export { encodeText, type TextEncoding } from './common/encode-text.js';
export type { InterchangeErrorCode, InterchangeErrorLocation } from './common/errors.js';
export { InterchangeError } from './common/errors.js';
export type { ByteSource, Encoding } from './common/input.js';
export { ENCODINGS } from './common/input.js';
export type * from './common/model.js';
export { defaultOptions, emptyProject, STANDARD_WEEK } from './common/model.js';
export { validateProject } from './common/validate.js';
export { uniqueCodes } from './common/write-text.js';
export { type ArpsWriteOptions, readEstimateArps, writeEstimateArps } from './estimate/arps.js';
// estimates
export type {
  AppliedCoefficient,
  ChapterFigures,
  CoefficientLevel,
  EstimateFigures,
  EstimateTotals,
  LineFigures,
  SectionFigures,
} from './estimate/figure.js';
export { figureEstimate, roundMoney } from './estimate/figure.js';
export { readEstimateMinstroyXml } from './estimate/minstroy-xml.js';
export type * from './estimate/model.js';
export { COEFFICIENT_TARGETS, ESTIMATE_KINDS } from './estimate/model.js';
export { type EstimateFileOptions, estimateFormatFromContent, readEstimateFile } from './estimate/read.js';
export type {
  EstimateFileFormat,
  EstimateFileReport,
  EstimateWarning,
  EstimateWarningCode,
} from './estimate/read-report.js';
export { ESTIMATE_LIMITS } from './estimate/read-report.js';
export {
  type EstimateSheet,
  type EstimateSheetColumn,
  type EstimateSheetColumnKind,
  type EstimateSheetRow,
  type EstimateSheetRowKind,
  estimateSheet,
} from './estimate/sheet.js';
export {
  type EstimateTabularField,
  type EstimateTabularOptions,
  type EstimateTabularRule,
  previewEstimateTabular,
  readEstimateTabular,
} from './estimate/tabular.js';
export { type EstimateXlsxOptions, writeEstimateXlsx } from './estimate/xlsx.js';
// the formats
export { readJson, toEngineJson, writeJson } from './json/format.js';
export { checkMspdi } from './mspdi/check.js';
export { minutesFromIsoDuration, readMspdi } from './mspdi/read.js';
export { writeMspdi } from './mspdi/write.js';
export { checkPmxml, P6_LIMITS } from './pmxml/check.js';
export { readPmxml } from './pmxml/read.js';
export { writePmxml } from './pmxml/write.js';
// any format, by name or content
export { formatFromContent, formatFromName, readProjectFile } from './read.js';
export * from './tabular/index.js';
export { writeScheduleCsv } from './tabular/schedule-csv.js';
export * from './takt-archive/index.js';
export { parseClndrData, writeClndrData } from './xer/calendar-data.js';
export { checkXer, type XerCheckOptions } from './xer/check.js';
export type { XerReadOptions } from './xer/read.js';
export { readXer } from './xer/read.js';
export { writeXer } from './xer/write.js';
