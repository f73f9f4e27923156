/**
 * The REST API (`/api/v1`) as one declarative table: path → method → tRPC procedure. Path
 * parameters, the query string and the JSON (or multipart) body merge into the procedure's input;
 * `coerce` turns query strings into numbers/booleans; `cookies` fills input from cookies when absent.
 * No business logic lives here: it is all in the procedures.
 */
import {
  BIM_LIMITS,
  CHAT_LIMITS,
  COMPLEX_RELATION_LIMITS,
  ESTIMATE_LIMITS,
  GALLERY_LIMITS,
  INTERCHANGE_LIMITS,
  KANBAN_LIMITS,
  LIMITS,
  PASSPORT_MAX_BYTES,
  REPORT_LIMITS,
} from '@takt/contracts';

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
  /** Input fields the route fixes: one procedure behind several paths (the measure of an analytics path). */
  set?: Record<string, string | number | boolean>;
  /** HTTP status from the result, e.g. 503 when the health check fails. */
  status?: (output: unknown) => number;
  /**
   * Input fields taken from request headers, always (a query or body field of the same name is
   * replaced, or removed when the header is absent): what the browser itself sends, such as its cookies.
   */
  requestHeaders?: Record<string, string>;
  /**
   * A step of a browser navigation (directory sign-in): the procedure answers the HTTP reply itself —
   * `{ status, headers, body? }`, a redirect or a challenge — instead of JSON.
   */
  browser?: true;
}

type RestMethod = RestRoute['method'];

/** What one method of a path calls: the procedure's name, or the name with the route's options. */
type RestTarget = string | Omit<RestRoute, 'method' | 'path'>;

/**
 * Paths with the procedure each method calls. A path is written once, so a method + path pair
 * cannot be listed twice; the order of the paths is the order the router tries them in (a literal
 * segment such as `wbs/bulk` must come before the `wbs/:workId` that would also match it).
 */
type PathTable = Record<string, Partial<Record<RestMethod, RestTarget>>>;

/** A report written by a background job answers 202 with the job; a file at once, 200. */
const reportStatus = (out: unknown) => (out && typeof out === 'object' && 'job' in out ? 202 : 200);

/** A browser step of a directory sign-in in `slot`, with what the browser sent that the step needs. */
function directoryStep(procedure: string, slot: string): RestTarget {
  return {
    procedure,
    set: { slot },
    browser: true,
    requestHeaders: {
      host: 'requestHost',
      'x-forwarded-proto': 'requestProto',
      cookie: 'requestCookie',
      authorization: 'requestAuthorization',
    },
  };
}

/** Routes outside a space (or of the space named by a cookie). */
const GLOBAL_ROUTES: PathTable = {
  // System
  '/system-state': { GET: 'system.state' },
  '/client-error': { POST: 'system.clientError' },
  '/health-check': {
    GET: {
      procedure: 'system.healthCheck',
      status: (out) => ((out as { status: string }).status === 'ok' ? 200 : 503),
    },
  },
  '/guide': { GET: 'system.guide' },
  // Auth
  '/auth/login': { POST: 'auth.login' },
  '/auth/logout': { POST: { procedure: 'auth.logout', coerce: { everywhere: 'boolean' } } },
  // Sign-in with the company directory: browser steps answered as redirects (docs/architecture.md)
  '/auth/openidconnect': { GET: directoryStep('auth.openId', 'openidconnect') },
  '/auth/openid': { GET: directoryStep('auth.openId', 'openid') },
  '/auth/adfs': { GET: directoryStep('auth.adfs', 'adfs') },
  '/auth/adfs/callback': { POST: directoryStep('auth.adfsCallback', 'adfs') },
  '/auth/kerberos': { GET: directoryStep('auth.kerberos', 'kerberos') },
  '/auth/providers': { GET: 'auth.providers' },
  '/auth/providers/settings': { GET: 'auth.providerSettings', PUT: 'auth.saveProvider' },
  '/auth/external/finish': { POST: 'auth.finishExternal' },
  // Users
  '/users/who-am-i': { GET: 'users.whoAmI' },
  '/users': { PUT: 'users.update' },
  '/users/register': { POST: 'users.register' },
  '/users/register-and-login': { POST: 'users.registerAndLogin' },
  '/users/change-password': { PUT: 'users.changePassword' },
  '/users/reset-password-request': { PUT: 'users.resetPasswordRequest' },
  '/users/reset-password': { PUT: 'users.resetPassword' },
  '/users/change-forgotten-password': { PUT: 'users.changeForgottenPassword' },
  '/users/spaces': { GET: 'users.spaces' },
  '/users/space-config': { GET: { procedure: 'users.spaceConfig', cookies: { space_id: 'spaceId' } } },
  '/users/avatar': {
    GET: 'users.avatar',
    POST: { procedure: 'users.uploadAvatar', uploadBytes: LIMITS.avatarMaxBytes },
    DELETE: 'users.deleteAvatar',
  },
  '/users/:userId/avatar': { GET: 'users.avatar' },
  '/users/accept-privacy-policy': { PUT: 'users.acceptPrivacyPolicy' },
  '/users/:userId/set-executor': { PATCH: 'users.setExecutor' },
  // Spaces
  '/space/create': { POST: 'space.create' },
  '/space/create-demo': { POST: 'space.createDemo' },
  // Remote spaces: another Takt server's spaces and one copied here, as a job of the space named by the space_id
  // cookie (or the spaceId field); the token there travels in the X-Remote-Token header on GET, never the address
  '/remote-spaces': {
    GET: {
      procedure: 'remoteSpaces.list',
      cookies: { space_id: 'spaceId' },
      requestHeaders: { 'x-remote-token': 'token' },
    },
  },
  '/space/copy-remote': { POST: { procedure: 'remoteSpaces.copy', cookies: { space_id: 'spaceId' } } },
  // Timesheet notices of the space named by the space_id cookie
  '/users/timesheet-notification': {
    GET: { procedure: 'timesheets.notifications', cookies: { space_id: 'spaceId' } },
  },
  // Deleting a free space and the space's localization, of the space named by the space_id cookie
  '/delete-free': { DELETE: { procedure: 'space.deleteFree', cookies: { space_id: 'spaceId' } } },
  '/localization': { GET: { procedure: 'localization.languages', cookies: { space_id: 'spaceId' } } },
  '/localization/set/:lang': { GET: { procedure: 'localization.set', cookies: { space_id: 'spaceId' } } },
  '/localization/:lang': { GET: { procedure: 'localization.overrides', cookies: { space_id: 'spaceId' } } },
};

