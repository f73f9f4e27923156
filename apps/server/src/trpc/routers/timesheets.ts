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
import { router, spaceMutation, spaceQuery } from '../trpc';

/** Timesheets (API timesheets, versions/{id}/timesheet/users, accepted-curator-dates, timesheet notices). */
export const timesheetsRouter = router({
  list: spaceQuery('schedule.view', timesheetListInput, timesheets.listTimesheet),
  save: spaceMutation('timesheets.submit', timesheetSaveInput, timesheets.saveTimesheet),
  submit: spaceMutation('timesheets.submit', timesheetSubmitInput, timesheets.submitTimesheet),
  acceptDates: spaceMutation('timesheets.accept', acceptedCuratorDatesInput, timesheets.acceptCuratorDates),
  users: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    timesheets.timesheetUsers(ctx, input.versionId),
  ),
  notifications: spaceQuery('space.view', spaceInput, (ctx) => timesheets.timesheetNotifications(ctx)),
  checkNotification: spaceMutation('space.view', noticeInput, (ctx, input) =>
    timesheets.checkTimesheetNotification(ctx, input.noticeId),
  ),
});
