import { expect, test } from '@playwright/test';
import { openSignedIn, ownSpaceByApi, shot } from './helpers';

const CSV = [
  'Crew list;;',
  'Code;Crew;Note',
  'C1;Concrete crew 1;already there',
  'C2;Rebar crew;',
  ';;',
  'C3;Formwork crew;',
  'C4;Rebar crew;repeated',
  'C5;;no name',
].join('\n');

test('directory upload: columns, preview with reasons, import and report', async ({ page, request }) => {
  const { token, spaceId, call } = await ownSpaceByApi(request, 'dirupload', 'Directories');
  const directory = await call.post(`/space/${spaceId}/directories`, { name: 'Crews' });
  await call.post(`/space/${spaceId}/directories/${directory.id}/values`, {
    name: 'Concrete crew 1',
    code: 'C1',
  });
  await openSignedIn(page, token, `/${spaceId}/directories`);

  await page.getByTestId('directory-upload-open').click();
  const dialog = page.getByTestId('directory-upload');
  await dialog.getByTestId('directory-upload-file').setInputFiles({
    name: 'crews.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV, 'utf8'),
  });
  await dialog.getByTestId('directory-upload-name-column').fill('Crew');
  await dialog.getByTestId('directory-upload-code-column').fill('A');
  await dialog.getByLabel('Rows to skip').fill('1');
  const preview = dialog.getByTestId('directory-upload-preview');
  await expect(preview).toContainText('2 of 6 rows will be added; skipped: 4; problems: 0');
  await expect(preview).toContainText('"Concrete crew 1" is already in the directory');
  await expect(preview).toContainText('"Rebar crew" repeats row 4');
  await expect(preview).toContainText('No value in column B');
  await shot(page, 'directory-upload-01-preview');

  await dialog.getByRole('button', { name: 'Import' }).click();
  const report = page.getByTestId('directory-upload-report');
  await expect(report).toContainText('Rows read: 6, values added: 2, rows skipped: 4');
  await expect(report).toContainText('Row 5: Empty row');
  await shot(page, 'directory-upload-02-report');
  await report.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('cell', { name: 'Formwork crew', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Rebar crew', exact: true })).toBeVisible();
});
