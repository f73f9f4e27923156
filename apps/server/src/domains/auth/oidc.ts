import { createHash } from 'node:crypto';
import type { SignInSlot } from '@takt/contracts';
import * as oidc from 'openid-client';
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
 * OpenID Connect: the authorization code flow with PKCE (S256), a nonce, and the provider's metadata
 * from discovery. One GET path both starts the flow (no `code`, no `error`) and takes the callback.
 */

export interface OidcRequest {
  slot: SignInSlot;
  code?: string | undefined;
  state?: string | undefined;
  iss?: string | undefined;
  error?: string | undefined;
  requestHost?: string | undefined;
  requestProto?: string | undefined;
  requestCookie?: string | undefined;
}

/** Discovered configurations, by issuer, client and secret: rediscovered after an hour or a change. */
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
const DISCOVERY_TTL_MS = 60 * 60_000;

/** Plain http is accepted only for an issuer on this machine (tests, development). */
function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function configurationOf(provider: SignInProvider): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer!);
  const key = createHash('sha256')
    .update(JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret ?? '']))
    .digest('hex');
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const insecure = issuer.protocol === 'http:';
  if (insecure && !isLoopback(issuer)) return Promise.reject(new AppError('SignInProviderNotConfigured'));
  const config = oidc
    .discovery(
      issuer,
      provider.clientId!,
      provider.clientSecret,
      provider.clientSecret ? oidc.ClientSecretBasic(provider.clientSecret) : oidc.None(),
      {
        // An ID token's signature is checked against the provider's keys even though it comes over the
        // back channel: a token signed by anyone else is refused.
        execute: [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])],
        timeout: 10,
      },
    )
    .catch((error: unknown) => {
      discovered.delete(key);
      throw error;
    });
  discovered.set(key, { at: Date.now(), config });
  return config;
}

const callbackPath = (slot: SignInSlot) => `/api/v1/auth/${slot}`;

/** The first leg: a redirect to the provider's authorization endpoint, with the binding cookie set. */
async function start(ctx: Context, provider: SignInProvider, base: string): Promise<BrowserReply> {
  const config = await configurationOf(provider).catch((error: unknown) => {
    ctx.log.warn('OpenID discovery failed', { slot: provider.slot, err: error });
    throw new AppError('SignInProviderNotConfigured');
  });
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const { state, cookie } = await beginAttempt(ctx, provider.slot, { codeVerifier, nonce });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${base}${callbackPath(provider.slot)}`,
    scope: provider.scopes || 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { status: 303, headers: { location: url.href, 'set-cookie': cookie } };
}

function claimOf(claims: Record<string, unknown>, name: string | undefined, fallback: string[]) {
  for (const key of name ? [name] : fallback) {
    const value = claims[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

/** The second leg: the code is exchanged (with the PKCE verifier), the ID token checked, the account found. */
async function callback(ctx: Context, provider: SignInProvider, base: string, request: OidcRequest) {
  const attempt = await takeAttempt(ctx, provider.slot, request.state, request.requestCookie, {
    checkBinding: true,
  });
  if (request.error || !request.code) throw new AppError('ExternalSignInFailed');
  const config = await configurationOf(provider);
  const current = new URL(`${base}${callbackPath(provider.slot)}`);
  current.searchParams.set('code', request.code);
  current.searchParams.set('state', request.state!);
  if (request.iss) current.searchParams.set('iss', request.iss);
  const tokens = await oidc
    .authorizationCodeGrant(config, current, {
      pkceCodeVerifier: attempt.codeVerifier ?? undefined,
      expectedState: request.state,
      expectedNonce: attempt.nonce ?? undefined,
      idTokenExpected: true,
    })
    .catch((error: unknown) => {
      // a wrong audience, a bad signature, an expired or replayed code: refused, and logged why
      throw Object.assign(new AppError('ExternalSignInFailed'), {
        message: [error, (error as { cause?: unknown }).cause]
          .map((e) => (e instanceof Error ? e.message : ''))
          .filter(Boolean)
          .join(': '),
      });
    });
  const claims = tokens.claims() as Record<string, unknown> | undefined;
  if (!claims || typeof claims.sub !== 'string') throw new AppError('ExternalSignInFailed');
  return accountOf(ctx, provider, {
    issuer: String(claims.iss),
    subject: claims.sub,
    login: claimOf(claims, provider.loginClaim, ['preferred_username', 'upn', 'sub']),
    email: claimOf(claims, provider.emailClaim, ['email']),
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
    firstName: claimOf(claims, undefined, ['given_name']),
    lastName: claimOf(claims, undefined, ['family_name']),
  });
}

/**
 * `GET auth/openidconnect` and `GET auth/openid`: without a code it starts the sign-in, with one it
 * finishes it and sends the browser to the web app. A provider that is not configured answers 404.
 */
export async function openIdSignIn(ctx: Context, request: OidcRequest): Promise<BrowserReply> {
  const provider = await providerOf(ctx, request.slot);
  const base = publicBaseOf(ctx, request);
  if (!request.code && !request.error && !request.state) return start(ctx, provider, base);
  return finishInBrowser(ctx, provider.slot, base, () => callback(ctx, provider, base, request));
}
