import { applyUndoInput, versionInput } from '@takt/contracts';
import { applyRedo, applyUndo, canRedo, listUndoActions } from '../../domains/undo';
import { router, spaceMutation, spaceQuery } from '../trpc';

export const undoRouter = router({
  list: spaceQuery('schedule.view', versionInput, (ctx, input) => listUndoActions(ctx, input.versionId)),
  undo: spaceMutation('schedule.edit', applyUndoInput, applyUndo),
  canRedo: spaceQuery('schedule.view', versionInput, (ctx, input) => canRedo(ctx, input.versionId)),
  redo: spaceMutation('schedule.edit', versionInput, applyRedo),
});
