import { delegationInput, deleteDelegationInput, spaceInput } from '@takt/contracts';
import { createDelegation, deleteDelegation, listDelegations } from '../../domains/delegation';
import { router, spaceMutation, spaceQuery } from '../trpc';

export const delegationRouter = router({
  list: spaceQuery('delegation.manage', spaceInput, (ctx) => listDelegations(ctx)),
  create: spaceMutation('delegation.manage', delegationInput, createDelegation),
  delete: spaceMutation('delegation.manage', deleteDelegationInput, (ctx, input) =>
    deleteDelegation(ctx, input.delegationId),
  ),
});
