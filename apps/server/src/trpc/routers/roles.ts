import { deleteRoleInput, roleInput, spaceInput, updateRoleInput } from '@takt/contracts';
import { createRole, deleteRole, listRoles, updateRole } from '../../domains/roles';
import { router, spaceProcedure } from '../trpc';

export const rolesRouter = router({
  list: spaceProcedure('users.view')
    .input(spaceInput)
    .query(({ ctx }) => listRoles(ctx)),
  create: spaceProcedure('roles.manage')
    .input(roleInput)
    .mutation(({ ctx, input }) => createRole(ctx, input)),
  update: spaceProcedure('roles.manage')
    .input(updateRoleInput)
    .mutation(({ ctx, input }) => updateRole(ctx, input)),
  delete: spaceProcedure('roles.manage')
    .input(deleteRoleInput)
    .mutation(({ ctx, input }) => deleteRole(ctx, input.roleId)),
});
