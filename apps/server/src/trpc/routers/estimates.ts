import {
  addToSummaryInput,
  applyComplianceInput,
  coefficientInput,
  compareEstimatesInput,
  complianceRuleInput,
  createCoefficientInput,
  createComplianceRuleInput,
  createEstimateInput,
  createEstimateRuleInput,
  createLineInput,
  createMeasureInput,
  createPdcResourceInput,
  createSectionInput,
  estimateInput,
  estimateLinkInput,
  estimateRuleInput,
  estimateSpaceInput,
  estimateVersionInput,
  exportEstimateInput,
  importEstimateInput,
  lineInput,
  linkLineInput,
  measureInput,
  moveCoefficientInput,
  moveLineInput,
  moveSectionInput,
  nodeEstimatesInput,
  pdcListInput,
  pdcPriceInput,
  pdcResourceInput,
  previewEstimateImportInput,
  sectionInput,
  setPdcPriceInput,
  updateCoefficientInput,
  updateComplianceRuleInput,
  updateEstimateInput,
  updateEstimateRuleInput,
  updateEstimateSettingsInput,
  updateLineInput,
  updateMeasureInput,
  updatePdcResourceInput,
  updateSectionInput,
} from '@takt/contracts';
import * as estimates from '../../domains/estimates';
import { estimateSeat, router, spaceProcedure } from '../trpc';

/**
 * Cost estimating (API: compliance, estimates, cost coefficients, measures, pdc, settings): seen with
 * `estimates.view`, changed with `estimates.edit`; every call needs a seat of the estimate module (402
 * EstimateLicense beyond the licence's estimate users).
 */
const view = spaceProcedure('estimates.view').use(estimateSeat);
const edit = spaceProcedure('estimates.edit').use(estimateSeat);

