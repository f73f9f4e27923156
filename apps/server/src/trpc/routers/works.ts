import {
  applyEditInput,
  bulkUpdateWorksInput,
  createWorkInput,
  deleteWorksInput,
  moveWorkInput,
  shiftWorkInput,
  updateWorkInput,
  versionInput,
  workStateInput,
} from '@takt/contracts';
import { z } from 'zod';
import * as works from '../../domains/works';
import { router, spaceProcedure } from '../trpc';

export const worksRouter = router({
  list: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => works.listWorks(ctx, input.versionId)),
  get: spaceProcedure('schedule.view')
    .input(versionInput.extend({ workId: z.string().uuid() }))
    .query(({ ctx, input }) => works.getWork(ctx, input.versionId, input.workId)),
  create: spaceProcedure('schedule.edit')
    .input(createWorkInput)
    .mutation(({ ctx, input }) => works.createWork(ctx, input)),
  update: spaceProcedure('schedule.edit')
    .input(updateWorkInput)
    .mutation(({ ctx, input }) => works.updateWork(ctx, input)),
  bulkUpdate: spaceProcedure('schedule.edit')
    .input(bulkUpdateWorksInput)
    .mutation(({ ctx, input }) => works.bulkUpdateWorks(ctx, input)),
  delete: spaceProcedure('schedule.edit')
    .input(deleteWorksInput)
    .mutation(({ ctx, input }) => works.deleteWorks(ctx, input)),
  indent: spaceProcedure('schedule.edit')
    .input(shiftWorkInput)
    .mutation(({ ctx, input }) => works.indentWork(ctx, input)),
  outdent: spaceProcedure('schedule.edit')
    .input(shiftWorkInput)
    .mutation(({ ctx, input }) => works.outdentWork(ctx, input)),
  move: spaceProcedure('schedule.edit')
    .input(moveWorkInput)
    .mutation(({ ctx, input }) => works.moveWork(ctx, input)),
  /**
   * An edit of the Gantt chart saved as one command: applied, calculated (when the caller may) and
   * recorded as one undo action in one transaction, based on the version's revision.
   */
  applyEdit: spaceProcedure('schedule.edit')
    .input(applyEditInput)
    .mutation(({ ctx, input }) => works.applyEdit(ctx, input)),
  /** Checked/expanded rows are the caller's own view state: viewing the schedule is enough. */
  setState: spaceProcedure('schedule.view')
    .input(workStateInput)
    .mutation(({ ctx, input }) => works.setWorkState(ctx, input)),
  /** Approved dates and volume and constraints of the works that have them (not in the payload). */
  planDetails: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => works.workPlanDetails(ctx, input.versionId)),
  /** Works of any schedule of the space by code or name, or by id: picking an external predecessor. */
  search: spaceProcedure('schedule.view')
    .input(
      z.object({
        spaceId: z.string().uuid(),
        query: z.string().max(255).optional(),
        workIds: z.array(z.string().uuid()).max(500).optional(),
        excludeVersionId: z.string().uuid().optional(),
        limit: z.number().int().min(1).max(500).optional(),
      }),
    )
    .query(({ ctx, input }) => works.searchWorks(ctx, input)),
  /** The caller's collapsed and checked rows of a version. */
  viewState: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => works.workViewState(ctx, input.versionId)),
});
