/**
 * The REST API (`/api/v1`) as one declarative table: method + path → tRPC procedure. Path
 * parameters, the query string and the JSON (or multipart) body merge into the procedure's input;
 * `coerce` turns query strings into numbers/booleans; `cookies` fills input from cookies when absent.
 * No business logic lives here: it is all in the procedures.
 */
import { BIM_LIMITS, INTERCHANGE_LIMITS, LIMITS } from '@takt/contracts';

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  procedure: string;
  coerce?: Record<string, 'number' | 'boolean'>;
  cookies?: Record<string, string>;
  /**
   * The route takes multipart uploads of at most this many bytes per file, cut while they stream.
   * Without it a multipart body is bounded like any other (by the procedure's body limit).
   */
  uploadBytes?: number;
  /** HTTP status from the result, e.g. 503 when the health check fails. */
  status?: (output: unknown) => number;
}

const space = (path: string) => `/space/:spaceId${path}`;

export const REST_ROUTES: RestRoute[] = [
  // System
  { method: 'GET', path: '/system-state', procedure: 'system.state' },
  { method: 'POST', path: '/client-error', procedure: 'system.clientError' },
  {
    method: 'GET',
    path: '/health-check',
    procedure: 'system.healthCheck',
    status: (out) => ((out as { status: string }).status === 'ok' ? 200 : 503),
  },
  { method: 'GET', path: '/guide', procedure: 'system.guide' },
  // Auth
  { method: 'POST', path: '/auth/login', procedure: 'auth.login' },
  { method: 'POST', path: '/auth/logout', procedure: 'auth.logout', coerce: { everywhere: 'boolean' } },
  // Users
  { method: 'GET', path: '/users/who-am-i', procedure: 'users.whoAmI' },
  { method: 'PUT', path: '/users', procedure: 'users.update' },
  { method: 'POST', path: '/users/register', procedure: 'users.register' },
  { method: 'POST', path: '/users/register-and-login', procedure: 'users.registerAndLogin' },
  { method: 'PUT', path: '/users/change-password', procedure: 'users.changePassword' },
  { method: 'PUT', path: '/users/reset-password-request', procedure: 'users.resetPasswordRequest' },
  { method: 'PUT', path: '/users/reset-password', procedure: 'users.resetPassword' },
  { method: 'PUT', path: '/users/change-forgotten-password', procedure: 'users.changeForgottenPassword' },
  { method: 'GET', path: '/users/spaces', procedure: 'users.spaces' },
  {
    method: 'GET',
    path: '/users/space-config',
    procedure: 'users.spaceConfig',
    cookies: { space_id: 'spaceId' },
  },
  { method: 'GET', path: '/users/avatar', procedure: 'users.avatar' },
  {
    method: 'POST',
    path: '/users/avatar',
    procedure: 'users.uploadAvatar',
    uploadBytes: LIMITS.avatarMaxBytes,
  },
  { method: 'DELETE', path: '/users/avatar', procedure: 'users.deleteAvatar' },
  { method: 'GET', path: '/users/:userId/avatar', procedure: 'users.avatar' },
  { method: 'PUT', path: '/users/accept-privacy-policy', procedure: 'users.acceptPrivacyPolicy' },
  { method: 'PATCH', path: '/users/:userId/set-executor', procedure: 'users.setExecutor' },
  // Spaces
  { method: 'POST', path: '/space/create', procedure: 'space.create' },
  { method: 'POST', path: '/space/create-demo', procedure: 'space.createDemo' },
  { method: 'PUT', path: space(''), procedure: 'space.rename' },
  { method: 'DELETE', path: space(''), procedure: 'space.delete' },
  { method: 'GET', path: space('/deletion'), procedure: 'space.deletionStatus' },
  { method: 'POST', path: space('/demo'), procedure: 'space.demo' },
  { method: 'GET', path: space('/users'), procedure: 'space.users' },
  { method: 'POST', path: space('/users/invite'), procedure: 'space.invite' },
  { method: 'POST', path: space('/users/kickout'), procedure: 'space.kickout' },
  { method: 'PATCH', path: space('/users/role'), procedure: 'space.setMemberRole' },
  { method: 'GET', path: space('/settings'), procedure: 'space.settings' },
  { method: 'PUT', path: space('/settings'), procedure: 'space.updateSettings' },
  { method: 'GET', path: space('/access'), procedure: 'space.access' },
  { method: 'GET', path: space('/licence'), procedure: 'space.licence' },
  { method: 'GET', path: space('/audit'), procedure: 'space.audit', coerce: { limit: 'number' } },
  // Roles
  { method: 'GET', path: space('/roles'), procedure: 'roles.list' },
  { method: 'POST', path: space('/roles'), procedure: 'roles.create' },
  { method: 'PUT', path: space('/roles/:roleId'), procedure: 'roles.update' },
  { method: 'DELETE', path: space('/roles/:roleId'), procedure: 'roles.delete' },
  // Delegation
  { method: 'GET', path: space('/delegation'), procedure: 'delegation.list' },
  { method: 'POST', path: space('/delegation'), procedure: 'delegation.create' },
  { method: 'DELETE', path: space('/delegation/:delegationId'), procedure: 'delegation.delete' },
  // EPS (structure) and node info
  { method: 'GET', path: space('/eps'), procedure: 'eps.list' },
  { method: 'POST', path: space('/eps'), procedure: 'eps.create' },
  { method: 'GET', path: space('/eps/:nodeId'), procedure: 'eps.get' },
  { method: 'PATCH', path: space('/eps/:nodeId'), procedure: 'eps.update' },
  { method: 'PATCH', path: space('/eps/:nodeId/move'), procedure: 'eps.move' },
  { method: 'POST', path: space('/eps/:nodeId/copy'), procedure: 'eps.copy' },
  { method: 'DELETE', path: space('/eps/:nodeId'), procedure: 'eps.delete', coerce: { confirm: 'boolean' } },
  { method: 'GET', path: space('/eps/:nodeId/info/:tab'), procedure: 'eps.info' },
  // Schedules (API)
  { method: 'GET', path: space('/schedules/:scheduleId/versions'), procedure: 'versions.list' },
  { method: 'POST', path: space('/schedules/:scheduleId/versions/create'), procedure: 'versions.create' },
  { method: 'GET', path: space('/schedules/:scheduleId/attributes/all'), procedure: 'attributes.list' },
  {
    method: 'GET',
    path: space('/schedules/:scheduleId/attributes/all/role/:roleId'),
    procedure: 'attributes.list',
  },
  {
    method: 'POST',
    path: space('/schedules/:scheduleId/attributes/access'),
    procedure: 'attributes.setAccess',
  },
  { method: 'POST', path: space('/schedules/versions/compare'), procedure: 'versions.compare' },
  {
    method: 'POST',
    path: space('/schedules/versions/export-comparison'),
    procedure: 'versions.exportComparison',
  },
  // Schedule groups
  { method: 'GET', path: space('/schedule-group'), procedure: 'scheduleGroups.list' },
  { method: 'POST', path: space('/schedule-group/create'), procedure: 'scheduleGroups.create' },
  { method: 'POST', path: space('/schedule-group/move-schedule'), procedure: 'scheduleGroups.moveSchedule' },
  { method: 'PATCH', path: space('/schedule-group/:groupId'), procedure: 'scheduleGroups.update' },
  { method: 'PATCH', path: space('/schedule-group/:groupId/move'), procedure: 'scheduleGroups.move' },
  { method: 'DELETE', path: space('/schedule-group/:groupId'), procedure: 'scheduleGroups.delete' },
  // Versions (API, under versions/{id})
  { method: 'GET', path: space('/versions/:versionId'), procedure: 'versions.get' },
  { method: 'PATCH', path: space('/versions/:versionId'), procedure: 'versions.update' },
  {
    method: 'DELETE',
    path: space('/versions/:versionId'),
    procedure: 'versions.delete',
    coerce: { confirm: 'boolean' },
  },
  { method: 'POST', path: space('/versions/:versionId/setActualStatus'), procedure: 'versions.setActual' },
  { method: 'POST', path: space('/versions/:versionId/setLocked'), procedure: 'versions.setLocked' },
  { method: 'POST', path: space('/versions/:versionId/copy-to/:scheduleId'), procedure: 'versions.copyTo' },
  { method: 'GET', path: space('/versions/:versionId/payload'), procedure: 'versions.payload' },
  {
    method: 'GET',
    path: space('/versions/:versionId/payload-binary'),
    procedure: 'versions.payloadBinary',
  },
  { method: 'GET', path: space('/versions/:versionId/attributes'), procedure: 'attributes.list' },
  {
    method: 'GET',
    path: space('/versions/:versionId/directory-values'),
    procedure: 'versions.directoryValues',
  },
  {
    method: 'PATCH',
    path: space('/versions/:versionId/directory/:directoryId/add-values-to-version'),
    procedure: 'versions.addDirectoryValues',
  },
  { method: 'GET', path: space('/versions/:versionId/undo-actions'), procedure: 'undo.list' },
  { method: 'POST', path: space('/versions/:versionId/undo-actions'), procedure: 'undo.undo' },
  { method: 'POST', path: space('/versions/:versionId/calculate'), procedure: 'calculation.run' },
  { method: 'GET', path: space('/versions/:versionId/calculate'), procedure: 'calculation.status' },
  // Printing (API: versions print, preview, print/count, print-presets, print-settings)
  { method: 'POST', path: space('/versions/:versionId/print'), procedure: 'print.pdf' },
  { method: 'POST', path: space('/versions/:versionId/preview'), procedure: 'print.preview' },
  { method: 'POST', path: space('/versions/:versionId/print/count'), procedure: 'print.count' },
  { method: 'GET', path: space('/versions/:versionId/print-presets'), procedure: 'print.presets' },
  { method: 'POST', path: space('/versions/:versionId/print-presets'), procedure: 'print.createPreset' },
  {
    method: 'DELETE',
    path: space('/versions/:versionId/print-presets/:presetId'),
    procedure: 'print.deletePreset',
  },
  { method: 'GET', path: space('/versions/:versionId/print-settings'), procedure: 'print.settings' },
  { method: 'POST', path: space('/versions/:versionId/print-settings'), procedure: 'print.createSettings' },
  { method: 'PATCH', path: space('/versions/:versionId/print-settings'), procedure: 'print.updateSettings' },
  { method: 'GET', path: space('/print-presets'), procedure: 'print.presets' },
  { method: 'POST', path: space('/print-presets'), procedure: 'print.createPreset' },
  { method: 'GET', path: space('/print-presets/:presetId'), procedure: 'print.preset' },
  { method: 'PATCH', path: space('/print-presets/:presetId'), procedure: 'print.updatePreset' },
  { method: 'DELETE', path: space('/print-presets/:presetId'), procedure: 'print.deletePreset' },
  // Cyclogram (API: GET and POST cyclogram and cyclogram/color)
  {
    method: 'GET',
    path: space('/versions/:versionId/cyclogram'),
    procedure: 'cyclogram.get',
    coerce: { bufferDays: 'number' },
  },
  { method: 'POST', path: space('/versions/:versionId/cyclogram'), procedure: 'cyclogram.save' },
  { method: 'GET', path: space('/versions/:versionId/cyclogram/color'), procedure: 'cyclogram.colors' },
  { method: 'POST', path: space('/versions/:versionId/cyclogram/color'), procedure: 'cyclogram.setColor' },
  // WBS (works) and relations of a version
  { method: 'GET', path: space('/versions/:versionId/wbs'), procedure: 'works.list' },
  { method: 'POST', path: space('/versions/:versionId/wbs'), procedure: 'works.create' },
  { method: 'PATCH', path: space('/versions/:versionId/wbs/bulk'), procedure: 'works.bulkUpdate' },
  { method: 'POST', path: space('/versions/:versionId/wbs/delete'), procedure: 'works.delete' },
  { method: 'POST', path: space('/versions/:versionId/wbs/check'), procedure: 'works.setState' },
  { method: 'GET', path: space('/versions/:versionId/wbs-state'), procedure: 'works.viewState' },
  { method: 'GET', path: space('/versions/:versionId/wbs/:workId'), procedure: 'works.get' },
  { method: 'PATCH', path: space('/versions/:versionId/wbs/:workId'), procedure: 'works.update' },
  { method: 'PATCH', path: space('/versions/:versionId/wbs/:workId/indent'), procedure: 'works.indent' },
  { method: 'PATCH', path: space('/versions/:versionId/wbs/:workId/outdent'), procedure: 'works.outdent' },
  { method: 'PATCH', path: space('/versions/:versionId/wbs/:workId/move'), procedure: 'works.move' },
  { method: 'GET', path: space('/versions/:versionId/relations'), procedure: 'relations.list' },
  { method: 'GET', path: space('/versions/:versionId/task-relations'), procedure: 'relations.taskRelations' },
  { method: 'POST', path: space('/versions/:versionId/relations'), procedure: 'relations.create' },
  {
    method: 'PATCH',
    path: space('/versions/:versionId/relations/:relationId'),
    procedure: 'relations.update',
  },
  {
    method: 'DELETE',
    path: space('/versions/:versionId/relations/:relationId'),
    procedure: 'relations.delete',
  },
  // Resources, specialties, executors (the resources screen; API: specialties, resource settings)
  { method: 'GET', path: space('/resources'), procedure: 'resources.list' },
  { method: 'POST', path: space('/resources'), procedure: 'resources.create' },
  { method: 'GET', path: space('/resources/:resourceId'), procedure: 'resources.get' },
  { method: 'PATCH', path: space('/resources/:resourceId'), procedure: 'resources.update' },
  { method: 'DELETE', path: space('/resources/:resourceId'), procedure: 'resources.delete' },
  { method: 'GET', path: space('/specialties'), procedure: 'resources.specialties' },
  { method: 'POST', path: space('/specialties'), procedure: 'resources.createSpecialty' },
  { method: 'PATCH', path: space('/specialties/:specialtyId'), procedure: 'resources.updateSpecialty' },
  { method: 'DELETE', path: space('/specialties/:specialtyId'), procedure: 'resources.deleteSpecialty' },
  { method: 'GET', path: space('/user-specialties'), procedure: 'resources.executors' },
  { method: 'PUT', path: space('/user-specialties/:userId'), procedure: 'resources.setUserSpecialties' },
  { method: 'GET', path: space('/versions/:versionId/resource-settings'), procedure: 'resources.settings' },
  {
    method: 'PATCH',
    path: space('/versions/:versionId/resource-settings'),
    procedure: 'resources.updateSettings',
  },
  { method: 'POST', path: space('/versions/:versionId/update-costs'), procedure: 'resources.updateCosts' },
  {
    method: 'PATCH',
    path: space('/versions/:versionId/calculate-remains-duration-by-intensity'),
    procedure: 'resources.remainsByIntensity',
  },
  {
    method: 'PATCH',
    path: space('/versions/:versionId/update/estimated-data'),
    procedure: 'resources.applyScenario',
  },
  { method: 'GET', path: space('/versions/:versionId/histogram'), procedure: 'resources.histogram' },
  { method: 'POST', path: space('/versions/:versionId/leveling/preview'), procedure: 'resources.level' },
  {
    method: 'POST',
    path: space('/versions/:versionId/leveling/apply'),
    procedure: 'resources.applyLeveling',
  },
  // Assignments and distributions (API assignment, distributions/by-eps-id, distributions/save)
  { method: 'GET', path: space('/versions/:versionId/assignment'), procedure: 'assignments.list' },
  { method: 'POST', path: space('/versions/:versionId/assignment'), procedure: 'assignments.create' },
  { method: 'GET', path: space('/versions/:versionId/assignment/summary'), procedure: 'assignments.summary' },
  { method: 'POST', path: space('/versions/:versionId/assignment/assign'), procedure: 'assignments.assign' },
  {
    method: 'PATCH',
    path: space('/versions/:versionId/assignment/:assignmentId'),
    procedure: 'assignments.update',
  },
  {
    method: 'DELETE',
    path: space('/versions/:versionId/assignment/:assignmentId'),
    procedure: 'assignments.delete',
  },
  { method: 'GET', path: space('/distributions/by-eps-id/:epsId'), procedure: 'assignments.distributions' },
  { method: 'PUT', path: space('/distributions/save'), procedure: 'assignments.saveDistributions' },
  // Daily work plans (API wdp, update-volume-plan-at-day, limit-for-dp; the planning status)
  { method: 'GET', path: space('/versions/:versionId/wdp'), procedure: 'wdp.list' },
  { method: 'PUT', path: space('/versions/:versionId/wdp'), procedure: 'wdp.save' },
  { method: 'PATCH', path: space('/versions/:versionId/wdp/planning'), procedure: 'wdp.setPlanning' },
  {
    method: 'GET',
    path: space('/versions/:versionId/update-volume-plan-at-day'),
    procedure: 'wdp.volumePlanAtDay',
  },
  { method: 'GET', path: space('/schedules/:scheduleId/limit-for-dp'), procedure: 'wdp.limitForDp' },
  // Timesheets (API timesheets, timesheet/users, accepted-curator-dates, timesheet notices)
  {
    method: 'GET',
    path: space('/versions/:versionId/timesheets'),
    procedure: 'timesheets.list',
    coerce: { curated: 'boolean' },
  },
  { method: 'PUT', path: space('/versions/:versionId/timesheets'), procedure: 'timesheets.save' },
  { method: 'POST', path: space('/versions/:versionId/timesheets/submit'), procedure: 'timesheets.submit' },
  {
    method: 'PATCH',
    path: space('/versions/:versionId/accepted-curator-dates'),
    procedure: 'timesheets.acceptDates',
  },
  { method: 'GET', path: space('/versions/:versionId/timesheet/users'), procedure: 'timesheets.users' },
  {
    method: 'GET',
    path: '/users/timesheet-notification',
    procedure: 'timesheets.notifications',
    cookies: { space_id: 'spaceId' },
  },
  { method: 'GET', path: space('/users/timesheet-notification'), procedure: 'timesheets.notifications' },
  {
    method: 'GET',
    path: space('/notices/personal-area/:noticeId/timesheet-notification'),
    procedure: 'timesheets.checkNotification',
  },
  // Calendars
  { method: 'GET', path: space('/calendars'), procedure: 'calendars.list' },
  { method: 'POST', path: space('/calendars'), procedure: 'calendars.create' },
  { method: 'GET', path: space('/calendars/:calendarId'), procedure: 'calendars.get' },
  { method: 'PUT', path: space('/calendars/:calendarId'), procedure: 'calendars.update' },
  { method: 'POST', path: space('/calendars/:calendarId/default'), procedure: 'calendars.setDefault' },
  { method: 'DELETE', path: space('/calendars/:calendarId'), procedure: 'calendars.delete' },
  // Attributes and directories
  { method: 'GET', path: space('/attributes'), procedure: 'attributes.list' },
  { method: 'POST', path: space('/attributes'), procedure: 'attributes.create' },
  { method: 'PATCH', path: space('/attributes/:attributeId'), procedure: 'attributes.update' },
  { method: 'DELETE', path: space('/attributes/:attributeId'), procedure: 'attributes.delete' },
  { method: 'GET', path: space('/directories'), procedure: 'directories.list' },
  { method: 'POST', path: space('/directories'), procedure: 'directories.create' },
  { method: 'PATCH', path: space('/directories/:directoryId'), procedure: 'directories.update' },
  { method: 'DELETE', path: space('/directories/:directoryId'), procedure: 'directories.delete' },
  { method: 'POST', path: space('/directories/:directoryId/values'), procedure: 'directories.createValue' },
  { method: 'PATCH', path: space('/directory-values/:valueId'), procedure: 'directories.updateValue' },
  { method: 'DELETE', path: space('/directory-values/:valueId'), procedure: 'directories.deleteValue' },
  {
    method: 'POST',
    path: space('/directories/:directoryId/upload/preview'),
    procedure: 'directories.uploadPreview',
    uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes,
  },
  {
    method: 'POST',
    path: space('/directories/:directoryId/upload'),
    procedure: 'directories.upload',
    uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes,
  },
  // Import and export (API: versions/upload, batch-processing, versions export, storage, import settings)
  {
    method: 'POST',
    path: space('/schedules/:scheduleId/versions/upload'),
    procedure: 'interchange.upload',
    uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes,
  },
  {
    method: 'POST',
    path: space('/schedules/:scheduleId/versions/upload/synchronous'),
    procedure: 'interchange.uploadSynchronous',
    uploadBytes: INTERCHANGE_LIMITS.synchronousMaxBytes,
  },
  {
    method: 'POST',
    path: space('/batch-processing/import'),
    procedure: 'interchange.upload',
    uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes,
  },
  { method: 'POST', path: space('/batch-processing/export'), procedure: 'interchange.startExport' },
  {
    method: 'POST',
    path: space('/batch-processing/timetable-calc'),
    procedure: 'interchange.startCalculation',
  },
  { method: 'POST', path: space('/batch-processing/stop'), procedure: 'interchange.stop' },
  { method: 'POST', path: space('/batch-processing/report'), procedure: 'interchange.job' },
  { method: 'GET', path: space('/batch-processing/jobs'), procedure: 'interchange.jobs' },
  { method: 'GET', path: space('/batch-processing/jobs/:jobId'), procedure: 'interchange.job' },
  {
    method: 'POST',
    path: space('/batch-processing/jobs/:jobId/recorded-dates'),
    procedure: 'interchange.chooseRecordedDates',
  },
  {
    method: 'POST',
    path: space('/versions/:versionId/export/:format'),
    procedure: 'interchange.exportVersion',
  },
  {
    method: 'POST',
    path: space('/schedules/versions/export-comparison/:format'),
    procedure: 'interchange.exportComparison',
  },
  { method: 'GET', path: space('/storage/max-size'), procedure: 'interchange.storage.maxSize' },
  {
    method: 'GET',
    path: space('/storage/schedule/:scheduleId'),
    procedure: 'interchange.storage.scheduleFiles',
  },
  {
    method: 'POST',
    path: space('/storage/schedule/:scheduleId'),
    procedure: 'interchange.storage.uploadScheduleFile',
    uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes,
  },
  { method: 'GET', path: space('/storage/download/:fileId'), procedure: 'interchange.storage.download' },
  { method: 'DELETE', path: space('/storage/:fileId'), procedure: 'interchange.storage.delete' },
  { method: 'GET', path: space('/schedule-import-settings'), procedure: 'interchange.settings.list' },
  {
    method: 'POST',
    path: space('/schedule-import-settings/preview'),
    procedure: 'interchange.settings.preview',
    uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes,
  },
  { method: 'POST', path: space('/schedule-import-settings'), procedure: 'interchange.settings.create' },
  {
    method: 'GET',
    path: space('/schedule-import-settings/:settingId'),
    procedure: 'interchange.settings.get',
  },
  {
    method: 'PATCH',
    path: space('/schedule-import-settings/:settingId'),
    procedure: 'interchange.settings.update',
  },
  {
    method: 'DELETE',
    path: space('/schedule-import-settings/:settingId'),
    procedure: 'interchange.settings.delete',
  },
  // BIM (API projects/{id}/3d, versions/{id}/3d/link, schedules/{id}/3d/link, appearance profiles and state, primitivesModels)
  { method: 'GET', path: space('/projects/:projectId/3d/link'), procedure: 'bim.models.linkSummary' },
  {
    method: 'POST',
    path: space('/projects/:projectId/3d/upload'),
    procedure: 'bim.models.upload',
    uploadBytes: BIM_LIMITS.uploadMaxBytes,
  },
  { method: 'GET', path: space('/projects/:projectId/3d/info'), procedure: 'bim.models.list' },
  { method: 'GET', path: space('/projects/:projectId/3d/info/:modelId'), procedure: 'bim.models.get' },
  { method: 'GET', path: space('/projects/:projectId/3d/model/:modelId'), procedure: 'bim.models.geometry' },
  { method: 'PATCH', path: space('/projects/:projectId/3d/model/:modelId'), procedure: 'bim.models.update' },
  { method: 'DELETE', path: space('/projects/:projectId/3d/model/:modelId'), procedure: 'bim.models.delete' },
  {
    method: 'GET',
    path: space('/projects/:projectId/3d/attributes/:modelId'),
    procedure: 'bim.models.attributes',
  },
  {
    method: 'GET',
    path: space('/projects/:projectId/3d/attributes/:modelId/:globalId'),
    procedure: 'bim.models.element',
  },
  {
    method: 'GET',
    path: space('/projects/:projectId/3d/elements/:modelId'),
    procedure: 'bim.models.elements',
    coerce: { offset: 'number', limit: 'number' },
  },
  {
    method: 'GET',
    path: space('/projects/:projectId/3d/elements/:modelId/ids'),
    procedure: 'bim.models.elementColumns',
  },
  { method: 'GET', path: space('/projects/:projectId/3d/pbs-list'), procedure: 'bim.models.pbs' },
  { method: 'POST', path: space('/versions/:versionId/3d/link'), procedure: 'bim.links.link' },
  { method: 'DELETE', path: space('/versions/:versionId/3d/link'), procedure: 'bim.links.unlink' },
  { method: 'GET', path: space('/versions/:versionId/3d/link/wbs'), procedure: 'bim.links.wbs' },
  { method: 'POST', path: space('/versions/:versionId/3d/link/rules'), procedure: 'bim.links.applyRules' },
  {
    method: 'POST',
    path: space('/versions/:versionId/3d/link/process'),
    procedure: 'bim.links.fromProcessData',
  },
  { method: 'GET', path: space('/versions/:versionId/3d/link/player'), procedure: 'bim.links.player' },
  { method: 'GET', path: space('/versions/:versionId/3d/link/colors'), procedure: 'bim.links.colors' },
  {
    method: 'GET',
    path: space('/versions/:versionId/3d/link/relations'),
    procedure: 'bim.links.relations',
    coerce: { offset: 'number', limit: 'number' },
  },
  { method: 'POST', path: space('/versions/:versionId/3d/link/node-ids'), procedure: 'bim.links.nodeIds' },
  {
    method: 'POST',
    path: space('/versions/:versionId/3d/link/works'),
    procedure: 'bim.links.worksOfElements',
  },
  {
    method: 'GET',
    path: space('/versions/:versionId/3d/link/deviation-dates'),
    procedure: 'bim.links.deviationDates',
  },
  { method: 'GET', path: space('/schedules/:scheduleId/3d/link'), procedure: 'bim.rules.list' },
  { method: 'POST', path: space('/schedules/:scheduleId/3d/link'), procedure: 'bim.rules.create' },
  { method: 'PATCH', path: space('/schedules/:scheduleId/3d/link/:ruleId'), procedure: 'bim.rules.update' },
  { method: 'DELETE', path: space('/schedules/:scheduleId/3d/link/:ruleId'), procedure: 'bim.rules.delete' },
  { method: 'GET', path: space('/bim/appearance-profiles'), procedure: 'bim.profiles.list' },
  { method: 'POST', path: space('/bim/appearance-profiles'), procedure: 'bim.profiles.create' },
  { method: 'PATCH', path: space('/bim/appearance-profiles/:profileId'), procedure: 'bim.profiles.update' },
  { method: 'DELETE', path: space('/bim/appearance-profiles/:profileId'), procedure: 'bim.profiles.delete' },
  { method: 'GET', path: space('/bim/state/:projectId'), procedure: 'bim.profiles.state' },
  { method: 'PUT', path: space('/bim/state/:projectId'), procedure: 'bim.profiles.setState' },
  { method: 'GET', path: space('/primitivesModels/:epsId'), procedure: 'bim.primitives.list' },
  { method: 'POST', path: space('/primitivesModels/:epsId'), procedure: 'bim.primitives.create' },
  {
    method: 'PATCH',
    path: space('/primitivesModels/:epsId/:primitiveId'),
    procedure: 'bim.primitives.update',
  },
  {
    method: 'DELETE',
    path: space('/primitivesModels/:epsId/:primitiveId'),
    procedure: 'bim.primitives.delete',
  },
  // Demo: the 100,000-work schedule on demand
  { method: 'POST', path: space('/demo/large-schedule'), procedure: 'scheduleDemo.largeSchedule' },
];
