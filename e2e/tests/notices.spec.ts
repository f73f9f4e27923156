import { type Browser, expect, type Page, test } from '@playwright/test';
import { openSignedIn, ownScheduleByApi, shot } from './helpers';

/**
 * Notices: a user has the space open in two browsers. A calculation they run finishes and its notice
 * appears in both bells at once, without a reload (live events); a notice deleted in one browser leaves
 * the other, and "delete all" empties both.
 */
async function signedInPage(browser: Browser, token: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, token, path);
  await expect(page.getByTestId('notices-bell')).toBeVisible({ timeout: 30_000 });
  return page;
}

test('a calculation’s notice appears live in two browsers; delete one, delete all', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const space = await ownScheduleByApi(request, 'notices', 'Notices', {
    facility: 'Depot',
    project: 'Hall A',
    schedule: 'Frame',
  });
  const { token, spaceId, v, call } = space;
  await call.post(`${v}/wbs`, { name: 'Foundations', durationMinutes: 480 });

  const first = await signedInPage(browser, token, `/${spaceId}/`);
  const second = await signedInPage(browser, token, `/${spaceId}/`);
  await expect(first.getByTestId('notices-count')).toHaveCount(0);
  // The second browser holds its panel open: new notices show in it as they come.
  await second.getByTestId('notices-bell').click();
  await expect(second.getByTestId('notices-panel')).toContainText('No notices');

  await call.post(`${v}/calculate`, {});
  await expect(first.getByTestId('notices-count')).toHaveText('1');
  const row = second.getByTestId('notice');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Calculation of «Frame»');
  await expect(row).toContainText('finished');

  await call.post(`${v}/calculate`, {});
  await expect(first.getByTestId('notices-count')).toHaveText('2');
  await expect(second.getByTestId('notice')).toHaveCount(2);
  await first.getByTestId('notices-bell').click();
  await expect(first.getByTestId('notice')).toHaveCount(2);
  await shot(first, 'notices-panel');

  // Delete one in the first browser: the second browser's list follows.
  await first.getByTestId('notice').first().getByRole('button', { name: 'Delete' }).click();
  await expect(first.getByTestId('notice')).toHaveCount(1);
  await expect(second.getByTestId('notice')).toHaveCount(1);
  await expect(first.getByTestId('notices-count')).toHaveText('1');

  // Open the other: it is marked read and leads to the schedule.
  await first.getByTestId('notice').getByRole('button', { name: 'Open' }).click();
  await expect(first).toHaveURL(new RegExp(`/${spaceId}/schedule/${space.scheduleId}`));
  await expect(first.getByTestId('notices-count')).toHaveCount(0);
  await expect(second.getByTestId('notice')).not.toHaveClass(/notices-item-unread/);

  // Delete all in the second browser, confirmed: both are empty.
  await second.getByRole('button', { name: 'Delete all' }).click();
  await second.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(second.getByTestId('notices-panel')).toContainText('No notices');
  await first.getByTestId('notices-bell').click();
  await expect(first.getByTestId('notices-panel')).toContainText('No notices');
  await shot(second, 'notices-empty');
});
