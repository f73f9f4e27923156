import { expect, type Page, test } from '@playwright/test';
import { type GanttBar, waitGanttReady } from './gantt-probe';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

const PREPARATION = 'Подготовительный период';

test.use({ viewport: { width: 1920, height: 1000 } });

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const cell = (page: Page, name: string, column: string) =>
  row(page, name).first().locator(`[data-col="${column}"]`);

/**
 * A summary row shows what its works add up to (docs/product-rules.md, "Summary roll-ups"): the demo's
 * preparatory period, all of whose works are finished, reads as many days as it spans, 100 % and
 * Completed — and the "Not started" indicator no longer lists it.
 */
test('summary rows roll up duration, progress and status from their works', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Opened as the demo is at first start, before anyone presses Calculate.
  const { token, spaceId, scheduleId } = await demoSpaceByApi(request, 'rollups', 'Roll-ups');
  // The grid wide enough for its default columns, status last.
  await page.addInitScript(() => localStorage.setItem('takt.gantt.split', '1000'));
  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await expect(row(page, PREPARATION).first()).toBeVisible({ timeout: 30_000 });

  await expect(cell(page, PREPARATION, 'progress')).toHaveText(/^100\s?%$/);
  await expect(cell(page, PREPARATION, 'status')).toHaveText('Completed');
  const duration = Number.parseFloat(
    ((await cell(page, PREPARATION, 'duration').textContent()) ?? '').replace(',', '.'),
  );
  expect(duration).toBeGreaterThan(1);
  // The whole building is under way: its summary is in progress, part done.
  const underWay = page
    .getByRole('row')
    .filter({ has: page.locator('[data-col="status"]', { hasText: 'In progress' }) });
  await expect(underWay.first()).toBeVisible();
  await shot(page, 'rollups-summaries');

  // The indicator judges summaries by their works: the finished period is not "Not started".
  await page.getByRole('combobox', { name: 'Indicator' }).selectOption({ label: 'Not started' });
  await expect(row(page, PREPARATION)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Indicator' }).selectOption({ label: 'Completed' });
  await expect(row(page, PREPARATION).first()).toBeVisible();
  await shot(page, 'rollups-completed-filter');

  // A work's progress entered in the grid moves its summary at once, before any calculation.
  await page.getByRole('combobox', { name: 'Indicator' }).selectOption({ label: 'All works' });
  const fence = 'Ограждение площадки';
  await cell(page, fence, 'progress').dblclick();
  const editor = page.locator('.wbs-input');
  await editor.fill('0');
  await editor.press('Enter');
  await expect(cell(page, fence, 'progress')).toHaveText(/^0\s?%$/);
  await expect(cell(page, PREPARATION, 'progress')).not.toHaveText(/^100\s?%$/);
  const after = Number.parseFloat(
    ((await cell(page, PREPARATION, 'progress').textContent()) ?? '').replace(',', '.'),
  );
  expect(after).toBeGreaterThan(50);
  expect(after).toBeLessThan(100);
  const shown = (await cell(page, PREPARATION, 'progress').textContent()) ?? '';
  await shot(page, 'rollups-progress-edit');
  // The server stored the same roll-up: a reload shows it.
  await page.reload();
  await expect(cell(page, PREPARATION, 'progress')).toHaveText(shown, { timeout: 30_000 });
});

/**
 * The Gantt bar of a summary tells its roll-ups on hover — % complete, and the labour and cost of the
 * works under it (the demo's preparatory works have crews and machines) — and an undone progress edit
 * leaves the summary rolled up as it was (the server rolls up on undo).
 */
test('a summary bar shows its rolled-up figures; an undone edit leaves the summary rolled up', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, scheduleId, versionId, call } = await demoSpaceByApi(
    request,
    'rollups-gantt',
    'Roll-ups Gantt',
  );
  const works = (await call.get(`/space/${spaceId}/versions/${versionId}/wbs`)) as unknown as {
    id: string;
    name: string;
  }[];
  const prep = works.find((w) => w.name === PREPARATION)!;
  const firstChild = works[works.indexOf(prep) + 1]!;
  const secondChild = works[works.indexOf(prep) + 2]!;
  await page.addInitScript(() => {
    localStorage.setItem('takt.gantt.renderer', 'canvas');
    localStorage.setItem('takt.gantt.split', '760');
  });
  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await waitGanttReady(page);
  const timeline = page.getByTestId('gantt').getByRole('application');
  const box = (await timeline.boundingBox())!;
  // The summary's bracket spans its row from its first work's start: one row above that work's bar.
  const bars: GanttBar[] = await page.evaluate(() => window.__taktGantt!.probe.bars());
  const first = bars.find((b) => b.id === firstChild.id)!;
  const second = bars.find((b) => b.id === secondChild.id)!;
  expect(first, 'the first work of the summary has a bar in view').toBeTruthy();
  const rowHeight = second.y - first.y;
  await page.mouse.move(box.x + first.x + 3, box.y + first.y + first.height / 2 - rowHeight, { steps: 3 });
  await expect(timeline).toHaveAttribute('title', /Progress: 100 %/);
  const title = (await timeline.getAttribute('title')) ?? '';
  expect(title).toContain(PREPARATION);
  expect(title).toMatch(/Cost: [\d\s,.]+/);
  await shot(page, 'rollups-gantt-summary-hover');

  // A work of it set back to 0 %, then undone: the summary is complete again, as stored by the undo.
  const fence = 'Ограждение площадки';
  await cell(page, fence, 'progress').dblclick();
  const editor = page.locator('.wbs-input');
  await editor.fill('0');
  await editor.press('Enter');
  await expect(cell(page, PREPARATION, 'progress')).not.toHaveText(/^100\s?%$/);
  await call.post(`/space/${spaceId}/versions/${versionId}/undo-actions`, {});
  await page.reload();
  await expect(cell(page, PREPARATION, 'progress')).toHaveText(/^100\s?%$/, { timeout: 30_000 });
  await expect(cell(page, PREPARATION, 'status')).toHaveText('Completed');
  await shot(page, 'rollups-after-undo');
});
