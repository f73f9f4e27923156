import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '@takt/contracts';
import { shot } from './helpers';

test('the countdown runs from 10 to 0, is kept across a reload, then the button goes back', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/auth/login');
  await page.goto('/disconnect/disconnect');
  const button = page.getByTestId('disconnect-restore');
  await expect(page.getByRole('heading', { name: 'Connection lost' })).toBeVisible();
  await expect(button).toHaveText('Restore in 10 s');
  await expect(button).toBeDisabled();
  await shot(page, 'disconnect');

  await page.clock.runFor(4000);
  await expect(button).toHaveText('Restore in 6 s');
  await expect(button).toBeDisabled();

  // Leaving (here: reloading) saves the count; opening the page again continues from it.
  await page.reload();
  await expect(button).toHaveText('Restore in 6 s');
  await page.clock.runFor(6000);
  await expect(button).toHaveText('Restore connection');
  await expect(button).toBeEnabled();

  await button.click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.disconnectCounter)).toBeNull();
});

test('an unreachable server leads to the disconnect page', async ({ page }) => {
  await page.goto('/auth/login');
  await page.route('**/trpc/**', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Login', { exact: true }).fill('someone');
  await page.getByLabel('Password', { exact: true }).fill('some-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/disconnect\/disconnect$/);
  await expect(
    page.getByText('The connection to the server was lost. A reconnect will be tried.'),
  ).toBeVisible();
});
