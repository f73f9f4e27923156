// What the spaces domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { resumeSpaceDeletions, runSpaceDeletion } from './deletion';
export { registerDemoFiller } from './demo';
export {
  access,
  auditLog,
  createDemoSpace,
  createSpace,
  deleteFreeSpace,
  deleteSpace,
  deletionStatus,
  fillWithDemo,
  getSettings,
  invite,
  kickout,
  licence,
  listMembers,
  listUserSpaces,
  renameSpace,
  SPACE_DELETION_JOB,
  setMemberRole,
  spaceConfig,
  updateSettings,
} from './service';
