import { expect, test } from '@playwright/test';
import { openScheduleNode, ownScheduleByApi, sampleXerWithMovedDates, shot } from './helpers';

test('an import left waiting is found again in the jobs list after a reload and finished from there', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const names = { facility: 'Depot', project: 'Yard', schedule: 'Imported plan' };
  const { token, spaceId } = await ownScheduleByApi(request, 'jobs', 'Job list', names);

  await openScheduleNode(page, token, spaceId, names);

  // Nothing yet.
  await page.getByTestId('import-jobs').click();
  const list = page.getByTestId('import-jobs-dialog');
  await expect(list).toContainText('No imports or exports of this schedule yet');
  await list.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();

  // The sample's recorded dates differ from a recalculation: the import waits for the choice; the dialog is
  // closed without choosing and the page reloaded.
  await page.getByTestId('eps-upload-version').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file').setInputFiles(sampleXerWithMovedDates());
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByTestId('import-choice')).toBeVisible({ timeout: 30_000 });
  await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();

  await page.getByTestId('eps-node-Depot').click();
  await page.getByTestId('eps-node-Imported plan').click();
  await page.getByTestId('import-jobs').click();
  const row = list.locator('tbody tr').first();
  await expect(row).toHaveAttribute('data-state', 'awaiting_choice');
  await expect(row).toContainText('PredecessorCalendar.xer');
  await expect(row).toContainText('Waiting for your choice');
  await shot(page, 'import-jobs-01-list');

  // Back to the job: the choice, then the report, then the version.
  await row.getByTestId('import-job-open').click();
  await expect(dialog.getByTestId('import-choice')).toBeVisible();
  await expect(dialog.getByTestId('moved-dates')).toContainText('A1000');
  await dialog.getByTestId('import-keep').click();
  await expect(dialog.getByTestId('import-report')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('import-report')).toContainText('The recorded dates were kept');

  // Closing the report returns to the list, where the job is now finished.
  await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(list.locator('tbody tr').first()).toHaveAttribute('data-state', 'completed');
  await expect(list.locator('tbody tr').first()).toContainText('Finished');
  await page.waitForTimeout(300); // the dialog's fade-in, for the screenshot
  await shot(page, 'import-jobs-02-finished');
  await list.locator('tbody tr').first().getByTestId('import-job-open').click();
  await dialog.getByTestId('import-open').click();
  await expect(page).toHaveURL(/\/schedule\/[^/?]+\?version=/);
  await expect(page.getByRole('row').filter({ hasText: 'A1000' })).toBeVisible({ timeout: 30_000 });
});
