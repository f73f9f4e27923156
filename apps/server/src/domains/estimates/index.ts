// What the estimates domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  applyCompliance,
  createRule,
  deleteRule,
  linkLine,
  listLinks,
  listRules,
  unlink,
  updateRule,
} from './compliance';
export { registerEstimatesDemo } from './demo';
export {
  createMeasure,
  createPdcResource,
  deleteMeasure,
  deletePdcPrice,
  deletePdcResource,
  getSettings,
  listMeasures,
  listPdc,
  setPdcPrice,
  updateMeasure,
  updatePdcResource,
  updateSettings,
} from './directories';
export { exportEstimate, importEstimate, previewEstimateImport } from './io';
export {
  addToSummary,
  compareEstimates,
  createCoefficient,
  createEstimate,
  createLine,
  createSection,
  deleteCoefficient,
  deleteEstimate,
  deleteLine,
  deleteSection,
  estimateView,
  listEstimates,
  moveCoefficient,
  moveLine,
  moveSection,
  newVersion,
  priceFromPdc,
  recalculate,
  updateCoefficient,
  updateEstimate,
  updateLine,
  updateSection,
} from './service';
export {
  createEstimateRule,
  deleteEstimateRule,
  getEstimateRule,
  listEstimateRules,
  updateEstimateRule,
} from './upload-rules';
