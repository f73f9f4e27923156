// What the directories domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  addValuesToVersion,
  createDirectory,
  createDirectoryValue,
  deleteDirectory,
  deleteDirectoryValue,
  listDirectories,
  updateDirectory,
  updateDirectoryValue,
  versionDirectoryValues,
} from './service';
export {
  directoryUploadInput,
  directoryUploadPreviewInput,
  previewDirectoryUpload,
  uploadDirectoryValues,
} from './upload';
