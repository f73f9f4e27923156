import { calendarInput, createCalendarInput, spaceInput, updateCalendarInput } from '@takt/contracts';
import * as calendars from '../../domains/calendars';
import { router, spaceProcedure } from '../trpc';

export const calendarsRouter = router({
  list: spaceProcedure('schedule.view')
    .input(spaceInput)
    .query(({ ctx }) => calendars.listCalendars(ctx)),
  get: spaceProcedure('schedule.view')
    .input(calendarInput)
    .query(({ ctx, input }) => calendars.getCalendar(ctx, input.calendarId)),
  create: spaceProcedure('calendars.edit')
    .input(createCalendarInput)
    .mutation(({ ctx, input }) => calendars.createCalendar(ctx, input)),
  update: spaceProcedure('calendars.edit')
    .input(updateCalendarInput)
    .mutation(({ ctx, input }) => calendars.updateCalendar(ctx, input)),
  setDefault: spaceProcedure('calendars.edit')
    .input(calendarInput)
    .mutation(({ ctx, input }) => calendars.setDefaultCalendar(ctx, input.calendarId)),
  delete: spaceProcedure('calendars.edit')
    .input(calendarInput)
    .mutation(({ ctx, input }) => calendars.deleteCalendar(ctx, input.calendarId)),
});
