import {
  acceptedCuratorDatesInput,
  noticeInput,
  spaceInput,
  timesheetListInput,
  timesheetSaveInput,
  timesheetSubmitInput,
  versionInput,
} from '@takt/contracts';
import * as timesheets from '../../domains/timesheets';
import { router, spaceProcedure } from '../trpc';

/** Timesheets (API timesheets, versions/{id}/timesheet/users, accepted-curator-dates, timesheet notices). */
export const timesheetsRouter = router({
  list: spaceProcedure('schedule.view')
    .input(timesheetListInput)
    .query(({ ctx, input }) => timesheets.listTimesheet(ctx, input)),
  save: spaceProcedure('timesheets.submit')
    .input(timesheetSaveInput)
    .mutation(({ ctx, input }) => timesheets.saveTimesheet(ctx, input)),
  submit: spaceProcedure('timesheets.submit')
    .input(timesheetSubmitInput)
    .mutation(({ ctx, input }) => timesheets.submitTimesheet(ctx, input)),
  acceptDates: spaceProcedure('timesheets.accept')
    .input(acceptedCuratorDatesInput)
    .mutation(({ ctx, input }) => timesheets.acceptCuratorDates(ctx, input)),
  users: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => timesheets.timesheetUsers(ctx, input.versionId)),
  notifications: spaceProcedure('space.view')
    .input(spaceInput)
    .query(({ ctx }) => timesheets.timesheetNotifications(ctx)),
  checkNotification: spaceProcedure('space.view')
    .input(noticeInput)
    .mutation(({ ctx, input }) => timesheets.checkTimesheetNotification(ctx, input.noticeId)),
});
