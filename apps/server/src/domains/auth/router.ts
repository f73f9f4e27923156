import { loginInput, logoutInput } from '@takt/contracts';
import { authedProcedure, publicProcedure, router } from '../../trpc/trpc';
import { login, logout } from './service';

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => login(ctx, input)),
  logout: authedProcedure
    .input(logoutInput)
    .mutation(({ ctx, input }) => logout(ctx, input?.everywhere ?? false)),
});
