import { applyUndoInput, versionInput } from '@takt/contracts';
import { applyUndo, listUndoActions } from '../../domains/undo';
import { router, spaceProcedure } from '../trpc';

export const undoRouter = router({
  list: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => listUndoActions(ctx, input.versionId)),
  undo: spaceProcedure('schedule.edit')
    .input(applyUndoInput)
    .mutation(({ ctx, input }) => applyUndo(ctx, input)),
});
