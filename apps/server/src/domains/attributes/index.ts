// What the attributes domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export {
  createAttribute,
  deleteAttribute,
  listAttributes,
  setAttributeAccess,
  updateAttribute,
} from './service';
