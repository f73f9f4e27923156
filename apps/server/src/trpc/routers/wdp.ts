import {
  limitForDpInput,
  volumePlanAtDayInput,
  wdpListInput,
  wdpPlanningInput,
  wdpSaveInput,
} from '@takt/contracts';
import * as wdp from '../../domains/wdp';
import { router, spaceMutation, spaceQuery } from '../trpc';

/** Daily work plans (API wdp, update-volume-plan-at-day, limit-for-dp; states planning status). */
export const wdpRouter = router({
  list: spaceQuery('schedule.view', wdpListInput, wdp.listWdp),
  save: spaceMutation('wdp.edit', wdpSaveInput, wdp.saveWdp),
  setPlanning: spaceMutation('wdp.edit', wdpPlanningInput, wdp.setWdpPlanning),
  volumePlanAtDay: spaceMutation('wdp.edit', volumePlanAtDayInput, wdp.updateVolumePlanAtDay),
  limitForDp: spaceQuery('schedule.view', limitForDpInput, wdp.limitForDp),
});
