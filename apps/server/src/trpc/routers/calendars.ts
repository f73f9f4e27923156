import { calendarInput, createCalendarInput, spaceInput, updateCalendarInput } from '@takt/contracts';
import * as calendars from '../../domains/calendars';
import { router, spaceMutation, spaceQuery } from '../trpc';

export const calendarsRouter = router({
  list: spaceQuery('schedule.view', spaceInput, (ctx) => calendars.listCalendars(ctx)),
  get: spaceQuery('schedule.view', calendarInput, (ctx, input) =>
    calendars.getCalendar(ctx, input.calendarId),
  ),
  create: spaceMutation('calendars.edit', createCalendarInput, calendars.createCalendar),
  update: spaceMutation('calendars.edit', updateCalendarInput, calendars.updateCalendar),
  setDefault: spaceMutation('calendars.edit', calendarInput, (ctx, input) =>
    calendars.setDefaultCalendar(ctx, input.calendarId),
  ),
  delete: spaceMutation('calendars.edit', calendarInput, (ctx, input) =>
    calendars.deleteCalendar(ctx, input.calendarId),
  ),
});
