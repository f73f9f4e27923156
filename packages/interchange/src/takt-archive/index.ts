export {
  isTaktArchive,
  readTaktArchive,
  TAKT_ARCHIVE_FORMAT,
  TAKT_ARCHIVE_VERSION,
  type TaktArchive,
  type TaktArchiveFile,
  type TaktAttribute,
  type TaktAttributeValue,
  type TaktManifest,
  taktArchiveChunks,
  writeTaktArchive,
} from './archive.js';
