// What the replacements domain offers the transport: import it from here, never from a file inside
// (docs/architecture.md, "Boundaries").
export {
  createReplacement,
  deleteReplacement,
  getReplacement,
  listReplacements,
  undoReplacementCall as undoReplacement,
  updateReplacement,
} from './service';
