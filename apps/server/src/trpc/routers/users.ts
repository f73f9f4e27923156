import {
  avatarUpload,
  changeForgottenPasswordInput,
  changePasswordInput,
  id,
  registerInput,
  resetPasswordInput,
  resetPasswordRequestInput,
  setExecutorInput,
  spaceInput,
  updateProfileInput,
  userOutput,
} from '@takt/contracts';
import { z } from 'zod';
import { listUserSpaces, spaceConfig } from '../../domains/spaces';
import * as users from '../../domains/users';
import { authedProcedure, publicProcedure, router, spaceQuery } from '../trpc';

export const usersRouter = router({
  whoAmI: authedProcedure
    .output(userOutput)
    .query(async ({ ctx }) => users.toUserDto(await users.getUser(ctx))),
  update: authedProcedure
    .input(updateProfileInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => users.updateProfile(ctx, input)),
  register: publicProcedure
    .input(registerInput)
    .mutation(async ({ ctx, input }) => ({ user: users.toUserDto(await users.register(ctx, input)) })),
  registerAndLogin: publicProcedure
    .input(registerInput)
    .mutation(({ ctx, input }) => users.registerAndLogin(ctx, input)),
  changePassword: authedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => users.changePassword(ctx, input)),
  resetPasswordRequest: publicProcedure
    .input(resetPasswordRequestInput)
    .mutation(({ ctx, input }) => users.resetPasswordRequest(ctx, input.login)),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => users.resetPassword(ctx, input)),
  changeForgottenPassword: publicProcedure
    .input(changeForgottenPasswordInput)
    .mutation(({ ctx, input }) => users.changeForgottenPassword(ctx, input)),
  spaces: authedProcedure.query(({ ctx }) => listUserSpaces(ctx)),
  spaceConfig: spaceQuery('space.view', spaceInput, (ctx) => spaceConfig(ctx)),
  acceptPrivacyPolicy: authedProcedure
    .output(userOutput)
    .mutation(({ ctx }) => users.acceptPrivacyPolicy(ctx)),
  setExecutor: authedProcedure
    .input(setExecutorInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => users.setExecutor(ctx, input)),
  uploadAvatar: authedProcedure
    .input(avatarUpload)
    .output(userOutput)
    .mutation(({ ctx, input }) => users.uploadAvatar(ctx, input.file)),
  deleteAvatar: authedProcedure.output(userOutput).mutation(({ ctx }) => users.deleteAvatar(ctx)),
  avatar: authedProcedure
    .input(z.object({ userId: id.optional() }).optional())
    .query(({ ctx, input }) => users.getAvatar(ctx, input?.userId ?? ctx.session.userId)),
});
