// What the auth domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { DUMMY_HASH, hashSecret, newToken, normalizeAnswer, tokenHashOf, verifySecret } from './crypto';
export { finishExternalSignIn } from './external';
export { fakeQuestion } from './fake-question';
export { kerberosSignIn } from './kerberos';
export { openIdSignIn } from './oidc';
export { assertStrongPassword, passwordProblem } from './password-strength';
export { providerSettings, saveProvider, signInButtons } from './providers';
export { adfsCallback, adfsStart } from './saml';
export { createSession, login, logout, resolveSession } from './service';
export { forgiveAccount, forgiveAttempts, loginKeyOf, reserveAttempt } from './throttle';
