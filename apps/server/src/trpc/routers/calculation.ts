import { versionInput } from '@takt/contracts';
import { calculateVersion, calculationStatus } from '../../domains/calculation';
import { histogramWarm } from '../../domains/resources';
import { router, spaceProcedure } from '../trpc';

export const calculationRouter = router({
  run: spaceProcedure('schedule.calculate')
    .input(versionInput)
    .mutation(({ ctx, input }) => calculateVersion(ctx, input.versionId, histogramWarm)),
  status: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => calculationStatus(ctx, input.versionId)),
});
