export * from './archive/index.js';
export type {
  ConformanceIssue,
  ConformanceReport,
  ConformanceRule,
  XerCheckOptions,
} from './conformance/index.js';
export {
  checkMspdi,
  checkPmxml,
  checkXer,
  encodeText,
  formatIssues,
  P6_LIMITS,
  type TextEncoding,
} from './conformance/index.js';
export type { InterchangeErrorCode, InterchangeErrorLocation } from './errors.js';
export { InterchangeError } from './errors.js';
export type {
  FidelityField,
  FidelityMismatch,
  FidelityReport,
  RecordedDateChange,
  RecordedDateField,
} from './fidelity.js';
export {
  compareWithRecorded,
  datesMovedByRecalculation,
  formatMismatches,
  rowsWithRecordedDates,
} from './fidelity.js';
export type { ByteSource, Encoding } from './input.js';
export { ENCODINGS } from './input.js';
export { readJson, toEngineJson, writeJson } from './json-format.js';
export type * from './model.js';
export { defaultOptions, emptyProject, STANDARD_WEEK } from './model.js';
export { minutesFromIsoDuration, readMspdi } from './mspdi-reader.js';
export { parseClndrData, writeClndrData } from './p6-calendar.js';
export { readPmxml } from './pmxml-reader.js';
export { formatFromContent, formatFromName, readProjectFile } from './read.js';
export type { ScheduledProject, ScheduleRow } from './schedule.js';
export { scheduleProject } from './schedule.js';
export * from './tabular/index.js';
export type { EngineImport } from './to-engine.js';
export { toEngineProject } from './to-engine.js';
export { validateProject } from './validate.js';
export { uniqueCodes, writeMspdi, writePmxml, writeScheduleCsv, writeXer } from './writers.js';
export type { XerReadOptions } from './xer-reader.js';
export { readXer } from './xer-reader.js';
