// What the backups domain offers the transport and the server: import it from here, never from a file inside
// (docs/architecture.md, "Boundaries").

export { copyRemoteSpace, listRemoteSpaces } from './remote';
export {
  createBackup,
  createSchedule,
  deleteBackup,
  deleteSchedule,
  downloadBackup,
  listBackups,
  listSchedules,
  restoreBackup,
  updateSchedule,
} from './service';
export { registerBackupWorkers } from './workers';
