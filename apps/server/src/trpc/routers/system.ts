import { clientErrorInput } from '@takt/contracts';
import { guide, healthCheck, reportClientError, systemState } from '../../domains/system';
import { publicProcedure, router } from '../trpc';

export const systemRouter = router({
  state: publicProcedure.query(() => systemState()),
  clientError: publicProcedure
    .input(clientErrorInput)
    .mutation(({ ctx, input }) => reportClientError(ctx, input)),
  healthCheck: publicProcedure.query(({ ctx }) => healthCheck(ctx)),
  guide: publicProcedure.query(({ ctx }) => guide(ctx)),
});
