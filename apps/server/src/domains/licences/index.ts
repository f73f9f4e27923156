// What the licences domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { type DemoLicenceKey, seedDemoLicence, withDemoLicenceKey } from './demo';
export { deleteLicence, listLicences, uploadLicence } from './service';
export { type LicenceClaims, signLicence } from './token';
