import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '@takt/contracts';
import { api, createSpaceByApi, newUser, openSignedIn, registerByApi, shot } from './helpers';

test('without activity for the space idle timeout the session ends in every tab', async ({
  page,
  context,
  request,
}) => {
  const user = newUser('idle');
  const token = await registerByApi(request, user);
  const spaceId = await createSpaceByApi(request, token, 'Idle space');
  const client = api(request, token);
  const settings = await client.get(`/space/${spaceId}/settings`);
  await client.put(`/space/${spaceId}/settings`, { revision: settings.revision, idleTimeoutMinutes: 1 });

  await page.clock.install();
  await openSignedIn(page, token, `/${spaceId}`);
  await expect(page.getByTestId('structure-page')).toBeVisible();
  const other = await context.newPage();
  await other.goto('/auth/login');

  // Activity keeps the session alive.
  await page.clock.fastForward('00:50');
  await page.mouse.move(200, 200);
  await page.mouse.move(300, 260);
  await page.clock.fastForward('00:50');
  await expect(page).toHaveURL(new RegExp(`/${spaceId}$`));

  // A quiet minute ends it; the other tab follows.
  await page.clock.fastForward('01:05');
  await expect(page).toHaveURL(/\/auth\/idleness$/);
  await expect(
    page.getByText('The session has ended because of inactivity. Sign in again to continue.'),
  ).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
  await expect(other).toHaveURL(/\/auth\/idleness$/);
  await shot(page, 'idleness');
});
