// What the undo domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { onWorksChanged, type WorksChange } from './changes';
export { type UndoPayload, UndoRecorder, undoPayloadApply } from './record';
export { applyRedo, applyUndo, canRedo, listUndoActions } from './service';
