import {
  changeMemberRoleInput,
  createSpaceInput,
  id,
  inviteInput,
  kickoutInput,
  renameSpaceInput,
  spaceInput,
  updateSpaceSettingsInput,
  VALIDATION,
} from '@takt/contracts';
import { z } from 'zod';
import {
  access,
  auditLog,
  createDemoSpace,
  createSpace,
  deleteSpace,
  deletionStatus,
  fillWithDemo,
  getSettings,
  invite,
  kickout,
  licence,
  listMembers,
  renameSpace,
  setMemberRole,
  updateSettings,
} from '../../domains/spaces';
import { authedProcedure, router, spaceProcedure } from '../trpc';

export const spacesRouter = router({
  create: authedProcedure.input(createSpaceInput).mutation(({ ctx, input }) => createSpace(ctx, input)),
  createDemo: authedProcedure.mutation(({ ctx }) => createDemoSpace(ctx)),
  rename: spaceProcedure('space.manage')
    .input(renameSpaceInput)
    .mutation(({ ctx, input }) => renameSpace(ctx, input.name)),
  delete: spaceProcedure('space.manage')
    .input(spaceInput)
    .mutation(({ ctx }) => deleteSpace(ctx)),
  deletionStatus: authedProcedure
    .input(z.object({ spaceId: id }))
    .query(({ ctx, input }) => deletionStatus(ctx, input.spaceId)),
  demo: spaceProcedure('space.manage')
    .input(spaceInput)
    .mutation(({ ctx }) => fillWithDemo(ctx)),
  users: spaceProcedure('users.view')
    .input(spaceInput)
    .query(({ ctx }) => listMembers(ctx)),
  invite: spaceProcedure('users.manage')
    .input(inviteInput)
    .mutation(({ ctx, input }) => invite(ctx, input)),
  kickout: spaceProcedure('users.manage')
    .input(kickoutInput)
    .mutation(({ ctx, input }) => kickout(ctx, input.userId)),
  setMemberRole: spaceProcedure('users.manage')
    .input(changeMemberRoleInput)
    .mutation(({ ctx, input }) => setMemberRole(ctx, input)),
  settings: spaceProcedure('space.manage')
    .input(spaceInput)
    .query(({ ctx }) => getSettings(ctx)),
  updateSettings: spaceProcedure('space.manage')
    .input(updateSpaceSettingsInput)
    .mutation(({ ctx, input }) => updateSettings(ctx, input)),
  access: spaceProcedure('space.view')
    .input(spaceInput)
    .query(({ ctx }) => access(ctx)),
  licence: spaceProcedure('space.view')
    .input(spaceInput)
    .query(({ ctx }) => licence(ctx)),
  audit: spaceProcedure('audit.view')
    .input(
      spaceInput.extend({
        // audit ids are bigints: at most 18 digits always fits
        cursor: z
          .string()
          .regex(/^\d{1,18}$/, { message: VALIDATION.outOfRange })
          .optional(),
        limit: z.number().int().min(1).max(200).default(50),
      }),
    )
    .query(({ ctx, input }) => auditLog(ctx, input)),
});
