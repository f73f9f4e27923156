import {
  attributeInput,
  createAttributeInput,
  listAttributesInput,
  setAttributeAccessInput,
  updateAttributeInput,
} from '@takt/contracts';
import * as attributes from '../../domains/attributes';
import { router, spaceProcedure } from '../trpc';

export const attributesRouter = router({
  list: spaceProcedure('schedule.view')
    .input(listAttributesInput)
    .query(({ ctx, input }) => attributes.listAttributes(ctx, input)),
  create: spaceProcedure('attributes.edit')
    .input(createAttributeInput)
    .mutation(({ ctx, input }) => attributes.createAttribute(ctx, input)),
  update: spaceProcedure('attributes.edit')
    .input(updateAttributeInput)
    .mutation(({ ctx, input }) => attributes.updateAttribute(ctx, input)),
  delete: spaceProcedure('attributes.edit')
    .input(attributeInput)
    .mutation(({ ctx, input }) => attributes.deleteAttribute(ctx, input.attributeId)),
  setAccess: spaceProcedure('attributes.edit')
    .input(setAttributeAccessInput)
    .mutation(({ ctx, input }) => attributes.setAttributeAccess(ctx, input)),
});
