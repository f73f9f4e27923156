import { expect, test } from '@playwright/test';
import { openSignedIn, ownScheduleByApi, savePdf, shot } from './helpers';

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

test('print dialog: a new A4 format with titles, live page count and preview, then the PDF downloaded', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, call, scheduleId, v } = await ownScheduleByApi(request, 'printer', 'Print shop', {
    facility: 'Riverside',
    project: 'Tower A',
    schedule: 'Master schedule',
  });
  for (let s = 1; s <= 2; s++) {
    const section = await call.post(`${v}/wbs`, { name: `Section ${s}`, type: 'sum', code: `${s}` });
    for (let i = 1; i <= 30; i++) {
      const day = String(((i * 3 + s * 5) % 25) + 2).padStart(2, '0');
      await call.post(`${v}/wbs`, {
        parentId: section.id,
        code: `${s}.${i}`,
        name: `Floor ${i} works, section ${s}`,
        durationMinutes: 480 * 5,
        planStart: `2026-04-${day}T08:00`,
        planFinish: `2026-05-${day}T17:00`,
        ...(i % 4 === 0
          ? { approvedStart: `2026-04-${day}T08:00`, approvedFinish: `2026-05-${day}T17:00` }
          : {}),
      });
    }
  }

  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await expect(page.getByTestId('schedule-page')).toBeVisible();
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Print' }).click();
  const dialog = page.getByTestId('print-dialog');
  await expect(dialog).toBeVisible();
  // The built-in A3: the server's count before printing.
  const a3 = (await call.post(`${v}/print/count`, {})) as { pages: number };
  await expect(dialog.getByTestId('print-page-count')).toHaveText(`Pages: ${a3.pages}`);
  await expect(dialog.getByTestId('print-sheet')).toHaveText('420 × 297 mm, margin 10 mm');
  await shot(page, 'print-01-dialog-a3');

  // A new format: the spec's limits are checked before saving.
  await dialog.getByTestId('print-preset-new').click();
  const editor = page.getByTestId('print-preset-dialog');
  await editor.getByLabel('Format name').fill('A4 site');
  await editor.getByRole('button', { name: 'A4' }).click();
  await editor.getByLabel('Sheet height, mm').fill('200');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Sheet height may not be below 210 mm')).toBeVisible();
  await editor.getByLabel('Sheet height, mm').fill('210');
  await editor.getByLabel('Margin, mm').fill('8');
  await editor.getByLabel('Last page footer · Left', { exact: true }).fill('Approved: ____________');
  await editor.getByLabel('Footer · Right', { exact: true }).fill('Page ');
  await editor.getByRole('button', { name: 'Page number' }).click();
  await shot(page, 'print-02-preset-editor');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(dialog.getByTestId('print-preset')).toHaveValue(/[0-9a-f-]{36}/);
  await expect(dialog.getByTestId('print-sheet')).toHaveText('297 × 210 mm, margin 8 mm');

  // The same name again is refused with the spec's message.
  await dialog.getByTestId('print-preset-new').click();
  await editor.getByLabel('Format name').fill('a4 SITE');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('A format with this name already exists')).toBeVisible();
  await editor.getByRole('button', { name: 'Cancel' }).click();

  // Columns and plan kinds; the count follows the server.
  await dialog.getByLabel('Approved plan', { exact: true }).check();
  await dialog.getByLabel('Total float, d').check();
  const a4 = (await call.post(`${v}/print/count`, {
    presetId: await dialog.getByTestId('print-preset').inputValue(),
  })) as { pages: number };
  expect(a4.pages).toBeGreaterThan(a3.pages);
  await expect(dialog.getByTestId('print-page-count')).toHaveText(`Pages: ${a4.pages}`);
  await shot(page, 'print-03-dialog-a4');

  // A date range instead of fitting the whole schedule.
  await dialog.getByLabel('Start and finish dates').check();
  await dialog.getByLabel('Start date', { exact: true }).fill('01.05.2026');
  await dialog.getByLabel('Finish date', { exact: true }).fill('31.05.2026');
  await expect(dialog.getByTestId('print-page-count')).toHaveText(`Pages: ${a4.pages}`);
  await dialog.getByTestId('print-remember').click();
  await expect(page.getByText('Print settings saved for this schedule')).toBeVisible();
  await shot(page, 'print-04-range');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('print-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('Master schedule - Version 1.pdf');
  const pdf = await savePdf(download, 'print-pdf');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pageCount(pdf)).toBe(a4.pages);

  // The settings were remembered: reopening the dialog shows them.
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Print' }).click();
  await expect(dialog.getByTestId('print-sheet')).toHaveText('297 × 210 mm, margin 8 mm');
  await expect(dialog.getByLabel('Start date', { exact: true })).toHaveValue('01.05.2026');
});
