// What the complex relations domain offers the other domains and the transport: import it from here, never
// from a file inside (docs/architecture.md, "Boundaries").
export { followDriverValues, recalculateVersion, versionIndicator } from './apply';
export { exportRelationRows, importRelationRows } from './io';
export {
  assignRelation,
  createRelation,
  deleteRelation,
  deleteRelationRows,
  dependentDirectories,
  getRelationRows,
  relationSummaries,
  updateRelationOptions,
  updateRelationRows,
} from './store';
