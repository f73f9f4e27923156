// What the roles domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { createRole, deleteRole, listRoles, updateRole } from './service';
