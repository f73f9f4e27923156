// What the system domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { APP_VERSION, guide, healthCheck, reportClientError, systemState } from './service';
