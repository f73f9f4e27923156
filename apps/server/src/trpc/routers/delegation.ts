import { delegationInput, deleteDelegationInput, spaceInput } from '@takt/contracts';
import { createDelegation, deleteDelegation, listDelegations } from '../../domains/delegation';
import { router, spaceProcedure } from '../trpc';

export const delegationRouter = router({
  list: spaceProcedure('delegation.manage')
    .input(spaceInput)
    .query(({ ctx }) => listDelegations(ctx)),
  create: spaceProcedure('delegation.manage')
    .input(delegationInput)
    .mutation(({ ctx, input }) => createDelegation(ctx, input)),
  delete: spaceProcedure('delegation.manage')
    .input(deleteDelegationInput)
    .mutation(({ ctx, input }) => deleteDelegation(ctx, input.delegationId)),
});
