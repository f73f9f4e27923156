import { versionInput } from '@takt/contracts';
import { calculateVersion, calculationStatus, versionProgressWeighting } from '../../domains/calculation';
import { histogramWarm } from '../../domains/resources';
import { router, spaceMutation, spaceQuery } from '../trpc';

export const calculationRouter = router({
  run: spaceMutation('schedule.calculate', versionInput, (ctx, input) =>
    calculateVersion(ctx, input.versionId, histogramWarm),
  ),
  status: spaceQuery('schedule.view', versionInput, (ctx, input) => calculationStatus(ctx, input.versionId)),
  progressWeighting: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    versionProgressWeighting(ctx, input.versionId),
  ),
});
