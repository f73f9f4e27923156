import { z } from 'zod';

/**
 * Sign-in with the company directory. Each entry of the API is a slot a provider is configured in:
 * two OpenID Connect slots (`openidconnect`, `openid`), ADFS through SAML 2.0 (`adfs`) and Kerberos
 * (`kerberos`). A slot is configured by the environment or by the deployment administrator.
 */
export const SIGN_IN_SLOTS = ['openidconnect', 'openid', 'adfs', 'kerberos'] as const;
export type SignInSlot = (typeof SIGN_IN_SLOTS)[number];
export const signInSlot = z.enum(SIGN_IN_SLOTS);

/** The protocol of each slot. */
export const SLOT_PROTOCOL: Record<SignInSlot, 'oidc' | 'saml' | 'kerberos'> = {
  openidconnect: 'oidc',
  openid: 'oidc',
  adfs: 'saml',
  kerberos: 'kerberos',
};

/** What happens when a directory identity matches no Takt account: one is made, or the sign-in is refused. */
export const accountPolicy = z.enum(['create', 'link']);
export type AccountPolicy = z.infer<typeof accountPolicy>;

const setting = z.string().trim().max(2000);

/** The settings of a slot as the administrator edits them; the secret is write-only. */
export const signInProviderSettings = z.object({
  enabled: z.boolean(),
  label: z.string().trim().max(64),
  accountPolicy,
  /** OpenID Connect: the issuer (discovery), the client, the scopes and the claims read. */
  issuer: setting.optional(),
  clientId: setting.optional(),
  /** Written only; absent or empty keeps the secret that is stored. */
  clientSecret: setting.optional(),
  scopes: setting.optional(),
  loginClaim: setting.optional(),
  emailClaim: setting.optional(),
  /** SAML: the identity provider's sign-in URL and certificate, our entity id (the audience). */
  entryPoint: setting.optional(),
  idpCertificate: z.string().trim().max(20_000).optional(),
  entityId: setting.optional(),
  /** Kerberos: the service principal (HTTP@host) and the realm whose principals are accepted. */
  servicePrincipal: setting.optional(),
  realm: setting.optional(),
});
export type SignInProviderSettings = z.infer<typeof signInProviderSettings>;

export const saveSignInProviderInput = signInProviderSettings.extend({
  slot: signInSlot,
  revision: z.number().int(),
});

/** A slot as the admin screen shows it: where its settings come from, and whether a secret is stored. */
export interface SignInProviderView extends Omit<SignInProviderSettings, 'clientSecret'> {
  slot: SignInSlot;
  protocol: (typeof SLOT_PROTOCOL)[SignInSlot];
  source: 'environment' | 'settings' | 'none';
  hasClientSecret: boolean;
  revision: number;
}

/** A provider the sign-in screen offers (enabled and configured). */
export interface SignInProviderButton {
  slot: SignInSlot;
  label: string;
}

/** The callback of an OpenID Connect slot and the start of every slot (query of a GET). */
export const externalSignInQuery = z.object({
  slot: signInSlot,
  code: z.string().max(4000).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  /** Filled by the REST route from the request (never from the query). */
  requestHost: z.string().max(300).optional(),
  requestProto: z.string().max(10).optional(),
  requestCookie: z.string().max(8000).optional(),
  requestAuthorization: z.string().max(20_000).optional(),
});

/** The SAML response the identity provider posts back (form body). */
export const samlCallbackInput = externalSignInQuery.extend({
  SAMLResponse: z.string().max(500_000).optional(),
  RelayState: z.string().max(512).optional(),
});

/** The web app exchanges the one-time code of a finished directory sign-in for a session. */
export const finishExternalSignInInput = z.object({ handoff: z.string().min(1).max(200) });
