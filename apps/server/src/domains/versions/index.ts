// What the versions domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { carryPayload, encodedPayload, payloadIdentity, primePayload, versionPayloadBinary } from './binary';
export { compareVersions, exportComparison } from './compare';
export { WORK_COLUMNS } from './copy';
export {
  keepWrittenDocument,
  type VersionDocument,
  versionDocument,
} from './document';
export { fingerprintsWithData, versionFingerprint, versionFingerprints } from './fingerprint';
export { checkEditingPeriod, versionForEdit, versionLocked, versionOf } from './guard';
export { liveUpdates } from './live';
export {
  schedulingKeyOf,
  stringInterner,
  versionColumns,
  versionFields,
  versionPayload,
} from './payload';
export {
  copyVersionTo,
  createVersion,
  deleteVersion,
  insertVersion,
  listVersions,
  onActualVersionSet,
  readVersion,
  scheduleNode,
  setActualVersion,
  setVersionLocked,
  updateVersion,
} from './service';
