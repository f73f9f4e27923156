import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestServer, type TestServer } from './harness';
import {
  cookieBrowser,
  formOf,
  freePort,
  jwtPayload,
  startOidcProvider,
  startSamlIdp,
  type TestOidcProvider,
  type TestSamlIdp,
} from './identity-providers';

/**
 * Sign-in with the company directory through OpenID Connect, against a real provider (`oidc-provider`)
 * on loopback: `openidconnect` is set by the environment (accounts created on first sign-in), `openid`
 * by the deployment administrator's settings (link only).
 */
let t: TestServer;
let idp: TestOidcProvider;
let adfs: TestSamlIdp;

beforeAll(async () => {
  const port = await freePort();
  t = await startTestServer({
    TAKT_SIGNIN_OPENIDCONNECT_ISSUER: `http://127.0.0.1:${port}`,
    TAKT_SIGNIN_OPENIDCONNECT_CLIENT_ID: 'takt',
    TAKT_SIGNIN_OPENIDCONNECT_CLIENT_SECRET: 'takt-client-secret',
    TAKT_SIGNIN_OPENIDCONNECT_LABEL: 'Company directory',
    TAKT_SIGNIN_OPENIDCONNECT_ACCOUNTS: 'create',
  });
  idp = await startOidcProvider({
    port,
    clients: [
      {
        clientId: 'takt',
        clientSecret: 'takt-client-secret',
        redirectUris: [`${t.url}/api/v1/auth/openidconnect`],
      },
      { clientId: 'takt-2', clientSecret: 'second-secret', redirectUris: [`${t.url}/api/v1/auth/openid`] },
    ],
  });
  idp.people.set('petrov', { email: 'petrov@corp.example', givenName: 'Пётр', familyName: 'Петров' });
  idp.people.set('sidorov', { email: 'sidorov@example.com' });
  idp.people.set('unverified', { email: 'linked@example.com', emailVerified: false });
  idp.people.set('stranger', { email: 'stranger@corp.example' });
  adfs = await startSamlIdp();
  adfs.people.set('kuznetsov', {
    email: 'kuznetsov@corp.example',
    givenName: 'Иван',
    familyName: 'Кузнецов',
  });
}, 60_000);

afterAll(async () => {
  await adfs?.stop();
  await idp?.stop();
  await t?.stop();
});

/** One whole sign-in in a cookie-keeping client: start, the directory's form, the callback. */
async function signInThrough(slot: 'openidconnect' | 'openid', login: string) {
  const browser = cookieBrowser();
  const atForm = await browser.follow(`${t.url}/api/v1/auth/${slot}`, (url) =>
    url.pathname.startsWith('/interaction/'),
  );
  expect(atForm.url.origin).toBe(idp.issuer);
  const posted = await browser.request(atForm.url.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login }).toString(),
  });
  const back = await browser.follow(new URL(posted.headers.get('location')!, atForm.url).href, (url) =>
    url.pathname.startsWith('/auth/external'),
  );
  return { landing: back.url, browser };
}

async function finish(landing: URL) {
  return t.api<{ token: string; user: { login: string; email: string; firstName: string } }>(
    'POST',
    '/auth/external/finish',
    { handoff: landing.searchParams.get('handoff') },
  );
}

