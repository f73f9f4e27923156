import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { Context } from '../../context';
import { AppError } from '../../errors';
import {
  accountOf,
  type BrowserReply,
  beginAttempt,
  finishInBrowser,
  publicBaseOf,
  takeAttempt,
} from './external';
import { providerOf, type SignInProvider } from './providers';

/**
 * ADFS through SAML 2.0 (Web SSO profile): `GET auth/adfs` redirects to the identity provider with an
 * AuthnRequest (HTTP-Redirect binding), `POST auth/adfs/callback` takes its signed Response
 * (HTTP-POST binding). The assertion must be signed by the configured certificate, addressed to our
 * entity id (audience), answer the request we sent (InResponseTo, once) and be current.
 */

export interface SamlRequest {
  SAMLResponse?: string | undefined;
  RelayState?: string | undefined;
  requestHost?: string | undefined;
  requestProto?: string | undefined;
  requestCookie?: string | undefined;
}

/** ADFS's claim types for the name, the email and the login (UPN), and their short forms. */
const CLAIMS = {
  email: ['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'email', 'mail'],
  login: [
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/upn',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
    'upn',
    'login',
  ],
  firstName: ['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'givenName'],
  lastName: ['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'sn', 'surname'],
};

/**
 * The request id of the AuthnRequest is kept with the sign-in under way (our table, so any server
 * process takes the callback), not in node-saml's memory: this provider only hands it over.
 */
function oneRequestCache(
  expected: { id: string; at: Date } | null,
  saved: (id: string) => void,
): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      saved(key);
      return { value, createdAt: Date.now() };
    },
    // node-saml reads the value as the time the request was made
    getAsync: async (key) => (expected && key === expected.id ? expected.at.toISOString() : null),
    removeAsync: async (key) => key,
  };
}

function samlOf(provider: SignInProvider, base: string, cache: CacheProvider): SAML {
  return new SAML({
    callbackUrl: `${base}/api/v1/auth/adfs/callback`,
    entryPoint: provider.entryPoint!,
    issuer: provider.entityId!,
    audience: provider.entityId!,
    idpCert: provider.idpCertificate!,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60_000,
    cacheProvider: cache,
    acceptedClockSkewMs: 60_000,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

function claimOf(profile: Profile, names: string[]): string | undefined {
  for (const name of names) {
    const value = profile[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first) return first;
  }
  return undefined;
}

/** `GET auth/adfs`: the AuthnRequest, its id kept with a fresh sign-in under way (its RelayState). */
export async function adfsStart(ctx: Context, request: SamlRequest): Promise<BrowserReply> {
  const provider = await providerOf(ctx, 'adfs');
  const base = publicBaseOf(ctx, request);
  let requestId: string | null = null;
  const saml = samlOf(
    provider,
    base,
    oneRequestCache(null, (id) => {
      requestId = id;
    }),
  );
  // node-saml makes the request's id while it builds the URL; the sign-in under way is stored with it,
  // and its state travels as the RelayState (our requests are not signed, so it is added afterwards)
  const url = new URL(await saml.getAuthorizeUrlAsync('', undefined, {}));
  if (!requestId) throw new AppError('SignInProviderNotConfigured');
  const { state, cookie } = await beginAttempt(ctx, 'adfs', { nonce: requestId });
  url.searchParams.set('RelayState', state);
  return { status: 303, headers: { location: url.href, 'set-cookie': cookie } };
}

/** `POST auth/adfs/callback`: the provider's Response, checked, then the account of its subject. */
export async function adfsCallback(ctx: Context, request: SamlRequest): Promise<BrowserReply> {
  const provider = await providerOf(ctx, 'adfs');
  const base = publicBaseOf(ctx, request);
  return finishInBrowser(ctx, 'adfs', base, async () => {
    if (!request.SAMLResponse) throw new AppError('ExternalSignInFailed');
    // The identity provider posts back from its own site: the SameSite=Lax binding cookie does not come
    // with a cross-site POST, so the sign-in is tied to our AuthnRequest by InResponseTo instead.
    const attempt = await takeAttempt(ctx, 'adfs', request.RelayState, request.requestCookie, {
      checkBinding: false,
    });
    const saml = samlOf(
      provider,
      base,
      oneRequestCache(attempt.nonce ? { id: attempt.nonce, at: attempt.createdAt } : null, () => {}),
    );
    const { profile } = await saml
      .validatePostResponseAsync({ SAMLResponse: request.SAMLResponse })
      .catch((error: unknown) => {
        // a bad signature, another audience, an expired or unrequested assertion: refused, logged why
        throw Object.assign(new AppError('ExternalSignInFailed'), {
          message: String((error as Error).message),
        });
      });
    if (!profile?.nameID) throw new AppError('ExternalSignInFailed');
    return accountOf(ctx, provider, {
      issuer: profile.issuer || provider.entryPoint!,
      subject: profile.nameID,
      // a UPN (user@domain) or a down-level name (DOMAIN\\user) gives its user part
      login: claimOf(profile, CLAIMS.login)?.split('@')[0]?.split('\\').pop(),
      email: claimOf(profile, CLAIMS.email),
      firstName: claimOf(profile, CLAIMS.firstName),
      lastName: claimOf(profile, CLAIMS.lastName),
    });
  });
}
