// What the views domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  createSavedFilter,
  deleteSavedFilter,
  getUiState,
  listSavedFilters,
  saveUiState,
  updateSavedFilter,
} from './service';
