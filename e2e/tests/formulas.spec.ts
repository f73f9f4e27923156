import { expect, type Page, test } from '@playwright/test';
import { demoSpaceByApi, openSignedIn, ownScheduleByApi, scheduleByApi, shot } from './helpers';

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

/**
 * A linked attribute set up in the attribute screen (docs/product-rules.md, "Linked attributes"): the site
 * schedule's attribute takes the design schedule's volumes by work code; refreshed on demand.
 */
test('a linked attribute copies a donor attribute by work code', async ({ page, request }) => {
  test.setTimeout(120_000);
  const site = await ownScheduleByApi(request, 'links', 'Links', {
    facility: 'Block A',
    project: 'Frame',
    schedule: 'Site works',
  });
  const { call, spaceId, token } = site;
  const design = await scheduleByApi(call, spaceId, {
    facility: 'Block B',
    project: 'Design',
    schedule: 'Design',
  });
  const volume = await call.post(`/space/${spaceId}/attributes`, {
    name: 'Concrete, m3',
    valueType: 'number',
  });
  await call.post(`/space/${spaceId}/attributes`, {
    name: 'Concrete by design',
    valueType: 'number',
    scheduleId: site.scheduleId,
  });
  await call.post(`${design.v}/wbs`, {
    code: 'S1',
    name: 'Slab 1',
    attributes: { [volume.id as string]: 42 },
  });
  await call.post(`${design.v}/wbs`, {
    code: 'S2',
    name: 'Slab 2',
    attributes: { [volume.id as string]: 38 },
  });
  await call.post(`${site.v}/wbs`, { code: 'S1', name: 'Slab 1 pour' });
  await call.post(`${site.v}/wbs`, { code: 'X1', name: 'Scaffolding' });

  await openSignedIn(page, token, `/${spaceId}/attributes`);
  const card = page.getByTestId('linked-attributes');
  await card.getByTestId('links-schedule').selectOption({ label: 'Site works' });
  const form = card.getByTestId('link-form');
  await form.getByTestId('link-attribute').selectOption({ label: 'Concrete by design' });
  await form.getByTestId('link-donor-schedule').selectOption({ label: 'Design' });
  await form.getByTestId('link-donor-attribute').selectOption({ label: 'Concrete, m3' });
  await form.getByTestId('link-create').click();
  await expect(page.getByText('1 value copied, 0 cleared, 1 work without a donor work')).toBeVisible();
  await expect(card.getByTestId('links-table')).toContainText('Concrete, m3');
  await card.getByTestId('link-refresh').click();
  await expect(page.getByText('0 values copied, 0 cleared, 1 work without a donor work')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'formulas-linked-attributes');
  const works = (await call.get(`${site.v}/wbs`)) as unknown as {
    code: string;
    attributes: Record<string, unknown>;
  }[];
  const attributes = (await call.get(`/space/${spaceId}/attributes`)) as unknown as {
    id: string;
    name: string;
  }[];
  const linked = attributes.find((a) => a.name === 'Concrete by design')!.id;
  expect(works.find((w) => w.code === 'S1')?.attributes[linked]).toBe(42);
});
