import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, expect, test } from '@playwright/test';
import { freePort } from '../../apps/server/test/identity-providers';
import { kerberosMissing, startKdc, type TestKdc } from '../../apps/server/test/kdc';
import { shot } from './helpers';

/**
 * Kerberos (SPNEGO) sign-in in Chromium: an MIT KDC started here on loopback (as the server's Kerberos test
 * does), the `HTTP/localhost` service principal with its keytab and a user with a ticket in a credential
 * cache of this spec; a Takt server of its own (the keytab lives in its process environment, so it cannot
 * be the run's shared server), and a Chromium told the cache and to answer `Negotiate` for localhost. The
 * user clicks the sign-in page's button and lands signed in, without typing anything.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const USER = 'petrov';
const PASSWORD = 'Kdc-e2e-pass-1';

let kdc: TestKdc | undefined;
let server: ChildProcess | undefined;
let dataDir: string | undefined;
let browser: BrowserContext | undefined;
let url = '';

test.describe.configure({ mode: 'serial' });

/** Starts `apps/server/src/main.ts` with `env` and waits until it has seeded and says it is running. */
async function startTakt(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('Takt is running')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`the Kerberos spec's server stopped (${code}): ${said}`)));
  });
  return child;
}

test.beforeAll(async () => {
  const missing = await kerberosMissing();
  if (missing) console.warn(`Kerberos sign-in e2e skipped: ${missing}`);
  test.skip(missing !== null, `Kerberos sign-in e2e skipped: ${missing}`);
  test.setTimeout(240_000);

  kdc = await startKdc('HTTP/localhost');
  kdc.addUser(USER, PASSWORD);
  // The user's ticket-granting ticket, in the credential cache Chromium is given (KRB5CCNAME).
  kdc.kinit(USER, PASSWORD);

  const port = await freePort();
  url = `http://localhost:${port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'takt-e2e-kerberos-'));
  server = await startTakt({
    ...kdc.env,
    PORT: String(port),
    TAKT_DATA_DIR: dataDir,
    TAKT_ADMIN_PASSWORD: 'E2e-kerberos-root-pass-1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    TAKT_SIGNIN_KERBEROS_SERVICE_PRINCIPAL: 'HTTP@localhost',
    TAKT_SIGNIN_KERBEROS_REALM: kdc.realm,
    TAKT_SIGNIN_KERBEROS_ACCOUNTS: 'create',
    TAKT_SIGNIN_KERBEROS_LABEL: 'Windows',
  });

  // A persistent profile: Chromium answers Negotiate with the user's own ticket (ambient authentication) in
  // a regular profile only, never in the off-the-record contexts of `browser.newContext()`.
  browser = await chromium.launchPersistentContext(join(dataDir, 'chromium-profile'), {
    executablePath: '/usr/bin/chromium',
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    env: { ...process.env, KRB5_CONFIG: kdc.env.KRB5_CONFIG, KRB5CCNAME: kdc.env.KRB5CCNAME },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Negotiate only with this host, asking for HTTP/localhost as the address says (no DNS canonical name)
      '--auth-server-allowlist=localhost',
      '--auth-negotiate-delegate-allowlist=localhost',
      '--disable-auth-negotiate-cname-lookup',
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  }
  await kdc?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('Chromium signs in through Negotiate with the ticket of the workstation', async () => {
  const page = await browser!.newPage();
  await page.goto(`${url}/auth/login`);
  const button = page.getByTestId('directory-sign-in').getByRole('link', { name: 'Sign in with Windows' });
  await expect(button).toBeVisible();
  await shot(page, 'sign-in-kerberos-button');
  // Chromium on Linux loads its GSSAPI library only when it first meets a Negotiate challenge, and that
  // first one goes unanswered: a request of the page meets it first (its answer does not matter).
  await page.evaluate(() => fetch('/api/v1/auth/kerberos').then((r) => r.status));

  // The server answers 401 Negotiate; Chromium asks the KDC for a ticket to HTTP/localhost and sends it,
  // and the server's redirect hands the session over to the app.
  const handedOver = page.waitForURL(/\/auth\/external\?handoff=/);
  await button.click();
  await handedOver;
  await expect(page).toHaveURL(/\/auth\/select-space$/, { timeout: 20_000 });
  const who = await page.evaluate(async () => {
    const token = Object.entries(localStorage).find(([key]) => key.includes('token'))?.[1] ?? '';
    const reply = await fetch('/api/v1/users/who-am-i', { headers: { Authorization: `Bearer ${token}` } });
    return (await reply.json()) as { login: string };
  });
  expect(who.login).toBe(USER);
  await shot(page, 'sign-in-kerberos-signed-in');
  await page.close();
});
