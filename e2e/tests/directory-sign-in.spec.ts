import { expect, type Page, test } from '@playwright/test';
import {
  jwtPayload,
  startOidcProvider,
  startSamlIdp,
  type TestOidcProvider,
  type TestSamlIdp,
} from '../../apps/server/test/identity-providers';
import { api, shot } from './helpers';

/**
 * Sign-in with the company directory in Chromium: the administrator sets up an OpenID Connect provider
 * and ADFS (SAML 2.0) in the admin tab's API, both started here on loopback; the sign-in page offers
 * them, and each signs a directory user in end to end. Both are switched off again at the end, so the
 * other specs see the sign-in page as before.
 */
const ADMIN_PASSWORD = process.env.TAKT_E2E_ADMIN_PASSWORD ?? 'E2e-root-pass-phrase-1';
const stamp = Date.now().toString(36);
const oidcLogin = `oidc${stamp}`;
const adfsLogin = `adfs${stamp}`;

let oidc: TestOidcProvider;
let adfs: TestSamlIdp;
let adminToken: string;

test.describe.configure({ mode: 'serial' });

type ProviderView = { slot: string; revision: number };

async function saveProvider(
  request: import('@playwright/test').APIRequestContext,
  settings: Record<string, unknown>,
) {
  const call = api(request, adminToken);
  const current = (await call.get('/auth/providers/settings')) as unknown as ProviderView[];
  const revision = current.find((p) => p.slot === settings.slot)?.revision ?? 0;
  await call.put('/auth/providers/settings', { revision, ...settings });
}

test.beforeAll(async ({ request, baseURL }) => {
  const signedIn = await request.post('/api/v1/auth/login', {
    data: { login: 'admin', password: ADMIN_PASSWORD },
  });
  adminToken = ((await signedIn.json()) as { token: string }).token;
  oidc = await startOidcProvider({
    clients: [
      {
        clientId: 'takt-e2e',
        clientSecret: 'takt-e2e-secret',
        redirectUris: [`${baseURL}/api/v1/auth/openidconnect`],
      },
    ],
  });
  oidc.people.set(oidcLogin, { email: `${oidcLogin}@corp.example`, givenName: 'Olga', familyName: 'Orlova' });
  adfs = await startSamlIdp();
  adfs.people.set(adfsLogin, {
    email: `${adfsLogin}@corp.example`,
    givenName: 'Anton',
    familyName: 'Fedorov',
  });
  await saveProvider(request, {
    slot: 'openidconnect',
    enabled: true,
    label: 'Company SSO',
    accountPolicy: 'create',
    issuer: oidc.issuer,
    clientId: 'takt-e2e',
    clientSecret: 'takt-e2e-secret',
  });
  await saveProvider(request, {
    slot: 'adfs',
    enabled: true,
    label: 'ADFS',
    accountPolicy: 'create',
    entryPoint: adfs.ssoUrl,
    entityId: 'https://takt.e2e/saml',
    idpCertificate: adfs.signingKeyPem,
  });
});

test.afterAll(async ({ request }) => {
  for (const slot of ['openidconnect', 'adfs']) {
    await saveProvider(request, {
      slot,
      enabled: false,
      label: slot === 'adfs' ? 'ADFS' : 'Company SSO',
      accountPolicy: 'link',
    });
  }
  await oidc?.stop();
  await adfs?.stop();
});

/** Whose session the browser holds now. */
async function whoAmI(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const token = Object.entries(localStorage).find(([key]) => key.includes('token'))?.[1] ?? '';
    const reply = await fetch('/api/v1/users/who-am-i', { headers: { Authorization: `Bearer ${token}` } });
    return ((await reply.json()) as { login: string }).login;
  });
}

test('OpenID Connect: the sign-in page offers the provider, which signs a new directory user in', async ({
  page,
}) => {
  await page.goto('/auth/login');
  const buttons = page.getByTestId('directory-sign-in');
  await expect(buttons.getByRole('link', { name: 'Sign in with Company SSO' })).toBeVisible();
  await expect(buttons.getByRole('link', { name: 'Sign in with ADFS' })).toBeVisible();
  await shot(page, 'directory-sign-in-buttons');

  await buttons.getByRole('link', { name: 'Sign in with Company SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Test directory' })).toBeVisible();
  await page.getByLabel('Directory login').fill(oidcLogin);
  await page.getByRole('button', { name: 'Sign in to the directory' }).click();
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  expect(await whoAmI(page)).toBe(oidcLogin);
});

test('ADFS (SAML 2.0): the signed assertion posted back signs the directory user in', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Sign in with ADFS' }).click();
  await expect(page.getByRole('heading', { name: 'Test ADFS' })).toBeVisible();
  await page.getByLabel('Directory login').fill(adfsLogin);
  await page.getByRole('button', { name: 'Sign in to ADFS' }).click();
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  expect(await whoAmI(page)).toBe(adfsLogin);
});

test('a token for another audience is refused, and the page says why in the user’s language', async ({
  page,
}) => {
  oidc.tamper = (token) => oidc.signJwt({ ...jwtPayload(token), aud: 'someone-else' }, 'own');
  try {
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Sign in with Company SSO' }).click();
    await page.getByLabel('Directory login').fill(oidcLogin);
    await page.getByRole('button', { name: 'Sign in to the directory' }).click();
    await expect(page.getByTestId('external-sign-in-failed')).toBeVisible();
    await expect(page.getByTestId('error-message')).toHaveText(
      'The sign-in through your company directory could not be confirmed. Start it again from the sign-in page',
    );
    await shot(page, 'directory-sign-in-refused');
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await expect(page.getByTestId('login-page')).toBeVisible();
  } finally {
    oidc.tamper = null;
  }
});

test('the administrator’s tab of sign-in providers', async ({ page, request }) => {
  const spaces = (await api(request, adminToken).get('/users/spaces')) as unknown as { id: string }[];
  await page.goto('/auth/login');
  await page.getByLabel('Login', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
  await page.goto(`/${spaces[0]!.id}/admin?tab=signin`);
  const tab = page.getByTestId('sign-in-providers');
  await expect(tab.getByTestId('sign-in-provider-openidconnect')).toBeVisible();
  await expect(
    tab.getByTestId('sign-in-provider-openidconnect').getByLabel('Issuer URL (discovery)'),
  ).toHaveValue(oidc.issuer);
  await expect(tab.getByTestId('sign-in-provider-adfs').getByLabel('Our entity id (audience)')).toHaveValue(
    'https://takt.e2e/saml',
  );
  await shot(page, 'admin-sign-in-providers');
  // a change made here is saved and shown on the sign-in page
  await tab.getByTestId('sign-in-provider-openidconnect').getByLabel('Button text').fill('Corporate SSO');
  await tab.getByTestId('sign-in-provider-openidconnect').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sign-in provider saved')).toBeVisible();
});
