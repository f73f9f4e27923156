import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { cookieBrowser } from './identity-providers';
import { kerberosMissing, startKdc, type TestKdc } from './kdc';

/**
 * Kerberos (SPNEGO) sign-in against a real MIT KDC started here on loopback: the client side asks the KDC
 * for a ticket to `HTTP/localhost` with the `kerberos` package, as a browser would, and answers the
 * server's `Negotiate` challenge with it.
 */
/** Why these tests cannot run here: no KDC programs, or the native package did not build (it is optional). */
const missing = await kerberosMissing();
if (missing) {
  console.warn(
    `Kerberos sign-in tests skipped: ${missing}. \`npm test\` installs krb5-kdc, krb5-admin-server, krb5-user and libkrb5-dev; see README, "Kerberos".`,
  );
}

describe.skipIf(missing)('Kerberos (SPNEGO) sign-in', () => {
  let kdc: TestKdc;
  let t: TestServer;

  beforeAll(async () => {
    kdc = await startKdc('HTTP/localhost');
    // the library reads its configuration from the environment of this process (client and server alike)
    Object.assign(process.env, kdc.env);
    kdc.addUser('smirnov', 'Kdc-pass-1');
    kdc.addUser('volkov', 'Kdc-pass-2');
    t = await startTestServer({
      TAKT_SIGNIN_KERBEROS_SERVICE_PRINCIPAL: 'HTTP@localhost',
      TAKT_SIGNIN_KERBEROS_REALM: kdc.realm,
      TAKT_SIGNIN_KERBEROS_ACCOUNTS: 'create',
      TAKT_SIGNIN_KERBEROS_LABEL: 'Windows sign-in',
    });
  }, 60_000);

  afterAll(async () => {
    await t?.stop();
    await kdc?.stop();
  });

  async function negotiateToken(): Promise<string> {
    const { initializeClient } = await import('kerberos');
    const client = await initializeClient('HTTP@localhost');
    return client.step('');
  }

  it('challenges with Negotiate, then signs in the principal of the ticket', async () => {
    const challenge = await fetch(`${t.url}/api/v1/auth/kerberos`, { redirect: 'manual' });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toBe('Negotiate');

    kdc.kinit('smirnov', 'Kdc-pass-1');
    const browser = cookieBrowser();
    const reply = await browser.request(`${t.url}/api/v1/auth/kerberos`, {
      headers: { authorization: `Negotiate ${await negotiateToken()}` },
    });
    expect(reply.status).toBe(303);
    const landing = new URL(reply.headers.get('location')!);
    expect(landing.pathname).toBe('/auth/external');
    const session = await t.api<{ user: { login: string } }>('POST', '/auth/external/finish', {
      handoff: landing.searchParams.get('handoff'),
    });
    expect(session.body.user.login).toBe('smirnov');
  });

  it('refuses a token that is not a ticket for our service', async () => {
    const reply = await fetch(`${t.url}/api/v1/auth/kerberos`, {
      redirect: 'manual',
      headers: { authorization: `Negotiate ${Buffer.from('not a ticket at all').toString('base64')}` },
    });
    expect(new URL(reply.headers.get('location')!).searchParams.get('error')).toBe('ExternalSignInFailed');
  });
});