export const estimatesRouter = router({
  settings: router({
    get: view.input(estimateSpaceInput).query(({ ctx }) => estimates.getSettings(ctx)),
    update: edit
      .input(updateEstimateSettingsInput)
      .mutation(({ ctx, input }) => estimates.updateSettings(ctx, input)),
  }),
  measures: router({
    list: view.input(estimateSpaceInput).query(({ ctx }) => estimates.listMeasures(ctx)),
    create: edit.input(createMeasureInput).mutation(({ ctx, input }) => estimates.createMeasure(ctx, input)),
    update: edit.input(updateMeasureInput).mutation(({ ctx, input }) => estimates.updateMeasure(ctx, input)),
    delete: edit
      .input(measureInput)
      .mutation(({ ctx, input }) => estimates.deleteMeasure(ctx, input.measureId)),
  }),
  pdc: router({
    list: view.input(pdcListInput).query(({ ctx, input }) => estimates.listPdc(ctx, input)),
    create: edit
      .input(createPdcResourceInput)
      .mutation(({ ctx, input }) => estimates.createPdcResource(ctx, input)),
    update: edit
      .input(updatePdcResourceInput)
      .mutation(({ ctx, input }) => estimates.updatePdcResource(ctx, input)),
    delete: edit
      .input(pdcResourceInput)
      .mutation(({ ctx, input }) => estimates.deletePdcResource(ctx, input.pdcResourceId)),
    setPrice: edit.input(setPdcPriceInput).mutation(({ ctx, input }) => estimates.setPdcPrice(ctx, input)),
    deletePrice: edit
      .input(pdcPriceInput)
      .mutation(({ ctx, input }) => estimates.deletePdcPrice(ctx, input.pdcPriceId)),
  }),
  list: view.input(nodeEstimatesInput).query(({ ctx, input }) => estimates.listEstimates(ctx, input.nodeId)),
  get: view.input(estimateInput).query(({ ctx, input }) => estimates.estimateView(ctx, input.estimateId)),
  create: edit.input(createEstimateInput).mutation(({ ctx, input }) => estimates.createEstimate(ctx, input)),
  update: edit.input(updateEstimateInput).mutation(({ ctx, input }) => estimates.updateEstimate(ctx, input)),
  delete: edit
    .input(estimateInput)
    .mutation(({ ctx, input }) => estimates.deleteEstimate(ctx, input.estimateId)),
  recalculate: edit
    .input(estimateInput)
    .mutation(({ ctx, input }) => estimates.recalculate(ctx, input.estimateId)),
  newVersion: edit
    .input(estimateInput)
    .mutation(({ ctx, input }) => estimates.newVersion(ctx, input.estimateId)),
  compare: view
    .input(compareEstimatesInput)
    .query(({ ctx, input }) => estimates.compareEstimates(ctx, input)),
  priceFromPdc: edit
    .input(estimateInput)
    .mutation(({ ctx, input }) => estimates.priceFromPdc(ctx, input.estimateId)),
  export: view.input(exportEstimateInput).query(({ ctx, input }) => estimates.exportEstimate(ctx, input)),
  import: edit.input(importEstimateInput).mutation(({ ctx, input }) => estimates.importEstimate(ctx, input)),
  importPreview: edit
    .input(previewEstimateImportInput)
    .mutation(({ ctx, input }) => estimates.previewEstimateImport(ctx, input)),
  uploadRules: router({
    list: view.input(estimateSpaceInput).query(({ ctx }) => estimates.listEstimateRules(ctx)),
    get: view
      .input(estimateRuleInput)
      .query(({ ctx, input }) => estimates.getEstimateRule(ctx, input.estimateRuleId)),
    create: edit
      .input(createEstimateRuleInput)
      .mutation(({ ctx, input }) => estimates.createEstimateRule(ctx, input)),
    update: edit
      .input(updateEstimateRuleInput)
      .mutation(({ ctx, input }) => estimates.updateEstimateRule(ctx, input)),
    delete: edit
      .input(estimateRuleInput)
      .mutation(({ ctx, input }) => estimates.deleteEstimateRule(ctx, input.estimateRuleId)),
  }),
  addToSummary: edit
    .input(addToSummaryInput)
    .mutation(({ ctx, input }) => estimates.addToSummary(ctx, input)),
  sections: router({
    create: edit.input(createSectionInput).mutation(({ ctx, input }) => estimates.createSection(ctx, input)),
    update: edit.input(updateSectionInput).mutation(({ ctx, input }) => estimates.updateSection(ctx, input)),
    move: edit.input(moveSectionInput).mutation(({ ctx, input }) => estimates.moveSection(ctx, input)),
    delete: edit
      .input(sectionInput)
      .mutation(({ ctx, input }) => estimates.deleteSection(ctx, input.estimateSectionId)),
  }),
  lines: router({
    create: edit.input(createLineInput).mutation(({ ctx, input }) => estimates.createLine(ctx, input)),
    update: edit.input(updateLineInput).mutation(({ ctx, input }) => estimates.updateLine(ctx, input)),
    move: edit.input(moveLineInput).mutation(({ ctx, input }) => estimates.moveLine(ctx, input)),
    delete: edit
      .input(lineInput)
      .mutation(({ ctx, input }) => estimates.deleteLine(ctx, input.estimateLineId)),
  }),
  coefficients: router({
    create: edit
      .input(createCoefficientInput)
      .mutation(({ ctx, input }) => estimates.createCoefficient(ctx, input)),
    update: edit
      .input(updateCoefficientInput)
      .mutation(({ ctx, input }) => estimates.updateCoefficient(ctx, input)),
    move: edit
      .input(moveCoefficientInput)
      .mutation(({ ctx, input }) => estimates.moveCoefficient(ctx, input)),
    delete: edit
      .input(coefficientInput)
      .mutation(({ ctx, input }) => estimates.deleteCoefficient(ctx, input.costCoefficientId)),
  }),
  compliance: router({
    rules: view.input(estimateInput).query(({ ctx, input }) => estimates.listRules(ctx, input.estimateId)),
    createRule: edit
      .input(createComplianceRuleInput)
      .mutation(({ ctx, input }) => estimates.createRule(ctx, input)),
    updateRule: edit
      .input(updateComplianceRuleInput)
      .mutation(({ ctx, input }) => estimates.updateRule(ctx, input)),
    deleteRule: edit
      .input(complianceRuleInput)
      .mutation(({ ctx, input }) => estimates.deleteRule(ctx, input.complianceRuleId)),
    applyRules: edit
      .input(applyComplianceInput)
      .mutation(({ ctx, input }) => estimates.applyCompliance(ctx, input)),
    links: view.input(estimateVersionInput).query(({ ctx, input }) => estimates.listLinks(ctx, input)),
    link: edit.input(linkLineInput).mutation(({ ctx, input }) => estimates.linkLine(ctx, input)),
    unlink: edit
      .input(estimateLinkInput)
      .mutation(({ ctx, input }) => estimates.unlink(ctx, input.estimateLinkId)),
  }),
});
