// What the bim domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  applyRules,
  applyRulesIn,
  linkElements,
  linkFromProcessData,
  linkNodeIds,
  linkRelations,
  linkWbs,
  linkWorksOfElements,
  unlinkElements,
  versionScope,
} from './links';
export {
  deleteModel,
  elementAttributes,
  elementColumns,
  getModel,
  insertModelRow,
  listElements,
  listModels,
  modelAttributeKeys,
  modelGeometry,
  parseIfcInWorker,
  projectPbs,
  putModelFile,
  storeParsedModel,
  updateModel,
  uploadModel,
} from './models';
export { colorsAt, deviationDates, playerData, projectLinkSummary } from './player';
export { createPrimitive, deletePrimitive, listPrimitives, updatePrimitive } from './primitives';
export {
  createProfile,
  deleteProfile,
  getViewState,
  listProfiles,
  setViewState,
  updateProfile,
} from './profiles';
export { createRule, deleteRule, listRules, updateRule } from './rules';
export { registerBimWorkers } from './workers';
