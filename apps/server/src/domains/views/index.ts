// What the views domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").

export { createLayout, deleteLayout, listLayouts, updateLayout } from './layouts';
export {
  createSavedFilter,
  deleteSavedFilter,
  getUiState,
  listSavedFilters,
  saveUiState,
  updateSavedFilter,
} from './service';
export { getWbsGroupSettings, saveWbsGroupSettings } from './wbs-groups';
