import {
  createReplacementInput,
  replacementInput,
  replacementScheduleInput,
  updateReplacementInput,
  versionReplacementInput,
} from '@takt/contracts';
import * as replacements from '../../domains/replacements';
import { router, spaceMutation, spaceQuery } from '../trpc';

export const replacementsRouter = router({
  list: spaceQuery('schedule.view', replacementScheduleInput, replacements.listReplacements),
  get: spaceQuery('schedule.view', versionReplacementInput, replacements.getReplacement),
  create: spaceMutation('schedule.edit', createReplacementInput, replacements.createReplacement),
  update: spaceMutation('schedule.edit', updateReplacementInput, replacements.updateReplacement),
  undo: spaceMutation('schedule.edit', replacementInput, replacements.undoReplacement),
  delete: spaceMutation('schedule.edit', replacementInput, replacements.deleteReplacement),
});
