// What the checklists domain offers the transport: import it from here (docs/architecture.md, "Boundaries").
export {
  addChecklistItem,
  createChecklist,
  createChecklistTemplate,
  deleteChecklist,
  deleteChecklistItem,
  deleteChecklistTemplate,
  listChecklists,
  listChecklistTemplates,
  renameChecklist,
  reorderChecklistItems,
  updateChecklistItem,
  updateChecklistTemplate,
  versionChecklistProgress,
} from './service';
