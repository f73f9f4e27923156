import { expect, test } from '@playwright/test';
import { newUser, registerByApi, shot } from './helpers';

test('restore a password through the secret question, then sign in with it', async ({ page, request }) => {
  const user = newUser('restore');
  await registerByApi(request, user);

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/restore$/);
  await page.getByLabel('Login', { exact: true }).fill(user.login);
  await shot(page, 'restore-login');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('secret-question')).toHaveText('First pet');

  await page.getByLabel('Answer').fill('Cat');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('error: The answer to the secret question is wrong')).toBeVisible();
  await page.getByLabel('Answer').fill('Rex');
  await shot(page, 'restore-answer');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByTestId('restore-password')).toBeVisible();
  await page.getByLabel('New password').fill('Brand-new-pass-1');
  await page.getByLabel('Confirm password').fill('Brand-new-pass-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords did not similar')).toBeVisible();
  await shot(page, 'restore-password');
  await page.getByLabel('Confirm password').fill('Brand-new-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password was changed. Sign in with the new password')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Login', { exact: true }).fill(user.login);
  await page.getByLabel('Password', { exact: true }).fill('Brand-new-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/select-space$/);
});

test('a user without a secret question is told to contact the administrator', async ({ page }) => {
  await page.goto('/auth/restore');
  await page.getByLabel('Login', { exact: true }).fill('admin');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The question step looks like every login's (no account enumeration); the answer step tells what to do.
  await expect(page.getByTestId('secret-question')).not.toBeEmpty();
  await page.getByLabel('Answer').fill('anything');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('error: No secret question is set for this user. Contact your system administrator'),
  ).toBeVisible();
});

test('a reset link opens the last step of the restore form; without a token it opens the sign-in', async ({
  page,
}) => {
  await page.goto('/auth/reset-password?token=abc123');
  await expect(page).toHaveURL(/\/auth\/restore\?token=abc123$/);
  await expect(page.getByTestId('restore-password')).toBeVisible();
  await page.getByLabel('New password').fill('Brand-new-pass-1');
  await page.getByLabel('Confirm password').fill('Brand-new-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('error: The password reset link is invalid or has expired')).toBeVisible();

  await page.goto('/auth/reset-password');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the root and /structure lead to the space choice; small screens get a menu', async ({
  page,
  request,
}) => {
  const user = newUser('mobile');
  const token = await registerByApi(request, user);
  await page.goto('/structure');
  await expect(page).toHaveURL(/\/auth\/(select-space|login)$/);
  await page.evaluate((t) => localStorage.setItem('takt.token', t), token);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByLabel('Space name').fill('Site office');
  await page.getByRole('button', { name: 'Create space' }).click();
  await expect(page.getByTestId('structure-page')).toBeVisible();
  await shot(page, 'structure-mobile');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('complementary')).toBeInViewport({ ratio: 1 });
  await page.waitForTimeout(250);
  await shot(page, 'menu-mobile');
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await shot(page, 'profile-mobile');
});
