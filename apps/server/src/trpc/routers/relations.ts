import { createRelationInput, relationInput, updateRelationInput, versionInput } from '@takt/contracts';
import * as relations from '../../domains/relations';
import { router, spaceMutation, spaceQuery } from '../trpc';

export const relationsRouter = router({
  list: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    relations.listRelations(ctx, input.versionId),
  ),
  taskRelations: spaceQuery('schedule.view', versionInput, (ctx, input) =>
    relations.taskRelations(ctx, input.versionId),
  ),
  create: spaceMutation('schedule.edit', createRelationInput, relations.createRelation),
  update: spaceMutation('schedule.edit', updateRelationInput, relations.updateRelation),
  delete: spaceMutation('schedule.edit', relationInput, relations.deleteRelation),
});
