import { analyticsRouter } from './routers/analytics';
import { assistantRouter } from './routers/assistant';
import { attributesRouter } from './routers/attributes';
import { authRouter } from './routers/auth';
import { backupsRouter } from './routers/backups';
import { bimRouter } from './routers/bim';
import { calculationRouter } from './routers/calculation';
import { calendarsRouter } from './routers/calendars';
import { chatRouter } from './routers/chat';
import { checklistsRouter } from './routers/checklists';
import { complexRelationsRouter } from './routers/complex-relations';
import { cyclogramRouter } from './routers/cyclogram';
import { delegationRouter } from './routers/delegation';
import { scheduleDemoRouter } from './routers/demo';
import { directoriesRouter } from './routers/directories';
import { epsRouter, scheduleGroupsRouter } from './routers/eps';
import { estimatesRouter } from './routers/estimates';
import { interchangeRouter } from './routers/interchange';
import { kanbanRouter } from './routers/kanban';
import { licencesRouter } from './routers/licences';
import { liveRouter } from './routers/live';
import { localizationRouter } from './routers/localization';
import { noticesRouter } from './routers/notices';
import { pipelineRouter } from './routers/pipeline';
import { printRouter } from './routers/print';
import { projectsRouter, schedulesRouter } from './routers/projects';
import { relationsRouter } from './routers/relations';
import { remoteSpacesRouter } from './routers/remote-spaces';
import { replacementsRouter } from './routers/replacements';
import { reportsRouter } from './routers/reports';
import { assignmentsRouter, resourcesRouter } from './routers/resources';
import { rolesRouter } from './routers/roles';
import { spacesRouter } from './routers/spaces';
import { systemRouter } from './routers/system';
import { timesheetsRouter } from './routers/timesheets';
import { undoRouter } from './routers/undo';
import { usersRouter } from './routers/users';
import { versionTemplatesRouter } from './routers/version-templates';
import { versionsRouter } from './routers/versions';
import { layoutsRouter, uiStateRouter, wbsGroupsRouter } from './routers/views';
import { wdpRouter } from './routers/wdp';
import { worksRouter } from './routers/works';
import { router } from './trpc';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  users: usersRouter,
  space: spacesRouter,
  licences: licencesRouter,
  localization: localizationRouter,
  backups: backupsRouter,
  roles: rolesRouter,
  delegation: delegationRouter,
  eps: epsRouter,
  scheduleGroups: scheduleGroupsRouter,
  projects: projectsRouter,
  schedules: schedulesRouter,
  versions: versionsRouter,
  works: worksRouter,
  relations: relationsRouter,
  replacements: replacementsRouter,
  remoteSpaces: remoteSpacesRouter,
  calendars: calendarsRouter,
  attributes: attributesRouter,
  directories: directoriesRouter,
  complexRelations: complexRelationsRouter,
  calculation: calculationRouter,
  undo: undoRouter,
  scheduleDemo: scheduleDemoRouter,
  resources: resourcesRouter,
  assignments: assignmentsRouter,
  wdp: wdpRouter,
  timesheets: timesheetsRouter,
  print: printRouter,
  interchange: interchangeRouter,
  cyclogram: cyclogramRouter,
  bim: bimRouter,
  uiState: uiStateRouter,
  layouts: layoutsRouter,
  wbsGroups: wbsGroupsRouter,
  versionTemplates: versionTemplatesRouter,
  kanban: kanbanRouter,
  checklists: checklistsRouter,
  analytics: analyticsRouter,
  assistant: assistantRouter,
  reports: reportsRouter,
  estimates: estimatesRouter,
  live: liveRouter,
  notices: noticesRouter,
  chat: chatRouter,
  pipeline: pipelineRouter,
});

export type AppRouter = typeof appRouter;
