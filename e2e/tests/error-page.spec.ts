import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '@takt/contracts';
import { shot } from './helpers';

const TEXTS = {
  LicenseLimit: 'The user limit for the selected space has been exceeded',
  Forbidden: 'You do not have access to the selected space',
  LicenseNotFound: 'A license was not found to operate in the selected space',
  IPNotAllowed: 'Access not allowed from this IP address',
} as const;

for (const [message, text] of Object.entries(TEXTS)) {
  test(`error page shows ${message}`, async ({ page }) => {
    await page.goto(`/error?message=${message}`);
    await expect(page.getByTestId('error-message')).toHaveText(text);
    await expect(page.getByText('Contact your system administrator')).toBeVisible();
    await shot(page, `error-${message}`);
  });
}

test('the error page forgets the last space and leads to the space choice', async ({ page }) => {
  await page.goto('/auth/login');
  await page.evaluate(
    (prefix) => localStorage.setItem(`${prefix}someone`, 'space-1'),
    STORAGE_KEYS.lastSpacePrefix,
  );
  await page.goto('/error?message=Forbidden');
  await expect(page.getByTestId('error-page')).toBeVisible();
  const remembered = await page.evaluate(
    (prefix) => localStorage.getItem(`${prefix}someone`),
    STORAGE_KEYS.lastSpacePrefix,
  );
  expect(remembered).toBeNull();
  await page.getByRole('button', { name: 'Choose a space' }).click();
  // Not signed in: choosing a space needs a sign-in first.
  await expect(page).toHaveURL(/\/auth\/(select-space|login)$/);
});

test('unknown routes show the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByText('Page not found')).toBeVisible();
  await shot(page, 'not-found');
});
