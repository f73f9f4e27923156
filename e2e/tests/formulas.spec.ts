import { expect, type Page, test } from '@playwright/test';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

test.use({ viewport: { width: 1600, height: 1000 } });

const FENCE = 'Ограждение площадки';
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const cell = (page: Page, name: string, column: string) =>
  row(page, name).first().locator(`[data-col="${column}"]`);
const number = async (page: Page, name: string, column: string) =>
  Number.parseFloat(
    ((await cell(page, name, column).textContent()) ?? '').replace(/\s/g, '').replace(',', '.'),
  );

/**
 * A formula attribute made in the demo space (docs/product-rules.md, "Formulas"): written in the attribute
 * form with the names it may use and checked on a sample work, its values shown read only in the grid, and
 * recalculated when a work's duration is edited there.
 */
test('a formula attribute is computed, shown read only and recalculated after an edit', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, scheduleId } = await demoSpaceByApi(request, 'formulas', 'Formulas');
  await openSignedIn(page, token, `/${spaceId}/attributes`);
  await page.getByTestId('attribute-create').click();
  const dialog = page.getByTestId('attribute-dialog');
  await dialog.getByLabel('Name').fill('Days x2');
  await dialog.getByLabel('Value type').selectOption({ label: 'Number' });
  const scheduleName = (await request
    .get(`/api/v1/space/${spaceId}/eps`, { headers: { authorization: `Bearer ${token}` } })
    .then((r) => r.json())) as { id: string; name: string }[];
  await dialog.getByLabel('Schedule', { exact: true }).selectOption({
    label: scheduleName.find((n) => n.id === scheduleId)!.name,
  });
  await dialog.getByTestId('attribute-kind').selectOption('formula');
  // The names it may use are offered; a click adds one.
  await dialog.getByRole('button', { name: 'Insert duration' }).click();
  await expect(dialog.getByTestId('formula-input')).toHaveValue('duration');
  await dialog.getByTestId('formula-input').fill('duration * Price');
  await dialog.getByTestId('formula-check').click();
  await expect(dialog.getByTestId('formula-check-result')).toContainText('Price');
  await dialog.getByTestId('formula-input').fill('duration * 2');
  await dialog.getByTestId('formula-check').click();
  await expect(dialog.getByTestId('formula-check-result')).toContainText('The formula is correct');
  await shot(page, 'formulas-editor');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('duration * 2')).toBeVisible();
  await shot(page, 'formulas-attributes');

  // In the grid: the column shown, its values computed from the duration, read only.
  await page.addInitScript(() => localStorage.setItem('takt.gantt.split', '1100'));
  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await expect(row(page, FENCE).first()).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('columns-open').click();
  await page.getByTestId('column-chooser').getByLabel('Show Days x2').check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'ƒ Days x2' })).toBeVisible();
  const attributes = (await request
    .get(`/api/v1/space/${spaceId}/attributes`, { headers: { authorization: `Bearer ${token}` } })
    .then((r) => r.json())) as { id: string; name: string }[];
  const formulaColumn = `attr:${attributes.find((a) => a.name === 'Days x2')!.id}`;
  const days = await number(page, FENCE, 'duration');
  await expect.poll(() => number(page, FENCE, formulaColumn), { timeout: 20_000 }).toBeCloseTo(days * 2, 5);
  await cell(page, FENCE, formulaColumn).dblclick();
  await expect(page.locator('.wbs-input')).toHaveCount(0);
  await expect(page.getByTestId('recalculate-formulas')).toBeVisible();
  await shot(page, 'formulas-grid');

  // The duration edited: the formula follows.
  await cell(page, FENCE, 'duration').dblclick();
  const editor = page.locator('.wbs-input');
  await editor.fill(String(days + 3));
  await editor.press('Enter');
  await expect.poll(() => number(page, FENCE, 'duration'), { timeout: 20_000 }).toBeCloseTo(days + 3, 5);
  await expect
    .poll(() => number(page, FENCE, formulaColumn), { timeout: 20_000 })
    .toBeCloseTo((days + 3) * 2, 5);
  await page.getByTestId('recalculate-formulas').click();
  await expect(page.getByText(/Formulas recalculated/)).toBeVisible();
  await shot(page, 'formulas-grid-after-edit');
});
