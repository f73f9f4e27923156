import { versionInput } from '@takt/contracts';
import { router, spaceProcedure } from '../../trpc/trpc';
import { calculateVersion, calculationStatus } from './service';

export const calculationRouter = router({
  run: spaceProcedure('schedule.calculate')
    .input(versionInput)
    .mutation(({ ctx, input }) => calculateVersion(ctx, input.versionId)),
  status: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => calculationStatus(ctx, input.versionId)),
});
