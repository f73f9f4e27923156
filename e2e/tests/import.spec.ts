import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { generatedXer } from '@takt/interchange/testing';
import { openScheduleNode, ownScheduleByApi, sampleXerWithMovedDates, shot } from './helpers';

test('upload an XER with the progress bar, the recorded-dates choice and the report; export the version', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const names = { facility: 'Harbour', project: 'Pier 3', schedule: 'P6 master' };
  const { token, spaceId } = await ownScheduleByApi(request, 'importer', 'Imports', names);

  await openScheduleNode(page, token, spaceId, names);
  await page.getByTestId('eps-upload-version').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();

  // A 30,000-activity file: the progress bar moves through the phases.
  const big = Buffer.from(generatedXer(30_000));
  await dialog
    .getByTestId('import-file')
    .setInputFiles({ name: 'generated.xer', mimeType: 'text/plain', buffer: big });
  await expect(dialog.getByTestId('import-detected')).toContainText('Primavera P6 (XER)');
  await dialog.getByLabel('Version name').fill('Generated');
  await shot(page, 'import-01-choose');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const progress = dialog.getByRole('progressbar');
  await expect(progress).toHaveAttribute('aria-label', /Reading the file|Calculating|Writing/, {
    timeout: 60_000,
  });
  await shot(page, 'import-02-progress');
  await expect(dialog.getByTestId('import-report')).toBeVisible({ timeout: 120_000 });
  await expect(dialog.getByTestId('read-activities')).toHaveText('30000');
  await expect(dialog.getByTestId('written-works')).toHaveText('30000');
  await shot(page, 'import-03-report');

  // The real sample: P6 recorded late dates that recalculation moves — the user is asked.
  await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('eps-upload-version').click();

  // A spreadsheet needs an upload rule: the rules editor keeps them for the space; the preview shows how the
  // rule reads the file before anything is written.
  await dialog.getByTestId('import-file').setInputFiles({
    name: 'plan.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Code;Name;Start;Finish\nS1;Site setup;01.04.2024;05.04.2024\nS2;Excavation;08.04.2024;12.04.2024\n',
    ),
  });
  await dialog.getByTestId('import-rules-edit').click();
  const rules = page.getByTestId('import-rules');
  await rules.getByTestId('import-rule-name').fill('Site plan');
  await rules.getByRole('button', { name: 'Save' }).click();
  await expect(rules.getByRole('button', { name: 'Site plan' })).toBeVisible();
  await shot(page, 'import-07-rules');
  await rules.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByTestId('import-rule')).toHaveValue(/.+/);
  await expect(dialog.getByTestId('import-preview')).toContainText('Excavation');
  await expect(dialog.getByTestId('import-preview')).toContainText('2 of 2 rows become works');
  await shot(page, 'import-08-preview');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const report = dialog.getByTestId('import-report');
  const choice = dialog.getByTestId('import-choice');
  await expect(report.or(choice)).toBeVisible({ timeout: 30_000 });
  if (await choice.isVisible()) await dialog.getByTestId('import-keep').click();
  await expect(report).toContainText('2 rows read, 0 left out');
  await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('eps-upload-version').click();

  await dialog.getByTestId('import-file').setInputFiles(sampleXerWithMovedDates());
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByTestId('import-choice')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('moved-dates')).toContainText('A1000');
  await expect(dialog.getByTestId('moved-dates')).toContainText('09.10.2019');
  await shot(page, 'import-04-choice');
  await dialog.getByTestId('import-keep').click();
  await expect(dialog.getByTestId('import-report')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('import-report')).toContainText('The recorded dates were kept');
  await dialog.getByTestId('import-open').click();

  // The new version opens in the schedule.
  await expect(page).toHaveURL(/\/schedule\/[^/?]+\?version=/);
  await expect(page.getByRole('row').filter({ hasText: 'A1000' })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'import-05-version');

  // Export: the versions panel's menu downloads the file.
  await page.getByTestId('panel-versions').click();
  await page.getByTestId('export-version').click();
  await shot(page, 'import-06-export-menu');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-xer').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xer$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.startsWith('ERMHDR')).toBe(true);
  expect(text).toContain('A1000');
  await page.getByTestId('export-version').click();
  const workbook = page.waitForEvent('download');
  await page.getByTestId('export-excel').click();
  expect((await workbook).suggestedFilename()).toMatch(/\.xlsx$/);
});
