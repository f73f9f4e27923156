import {
  createSavedFilterInput,
  savedFilterInput,
  saveUiStateInput,
  spaceInput,
  uiStateInput,
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
