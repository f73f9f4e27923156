import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * Identity providers the tests start on loopback. The OpenID Connect one is the real `oidc-provider`
 * (discovery, PKCE, signed ID tokens) with a one-field login form in place of its interactions; its
 * token replies can be tampered with to test what the server refuses.
 */

export interface DirectoryPerson {
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** The people of the directory by login (their subject is their login). */
  people: Map<string, DirectoryPerson>;
  /** Rewrites the ID token of the next token replies (set to null to stop). */
  tamper: ((idToken: string) => string) | null;
  /** Signs a JWT with the provider's own key (`own`) or with a key nobody trusts. */
  signJwt(payload: Record<string, unknown>, key: 'own' | 'stranger'): string;
  stop(): Promise<void>;
}

const KID = 'test-signing-key';

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function signWith(key: KeyObject, payload: Record<string, unknown>): string {
  const data = `${b64({ alg: 'RS256', kid: KID, typ: 'JWT' })}.${b64(payload)}`;
  return `${data}.${sign('sha256', Buffer.from(data), key).toString('base64url')}`;
}

/** The payload of a JWT, unchecked. */
export function jwtPayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

function readForm(req: import('node:http').IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(new URLSearchParams(text)));
    req.on('error', reject);
  });
}

/**
 * Starts `oidc-provider` on a port of 127.0.0.1 (`port` 0: any free one) with the clients given; the
 * login form asks only for a login, which must be one of `people`.
 */
export async function startOidcProvider(options: {
  port?: number;
  clients: { clientId: string; clientSecret: string; redirectUris: string[] }[];
}): Promise<TestOidcProvider> {
  const own = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const people = new Map<string, DirectoryPerson>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [{ ...own.privateKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['test-cookie-key'] },
    pkce: { methods: ['S256'], required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const person = people.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          preferred_username: id,
          ...(person.email ? { email: person.email, email_verified: person.emailVerified ?? true } : {}),
          ...(person.givenName ? { given_name: person.givenName } : {}),
          ...(person.familyName ? { family_name: person.familyName } : {}),
        }),
      };
    },
  });

  const state: { tamper: TestOidcProvider['tamper'] } = { tamper: null };
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && state.tamper && body?.id_token) {
      ctx.body = { ...body, id_token: state.tamper(body.id_token) };
    }
  });

  const callback = provider.callback();
  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) return void callback(req, res);
    (async () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><title>Test directory</title><h1>Test directory</h1>` +
            `<form method="post" action="/interaction/${match[1]}">` +
            `<label>Directory login <input name="login" autofocus></label>` +
            `<button type="submit">Sign in to the directory</button></form>`,
        );
        return;
      }
      const form = await readForm(req);
      const details = await provider.interactionDetails(req, res);
      const accountId = form.get('login') ?? '';
      if (!people.has(accountId)) {
        res.writeHead(403, { 'content-type': 'text/plain' });
        res.end('unknown login');
        return;
      }
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });

  return {
    issuer,
    people,
    get tamper() {
      return state.tamper;
    },
    set tamper(value) {
      state.tamper = value;
    },
    signJwt: (payload, key) => signWith(key === 'own' ? own.privateKey : stranger.privateKey, payload),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A free port of 127.0.0.1, for a provider whose address must be known before it starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A browser without a browser: follows redirects by hand, keeping the cookies of each origin, and
 * stops at the first answer that is not a redirect or whose target `stopAt` accepts.
 */
export function cookieBrowser() {
  const jars = new Map<string, Map<string, string>>();
  const jarOf = (url: URL) => {
    const jar = jars.get(url.origin) ?? new Map<string, string>();
    jars.set(url.origin, jar);
    return jar;
  };
  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const jar = jarOf(target);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (!value || /max-age=0/i.test(cookie) || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
  /** Follows redirects from `url` until `stopAt` says so or an answer is not a redirect. */
  async function follow(url: string, stopAt: (url: URL) => boolean = () => false) {
    let current = new URL(url);
    for (let hops = 0; hops < 15; hops++) {
      if (hops > 0 && stopAt(current)) return { url: current, response: null };
      const response = await request(current.href);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      current = new URL(location, current);
    }
    throw new Error('too many redirects');
  }
  return { request, follow, jars };
}

/** A SAML 2.0 identity provider (an ADFS stand-in) as the tests run it. */
export interface TestSamlIdp {
  /** Where AuthnRequests go (HTTP-Redirect binding). */
  ssoUrl: string;
  entityId: string;
  /** The public key responses are signed with, as PEM: what the server is configured to trust. */
  signingKeyPem: string;
  people: Map<string, DirectoryPerson>;
  /** What the next responses do differently: another audience, a key nobody trusts. */
  misbehave: { audience?: string; stranger?: boolean };
  stop(): Promise<void>;
}

const XMLDSIG_RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hiddenForm(action: string, fields: Record<string, string>, button: string, extra = ''): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeXml(value)}">`)
    .join('');
  return `<!doctype html><title>Test ADFS</title><h1>Test ADFS</h1><form method="post" action="${escapeXml(action)}">${inputs}${extra}<button type="submit">${button}</button></form>`;
}

