import {
  attributeInput,
  createAttributeInput,
  listAttributesInput,
  setAttributeAccessInput,
  updateAttributeInput,
} from '@takt/contracts';
import * as attributes from '../../domains/attributes';
import { router, spaceMutation, spaceQuery } from '../trpc';

export const attributesRouter = router({
  list: spaceQuery('schedule.view', listAttributesInput, attributes.listAttributes),
  create: spaceMutation('attributes.edit', createAttributeInput, attributes.createAttribute),
  update: spaceMutation('attributes.edit', updateAttributeInput, attributes.updateAttribute),
  delete: spaceMutation('attributes.edit', attributeInput, (ctx, input) =>
    attributes.deleteAttribute(ctx, input.attributeId),
  ),
  setAccess: spaceMutation('attributes.edit', setAttributeAccessInput, attributes.setAttributeAccess),
});
