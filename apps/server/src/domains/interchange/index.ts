// What the interchange domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { startCalculation } from './calculate';
export { exportVersion, startExport } from './export';
export {
  deleteFile,
  downloadFile,
  listScheduleFiles,
  removeStoredBytes,
  storageMaxSize,
  storedFileKeysUnder,
  storeFile,
  uploadScheduleFile,
} from './files';
export { fileThumbnail, listNodeFiles, uploadNodeFile } from './gallery';
export {
  chooseRecordedDates,
  invalidFile,
  previewUpload,
  uploadVersion,
  uploadVersionSynchronous,
} from './import';
export { claimRun, finishThrown } from './job-run';
export { getJob, insertJob, listJobs, queueJob, stopJob } from './jobs';
export {
  createImportSetting,
  deleteImportSetting,
  deleteRuleRow,
  getImportSetting,
  insertRule,
  listImportSettings,
  listRuleRows,
  type RuleRow,
  ruleRow,
  updateImportSetting,
  updateRuleRow,
} from './settings';
export { registerInterchangeWorkers } from './workers';