/** Routes of one space, below `/space/:spaceId`. */
const SPACE_ROUTES: PathTable = {
  // Spaces
  '': { PUT: 'space.rename', DELETE: 'space.delete' },
  '/deletion': { GET: 'space.deletionStatus' },
  '/demo': { POST: 'space.demo' },
  '/users': { GET: 'space.users' },
  '/users/invite': { POST: 'space.invite' },
  '/users/kickout': { POST: 'space.kickout' },
  '/users/role': { PATCH: 'space.setMemberRole' },
  '/settings': { GET: 'space.settings', PUT: 'space.updateSettings' },
  '/access': { GET: 'space.access' },
  '/licence': { GET: 'space.licence' },
  '/audit': { GET: { procedure: 'space.audit', coerce: { limit: 'number' } } },
  // Backups (API space backups create, delete, restore; backup jobs GET, POST, DELETE; projects backups)
  '/backups': { GET: 'backups.list', POST: 'backups.create' },
  '/backups/create': { POST: 'backups.create' },
  '/backups/:backupId': { DELETE: 'backups.delete' },
  '/backups/:backupId/restore': { PATCH: 'backups.restore' },
  '/backups/:backupId/download': { GET: 'backups.download' },
  '/backup-jobs': { GET: 'backups.schedules.list', POST: 'backups.schedules.create' },
  '/backup-jobs/:backupJobId': {
    PUT: 'backups.schedules.update',
    DELETE: { procedure: 'backups.schedules.delete', coerce: { revision: 'number' } },
  },
  '/projects/:projectId/backups': { GET: 'backups.list', POST: 'backups.create' },
  // Roles
  '/roles': { GET: 'roles.list', POST: 'roles.create' },
  '/roles/:roleId': { PUT: 'roles.update', DELETE: 'roles.delete' },
  // Licences, deleting a free space, localization overrides (docs/product-rules.md)
  '/delete-free': { DELETE: 'space.deleteFree' },
  '/licences': { GET: 'licences.list', POST: 'licences.upload' },
  '/licences/:licenceId': { DELETE: 'licences.delete' },
  '/localization': { GET: 'localization.languages' },
  '/localization/set/:lang': { GET: 'localization.set' },
  '/localization/:lang': { GET: 'localization.overrides' },
  '/localization/:lang/texts/:messageId': { PUT: 'localization.override', DELETE: 'localization.reset' },
  // Delegation
  '/delegation': { GET: 'delegation.list', POST: 'delegation.create' },
  '/delegation/:delegationId': { DELETE: 'delegation.delete' },
  // EPS (structure) and node info
  '/eps': { GET: 'eps.list', POST: 'eps.create' },
  '/eps/:nodeId': {
    GET: 'eps.get',
    PATCH: 'eps.update',
    DELETE: { procedure: 'eps.delete', coerce: { confirm: 'boolean' } },
  },
  '/eps/:nodeId/move': { PATCH: 'eps.move' },
  '/eps/:nodeId/copy': { POST: 'eps.copy' },
  '/eps/:nodeId/info/:tab': { GET: 'eps.info' },
  // Analytics (API: analytics presets, and analytics at space, facility, project, schedule and version level)
  '/analytics/presets': { GET: 'analytics.presets.list', POST: 'analytics.presets.save' },
  '/analytics/presets/:presetId': { PUT: 'analytics.presets.save', DELETE: 'analytics.presets.delete' },
  '/analytics/presets/:presetId/active': {
    PATCH: { procedure: 'analytics.presets.setActive', coerce: { active: 'boolean' } },
  },
  '/analytics/dashboard': { GET: 'analytics.presets.list' },
  '/analytics/settings': { GET: 'analytics.settings.get', PUT: 'analytics.settings.save' },
  '/analytics/curved-settings': { GET: 'analytics.curves.list', POST: 'analytics.curves.save' },
  '/analytics/curved-settings/:curveId': { PUT: 'analytics.curves.save', DELETE: 'analytics.curves.delete' },
  '/analytics/home': { GET: 'analytics.home' },
  '/scoreboards': { GET: 'analytics.scoreboards.list', POST: 'analytics.scoreboards.create' },
  '/scoreboards/:scoreboardId': {
    GET: 'analytics.scoreboards.get',
    PATCH: { procedure: 'analytics.scoreboards.update', coerce: { resetOrder: 'boolean' } },
    DELETE: 'analytics.scoreboards.delete',
  },
  '/scoreboards/:scoreboardId/up': { PATCH: 'analytics.scoreboards.up' },
  '/scoreboards/:scoreboardId/down': { PATCH: 'analytics.scoreboards.down' },
  '/analytics/:level/:id/indicator': { GET: 'analytics.indicators' },
  '/analytics/:level/:id/stats': { GET: 'analytics.indicators' },
  '/analytics/:level/:id/series': { GET: 'analytics.series' },
  '/analytics/:level/:id/graph': { GET: 'analytics.series' },
  '/analytics/:level/:id/count': { GET: { procedure: 'analytics.series', set: { measure: 'count' } } },
  '/analytics/:level/:id/cost': { GET: { procedure: 'analytics.breakdown', set: { measure: 'cost' } } },
  '/analytics/:level/:id/money': { GET: { procedure: 'analytics.breakdown', set: { measure: 'cost' } } },
  '/analytics/:level/:id/labour': { GET: { procedure: 'analytics.breakdown', set: { measure: 'labour' } } },
  '/analytics/:level/:id/volume': { GET: 'analytics.volumes' },
  '/analytics/:level/:id/deadlines': {
    GET: { procedure: 'analytics.deadlines', coerce: { days: 'number' } },
  },
  '/analytics/:level/:id/ranking': { GET: 'analytics.ranking' },
  '/analytics/:level/:id/export': { GET: 'analytics.export' },
  '/analytics/:level/:id/print': { GET: 'analytics.print' },
  // The schedule assistant (API: AI schedule-analytics, history-list, history-item)
  '/ai/versions/:versionId/schedule-analytics': { GET: 'assistant.analytics', POST: 'assistant.analytics' },
  '/ai/versions/:versionId/history-list': {
    GET: { procedure: 'assistant.history', coerce: { limit: 'number' } },
  },
  '/ai/history-item/:runId': { GET: 'assistant.item' },
  '/ai/settings': { GET: 'assistant.settings.get', PUT: 'assistant.settings.save' },
  // The WBS decomposition (API: AI decompose-wbs-item, apply-decompose-wbs-item) and the space's templates
  '/ai/versions/:versionId/works/:workId/decompose-wbs-item': {
    GET: { procedure: 'assistant.decompose', coerce: { model: 'boolean' } },
  },
  '/ai/versions/:versionId/works/:workId/apply-decompose-wbs-item': { POST: 'assistant.applyDecompose' },
  '/ai/decomposition-templates': { GET: 'assistant.templates.list', POST: 'assistant.templates.create' },
  '/ai/decomposition-templates/built-in': { GET: 'assistant.templates.builtIn' },
  '/ai/decomposition-templates/preview': { POST: 'assistant.templates.preview' },
  '/ai/decomposition-templates/:templateId': {
    PUT: 'assistant.templates.update',
    DELETE: 'assistant.templates.delete',
  },
  // Schedules (API)
  '/schedules/:scheduleId/versions': { GET: 'versions.list' },
  '/schedules/:scheduleId/versions/create': { POST: 'versions.create' },
  '/schedules/:scheduleId/code-numbering': { GET: 'works.numbering.get', PUT: 'works.numbering.save' },
  '/schedules/:scheduleId/attributes/all': { GET: 'attributes.list' },
  '/schedules/:scheduleId/attributes/all/role/:roleId': { GET: 'attributes.list' },
  '/schedules/:scheduleId/attributes/access': { POST: 'attributes.setAccess' },
  '/schedules/versions/compare': { POST: 'versions.compare' },
  '/schedules/versions/export-comparison': { POST: 'versions.exportComparison' },
  // Replacements of a schedule (docs/product-rules.md, "Replacements")
  '/schedules/:scheduleId/replacements': { GET: 'replacements.list', POST: 'replacements.create' },
  '/schedules/:scheduleId/replacements/:replacementId': {
    PATCH: 'replacements.update',
    DELETE: 'replacements.delete',
  },
  '/schedules/:scheduleId/replacements/:replacementId/undo': { POST: 'replacements.undo' },
  '/versions/:versionId/replacements/:replacementId': { GET: 'replacements.get' },
  // Schedule groups
  '/schedule-group': { GET: 'scheduleGroups.list' },
  '/schedule-group/create': { POST: 'scheduleGroups.create' },
  '/schedule-group/move-schedule': { POST: 'scheduleGroups.moveSchedule' },
  '/schedule-group/:groupId': { PATCH: 'scheduleGroups.update', DELETE: 'scheduleGroups.delete' },
  '/schedule-group/:groupId/move': { PATCH: 'scheduleGroups.move' },
  // Versions (API, under versions/{id})
  '/versions/:versionId': {
    GET: 'versions.get',
    PATCH: 'versions.update',
    DELETE: { procedure: 'versions.delete', coerce: { confirm: 'boolean' } },
  },
  '/versions/:versionId/setActualStatus': { POST: 'versions.setActual' },
  '/versions/:versionId/setLocked': { POST: 'versions.setLocked' },
  '/versions/:versionId/copy-to/:scheduleId': { POST: 'versions.copyTo' },
  '/versions/:versionId/payload': { GET: 'versions.payload' },
  '/versions/:versionId/payload-binary': { GET: 'versions.payloadBinary' },
  '/versions/:versionId/attributes': { GET: 'attributes.list' },
  '/versions/:versionId/directory-values': { GET: 'versions.directoryValues' },
  '/versions/:versionId/directory/:directoryId/add-values-to-version': {
    PATCH: 'versions.addDirectoryValues',
  },
  '/versions/:versionId/undo-actions': { GET: 'undo.list', POST: 'undo.undo' },
  '/versions/:versionId/redo': { GET: 'undo.canRedo', POST: 'undo.redo' },
  '/versions/:versionId/calculate': { POST: 'calculation.run', GET: 'calculation.status' },
  '/versions/:versionId/calculate/indicators/all': { PATCH: 'analytics.versionIndicators' },
  '/versions/:versionId/progress-weighting': { GET: 'calculation.progressWeighting' },
  // Printing (API: versions print, preview, print/count, print-presets, print-settings)
  '/versions/:versionId/print': { POST: 'print.pdf' },
  '/versions/:versionId/preview': { POST: 'print.preview' },
  '/versions/:versionId/print/count': { POST: 'print.count' },
  '/versions/:versionId/print-presets': { GET: 'print.presets', POST: 'print.createPreset' },
  '/versions/:versionId/print-presets/:presetId': { DELETE: 'print.deletePreset' },
  '/versions/:versionId/print-settings': {
    GET: 'print.settings',
    POST: 'print.createSettings',
    PATCH: 'print.updateSettings',
  },
  '/print-presets': { GET: 'print.presets', POST: 'print.createPreset' },
  '/print-presets/:presetId': {
    GET: 'print.preset',
    PATCH: 'print.updatePreset',
    DELETE: 'print.deletePreset',
  },
  // Cyclogram (API: GET and POST cyclogram and cyclogram/color)
  '/versions/:versionId/cyclogram': {
    GET: { procedure: 'cyclogram.get', coerce: { bufferDays: 'number' } },
    POST: 'cyclogram.save',
  },
  '/versions/:versionId/cyclogram/color': { GET: 'cyclogram.colors', POST: 'cyclogram.setColor' },
  // WBS (works) and relations of a version
  '/versions/:versionId/wbs': { GET: 'works.list', POST: 'works.create' },
  '/versions/:versionId/wbs/bulk': { PATCH: 'works.bulkUpdate' },
  '/versions/:versionId/wbs/delete': { POST: 'works.delete' },
  '/versions/:versionId/wbs/check': { POST: 'works.setState' },
  '/versions/:versionId/wbs-state': { GET: 'works.viewState' },
  '/versions/:versionId/wbs/:workId': { GET: 'works.get', PATCH: 'works.update' },
  '/versions/:versionId/wbs/:workId/indent': { PATCH: 'works.indent' },
  '/versions/:versionId/wbs/:workId/outdent': { PATCH: 'works.outdent' },
  '/versions/:versionId/wbs/:workId/move': { PATCH: 'works.move' },
  '/versions/:versionId/relations': { GET: 'relations.list', POST: 'relations.create' },
  '/versions/:versionId/task-relations': { GET: 'relations.taskRelations' },
  '/versions/:versionId/relations/:relationId': { PATCH: 'relations.update', DELETE: 'relations.delete' },
  // Resources, specialties, executors (the resources screen; API: specialties, resource settings)
  '/resources': { GET: 'resources.list', POST: 'resources.create' },
  '/resources/:resourceId': { GET: 'resources.get', PATCH: 'resources.update', DELETE: 'resources.delete' },
  '/specialties': { GET: 'resources.specialties', POST: 'resources.createSpecialty' },
  '/specialties/:specialtyId': { PATCH: 'resources.updateSpecialty', DELETE: 'resources.deleteSpecialty' },
  '/user-specialties': { GET: 'resources.executors' },
  '/user-specialties/:userId': { PUT: 'resources.setUserSpecialties' },
  '/versions/:versionId/resource-settings': { GET: 'resources.settings', PATCH: 'resources.updateSettings' },
  '/versions/:versionId/update-costs': { POST: 'resources.updateCosts' },
  '/versions/:versionId/calculate-remains-duration-by-intensity': { PATCH: 'resources.remainsByIntensity' },
  '/versions/:versionId/update/estimated-data': { PATCH: 'resources.applyScenario' },
  '/versions/:versionId/histogram': { GET: 'resources.histogram' },
  '/versions/:versionId/leveling/preview': { POST: 'resources.level' },
  '/versions/:versionId/leveling/apply': { POST: 'resources.applyLeveling' },
  // Assignments and distributions (API assignment, distributions/by-eps-id, distributions/save)
  '/versions/:versionId/assignment': { GET: 'assignments.list', POST: 'assignments.create' },
  '/versions/:versionId/assignment/summary': { GET: 'assignments.summary' },
  '/versions/:versionId/assignment/assign': { POST: 'assignments.assign' },
  '/versions/:versionId/assignment/:assignmentId': {
    PATCH: 'assignments.update',
    DELETE: 'assignments.delete',
  },
  '/distributions/by-eps-id/:epsId': { GET: 'assignments.distributions' },
  '/distributions/save': { PUT: 'assignments.saveDistributions' },
  // Daily work plans (API wdp, update-volume-plan-at-day, limit-for-dp; the planning status)
  '/versions/:versionId/wdp': { GET: 'wdp.list', PUT: 'wdp.save' },
  '/versions/:versionId/wdp/planning': { PATCH: 'wdp.setPlanning' },
  '/versions/:versionId/update-volume-plan-at-day': { GET: 'wdp.volumePlanAtDay' },
  '/schedules/:scheduleId/limit-for-dp': { GET: 'wdp.limitForDp' },
  // Timesheets (API timesheets, timesheet/users, accepted-curator-dates, timesheet notices)
  '/versions/:versionId/timesheets': {
    GET: { procedure: 'timesheets.list', coerce: { curated: 'boolean' } },
    PUT: 'timesheets.save',
  },
  '/versions/:versionId/timesheets/submit': { POST: 'timesheets.submit' },
  '/versions/:versionId/accepted-curator-dates': { PATCH: 'timesheets.acceptDates' },
  '/versions/:versionId/timesheet/users': { GET: 'timesheets.users' },
  '/users/timesheet-notification': { GET: 'timesheets.notifications' },
  '/notices/personal-area/:noticeId/timesheet-notification': { GET: 'timesheets.checkNotification' },
  // Notices (API notices…): literal paths before `:noticeId`
  '/notices': { GET: { procedure: 'notices.list', coerce: { unchecked: 'boolean', limit: 'number' } } },
  '/notices/personal-area': {
    GET: { procedure: 'notices.personalArea', coerce: { unchecked: 'boolean', limit: 'number' } },
  },
  '/notices/notices-status': { GET: 'notices.status' },
  '/notices/checked': { PATCH: 'notices.check' },
  '/notices/all': { DELETE: 'notices.deleteAll' },
  '/notices/all/personal-area': { DELETE: 'notices.deleteAllPersonal' },
  '/notices/personal-area/:noticeId/actual-version-and-set-checked': {
    GET: 'notices.actualVersionAndSetChecked',
  },
  '/notices/:noticeId': { DELETE: 'notices.delete' },
  '/notices/:noticeId/personal-area': { DELETE: 'notices.deletePersonal' },
  // Calendars
  '/calendars': { GET: 'calendars.list', POST: 'calendars.create' },
  '/calendars/:calendarId': { GET: 'calendars.get', PUT: 'calendars.update', DELETE: 'calendars.delete' },
  '/calendars/:calendarId/default': { POST: 'calendars.setDefault' },
  // Attributes and directories
  '/attributes': { GET: 'attributes.list', POST: 'attributes.create' },
  '/attributes/:attributeId': { PATCH: 'attributes.update', DELETE: 'attributes.delete' },
  // Formulas and linked (donor) attributes (docs/product-rules.md, "Formulas", "Linked attributes")
  '/attribute-formula/names': { GET: 'attributes.formulaNames' },
  '/attribute-formula/check': { GET: 'attributes.checkFormula' },
  '/versions/:versionId/attribute-calculate': { POST: 'attributes.calculate' },
  '/schedules/:scheduleId/linked-attributes': {
    GET: 'attributes.links.list',
    POST: 'attributes.links.create',
  },
  '/schedules/:scheduleId/donor-attributes': { GET: 'attributes.links.donors' },
  '/linked-attributes/:linkId': { DELETE: 'attributes.links.delete' },
  '/linked-attributes/:linkId/refresh': { POST: 'attributes.links.refresh' },
  '/directories': { GET: 'directories.list', POST: 'directories.create' },
  '/directories/:directoryId': { PATCH: 'directories.update', DELETE: 'directories.delete' },
  '/directories/:directoryId/values': { POST: 'directories.createValue' },
  '/directory-values/:valueId': { PATCH: 'directories.updateValue', DELETE: 'directories.deleteValue' },
  '/directories/:directoryId/upload/preview': {
    POST: { procedure: 'directories.uploadPreview', uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes },
  },
  '/directories/:directoryId/upload': {
    POST: { procedure: 'directories.upload', uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes },
  },
  // Complex relations of directories (API: directory-complex-relations/…)
  '/directory-complex-relations/all': { GET: 'complexRelations.all' },
  '/directory-complex-relations/all-relations/:scheduleId': { GET: 'complexRelations.allRelations' },
  '/directory-complex-relations/create': { POST: 'complexRelations.create' },
  '/directory-complex-relations/dependent-directories/:directoryId': {
    GET: 'complexRelations.dependentDirectories',
  },
  '/directory-complex-relations/recalculation/:versionId': { POST: 'complexRelations.recalculate' },
  '/directory-complex-relations/version-indicator/:versionId': { GET: 'complexRelations.versionIndicator' },
  '/directory-complex-relations/:complexRelationId': { DELETE: 'complexRelations.delete' },
  '/directory-complex-relations/:complexRelationId/options': { PATCH: 'complexRelations.updateOptions' },
  '/directory-complex-relations/:complexRelationId/assign': { PUT: 'complexRelations.assign' },
  '/directory-complex-relations/:complexRelationId/rows': {
    GET: 'complexRelations.rows',
    PATCH: 'complexRelations.updateRows',
    DELETE: 'complexRelations.deleteRows',
  },
  '/directory-complex-relations/:complexRelationId/export': { GET: 'complexRelations.export' },
  '/directory-complex-relations/:complexRelationId/import': {
    POST: { procedure: 'complexRelations.import', uploadBytes: COMPLEX_RELATION_LIMITS.importMaxBytes },
  },
  // Import and export (API: versions/upload, batch-processing, versions export, storage, import settings)
  '/schedules/:scheduleId/versions/upload': {
    POST: { procedure: 'interchange.upload', uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes },
  },
  '/schedules/:scheduleId/versions/upload/synchronous': {
    POST: { procedure: 'interchange.uploadSynchronous', uploadBytes: INTERCHANGE_LIMITS.synchronousMaxBytes },
  },
  '/batch-processing/import': {
    POST: { procedure: 'interchange.upload', uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes },
  },
  '/batch-processing/export': { POST: 'interchange.startExport' },
  '/batch-processing/timetable-calc': { POST: 'interchange.startCalculation' },
  '/batch-processing/stop': { POST: 'interchange.stop' },
  '/batch-processing/report': { POST: 'interchange.job' },
  '/batch-processing/jobs': { GET: 'interchange.jobs' },
  '/batch-processing/jobs/:jobId': { GET: 'interchange.job' },
  '/batch-processing/jobs/:jobId/recorded-dates': { POST: 'interchange.chooseRecordedDates' },
  '/versions/:versionId/export/:format': { POST: 'interchange.exportVersion' },
  '/schedules/versions/export-comparison/:format': { POST: 'interchange.exportComparison' },
  '/storage/max-size': { GET: 'interchange.storage.maxSize' },
  '/storage/schedule/:scheduleId': {
    GET: 'interchange.storage.scheduleFiles',
    POST: {
      procedure: 'interchange.storage.uploadScheduleFile',
      uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes,
    },
  },
  '/storage/download/:fileId': { GET: 'interchange.storage.download' },
  '/storage/thumbnail/:fileId': { GET: 'interchange.storage.thumbnail' },
  '/storage/eps/:nodeId/gallery': {
    GET: 'interchange.storage.nodeFiles',
    POST: { procedure: 'interchange.storage.uploadNodeFile', uploadBytes: GALLERY_LIMITS.fileMaxBytes },
  },
  '/storage/:fileId': { DELETE: 'interchange.storage.delete' },
  '/schedule-import-settings': { GET: 'interchange.settings.list', POST: 'interchange.settings.create' },
  '/schedule-import-settings/preview': {
    POST: { procedure: 'interchange.settings.preview', uploadBytes: INTERCHANGE_LIMITS.uploadMaxBytes },
  },
  '/schedule-import-settings/:settingId': {
    GET: 'interchange.settings.get',
    PATCH: 'interchange.settings.update',
    DELETE: 'interchange.settings.delete',
  },
  // BIM (API projects/{id}/3d, versions/{id}/3d/link, schedules/{id}/3d/link, appearance profiles and state, primitivesModels)
  // The project pipeline (docs/product-rules.md, "Pipeline"): flows through the project's locations, generated
  '/pipeline/:projectId': { GET: 'pipeline.get' },
  '/projects/:projectId/pipes': { GET: 'pipeline.pipes.list', POST: 'pipeline.pipes.create' },
  '/projects/:projectId/pipes/generate': { POST: 'pipeline.generate' },
  '/projects/:projectId/pipes/:pipeId': { PATCH: 'pipeline.pipes.update', DELETE: 'pipeline.pipes.delete' },
  '/pipes/:pipeId': { PATCH: 'pipeline.pipes.update', DELETE: 'pipeline.pipes.delete' },
  '/projects/:projectId/pipeline-locations': {
    GET: 'pipeline.locations.list',
    PUT: 'pipeline.locations.save',
  },
  '/projects/:projectId/pipeline-locations/generate': { POST: 'pipeline.locations.generate' },
  '/projects/:projectId/3d/link': { GET: 'bim.models.linkSummary' },
  '/projects/:projectId/3d/upload': {
    POST: { procedure: 'bim.models.upload', uploadBytes: BIM_LIMITS.uploadMaxBytes },
  },
  '/projects/:projectId/3d/info': { GET: 'bim.models.list' },
  '/projects/:projectId/3d/info/:modelId': { GET: 'bim.models.get' },
  '/projects/:projectId/3d/model/:modelId': {
    GET: 'bim.models.geometry',
    PATCH: 'bim.models.update',
    DELETE: 'bim.models.delete',
  },
  '/projects/:projectId/3d/attributes/:modelId': { GET: 'bim.models.attributes' },
  '/projects/:projectId/3d/attributes/:modelId/:globalId': { GET: 'bim.models.element' },
  '/projects/:projectId/3d/elements/:modelId': {
    GET: { procedure: 'bim.models.elements', coerce: { offset: 'number', limit: 'number' } },
  },
  '/projects/:projectId/3d/elements/:modelId/ids': { GET: 'bim.models.elementColumns' },
  '/projects/:projectId/3d/pbs-list': { GET: 'bim.models.pbs' },
  '/versions/:versionId/3d/link': { POST: 'bim.links.link', DELETE: 'bim.links.unlink' },
  '/versions/:versionId/3d/link/wbs': { GET: 'bim.links.wbs' },
  '/versions/:versionId/3d/link/rules': { POST: 'bim.links.applyRules' },
  '/versions/:versionId/3d/link/process': { POST: 'bim.links.fromProcessData' },
  '/versions/:versionId/3d/link/player': { GET: 'bim.links.player' },
  '/versions/:versionId/3d/link/colors': { GET: 'bim.links.colors' },
  '/versions/:versionId/3d/link/relations': {
    GET: { procedure: 'bim.links.relations', coerce: { offset: 'number', limit: 'number' } },
  },
  '/versions/:versionId/3d/link/node-ids': { POST: 'bim.links.nodeIds' },
  '/versions/:versionId/3d/link/works': { POST: 'bim.links.worksOfElements' },
  '/versions/:versionId/3d/link/deviation-dates': { GET: 'bim.links.deviationDates' },
  '/schedules/:scheduleId/3d/link': { GET: 'bim.rules.list', POST: 'bim.rules.create' },
  '/schedules/:scheduleId/3d/link/:ruleId': { PATCH: 'bim.rules.update', DELETE: 'bim.rules.delete' },
  '/bim/appearance-profiles': { GET: 'bim.profiles.list', POST: 'bim.profiles.create' },
  '/bim/appearance-profiles/:profileId': { PATCH: 'bim.profiles.update', DELETE: 'bim.profiles.delete' },
  '/bim/state/:projectId': { GET: 'bim.profiles.state', PUT: 'bim.profiles.setState' },
  '/primitivesModels/:epsId': { GET: 'bim.primitives.list', POST: 'bim.primitives.create' },
  '/primitivesModels/:epsId/:primitiveId': {
    PATCH: 'bim.primitives.update',
    DELETE: 'bim.primitives.delete',
  },
  // A user's views of the schedule screen (API ui-state-config GET and POST; scheduleId in the query or
  // the body, none for the user's default) and the saved filters
  '/ui-state-config': { GET: 'uiState.get', POST: 'uiState.save' },
  '/ui-state-config/filters': { GET: 'uiState.filters.list', POST: 'uiState.filters.create' },
  '/ui-state-config/filters/:filterId': {
    PATCH: 'uiState.filters.update',
    DELETE: 'uiState.filters.delete',
  },
  // Version layouts (saved views of a schedule, own or shared, one its default), the schedule's WBS group
  // settings, and version templates (new schedules start from them: versions create and eps create take a templateId)
  '/schedules/:scheduleId/layouts': { GET: 'layouts.list', POST: 'layouts.create' },
  '/layouts/:layoutId': { PATCH: 'layouts.update', DELETE: 'layouts.delete' },
  '/schedules/:scheduleId/wbs-group-settings': { GET: 'wbsGroups.get', PUT: 'wbsGroups.save' },
  '/version-templates': { GET: 'versionTemplates.list', POST: 'versionTemplates.create' },
  '/version-templates/:templateId': {
    GET: 'versionTemplates.get',
    PATCH: 'versionTemplates.update',
    DELETE: 'versionTemplates.delete',
  },
  // Chat (API chat/…): literal paths before the chat's own `:chatId`
  '/chat': { GET: 'chat.list' },
  '/chat/settings': { GET: 'chat.settings' },
  '/chat/set-chat-settings': { POST: 'chat.setSettings' },
  '/chat/eps/:nodeId': { GET: 'chat.ofNode' },
  '/chat/direct': { POST: 'chat.direct' },
  '/chat/create-message': {
    POST: { procedure: 'chat.createMessage', uploadBytes: CHAT_LIMITS.attachmentMaxBytes },
  },
  '/chat/update-message': {
    PATCH: { procedure: 'chat.updateMessage', uploadBytes: CHAT_LIMITS.attachmentMaxBytes },
  },
  '/chat/update-last-read': { PATCH: 'chat.markRead' },
  '/chat/:chatId/messages': { GET: { procedure: 'chat.messages', coerce: { limit: 'number' } } },
  '/chat/:chatId/message': { GET: 'chat.message' },
  '/chat/:chatId/users': { GET: 'chat.users' },
  '/chat/:chatId/attachments/:attachmentId': { GET: 'chat.attachment' },
  '/chat/:chatId/:messageId/update-reaction': { PATCH: 'chat.react' },
  '/chat/:chatId/:messageId': { DELETE: 'chat.deleteMessage' },
  // Kanban boards of schedules (API kanban boards, columns, items and labels)
  '/schedules/:scheduleId/kanban': { GET: 'kanban.boards.list', POST: 'kanban.boards.create' },
  '/kanban/boards/:boardId': {
    GET: 'kanban.boards.get',
    PATCH: 'kanban.boards.update',
    DELETE: 'kanban.boards.delete',
  },
  '/kanban/boards/:boardId/copy': { POST: 'kanban.boards.copy' },
  '/kanban/boards/:boardId/stats': { GET: 'kanban.boards.stats' },
  '/kanban/boards/:boardId/items': { GET: 'kanban.cards.list' },
  '/kanban/boards/:boardId/filters': { POST: 'kanban.cards.list' },
  '/kanban/boards/:boardId/columns': { POST: 'kanban.columns.create' },
  '/kanban/boards/:boardId/columns/order': { PUT: 'kanban.columns.reorder' },
  '/kanban/boards/:boardId/labels': { POST: 'kanban.labels.create' },
  '/kanban/columns/:columnId': { PATCH: 'kanban.columns.update', DELETE: 'kanban.columns.delete' },
  '/kanban/columns/:columnId/items': { POST: 'kanban.cards.create' },
  '/kanban/labels/:labelId': { PATCH: 'kanban.labels.update', DELETE: 'kanban.labels.delete' },
  '/kanban/items/:cardId': {
    GET: 'kanban.cards.get',
    PATCH: 'kanban.cards.update',
    DELETE: 'kanban.cards.delete',
  },
  '/kanban/items/:cardId/move': { POST: 'kanban.cards.move' },
  '/kanban/items/:cardId/assign': { POST: 'kanban.cards.assign' },
  '/kanban/items/:cardId/revoke': { POST: 'kanban.cards.revoke' },
  '/kanban/items/:cardId/comments': { POST: 'kanban.cards.comment' },
  '/kanban/items/:cardId/files': {
    POST: { procedure: 'kanban.cards.attach', uploadBytes: KANBAN_LIMITS.attachmentMaxBytes },
  },
  '/kanban/comments/:commentId': { DELETE: 'kanban.cards.deleteComment' },
  '/kanban/files/:fileId': { GET: 'kanban.cards.file', DELETE: 'kanban.cards.deleteFile' },
  // Checklists of works and cards with their items (API checklist CRUD with items); literal paths first
  '/checklists': { GET: 'checklists.list', POST: 'checklists.create' },
  '/checklists/templates': { GET: 'checklists.templates.list', POST: 'checklists.templates.create' },
  '/checklists/templates/:templateId': {
    PATCH: 'checklists.templates.update',
    DELETE: 'checklists.templates.delete',
  },
  '/checklists/:checklistId': { PATCH: 'checklists.rename', DELETE: 'checklists.delete' },
  '/checklists/:checklistId/items': { POST: 'checklists.items.add' },
  '/checklists/:checklistId/items/order': { PUT: 'checklists.items.reorder' },
  '/checklist-items/:itemId': { PATCH: 'checklists.items.update', DELETE: 'checklists.items.delete' },
  '/versions/:versionId/checklists': { GET: 'checklists.progress' },
  // Reports (API reports: list of a node, upload per node, rename, link to EPS nodes, delete; versions report/{x}
  // and report/master/{x}, a job's file answered 202 with the job)
  '/reports': { GET: 'reports.forms.list' },
  '/eps/:nodeId/reports': {
    GET: 'reports.forms.list',
    POST: { procedure: 'reports.forms.upload', uploadBytes: REPORT_LIMITS.templateMaxBytes },
  },
  '/reports/:formId': { PATCH: 'reports.forms.update', DELETE: 'reports.forms.delete' },
  '/reports/:formId/template': {
    GET: 'reports.forms.template',
    POST: { procedure: 'reports.forms.replace', uploadBytes: REPORT_LIMITS.templateMaxBytes },
  },
  '/reports/:formId/nodes/:nodeId': { POST: 'reports.forms.link', DELETE: 'reports.forms.unlink' },
  '/versions/:versionId/report/master/:format': {
    POST: { procedure: 'reports.run', coerce: { background: 'boolean' }, status: reportStatus },
  },
  '/versions/:versionId/report/:format': {
    POST: { procedure: 'reports.run', coerce: { background: 'boolean' }, status: reportStatus },
  },
  // Cost estimating (API: compliance, estimates, cost coefficients, measures, pdc, settings)
  '/estimate-settings': { GET: 'estimates.settings.get', PUT: 'estimates.settings.update' },
  '/measures': { GET: 'estimates.measures.list', POST: 'estimates.measures.create' },
  '/measures/:measureId': { PUT: 'estimates.measures.update', DELETE: 'estimates.measures.delete' },
  '/pdc': {
    GET: { procedure: 'estimates.pdc.list', coerce: { offset: 'number', limit: 'number' } },
    POST: 'estimates.pdc.create',
  },
  '/pdc/prices/:pdcPriceId': { DELETE: 'estimates.pdc.deletePrice' },
  '/pdc/:pdcResourceId': { PUT: 'estimates.pdc.update', DELETE: 'estimates.pdc.delete' },
  '/pdc/:pdcResourceId/prices': { POST: 'estimates.pdc.setPrice' },
  '/eps/:nodeId/estimates': { GET: 'estimates.list', POST: 'estimates.create' },
  '/eps/:nodeId/estimates/import': {
    POST: { procedure: 'estimates.import', uploadBytes: ESTIMATE_LIMITS.importMaxBytes },
  },
  '/estimate-upload-rules': { GET: 'estimates.uploadRules.list', POST: 'estimates.uploadRules.create' },
  '/estimate-upload-rules/preview': {
    POST: { procedure: 'estimates.importPreview', uploadBytes: ESTIMATE_LIMITS.importMaxBytes },
  },
  '/estimate-upload-rules/:estimateRuleId': {
    GET: 'estimates.uploadRules.get',
    PUT: 'estimates.uploadRules.update',
    DELETE: 'estimates.uploadRules.delete',
  },
  '/estimates/:estimateId/export/:format': { GET: 'estimates.export' },
  '/estimates/:estimateId': { GET: 'estimates.get', PUT: 'estimates.update', DELETE: 'estimates.delete' },
  '/estimates/:estimateId/recalculate': { POST: 'estimates.recalculate' },
  '/estimates/:estimateId/versions': { POST: 'estimates.newVersion' },
  '/estimates/:estimateId/compare/:otherEstimateId': { GET: 'estimates.compare' },
  '/estimates/:estimateId/price-from-pdc': { POST: 'estimates.priceFromPdc' },
  '/estimates/:estimateId/summary-lines': { POST: 'estimates.addToSummary' },
  '/estimates/:estimateId/sections': { POST: 'estimates.sections.create' },
  '/estimate-sections/:estimateSectionId': {
    PUT: 'estimates.sections.update',
    DELETE: 'estimates.sections.delete',
  },
  '/estimate-sections/:estimateSectionId/move': { PATCH: 'estimates.sections.move' },
  '/estimate-sections/:estimateSectionId/lines': { POST: 'estimates.lines.create' },
  '/estimate-lines/:estimateLineId': { PUT: 'estimates.lines.update', DELETE: 'estimates.lines.delete' },
  '/estimate-lines/:estimateLineId/move': { PATCH: 'estimates.lines.move' },
  '/estimates/:estimateId/cost-coefficients': { POST: 'estimates.coefficients.create' },
  '/cost-coefficients/:costCoefficientId': {
    PUT: 'estimates.coefficients.update',
    DELETE: 'estimates.coefficients.delete',
  },
  '/cost-coefficients/:costCoefficientId/move': { PATCH: 'estimates.coefficients.move' },
  '/estimates/:estimateId/compliance': {
    GET: 'estimates.compliance.rules',
    POST: 'estimates.compliance.createRule',
  },
  '/compliance/:complianceRuleId': {
    PUT: 'estimates.compliance.updateRule',
    DELETE: 'estimates.compliance.deleteRule',
  },
  '/estimates/:estimateId/compliance/apply/:versionId': {
    POST: { procedure: 'estimates.compliance.applyRules', coerce: { dryRun: 'boolean' } },
  },
  '/estimates/:estimateId/links/:versionId': {
    GET: 'estimates.compliance.links',
    POST: 'estimates.compliance.link',
  },
  '/estimate-links/:estimateLinkId': { DELETE: 'estimates.compliance.unlink' },
  // Demo: the 100,000-work schedule on demand
  '/demo/large-schedule': { POST: 'scheduleDemo.largeSchedule' },
  // Schedules, facilities and projects (API schedules/{id}, actual/info, settings; facilities; projects' details,
  // settings, copy, calculation settings, links, indicators, gwbs; versions' users, check-empty-works, activities;
  // a node's passport and a version's file in storage; delegations given and received)
  '/schedules/:scheduleId': {
    GET: 'schedules.get',
    DELETE: { procedure: 'schedules.delete', coerce: { confirm: 'boolean' } },
  },
  '/schedules/:scheduleId/actual/info': { GET: 'schedules.actualInfo' },
  '/schedules/:scheduleId/settings': { PATCH: 'schedules.updateSettings' },
  '/schedules/:scheduleId/activities': {
    GET: { procedure: 'schedules.activities', coerce: { limit: 'number' } },
  },
  '/facilities/:facilityId': { GET: 'projects.facility' },
  '/projects/:projectId/details': { GET: 'projects.details' },
  '/projects/:projectId/settings': { GET: 'projects.settings', PATCH: 'projects.updateSettings' },
  '/projects/:projectId/copy': { POST: 'projects.copy' },
  '/projects/:projectId/calculate-settings': {
    GET: 'projects.calculateSettings',
    PUT: 'projects.saveCalculateSettings',
  },
  '/projects/:projectId/links': { GET: 'projects.links', POST: 'projects.link' },
  '/projects/links/:projectLinkId': { DELETE: 'projects.unlink' },
  '/projects/:id/indicators': { GET: { procedure: 'analytics.indicators', set: { level: 'project' } } },
  '/projects/:projectId/gwbs': { GET: 'projects.gwbs' },
  '/versions/:versionId/users': { GET: 'schedules.versionUsers' },
  '/versions/:versionId/check-empty-works': { GET: 'schedules.checkEmptyWorks' },
  '/versions/:versionId/activities': {
    GET: { procedure: 'schedules.activities', coerce: { limit: 'number' } },
  },
  '/storage/eps/:nodeId/passport': {
    GET: 'projects.downloadPassport',
    POST: { procedure: 'projects.uploadPassport', uploadBytes: PASSPORT_MAX_BYTES },
    DELETE: 'projects.deletePassport',
  },
  '/storage/eps/:nodeId/passport/info': { GET: 'projects.passport' },
  '/storage/schedule/:scheduleId/version/:versionId/download': {
    POST: 'schedules.versionFile',
    GET: 'schedules.versionFile',
  },
  '/delegation/given': { GET: 'delegation.given' },
  '/delegation/received': { GET: 'delegation.received' },
};

function routesOf(table: PathTable, prefix: string): RestRoute[] {
  return Object.entries(table).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, target]) => ({
      method: method as RestMethod,
      path: prefix + path,
      ...(typeof target === 'string' ? { procedure: target } : target),
    })),
  );
}

export const REST_ROUTES: RestRoute[] = [
  ...routesOf(GLOBAL_ROUTES, ''),
  ...routesOf(SPACE_ROUTES, '/space/:spaceId'),
];
