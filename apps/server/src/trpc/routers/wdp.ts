import {
  limitForDpInput,
  volumePlanAtDayInput,
  wdpListInput,
  wdpPlanningInput,
  wdpSaveInput,
} from '@takt/contracts';
import * as wdp from '../../domains/wdp';
import { router, spaceProcedure } from '../trpc';

/** Daily work plans (API wdp, update-volume-plan-at-day, limit-for-dp; states planning status). */
export const wdpRouter = router({
  list: spaceProcedure('schedule.view')
    .input(wdpListInput)
    .query(({ ctx, input }) => wdp.listWdp(ctx, input)),
  save: spaceProcedure('wdp.edit')
    .input(wdpSaveInput)
    .mutation(({ ctx, input }) => wdp.saveWdp(ctx, input)),
  setPlanning: spaceProcedure('wdp.edit')
    .input(wdpPlanningInput)
    .mutation(({ ctx, input }) => wdp.setWdpPlanning(ctx, input)),
  volumePlanAtDay: spaceProcedure('wdp.edit')
    .input(volumePlanAtDayInput)
    .mutation(({ ctx, input }) => wdp.updateVolumePlanAtDay(ctx, input)),
  limitForDp: spaceProcedure('schedule.view')
    .input(limitForDpInput)
    .query(({ ctx, input }) => wdp.limitForDp(ctx, input)),
});
