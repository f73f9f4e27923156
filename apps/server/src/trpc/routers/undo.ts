import { applyUndoInput, versionInput } from '@takt/contracts';
import { applyUndo, listUndoActions } from '../../domains/undo';
import { router, spaceMutation, spaceQuery } from '../trpc';

export const undoRouter = router({
  list: spaceQuery('schedule.view', versionInput, (ctx, input) => listUndoActions(ctx, input.versionId)),
  undo: spaceMutation('schedule.edit', applyUndoInput, applyUndo),
});
