import {
  createDirectoryInput,
  createDirectoryValueInput,
  directoryInput,
  directoryValueInput,
  spaceInput,
  updateDirectoryInput,
  updateDirectoryValueInput,
} from '@takt/contracts';
import * as directories from '../../domains/directories';
import {
  directoryUploadInput,
  directoryUploadPreviewInput,
  previewDirectoryUpload,
  uploadDirectoryValues,
} from '../../domains/directories';
import { router, spaceProcedure } from '../trpc';

export const directoriesRouter = router({
  list: spaceProcedure('schedule.view')
    .input(spaceInput)
    .query(({ ctx }) => directories.listDirectories(ctx)),
  create: spaceProcedure('directories.edit')
    .input(createDirectoryInput)
    .mutation(({ ctx, input }) => directories.createDirectory(ctx, input.name)),
  update: spaceProcedure('directories.edit')
    .input(updateDirectoryInput)
    .mutation(({ ctx, input }) => directories.updateDirectory(ctx, input)),
  delete: spaceProcedure('directories.edit')
    .input(directoryInput)
    .mutation(({ ctx, input }) => directories.deleteDirectory(ctx, input.directoryId)),
  createValue: spaceProcedure('directories.edit')
    .input(createDirectoryValueInput)
    .mutation(({ ctx, input }) => directories.createDirectoryValue(ctx, input)),
  updateValue: spaceProcedure('directories.edit')
    .input(updateDirectoryValueInput)
    .mutation(({ ctx, input }) => directories.updateDirectoryValue(ctx, input)),
  deleteValue: spaceProcedure('directories.edit')
    .input(directoryValueInput)
    .mutation(({ ctx, input }) => directories.deleteDirectoryValue(ctx, input.valueId)),
  uploadPreview: spaceProcedure('directories.edit')
    .input(directoryUploadPreviewInput)
    .mutation(({ ctx, input }) => previewDirectoryUpload(ctx, input)),
  upload: spaceProcedure('directories.edit')
    .input(directoryUploadInput)
    .mutation(({ ctx, input }) => uploadDirectoryValues(ctx, input)),
});
