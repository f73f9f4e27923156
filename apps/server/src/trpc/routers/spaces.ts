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
import * as spaces from '../../domains/spaces';
import { authedProcedure, router, spaceMutation, spaceProcedure, spaceQuery } from '../trpc';

export const spacesRouter = router({
  create: authedProcedure
    .input(createSpaceInput)
    .mutation(({ ctx, input }) => spaces.createSpace(ctx, input)),
  createDemo: authedProcedure.mutation(({ ctx }) => spaces.createDemoSpace(ctx)),
  rename: spaceMutation('space.manage', renameSpaceInput, (ctx, input) =>
    spaces.renameSpace(ctx, input.name),
  ),
  delete: spaceMutation('space.manage', spaceInput, (ctx) => spaces.deleteSpace(ctx)),
  deleteFree: spaceMutation('space.manage', spaceInput, (ctx) => spaces.deleteFreeSpace(ctx)),
  deletionStatus: authedProcedure
    .input(z.object({ spaceId: id }))
    .query(({ ctx, input }) => spaces.deletionStatus(ctx, input.spaceId)),
  demo: spaceMutation('space.manage', spaceInput, (ctx) => spaces.fillWithDemo(ctx)),
  users: spaceQuery('users.view', spaceInput, (ctx) => spaces.listMembers(ctx)),
  invite: spaceMutation('users.manage', inviteInput, spaces.invite),
  kickout: spaceMutation('users.manage', kickoutInput, (ctx, input) => spaces.kickout(ctx, input.userId)),
  setMemberRole: spaceMutation('users.manage', changeMemberRoleInput, spaces.setMemberRole),
  settings: spaceQuery('space.manage', spaceInput, (ctx) => spaces.getSettings(ctx)),
  updateSettings: spaceMutation('space.manage', updateSpaceSettingsInput, spaces.updateSettings),
  access: spaceQuery('space.view', spaceInput, (ctx) => spaces.access(ctx)),
  licence: spaceQuery('space.view', spaceInput, (ctx) => spaces.licence(ctx)),
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
    .query(({ ctx, input }) => spaces.auditLog(ctx, input)),
});
