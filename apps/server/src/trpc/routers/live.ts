import { liveEventsInput } from '@takt/contracts';
import { liveEvents } from '../../live';
import { router, spaceProcedure } from '../trpc';

/** The live bus: one stream per browser tab of the events its user may read in the space (SSE). */
export const liveRouter = router({
  events: spaceProcedure('space.view')
    .input(liveEventsInput)
    .subscription(({ ctx, input, signal }) => liveEvents(ctx, input, signal)),
});
