// What the relations domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { createRelation, deleteRelation, listRelations, taskRelations, updateRelation } from './service';
