// What the notices domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  actualVersionAndSetChecked,
  checkNotices,
  deleteAllNotices,
  deleteAllPersonal,
  deleteNotice,
  deletePersonalNotice,
  listNotices,
  listPersonalArea,
  noticesStatus,
  notify,
  notifyAssignments,
  notifyOfVersion,
} from './service';
