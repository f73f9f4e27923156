import { createRelationInput, relationInput, updateRelationInput, versionInput } from '@takt/contracts';
import * as relations from '../../domains/relations';
import { router, spaceProcedure } from '../trpc';

export const relationsRouter = router({
  list: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => relations.listRelations(ctx, input.versionId)),
  taskRelations: spaceProcedure('schedule.view')
    .input(versionInput)
    .query(({ ctx, input }) => relations.taskRelations(ctx, input.versionId)),
  create: spaceProcedure('schedule.edit')
    .input(createRelationInput)
    .mutation(({ ctx, input }) => relations.createRelation(ctx, input)),
  update: spaceProcedure('schedule.edit')
    .input(updateRelationInput)
    .mutation(({ ctx, input }) => relations.updateRelation(ctx, input)),
  delete: spaceProcedure('schedule.edit')
    .input(relationInput)
    .mutation(({ ctx, input }) => relations.deleteRelation(ctx, input)),
});
