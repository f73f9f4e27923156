import { attributesRouter } from '../domains/attributes/router';
import { authRouter } from '../domains/auth/router';
import { bimRouter } from '../domains/bim/router';
import { calculationRouter } from '../domains/calculation/router';
import { calendarsRouter } from '../domains/calendars/router';
import { cyclogramRouter } from '../domains/cyclogram/router';
import { delegationRouter } from '../domains/delegation/router';
import { scheduleDemoRouter } from '../domains/demo/router';
import { directoriesRouter } from '../domains/directories/router';
import { epsRouter, scheduleGroupsRouter } from '../domains/eps/router';
import { interchangeRouter } from '../domains/interchange/router';
import { printRouter } from '../domains/print/router';
import { relationsRouter } from '../domains/relations/router';
import { assignmentsRouter, resourcesRouter } from '../domains/resources/router';
import { rolesRouter } from '../domains/roles/router';
import { spacesRouter } from '../domains/spaces/router';
import { systemRouter } from '../domains/system/router';
import { timesheetsRouter } from '../domains/timesheets/router';
import { undoRouter } from '../domains/undo/router';
import { usersRouter } from '../domains/users/router';
import { versionsRouter } from '../domains/versions/router';
import { wdpRouter } from '../domains/wdp/router';
import { worksRouter } from '../domains/works/router';
import { router } from './trpc';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  users: usersRouter,
  space: spacesRouter,
  roles: rolesRouter,
  delegation: delegationRouter,
  eps: epsRouter,
  scheduleGroups: scheduleGroupsRouter,
  versions: versionsRouter,
  works: worksRouter,
  relations: relationsRouter,
  calendars: calendarsRouter,
  attributes: attributesRouter,
  directories: directoriesRouter,
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
});

export type AppRouter = typeof appRouter;