describe('OpenID Connect sign-in', () => {
  it('offers the configured providers on the sign-in page, and only those', async () => {
    const reply = await t.api('GET', '/auth/providers');
    expect(reply.body).toEqual([{ slot: 'openidconnect', label: 'Company directory' }]);
  });

  it('starts with a PKCE (S256) authorization request found by discovery, bound to the browser by a cookie', async () => {
    const response = await fetch(`${t.url}/api/v1/auth/openidconnect`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${idp.issuer}/auth`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('redirect_uri')).toBe(`${t.url}/api/v1/auth/openidconnect`);
    expect(response.headers.get('set-cookie')).toMatch(/^takt_signin=[\w-]+;.*HttpOnly; SameSite=Lax/);
  });

  it('creates the account on first sign-in, then signs the same identity into it again', async () => {
    const first = await signInThrough('openidconnect', 'petrov');
    const session = await finish(first.landing);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({
      login: 'petrov',
      email: 'petrov@corp.example',
      firstName: 'Пётр',
    });
    const me = await t.api('GET', '/users/who-am-i', undefined, { token: session.body.token });
    expect(me.body).toMatchObject({ login: 'petrov' });
    // the hand-over code works once
    expect((await finish(first.landing)).status).toBe(401);

    const again = await finish((await signInThrough('openidconnect', 'petrov')).landing);
    expect(again.status).toBe(200);
    const links = await t.sql<{ n: string }>(
      `SELECT count(*) AS n FROM external_identities WHERE slot = 'openidconnect' AND subject = 'petrov'`,
    );
    expect(links[0]!.n).toBe('1');
    // such an account has no password to sign in with
    expect((await t.signIn('petrov', PASSWORD)).status).toBe(401);
  });

  it('links an existing account by its email, and password sign-in stays as it was', async () => {
    const own = await t.signUp('sidorov-local', { email: 'sidorov@example.com' });
    const session = await finish((await signInThrough('openidconnect', 'sidorov')).landing);
    expect(session.body.user).toMatchObject({ login: 'sidorov-local' });
    expect((await t.signIn('sidorov-local', PASSWORD)).status).toBe(200);
    const [link] = await t.sql<{ userId: string }>(
      `SELECT "userId" FROM external_identities WHERE subject = 'sidorov'`,
    );
    expect(link!.userId).toBe(own.user.id);
  });

  it('never links by an email the provider does not vouch for', async () => {
    await t.signUp('linked', { email: 'linked@example.com' });
    const { landing } = await signInThrough('openidconnect', 'unverified');
    // nor is an account made with it: the sign-in is refused, and the account with that email untouched
    expect(landing.searchParams.get('error')).toBe('ExternalAccountNotFound');
    const links = await t.sql(
      `SELECT 1 FROM external_identities i JOIN users u ON u.id = i."userId" WHERE u.login = 'linked'`,
    );
    expect(links).toEqual([]);
  });

  it('a provider that only links refuses an unknown identity with a translated message', async () => {
    const admin = await t.signUp('admin');
    const saved = await t.api(
      'PUT',
      '/auth/providers/settings',
      {
        slot: 'openid',
        revision: 0,
        enabled: true,
        label: 'Second directory',
        accountPolicy: 'link',
        issuer: idp.issuer,
        clientId: 'takt-2',
        clientSecret: 'second-secret',
      },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      slot: 'openid',
      source: 'settings',
      hasClientSecret: true,
      revision: 1,
    });
    expect(JSON.stringify(saved.body)).not.toContain('second-secret');
    expect((await t.api('GET', '/auth/providers')).body).toHaveLength(2);

    const refused = await signInThrough('openid', 'stranger');
    expect(refused.landing.searchParams.get('error')).toBe('ExternalAccountNotFound');
    const me = await t.api('GET', '/auth/providers', undefined, { lang: 'ru' });
    expect(me.status).toBe(200);
    const failure = await t.api('POST', '/auth/external/finish', { handoff: 'nothing' }, { lang: 'ru' });
    expect(failure.status).toBe(401);
    expect(String(failure.body.error_message)).toMatch(/[а-яё]/i);

    // the same person signs in once an account with their login exists
    await t.signUp('stranger', { email: 'someone-else@example.com' });
    const linked = await finish((await signInThrough('openid', 'stranger')).landing);
    expect(linked.body.user?.login).toBe('stranger');
  });

  it('only the deployment administrator sees and edits the providers; the environment’s slot cannot be edited', async () => {
    const someone = await t.signUp('someone');
    expect((await t.api('GET', '/auth/providers/settings', undefined, { token: someone.token })).status).toBe(
      403,
    );
    const admin = await t.signIn<{ token: string }>('admin', PASSWORD);
    const list = await t.api<
      { slot: string; source: string; hasClientSecret: boolean; clientSecret?: string }[]
    >('GET', '/auth/providers/settings', undefined, { token: admin.body.token });
    expect(list.body.map((p) => [p.slot, p.source])).toEqual([
      ['openidconnect', 'environment'],
      ['openid', 'settings'],
      ['adfs', 'none'],
      ['kerberos', 'none'],
    ]);
    expect(list.body.every((p) => p.clientSecret === undefined)).toBe(true);
    const edit = await t.api(
      'PUT',
      '/auth/providers/settings',
      { slot: 'openidconnect', revision: 0, enabled: false, label: 'x', accountPolicy: 'link' },
      { token: admin.body.token },
    );
    expect(edit.status).toBe(409);
  });

  it('accepts a token the test re-signs unchanged with the provider’s key (the tampering below is the only change)', async () => {
    idp.tamper = (token) => idp.signJwt(jwtPayload(token), 'own');
    try {
      const { landing } = await signInThrough('openidconnect', 'petrov');
      expect(landing.searchParams.get('handoff')).toBeTruthy();
    } finally {
      idp.tamper = null;
    }
  });

  it('refuses an ID token for another audience', async () => {
    idp.tamper = (token) => idp.signJwt({ ...jwtPayload(token), aud: 'some-other-client' }, 'own');
    try {
      const { landing } = await signInThrough('openidconnect', 'petrov');
      expect(landing.searchParams.get('error')).toBe('ExternalSignInFailed');
    } finally {
      idp.tamper = null;
    }
  });

  it('refuses an ID token signed by a key the provider does not publish', async () => {
    idp.tamper = (token) => idp.signJwt(jwtPayload(token), 'stranger');
    try {
      const { landing } = await signInThrough('openidconnect', 'petrov');
      expect(landing.searchParams.get('error')).toBe('ExternalSignInFailed');
    } finally {
      idp.tamper = null;
    }
  });

  it('refuses a callback with a state it did not issue, or from another browser', async () => {
    const browser = cookieBrowser();
    const atForm = await browser.follow(`${t.url}/api/v1/auth/openidconnect`, (url) =>
      url.pathname.startsWith('/interaction/'),
    );
    const posted = await browser.request(atForm.url.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'login=petrov',
    });
    const atCallback = await browser.follow(
      new URL(posted.headers.get('location')!, atForm.url).href,
      (url) => url.pathname === '/api/v1/auth/openidconnect',
    );
    const code = atCallback.url.searchParams.get('code')!;
    const state = atCallback.url.searchParams.get('state')!;
    expect(code).toBeTruthy();

    // a forged state
    const forged = await browser.request(
      `${t.url}/api/v1/auth/openidconnect?code=${code}&state=forged-state`,
    );
    expect(new URL(forged.headers.get('location')!).searchParams.get('error')).toBe('ExternalSignInFailed');
    // the right state, in another browser (no binding cookie): a login CSRF is refused
    const elsewhere = await fetch(`${t.url}/api/v1/auth/openidconnect?code=${code}&state=${state}`, {
      redirect: 'manual',
    });
    expect(new URL(elsewhere.headers.get('location')!).searchParams.get('error')).toBe(
      'ExternalSignInFailed',
    );
    // and the state was spent by that attempt: the right browser cannot reuse it either
    const replay = await browser.request(atCallback.url.href);
    expect(new URL(replay.headers.get('location')!).searchParams.get('error')).toBe('ExternalSignInFailed');
  });
});

/** The deployment administrator's token (the account is made by the first test that needs it). */
async function adminToken(): Promise<string> {
  const signedIn = await t.signIn<{ token: string }>('admin', PASSWORD);
  return signedIn.status === 200 ? signedIn.body.token : (await t.signUp('admin')).token;
}

/** Through ADFS: Takt's redirect, the provider's login form, its auto-posted response to the callback. */
async function adfsSignIn(login: string) {
  const browser = cookieBrowser();
  const atForm = await browser.follow(`${t.url}/api/v1/auth/adfs`);
  expect(atForm.url.origin + atForm.url.pathname).toBe(adfs.ssoUrl);
  const login1 = formOf(await atForm.response!.text());
  const posted = await browser.request(new URL(login1.action, atForm.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...login1.fields, login }).toString(),
  });
  const back = formOf(await posted.text());
  expect(back.action).toBe(`${t.url}/api/v1/auth/adfs/callback`);
  return { browser, back };
}

async function postBack(browser: ReturnType<typeof cookieBrowser>, back: ReturnType<typeof formOf>) {
  const reply = await browser.request(back.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(back.fields).toString(),
  });
  expect(reply.status).toBe(303);
  return new URL(reply.headers.get('location')!);
}

describe('ADFS (SAML 2.0) sign-in', () => {
  it('answers a slot that is not configured with a translated 404', async () => {
    const reply = await t.api('GET', '/auth/adfs', undefined, { lang: 'ru' });
    expect(reply.status).toBe(404);
    expect(reply.body.error_code).toBe('SignInProviderNotConfigured');
    expect(String(reply.body.error_message)).toMatch(/[а-яё]/i);
  });

  it('is configured by the administrator with the provider’s sign-in URL, certificate and our entity id', async () => {
    const saved = await t.api(
      'PUT',
      '/auth/providers/settings',
      {
        slot: 'adfs',
        revision: 0,
        enabled: true,
        label: 'ADFS',
        accountPolicy: 'create',
        entryPoint: adfs.ssoUrl,
        entityId: 'https://takt.test/saml',
        idpCertificate: adfs.signingKeyPem,
      },
      { token: await adminToken() },
    );
    expect(saved.status).toBe(200);
    expect((await t.api<{ slot: string }[]>('GET', '/auth/providers')).body.map((p) => p.slot)).toContain(
      'adfs',
    );
  });

  it('signs in with a signed assertion for our audience, creating the account, and links it next time', async () => {
    const { browser, back } = await adfsSignIn('kuznetsov');
    const landing = await postBack(browser, back);
    const session = await finish(landing);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({
      login: 'kuznetsov',
      email: 'kuznetsov@corp.example',
      firstName: 'Иван',
    });
    // the same response again (a replay) is refused: its request was answered
    expect((await postBack(browser, back)).searchParams.get('error')).toBe('ExternalSignInFailed');
    const again = await adfsSignIn('kuznetsov');
    expect((await finish(await postBack(again.browser, again.back))).body.user?.login).toBe('kuznetsov');
  });

  it('refuses an assertion for another audience', async () => {
    adfs.misbehave.audience = 'https://someone-else.test/saml';
    try {
      const { browser, back } = await adfsSignIn('kuznetsov');
      expect((await postBack(browser, back)).searchParams.get('error')).toBe('ExternalSignInFailed');
    } finally {
      delete adfs.misbehave.audience;
    }
  });

  it('refuses an assertion signed by a key it was not told to trust', async () => {
    adfs.misbehave.stranger = true;
    try {
      const { browser, back } = await adfsSignIn('kuznetsov');
      expect((await postBack(browser, back)).searchParams.get('error')).toBe('ExternalSignInFailed');
    } finally {
      delete adfs.misbehave.stranger;
    }
  });

  it('refuses a tampered assertion (a name changed after signing) and a response nobody asked for', async () => {
    const { browser, back } = await adfsSignIn('kuznetsov');
    const xml = Buffer.from(back.fields.SAMLResponse!, 'base64').toString();
    const tampered = {
      ...back.fields,
      SAMLResponse: Buffer.from(xml.replaceAll('>kuznetsov<', '>admin<')).toString('base64'),
    };
    expect((await postBack(browser, { ...back, fields: tampered })).searchParams.get('error')).toBe(
      'ExternalSignInFailed',
    );
    const unasked = { ...back.fields, RelayState: 'made-up' };
    expect((await postBack(browser, { ...back, fields: unasked })).searchParams.get('error')).toBe(
      'ExternalSignInFailed',
    );
  });
});
