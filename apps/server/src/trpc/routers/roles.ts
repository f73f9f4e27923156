import { deleteRoleInput, roleInput, spaceInput, updateRoleInput } from '@takt/contracts';
import { createRole, deleteRole, listRoles, updateRole } from '../../domains/roles';
import { router, spaceMutation, spaceQuery } from '../trpc';

export const rolesRouter = router({
  list: spaceQuery('users.view', spaceInput, (ctx) => listRoles(ctx)),
  create: spaceMutation('roles.manage', roleInput, createRole),
  update: spaceMutation('roles.manage', updateRoleInput, updateRole),
  delete: spaceMutation('roles.manage', deleteRoleInput, (ctx, input) => deleteRole(ctx, input.roleId)),
});
