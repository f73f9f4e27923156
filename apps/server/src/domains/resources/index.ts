// What the resources domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  assignmentSummary,
  assignResource,
  createAssignment,
  deleteAssignment,
  listAssignments,
  saveDistributions,
  updateAssignment,
  workResourceFigures,
} from './assignments';
export { updateCosts } from './costs';
export {
  createResource,
  createSpecialty,
  deleteResource,
  deleteSpecialty,
  getResource,
  listExecutors,
  listResources,
  listSpecialties,
  setUserSpecialties,
  updateResource,
  updateSpecialty,
} from './directory';
export { distributionsByEps } from './distributions';
export { resourceInputsLoad } from './engine-input';
export { histogramWarm, versionHistogram } from './histogram';
export { levelApply, levelPreview } from './leveling';
export { versionForResources } from './lock';
export { applyScenario, remainsByIntensity } from './scenarios';
export { getResourceSettings, updateResourceSettings } from './settings';
export { dayShare, versionCalendars } from './time';
