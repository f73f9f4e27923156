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
import {
  acceptPrivacyPolicy,
  changeForgottenPassword,
  changePassword,
  deleteAvatar,
  getAvatar,
  getUser,
  register,
  registerAndLogin,
  resetPassword,
  resetPasswordRequest,
  setExecutor,
  toUserDto,
  updateProfile,
  uploadAvatar,
} from '../../domains/users';
import { authedProcedure, publicProcedure, router, spaceProcedure } from '../trpc';

export const usersRouter = router({
  whoAmI: authedProcedure.output(userOutput).query(async ({ ctx }) => toUserDto(await getUser(ctx))),
  update: authedProcedure
    .input(updateProfileInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => updateProfile(ctx, input)),
  register: publicProcedure
    .input(registerInput)
    .mutation(async ({ ctx, input }) => ({ user: toUserDto(await register(ctx, input)) })),
  registerAndLogin: publicProcedure
    .input(registerInput)
    .mutation(({ ctx, input }) => registerAndLogin(ctx, input)),
  changePassword: authedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),
  resetPasswordRequest: publicProcedure
    .input(resetPasswordRequestInput)
    .mutation(({ ctx, input }) => resetPasswordRequest(ctx, input.login)),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),
  changeForgottenPassword: publicProcedure
    .input(changeForgottenPasswordInput)
    .mutation(({ ctx, input }) => changeForgottenPassword(ctx, input)),
  spaces: authedProcedure.query(({ ctx }) => listUserSpaces(ctx)),
  spaceConfig: spaceProcedure('space.view')
    .input(spaceInput)
    .query(({ ctx }) => spaceConfig(ctx)),
  acceptPrivacyPolicy: authedProcedure.output(userOutput).mutation(({ ctx }) => acceptPrivacyPolicy(ctx)),
  setExecutor: authedProcedure
    .input(setExecutorInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => setExecutor(ctx, input)),
  uploadAvatar: authedProcedure
    .input(avatarUpload)
    .output(userOutput)
    .mutation(({ ctx, input }) => uploadAvatar(ctx, input.file)),
  deleteAvatar: authedProcedure.output(userOutput).mutation(({ ctx }) => deleteAvatar(ctx)),
  avatar: authedProcedure
    .input(z.object({ userId: id.optional() }).optional())
    .query(({ ctx, input }) => getAvatar(ctx, input?.userId ?? ctx.session.userId)),
});
