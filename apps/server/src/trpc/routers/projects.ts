import {
  activitiesInput,
  checkEmptyWorksInput,
  copyProjectInput,
  createProjectLinkInput,
  deleteScheduleInput,
  facilityInput,
  passportInput,
  projectInput,
  projectLinkInput,
  saveCalculateSettingsInput,
  scheduleIdInput,
  updateProjectSettingsInput,
  updateScheduleSettingsInput,
  uploadPassportInput,
  versionFileInput,
  versionInput,
} from '@takt/contracts';
import * as projects from '../../domains/projects';
import { router, spaceMutation, spaceQuery } from '../trpc';

/** Facilities and projects (API facilities, projects: details, settings, copy, calculation settings, links, gwbs). */
export const projectsRouter = router({
  facility: spaceQuery('structure.view', facilityInput, (ctx, input) =>
    projects.facilityDetails(ctx, input.facilityId),
  ),
  details: spaceQuery('structure.view', projectInput, (ctx, input) =>
    projects.projectDetails(ctx, input.projectId),
  ),
  settings: spaceQuery('structure.view', projectInput, (ctx, input) =>
    projects.projectSettings(ctx, input.projectId),
  ),
  updateSettings: spaceMutation('structure.edit', updateProjectSettingsInput, projects.updateProjectSettings),
  copy: spaceMutation('structure.edit', copyProjectInput, projects.copyProject),
  calculateSettings: spaceQuery('schedule.view', projectInput, (ctx, input) =>
    projects.calculateSettings(ctx, input.projectId),
  ),
  saveCalculateSettings: spaceMutation(
    'schedule.calculate',
    saveCalculateSettingsInput,
    projects.saveCalculateSettings,
  ),
  links: spaceQuery('structure.view', projectInput, (ctx, input) =>
    projects.projectLinks(ctx, input.projectId),
  ),
  link: spaceMutation('structure.edit', createProjectLinkInput, projects.createProjectLink),
  unlink: spaceMutation('structure.edit', projectLinkInput, (ctx, input) =>
    projects.deleteProjectLink(ctx, input.projectLinkId),
  ),
  gwbs: spaceQuery('schedule.view', projectInput, (ctx, input) => projects.projectGwbs(ctx, input.projectId)),
  // A node's passport (any kind of node): its data sheet, uploaded, replaced, downloaded, removed.
  passport: spaceQuery('structure.view', passportInput, (ctx, input) =>
    projects.passportInfo(ctx, input.nodeId),
  ),
  downloadPassport: spaceQuery('structure.view', passportInput, (ctx, input) =>
    projects.downloadPassport(ctx, input.nodeId),
  ),
  uploadPassport: spaceMutation('structure.edit', uploadPassportInput, projects.uploadPassport),
  deletePassport: spaceMutation('structure.edit', passportInput, (ctx, input) =>
    projects.deletePassport(ctx, input.nodeId),
  ),
});

/** Schedules (API schedules/{id}, actual/info, settings) and what is asked of their versions. */
export const schedulesRouter = router({
  get: spaceQuery('schedule.view', scheduleIdInput, (ctx, input) =>
    projects.getSchedule(ctx, input.scheduleId),
  ),
  delete: spaceMutation('structure.edit', deleteScheduleInput, (ctx, input) =>
    projects.deleteSchedule(ctx, input.scheduleId),
  ),
  actualInfo: spaceQuery('schedule.view', scheduleIdInput, (ctx, input) =>
    projects.actualInfo(ctx, input.scheduleId),
  ),
  updateSettings: spaceMutation(
    'versions.manage',
    updateScheduleSettingsInput,
    projects.updateScheduleSettings,
  ),
  versionUsers: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    projects.versionUsers(ctx, input.versionId),
  ),
  checkEmptyWorks: spaceQuery('schedule.view', checkEmptyWorksInput, projects.checkEmptyWorks),
  activities: spaceQuery('schedule.view', activitiesInput, projects.activities),
  versionFile: spaceQuery('export', versionFileInput, projects.versionFile),
});
