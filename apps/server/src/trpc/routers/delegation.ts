import { delegationInput, deleteDelegationInput, spaceInput } from '@takt/contracts';
import { createDelegation, deleteDelegation, listDelegations } from '../../domains/delegation';
import { router, spaceMutation, spaceQuery } from '../trpc';

export const delegationRouter = router({
  list: spaceQuery('delegation.manage', spaceInput, (ctx) => listDelegations(ctx)),
  /** API GET delegation/given and delegation/received: the caller's delegations of one side. */
  given: spaceQuery('delegation.manage', spaceInput, async (ctx) => (await listDelegations(ctx)).given),
  received: spaceQuery('delegation.manage', spaceInput, async (ctx) => (await listDelegations(ctx)).received),
  create: spaceMutation('delegation.manage', delegationInput, createDelegation),
  delete: spaceMutation('delegation.manage', deleteDelegationInput, (ctx, input) =>
    deleteDelegation(ctx, input.delegationId),
  ),
});
