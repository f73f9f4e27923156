// What the timesheets domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  acceptCuratorDates,
  checkTimesheetNotification,
  listTimesheet,
  saveTimesheet,
  submitTimesheet,
  timesheetNotifications,
  timesheetsOfVersion,
  timesheetUsers,
} from './service';
