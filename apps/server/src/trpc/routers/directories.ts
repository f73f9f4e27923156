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
import { router, spaceMutation, spaceQuery } from '../trpc';

export const directoriesRouter = router({
  list: spaceQuery('schedule.view', spaceInput, (ctx) => directories.listDirectories(ctx)),
  create: spaceMutation('directories.edit', createDirectoryInput, (ctx, input) =>
    directories.createDirectory(ctx, input.name),
  ),
  update: spaceMutation('directories.edit', updateDirectoryInput, directories.updateDirectory),
  delete: spaceMutation('directories.edit', directoryInput, (ctx, input) =>
    directories.deleteDirectory(ctx, input.directoryId),
  ),
  createValue: spaceMutation('directories.edit', createDirectoryValueInput, directories.createDirectoryValue),
  updateValue: spaceMutation('directories.edit', updateDirectoryValueInput, directories.updateDirectoryValue),
  deleteValue: spaceMutation('directories.edit', directoryValueInput, (ctx, input) =>
    directories.deleteDirectoryValue(ctx, input.valueId),
  ),
  uploadPreview: spaceMutation('directories.edit', directoryUploadPreviewInput, previewDirectoryUpload),
  upload: spaceMutation('directories.edit', directoryUploadInput, uploadDirectoryValues),
});
