import {
  assignComplexRelationInput,
  complexRelationInput,
  complexRelationsInput,
  complexRelationVersionInput,
  createComplexRelationInput,
  deleteComplexRelationRowsInput,
  dependentDirectoriesInput,
  importComplexRelationRowsInput,
  scheduleComplexRelationsInput,
  updateComplexRelationOptionsInput,
  updateComplexRelationRowsInput,
} from '@takt/contracts';
import * as relations from '../../domains/complex-relations';
import { router, spaceMutation, spaceQuery } from '../trpc';

/**
 * Complex relations of directories (API: directory-complex-relations): relations and their rows are edited
 * with `directories.edit`, read with `schedule.view`; applying them to a version's works needs `schedule.edit`.
 */
export const complexRelationsRouter = router({
  all: spaceQuery('schedule.view', complexRelationsInput, (ctx) =>
    relations.relationSummaries(ctx.db.pool, ctx.space.spaceId),
  ),
  allRelations: spaceQuery('schedule.view', scheduleComplexRelationsInput, (ctx, input) =>
    relations.relationSummaries(ctx.db.pool, ctx.space.spaceId, { scheduleId: input.scheduleId }),
  ),
  create: spaceMutation('directories.edit', createComplexRelationInput, relations.createRelation),
  updateOptions: spaceMutation(
    'directories.edit',
    updateComplexRelationOptionsInput,
    relations.updateRelationOptions,
  ),
  delete: spaceMutation('directories.edit', complexRelationInput, (ctx, input) =>
    relations.deleteRelation(ctx, input.complexRelationId),
  ),
  assign: spaceMutation('directories.edit', assignComplexRelationInput, relations.assignRelation),
  rows: spaceQuery('schedule.view', complexRelationInput, (ctx, input) =>
    relations.getRelationRows(ctx, input.complexRelationId),
  ),
  updateRows: spaceMutation('directories.edit', updateComplexRelationRowsInput, relations.updateRelationRows),
  deleteRows: spaceMutation('directories.edit', deleteComplexRelationRowsInput, relations.deleteRelationRows),
  dependentDirectories: spaceQuery(
    'schedule.view',
    dependentDirectoriesInput,
    relations.dependentDirectories,
  ),
  recalculate: spaceMutation('schedule.edit', complexRelationVersionInput, relations.recalculateVersion),
  versionIndicator: spaceQuery('schedule.view', complexRelationVersionInput, relations.versionIndicator),
  export: spaceQuery('schedule.view', complexRelationInput, (ctx, input) =>
    relations.exportRelationRows(ctx, input.complexRelationId),
  ),
  import: spaceMutation('directories.edit', importComplexRelationRowsInput, relations.importRelationRows),
});
