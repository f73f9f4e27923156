import {
  chooseRecordedDatesInput,
  createImportSettingInput,
  exportComparisonInput,
  exportVersionInput,
  importSettingInput,
  interchangeJobInput,
  listJobsInput,
  nodeFilesInput,
  previewUploadInput,
  scheduleFilesInput,
  spaceInput,
  startCalculationInput,
  startExportInput,
  storedFileInput,
  updateImportSettingInput,
  uploadNodeFileInput,
  uploadScheduleFileInput,
  uploadVersionInput,
} from '@takt/contracts';
import {
  chooseRecordedDates,
  createImportSetting,
  deleteFile,
  deleteImportSetting,
  downloadFile,
  exportVersion,
  fileThumbnail,
  getImportSetting,
  getJob,
  listImportSettings,
  listJobs,
  listNodeFiles,
  listScheduleFiles,
  previewUpload,
  startCalculation,
  startExport,
  stopJob,
  storageMaxSize,
  updateImportSetting,
  uploadNodeFile,
  uploadScheduleFile,
  uploadVersion,
  uploadVersionSynchronous,
} from '../../domains/interchange';
import { router, spaceMutation, spaceProcedure, spaceQuery } from '../trpc';

const settingsRouter = router({
  preview: spaceMutation('import', previewUploadInput, previewUpload),
  list: spaceQuery('import', spaceInput, (ctx) => listImportSettings(ctx)),
  get: spaceQuery('import', importSettingInput, (ctx, input) => getImportSetting(ctx, input.settingId)),
  create: spaceMutation('import', createImportSettingInput, createImportSetting),
  update: spaceMutation('import', updateImportSettingInput, updateImportSetting),
  delete: spaceMutation('import', importSettingInput, (ctx, input) =>
    deleteImportSetting(ctx, input.settingId),
  ),
});

const storageRouter = router({
  maxSize: spaceQuery('space.view', spaceInput, () => storageMaxSize()),
  scheduleFiles: spaceQuery('schedule.view', scheduleFilesInput, (ctx, input) =>
    listScheduleFiles(ctx, input.scheduleId),
  ),
  uploadScheduleFile: spaceMutation('schedule.edit', uploadScheduleFileInput, uploadScheduleFile),
  download: spaceQuery('schedule.view', storedFileInput, (ctx, input) => downloadFile(ctx, input.fileId)),
  delete: spaceMutation('schedule.edit', storedFileInput, (ctx, input) => deleteFile(ctx, input.fileId)),
  // The gallery of an EPS node (node info tab gallery) and the thumbnails of its photos.
  nodeFiles: spaceQuery('schedule.view', nodeFilesInput, (ctx, input) => listNodeFiles(ctx, input.nodeId)),
  uploadNodeFile: spaceMutation('schedule.edit', uploadNodeFileInput, uploadNodeFile),
  thumbnail: spaceQuery('schedule.view', storedFileInput, (ctx, input) => fileThumbnail(ctx, input.fileId)),
});

/** Import and export of schedules (API versions/upload, batch-processing, versions export, storage, import settings). */
export const interchangeRouter = router({
  upload: spaceMutation('import', uploadVersionInput, uploadVersion),
  uploadSynchronous: spaceMutation('import', uploadVersionInput, uploadVersionSynchronous),
  chooseRecordedDates: spaceMutation('import', chooseRecordedDatesInput, chooseRecordedDates),
  job: spaceQuery('space.view', interchangeJobInput, (ctx, input) => getJob(ctx, input.jobId)),
  jobs: spaceQuery('space.view', listJobsInput, listJobs),
  stop: spaceMutation('space.view', interchangeJobInput, (ctx, input) => stopJob(ctx, input.jobId)),
  exportVersion: spaceMutation('export', exportVersionInput, exportVersion),
  exportComparison: spaceProcedure('export')
    .input(exportComparisonInput)
    .mutation(({ ctx, input }) =>
      exportVersion(ctx, {
        versionId: input.versionId,
        otherVersionId: input.otherVersionId,
        format: input.format,
      }),
    ),
  startExport: spaceMutation('export', startExportInput, startExport),
  startCalculation: spaceMutation('schedule.calculate', startCalculationInput, (ctx, input) =>
    startCalculation(ctx, input.versionId),
  ),
  settings: settingsRouter,
  storage: storageRouter,
});
