import {
  attributeInput,
  calculateFormulasInput,
  checkFormulaInput,
  createAttributeInput,
  createLinkedAttributeInput,
  formulaNamesInput,
  linkedAttributeInput,
  listAttributesInput,
  scheduleLinksInput,
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
  /** Formula attributes (docs/product-rules.md, "Formulas"): the names a formula may use, a check with a sample, attribute-calculate. */
  formulaNames: spaceQuery('schedule.view', formulaNamesInput, attributes.formulaNames),
  checkFormula: spaceQuery('schedule.view', checkFormulaInput, attributes.checkFormula),
  calculate: spaceMutation('schedule.edit', calculateFormulasInput, attributes.calculateFormulas),
  /** Linked and donor attributes (docs/product-rules.md, "Linked attributes"). */
  links: router({
    list: spaceQuery('schedule.view', scheduleLinksInput, attributes.listLinkedAttributes),
    donors: spaceQuery('schedule.view', scheduleLinksInput, attributes.listDonorAttributes),
    create: spaceMutation('attributes.edit', createLinkedAttributeInput, attributes.createLinkedAttribute),
    delete: spaceMutation('attributes.edit', linkedAttributeInput, (ctx, input) =>
      attributes.deleteLinkedAttribute(ctx, input.linkId),
    ),
    refresh: spaceMutation('schedule.edit', linkedAttributeInput, (ctx, input) =>
      attributes.refreshLinkedAttribute(ctx, input.linkId),
    ),
  }),
});