/**
 * Starts a small SAML 2.0 identity provider on 127.0.0.1: it reads the AuthnRequest (deflated, base64),
 * asks for a login, and posts back a Response whose assertion it signs (RSA-SHA256, exclusive c14n,
 * enveloped) with xml-crypto — with the audience and InResponseTo the request calls for.
 */
export async function startSamlIdp(): Promise<TestSamlIdp> {
  const { SignedXml } = await import('xml-crypto');
  const { inflateRawSync } = await import('node:zlib');
  const { randomUUID } = await import('node:crypto');
  const own = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const people = new Map<string, DirectoryPerson>();
  const misbehave: TestSamlIdp['misbehave'] = {};
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/adfs/services/trust`;

  function response(
    request: { id: string; acs: string; audience: string },
    login: string,
    person: DirectoryPerson,
  ) {
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const attribute = (name: string, value: string | undefined) =>
      value
        ? `<saml:Attribute Name="${name}"><saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`
        : '';
    const claims = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';
    const assertionId = `_a${randomUUID()}`;
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${escapeXml(request.acs)}" InResponseTo="${escapeXml(request.id)}">` +
      `<saml:Issuer>${entityId}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `<saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}">` +
      `<saml:Issuer>${entityId}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${escapeXml(login)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escapeXml(request.id)}" NotOnOrAfter="${later}" Recipient="${escapeXml(request.acs)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${new Date(now.getTime() - 60_000).toISOString()}" NotOnOrAfter="${later}"><saml:AudienceRestriction><saml:Audience>${escapeXml(misbehave.audience ?? request.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>${attribute(`${claims}/upn`, `${login}@corp.example`)}${attribute(`${claims}/emailaddress`, person.email)}${attribute(`${claims}/givenname`, person.givenName)}${attribute(`${claims}/surname`, person.familyName)}</saml:AttributeStatement>` +
      `</saml:Assertion></samlp:Response>`;
    const key = (misbehave.stranger ? stranger : own).privateKey.export({ format: 'pem', type: 'pkcs8' });
    const signer = new SignedXml({
      privateKey: key,
      signatureAlgorithm: XMLDSIG_RSA_SHA256,
      canonicalizationAlgorithm: EXC_C14N,
    });
    signer.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', EXC_C14N],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    signer.computeSignature(xml, {
      location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
    });
    return Buffer.from(signer.getSignedXml()).toString('base64');
  }

  server.on('request', (req, res) => {
    (async () => {
      const url = new URL(req.url ?? '/', base);
      if (req.method === 'GET' && url.pathname === '/adfs/ls') {
        const xml = inflateRawSync(
          Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64'),
        ).toString();
        const id = /\sID="([^"]+)"/.exec(xml)?.[1] ?? '';
        const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '';
        const audience = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          hiddenForm(
            '/adfs/ls/login',
            { id, acs, audience, relay: url.searchParams.get('RelayState') ?? '' },
            'Sign in to ADFS',
            '<label>Directory login <input name="login" autofocus></label>',
          ),
        );
        return;
      }
      if (req.method === 'POST' && url.pathname === '/adfs/ls/login') {
        const form = await readForm(req);
        const login = form.get('login') ?? '';
        const person = people.get(login);
        if (!person) {
          res.writeHead(403, { 'content-type': 'text/plain' });
          res.end('unknown login');
          return;
        }
        const request = { id: form.get('id')!, acs: form.get('acs')!, audience: form.get('audience')! };
        // the browser posts the response to the service provider (a script submits the form at once)
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          hiddenForm(
            request.acs,
            { SAMLResponse: response(request, login, person), RelayState: form.get('relay') ?? '' },
            'Continue',
          ).replace('</form>', '</form><script>document.forms[0].submit()</script>'),
        );
        return;
      }
      res.writeHead(404);
      res.end();
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });

  return {
    ssoUrl: `${base}/adfs/ls`,
    entityId,
    signingKeyPem: own.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    people,
    misbehave,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The hidden fields of the first form of an HTML page, and where it posts. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&#(\d+);/g, (_, code: string) =>
      String.fromCharCode(Number(code)),
    );
  }
  return {
    action: action.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    fields,
  };
}
