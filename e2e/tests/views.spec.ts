import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, ownScheduleByApi, shot } from './helpers';

const header = (page: Page, title: string) =>
  page.getByTestId('wbs-grid').locator(`.wbs-head[title="${title}"]`);
const rowCount = (page: Page) => page.getByTestId('row-count');
const cell = (page: Page, name: string, column: string) =>
  page.getByRole('row').filter({ hasText: name }).first().locator(`[data-col="${column}"]`);

test('views: columns chosen and resized in the schedule are kept on the server; filter builder, saved filter, grouping, approved-plan variance', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const names = { facility: 'Depot', project: 'Yard', schedule: 'Yard works' };
  const space = await ownScheduleByApi(request, 'views', 'Views', names);
  const { call, spaceId, scheduleId, v } = space;
  const works = [
    {
      code: 'E1',
      name: 'Excavation',
      status: 'completed',
      progress: 100,
      planStart: '2030-03-04T08:00',
      planFinish: '2030-03-06T17:00',
      approvedStart: '2030-03-04T08:00',
      approvedFinish: '2030-03-06T17:00',
    },
    {
      code: 'F1',
      name: 'Foundations',
      status: 'in_progress',
      progress: 40,
      // Two working days (Thursday and Friday) later than approved.
      planStart: '2030-03-11T08:00',
      planFinish: '2030-03-20T17:00',
      approvedStart: '2030-03-07T08:00',
      approvedFinish: '2030-03-14T17:00',
    },
    { code: 'W1', name: 'Walls', planStart: '2030-03-21T08:00', planFinish: '2030-03-29T17:00' },
    { code: 'R1', name: 'Roof', planStart: '2030-04-01T08:00', planFinish: '2030-04-05T17:00' },
  ];
  for (const work of works) await call.post(`${v}/wbs`, work);

  await openSignedIn(page, space.token, `/${spaceId}/schedule/${scheduleId}`);
  // The first load builds and decodes the payload: slow on a busy machine.
  await expect(rowCount(page)).toHaveText('4 of 4 rows', { timeout: 60_000 });

  // ── the column chooser inside the schedule ────────────────────────────────────────────────────
  await page.getByTestId('columns-open').click();
  const chooser = page.getByTestId('column-chooser');
  for (const title of [
    'Approved start',
    'Approved finish',
    'Start variance, d',
    'Finish variance, d',
    'Duration variance, d',
  ])
    await chooser.getByLabel(`Show ${title}`).check();
  await chooser.getByLabel('Show Type').uncheck();
  // Alt+↑ on a focused row moves it: Status goes above Progress.
  const order = async () => chooser.locator('li').evaluateAll((items) => items.map((li) => li.dataset.key));
  const before = await order();
  await chooser.getByLabel('Show Status').focus();
  await page.keyboard.press('Alt+ArrowUp');
  const after = await order();
  const at = before.indexOf('status');
  expect(after.indexOf('status')).toBe(at - 1);
  await shot(page, 'views-01-column-chooser');
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
  await expect(header(page, 'Start variance, d')).toBeVisible();
  await expect(header(page, 'Type')).toHaveCount(0);

  // ── a header's edge dragged wider ────────────────────────────────────────────────────────────
  const nameHeader = header(page, 'Name');
  const widthBefore = (await nameHeader.boundingBox())!.width;
  const edge = (await nameHeader.getByTestId('column-resize').boundingBox())!;
  const grip = { x: edge.x + edge.width / 2, y: edge.y + edge.height / 2 };
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  await page.mouse.move(grip.x + 60, grip.y, { steps: 5 });
  await page.mouse.move(grip.x + 100, grip.y, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => Math.round((await nameHeader.boundingBox())!.width))
    .toBe(Math.round(widthBefore + 100));

  // ── the splitter moved wider by keyboard: kept in the view as the grid's share ──────────────────
  const splitter = page.getByTestId('gantt-splitter');
  await splitter.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowRight');
  const gridWidth = Number(await splitter.getAttribute('aria-valuenow'));

  // ── approved plan and variances, in working days ─────────────────────────────────────────────
  await expect(cell(page, 'Foundations', 'approvedStart')).toHaveText('07.03.2030');
  await expect(cell(page, 'Foundations', 'startVariance')).toHaveText('+2');
  await expect(cell(page, 'Foundations', 'finishVariance')).toContainText('+');
  await expect(cell(page, 'Excavation', 'startVariance')).toHaveText('0');
  await expect(cell(page, 'Walls', 'startVariance')).toHaveText('');
  // The grid scrolled to its last columns, where the variances are, for the screenshot.
  const grid = page.getByTestId('wbs-grid');
  await grid.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await shot(page, 'views-02-variance-columns');
  await grid.evaluate((el) => {
    el.scrollLeft = 0;
  });

  // ── kept on the server: a reload shows the same columns and widths ───────────────────────────
  await expect
    .poll(async () => {
      const saved = await call.get(`/space/${spaceId}/ui-state-config?scheduleId=${scheduleId}`);
      return (
        saved.state as { columns?: { key: string; visible: boolean; width: number }[] } | null
      )?.columns?.find((c) => c.key === 'startVariance')?.visible;
    })
    .toBe(true);
  await expect
    .poll(async () => {
      const saved = await call.get(`/space/${spaceId}/ui-state-config?scheduleId=${scheduleId}`);
      return typeof (saved.state as { splitter?: number } | null)?.splitter;
    })
    .toBe('number');
  await page.reload();
  await expect(rowCount(page)).toHaveText('4 of 4 rows', { timeout: 60_000 });
  await expect(header(page, 'Start variance, d')).toBeVisible();
  await expect(header(page, 'Type')).toHaveCount(0);
  await expect
    .poll(async () => Math.round((await header(page, 'Name').boundingBox())!.width))
    .toBe(Math.round(widthBefore + 100));
  // The share is kept, not the pixels: the same window gives the same border (to a pixel of rounding).
  await expect
    .poll(async () =>
      Math.abs(Number(await page.getByTestId('gantt-splitter').getAttribute('aria-valuenow')) - gridWidth),
    )
    .toBeLessThanOrEqual(2);

  // ── the filter builder: all or any of field / operator / value ───────────────────────────────
  await page.getByTestId('filter-open').click();
  const builder = page.getByTestId('filter-builder');
  await builder.getByTestId('filter-add').click();
  const first = builder.getByTestId('filter-condition').nth(0);
  await first.getByTestId('filter-field').selectOption('status');
  await first.getByTestId('filter-op').selectOption('eq');
  await first.getByTestId('filter-value').selectOption('in_progress');
  await expect(rowCount(page)).toHaveText('1 of 4 rows');
  await builder.getByTestId('filter-add').click();
  const second = builder.getByTestId('filter-condition').nth(1);
  await second.getByTestId('filter-field').selectOption('name');
  await second.getByTestId('filter-op').selectOption('contains');
  await second.getByTestId('filter-value').fill('wall');
  await expect(rowCount(page)).toHaveText('0 of 4 rows');
  await builder.getByTestId('filter-match').selectOption('any');
  await expect(rowCount(page)).toHaveText('2 of 4 rows');
  await expect(page.getByTestId('filter-open')).toHaveText('Filter (2)');
  // Saved under a name for later.
  await builder.getByTestId('filter-name').fill('Active or walls');
  await builder.getByRole('button', { name: 'Save as' }).click();
  await expect(builder.getByTestId('saved-filter')).toHaveText(['Active or walls']);
  await shot(page, 'views-03-filter-builder');
  await builder.getByRole('button', { name: 'Clear' }).click();
  await expect(rowCount(page)).toHaveText('4 of 4 rows');
  await builder.getByTestId('saved-filter').click();
  await expect(rowCount(page)).toHaveText('2 of 4 rows');
  await builder.getByRole('button', { name: 'Clear' }).click();
  await page.keyboard.press('Escape');
  await expect(rowCount(page)).toHaveText('4 of 4 rows');

  // ── grouping by status: headers with counts and rolled-up dates, folded and kept ──────────────
  await page.getByTestId('group-by').selectOption('status');
  const grouped = page.getByTestId('grouped-grid');
  await expect(grouped.getByTestId('group-row')).toHaveCount(3);
  const notStarted = grouped.locator('[data-group="not_started"]');
  await expect(notStarted).toContainText('Not started');
  await expect(notStarted).toContainText('2 works');
  await expect(notStarted).toContainText('21.03.2030 – 05.04.2030');
  await expect(grouped.locator('[data-group="in_progress"]')).toContainText('1 work');
  await shot(page, 'views-04-grouped-by-status');
  await notStarted.getByRole('button').click();
  await expect(grouped.getByRole('row').filter({ hasText: 'Walls' })).toHaveCount(0);
  await expect(grouped.getByRole('row').filter({ hasText: 'Foundations' })).toHaveCount(1);
  await expect
    .poll(async () => {
      const saved = await call.get(`/space/${spaceId}/ui-state-config?scheduleId=${scheduleId}`);
      return (saved.state as { foldedGroups?: string[] } | null)?.foldedGroups;
    })
    .toEqual(['not_started']);
  await page.reload();
  await expect(page.getByTestId('grouped-grid')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('group-by')).toHaveValue('status');
  await expect(page.getByTestId('grouped-grid').getByTestId('group-row')).toHaveCount(3);
  await expect(page.getByTestId('grouped-grid').getByRole('row').filter({ hasText: 'Walls' })).toHaveCount(0);
  await shot(page, 'views-05-grouped-folded-after-reload');

  // No grouping: the tree and the timeline are back.
  await page.getByTestId('group-by').selectOption('');
  await expect(page.getByTestId('wbs-grid')).toBeVisible();
  await expect(rowCount(page)).toHaveText('4 of 4 rows');
});
