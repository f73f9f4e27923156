// What the calendars domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  createCalendar,
  deleteCalendar,
  getCalendar,
  isSpaceCalendar,
  listCalendars,
  setDefaultCalendar,
  updateCalendar,
} from './service';
