import {
  applyEditInput,
  bulkUpdateWorksInput,
  codeNumberingInput,
  createWorkInput,
  deleteWorksInput,
  moveWorkInput,
  saveCodeNumberingInput,
  shiftWorkInput,
  updateWorkInput,
  versionInput,
  workStateInput,
} from '@takt/contracts';
import { z } from 'zod';
import * as works from '../../domains/works';
import { router, spaceMutation, spaceProcedure, spaceQuery } from '../trpc';

export const worksRouter = router({
  list: spaceQuery('schedule.view', versionInput, (ctx, input) => works.listWorks(ctx, input.versionId)),
  get: spaceProcedure('schedule.view')
    .input(versionInput.extend({ workId: z.string().uuid() }))
    .query(({ ctx, input }) => works.getWork(ctx, input.versionId, input.workId)),
  create: spaceMutation('schedule.edit', createWorkInput, works.createWork),
  update: spaceMutation('schedule.edit', updateWorkInput, works.updateWork),
  bulkUpdate: spaceMutation('schedule.edit', bulkUpdateWorksInput, works.bulkUpdateWorks),
  delete: spaceMutation('schedule.edit', deleteWorksInput, works.deleteWorks),
  indent: spaceMutation('schedule.edit', shiftWorkInput, works.indentWork),
  outdent: spaceMutation('schedule.edit', shiftWorkInput, works.outdentWork),
  move: spaceMutation('schedule.edit', moveWorkInput, works.moveWork),
  /**
   * An edit of the Gantt chart saved as one command: applied, calculated (when the caller may) and
   * recorded as one undo action in one transaction, based on the version's revision.
   */
  applyEdit: spaceMutation('schedule.edit', applyEditInput, works.applyEdit),
  /** Checked/expanded rows are the caller's own view state: viewing the schedule is enough. */
  setState: spaceMutation('schedule.view', workStateInput, works.setWorkState),
  /** Approved dates and volume and constraints of the works that have them (not in the payload). */
  planDetails: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    works.workPlanDetails(ctx, input.versionId),
  ),
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
  /** The schedule's numbering of new works (a prefix, a start number, an increment), shared by its versions. */
  numbering: router({
    get: spaceQuery('schedule.view', codeNumberingInput, works.getCodeNumbering),
    save: spaceMutation('schedule.edit', saveCodeNumberingInput, works.saveCodeNumbering),
  }),
  /** The caller's collapsed and checked rows of a version. */
  viewState: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    works.workViewState(ctx, input.versionId),
  ),
});
