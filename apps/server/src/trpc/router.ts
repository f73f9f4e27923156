import { authRouter } from '../domains/auth/router';
import { delegationRouter } from '../domains/delegation/router';
import { rolesRouter } from '../domains/roles/router';
import { spacesRouter } from '../domains/spaces/router';
import { systemRouter } from '../domains/system/router';
import { usersRouter } from '../domains/users/router';
import { router } from './trpc';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  users: usersRouter,
  space: spacesRouter,
  roles: rolesRouter,
  delegation: delegationRouter,
});

export type AppRouter = typeof appRouter;
