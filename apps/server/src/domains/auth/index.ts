// What the auth domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { DUMMY_HASH, hashSecret, newToken, normalizeAnswer, tokenHashOf, verifySecret } from './crypto';
export { fakeQuestion } from './fake-question';
export { assertStrongPassword, passwordProblem } from './password-strength';
export { createSession, login, logout, resolveSession } from './service';
export { forgiveAccount, forgiveAttempts, loginKeyOf, reserveAttempt } from './throttle';
