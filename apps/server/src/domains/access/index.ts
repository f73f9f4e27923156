// What the access domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { sessionByTokenHash, userById } from './auth-rows';
export { ipAllowed, isValidAllowEntry } from './ip';
export { licenceInForce, licenceState, noLicenceError, versionSupported } from './licence';
export { requireBimSeat, requireModuleSeat } from './modules';
export { isActiveDelegation, resolveSpaceAccess } from './service';
