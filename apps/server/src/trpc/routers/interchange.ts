import {
  chooseRecordedDatesInput,
  createImportSettingInput,
  exportComparisonInput,
  exportVersionInput,
  importSettingInput,
  interchangeJobInput,
  listJobsInput,
  previewUploadInput,
  scheduleFilesInput,
  spaceInput,
  startCalculationInput,
  startExportInput,
  storedFileInput,
  updateImportSettingInput,
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
  getImportSetting,
  getJob,
  listImportSettings,
  listJobs,
  listScheduleFiles,
  previewUpload,
  startCalculation,
  startExport,
  stopJob,
  storageMaxSize,
  updateImportSetting,
  uploadScheduleFile,
  uploadVersion,
  uploadVersionSynchronous,
} from '../../domains/interchange';
import { router, spaceProcedure } from '../trpc';

const settingsRouter = router({
  preview: spaceProcedure('import')
    .input(previewUploadInput)
    .mutation(({ ctx, input }) => previewUpload(ctx, input)),
  list: spaceProcedure('import')
    .input(spaceInput)
    .query(({ ctx }) => listImportSettings(ctx)),
  get: spaceProcedure('import')
    .input(importSettingInput)
    .query(({ ctx, input }) => getImportSetting(ctx, input.settingId)),
  create: spaceProcedure('import')
    .input(createImportSettingInput)
    .mutation(({ ctx, input }) => createImportSetting(ctx, input)),
  update: spaceProcedure('import')
    .input(updateImportSettingInput)
    .mutation(({ ctx, input }) => updateImportSetting(ctx, input)),
  delete: spaceProcedure('import')
    .input(importSettingInput)
    .mutation(({ ctx, input }) => deleteImportSetting(ctx, input.settingId)),
});

const storageRouter = router({
  maxSize: spaceProcedure('space.view')
    .input(spaceInput)
    .query(() => storageMaxSize()),
  scheduleFiles: spaceProcedure('schedule.view')
    .input(scheduleFilesInput)
    .query(({ ctx, input }) => listScheduleFiles(ctx, input.scheduleId)),
  uploadScheduleFile: spaceProcedure('schedule.edit')
    .input(uploadScheduleFileInput)
    .mutation(({ ctx, input }) => uploadScheduleFile(ctx, input)),
  download: spaceProcedure('schedule.view')
    .input(storedFileInput)
    .query(({ ctx, input }) => downloadFile(ctx, input.fileId)),
  delete: spaceProcedure('schedule.edit')
    .input(storedFileInput)
    .mutation(({ ctx, input }) => deleteFile(ctx, input.fileId)),
});

/** Import and export of schedules (API versions/upload, batch-processing, versions export, storage, import settings). */
export const interchangeRouter = router({
  upload: spaceProcedure('import')
    .input(uploadVersionInput)
    .mutation(({ ctx, input }) => uploadVersion(ctx, input)),
  uploadSynchronous: spaceProcedure('import')
    .input(uploadVersionInput)
    .mutation(({ ctx, input }) => uploadVersionSynchronous(ctx, input)),
  chooseRecordedDates: spaceProcedure('import')
    .input(chooseRecordedDatesInput)
    .mutation(({ ctx, input }) => chooseRecordedDates(ctx, input)),
  job: spaceProcedure('space.view')
    .input(interchangeJobInput)
    .query(({ ctx, input }) => getJob(ctx, input.jobId)),
  jobs: spaceProcedure('space.view')
    .input(listJobsInput)
    .query(({ ctx, input }) => listJobs(ctx, input)),
  stop: spaceProcedure('space.view')
    .input(interchangeJobInput)
    .mutation(({ ctx, input }) => stopJob(ctx, input.jobId)),
  exportVersion: spaceProcedure('export')
    .input(exportVersionInput)
    .mutation(({ ctx, input }) => exportVersion(ctx, input)),
  exportComparison: spaceProcedure('export')
    .input(exportComparisonInput)
    .mutation(({ ctx, input }) =>
      exportVersion(ctx, {
        versionId: input.versionId,
        otherVersionId: input.otherVersionId,
        format: input.format,
      }),
    ),
  startExport: spaceProcedure('export')
    .input(startExportInput)
    .mutation(({ ctx, input }) => startExport(ctx, input)),
  startCalculation: spaceProcedure('schedule.calculate')
    .input(startCalculationInput)
    .mutation(({ ctx, input }) => startCalculation(ctx, input.versionId)),
  settings: settingsRouter,
  storage: storageRouter,
});
