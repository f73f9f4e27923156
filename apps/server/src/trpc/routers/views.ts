import {
  createLayoutInput,
  createSavedFilterInput,
  layoutInput,
  savedFilterInput,
  saveUiStateInput,
  saveWbsGroupSettingsInput,
  scheduleLayoutsInput,
  spaceInput,
  uiStateInput,
  updateLayoutInput,
  updateSavedFilterInput,
} from '@takt/contracts';
import * as views from '../../domains/views';
import { router, spaceMutation, spaceQuery } from '../trpc';

/**
 * A user's views of the schedule screen (API ui-state-config GET and POST) and the saved filters. Every
 * member who sees schedules keeps their own; nothing here changes a schedule.
 */
export const uiStateRouter = router({
  get: spaceQuery('schedule.view', uiStateInput, views.getUiState),
  save: spaceMutation('schedule.view', saveUiStateInput, views.saveUiState),
  filters: router({
    list: spaceQuery('schedule.view', spaceInput, views.listSavedFilters),
    create: spaceMutation('schedule.view', createSavedFilterInput, views.createSavedFilter),
    update: spaceMutation('schedule.view', updateSavedFilterInput, views.updateSavedFilter),
    delete: spaceMutation('schedule.view', savedFilterInput, views.deleteSavedFilter),
  }),
});

/**
 * Layouts of a schedule's view (API version layouts): saved by any user who sees the schedule, for
 * themselves or shared; a shared one of someone else's, and the schedule's default, are for those who
 * manage its versions (checked by the domain, which answers Forbidden).
 */
export const layoutsRouter = router({
  list: spaceQuery('schedule.view', scheduleLayoutsInput, views.listLayouts),
  create: spaceMutation('schedule.view', createLayoutInput, views.createLayout),
  update: spaceMutation('schedule.view', updateLayoutInput, views.updateLayout),
  delete: spaceMutation('schedule.view', layoutInput, views.deleteLayout),
});

/** A schedule's WBS group settings (API WBS group settings): read by its users, set by its planners. */
export const wbsGroupsRouter = router({
  get: spaceQuery('schedule.view', scheduleLayoutsInput, views.getWbsGroupSettings),
  save: spaceMutation('schedule.edit', saveWbsGroupSettingsInput, views.saveWbsGroupSettings),
});
