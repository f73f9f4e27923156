import { loginInput, logoutInput } from '@takt/contracts';
import { login, logout } from '../../domains/auth';
import { toUserDto } from '../../domains/users';
import { authedProcedure, publicProcedure, router } from '../trpc';

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { token, user } = await login(ctx, input);
    return { token, user: toUserDto(user) };
  }),
  logout: authedProcedure
    .input(logoutInput)
    .mutation(({ ctx, input }) => logout(ctx, input?.everywhere ?? false)),
});
