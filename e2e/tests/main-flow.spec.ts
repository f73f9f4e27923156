import { expect, test } from '@playwright/test';
import { newUser, shot } from './helpers';

test('register, sign in, create and open a space, edit the profile, sign out from another tab', async ({
  page,
  context,
}) => {
  const user = newUser('flow');

  // Register (the form validates with the contract schemas before sending).
  await page.goto('/auth/register');
  await shot(page, 'register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Required field').first()).toBeVisible();
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Login', { exact: true }).fill(user.login);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(`${user.password}x`);
  await page.getByLabel('Secret question').fill('First pet');
  await page.getByLabel('Answer').fill('Rex');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByText('Accept the privacy policy', { exact: true })).toBeVisible();
  await shot(page, 'register-errors');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('I accept the privacy policy').check();
  // The whole-form rule (passwords match) runs once the fields themselves are valid.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Password mismatch')).toBeVisible();
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\/success$/);
  await expect(page.getByText(`Welcome, ${user.firstName}!`)).toBeVisible();
  await shot(page, 'success');

  // Sign out, then sign in with a wrong and with the right password.
  await page.getByRole('link', { name: 'Choose a space' }).click();
  await expect(page).toHaveURL(/\/auth\/select-space$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await shot(page, 'login');
  await page.getByLabel('Login', { exact: true }).fill(user.login);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('error: Invalid login or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/select-space$/);

  // Create a space; it opens, and becomes the remembered one.
  await expect(page.getByTestId('select-space')).toBeVisible();
  await shot(page, 'select-space-empty');
  await page.getByLabel('Space name').fill('Tower <A>');
  await page.getByRole('button', { name: 'Create space' }).click();
  await expect(page.getByText('The field contains prohibited characters')).toBeVisible();
  await page.getByLabel('Space name').fill('Tower A');
  await page.getByRole('button', { name: 'Create space' }).click();
  await expect(page.getByTestId('structure-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tower A' })).toBeVisible();
  const spaceUrl = page.url();
  await shot(page, 'structure');

  // Back on the space list the space is marked as last used; selecting it opens it.
  await page.getByRole('link', { name: 'Switch space' }).click();
  await expect(page.getByTestId('space-card').filter({ hasText: 'Tower A' })).toContainText('Last used');
  await shot(page, 'select-space');
  await page.getByTestId('space-card').filter({ hasText: 'Tower A' }).click();
  await expect(page).toHaveURL(spaceUrl);

  // The navigation opens the screens; trailing slashes are accepted.
  await page.getByRole('link', { name: /Scoreboard/ }).click();
  await expect(page.getByTestId('scoreboard-page')).toBeVisible();
  await page.goto(`${spaceUrl}/calendars/`);
  await expect(page.getByTestId('calendars-page')).toBeVisible();

  // Profile edits.
  await page.goto(`${spaceUrl}/profile`);
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await page.getByLabel('First name').fill('Maria');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(page.locator('.user-chip')).toContainText('Maria');
  await page.getByRole('switch', { name: /I am an executor/ }).check();
  await expect(page.getByRole('switch', { name: /I am an executor/ })).toBeChecked();
  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password must have at least 8 characters')).toBeVisible();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password').fill('An0ther-password');
  await page.getByLabel('Confirm password').fill('An0ther-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password was changed')).toBeVisible();
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAFB0lEQVR4nI3NMee0AADA4fcb/ZeWlpaWlpaWhl9LS0tLS0tLS0tDiTgiIo6IiDiO4ziO44iIiIiI+xRvH6EP8Hj+/fET+In8JH4yP4Wfyk/jp/Mz+Jn8LH42P4efy8/j5/ML+IX8Yn5n7L8/doFdZJfYZXaFXWXX2HV2g91kt9htdofdZffYffaAPWSP2c/YI9gENpFNYpPZFDaVTWPT2Qw2k81is9kcNpfNY/PZAraQLWY7Y49gFVhFVolVZlVYVVaNVWc1WE1Wi9VmdVhdVo/VZw1YQ9aY9Yw9gkVgEVkkFplFYVFZNBadxWAxWSwWm8VhcVk8Fp8lYAlZYpYz9ghmgVlklphlZoVZZdaYdWaD2WS2mG1mh9ll9ph95oA5ZI6Zz9gjmAQmkUlikpkUJpVJY9KZDCaTyWKymRwml8lj8pkCppApZjpjj2AUGEVGiVFmVBhVRo1RZzQYTUaL0WZ0GF1Gj9FnDBhDxpjxjD2CQWAQGSQGmUFhUBk0Bp3BYDAZLAabwWFwGTwGnyFgCBlihjP2CHqBXqSX6GV6hV6l1+h1eoPepLfobXqH3qX36H36gD6kj+nP2CP4CnxFvhJfma/CV+Wr8dX5GnxNvhZfm6/D1+Xr8fX5BnxDvjHfM/YIPgIfkY/ER+aj8FH5aHx0PgYfk4/Fx+bj8HH5eHx8PgGfkE/M54w9grfAW+Qt8ZZ5K7xV3hpvnbfB2+Rt8bZ5O7xd3h5vn3fAO+Qd8z5jj+Al8BJ5SbxkXgovlZfGS+dl8DJ5WbxsXg4vl5fHy+cV8Ap5xbzO2CN4CjxFnhJPmafCU+Wp8dR5GjxNnhZPm6fD0+Xp8fR5BjxDnjHPM/YIHgIPkYfEQ+ah8FB5aDx0HgYPk4fFw+bh8HB5eDx8HgGPkEfM44w9grvAXeQucZe5K9xV7hp3nbvB3eRucbe5O9xd7h53n3vAPeQecz9jj+AmcBO5Sdxkbgo3lZvGTedmcDO5Wdxsbg43l5vHzecWcAu5xdzO2CPoBDqRTqKT6RQ6lU6j0+kMOpPOorPpHDqXzqPz6QK6kC6mO2OPoBVoRVqJVqZVaFVajVanNWhNWovWpnVoXVqP1qcNaEPamPaMPYJGoBFpJBqZRqFRaTQancagMWksGpvGoXFpPBqfJqAJaWKaM/YIaoFapJaoZWqFWqXWqHVqg9qktqhtaofapfaofeqAOqSOqc/YI6gEKpFKopKpFCqVSqPSqQwqk8qisqkcKpfKo/KpAqqQKqY6Y4/gKnAVuUpcZa4KV5WrxlXnanA1uVpcba4OV5erx9XnGnANucZcz9gjKAVKkVKilCkVSpVSo9QpDUqT0qK0KR1Kl9Kj9CkDypAypjxjj6AQKEQKiUKmUChUCo1CpzAoTAqLwqZwKFwKj8KnCChCipjijD2CXCAXySVymVwhV8k1cp3cIDfJLXKb3CF3yT1ynzwgD8lj8jP2CDKBTCSTyGQyhUwl08h0MoPMJLPIbDKHzCXzyHyygCwki8nO2CO4CFxELhIXmYvCReWicdG5GFxMLhYXm4vDxeXicfG5BFxCLjGXM/YIUoFUJJVIZVKFVCXVSHVSg9QktUhtUofUJfVIfdKANCSNSc/YI0gEEpFEIpFJFBKVRCPRSQwSk8QisUkcEpfEI/FJApKQJCY5Y48gEohEIolIJlKIVCKNSCcyiEwii8gmcohcIo/IJwqIQqKY6Iz9DzAPtkwPEes8AAAAAElFTkSuQmCC',
      'base64',
    ),
  });
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();
  await page.getByTestId('avatar-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText('error: This file type is not supported')).toBeVisible();
  await shot(page, 'profile');

  // Dark theme, then a sign-out in a second tab signs this tab out too.
  await page.getByLabel('Theme', { exact: true }).selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'profile-dark');
  const second = await context.newPage();
  await second.goto(spaceUrl);
  await expect(second.getByTestId('structure-page')).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(second, 'structure-dark');
  await second.getByRole('button', { name: 'Sign out' }).click();
  await expect(second).toHaveURL(/\/auth\/login$/);
  await expect(page).toHaveURL(/\/auth\/login$/);
});
