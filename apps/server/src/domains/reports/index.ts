// What the reports domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  deleteForm,
  downloadTemplate,
  linkForm,
  listForms,
  replaceTemplate,
  unlinkForm,
  updateForm,
  uploadForm,
} from './forms';
export { runReport } from './run';
export { registerReportWorkers } from './workers';
