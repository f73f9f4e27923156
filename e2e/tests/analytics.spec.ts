import { expect, type Page, test } from '@playwright/test';
import {
  openScheduleNode,
  openSignedIn,
  ownScheduleByApi,
  savePdf,
  shot,
  updateVersionByApi,
} from './helpers';

const NAMES = { facility: 'Harbour', project: 'Block B', schedule: 'Frame plan' };

/** Works of a schedule with plan, approved plan and facts, a crew and concrete, the data date in March. */
async function programme(request: Parameters<typeof ownScheduleByApi>[0], login: string) {
  const setup = await ownScheduleByApi(request, login, 'Analytics', NAMES);
  const { call, v, spaceId } = setup;
  const me = await call.get('/users/who-am-i');
  const section = await call.post(`${v}/wbs`, { name: 'Section 1', type: 'sum' });
  const work = (name: string, fields: Record<string, unknown>) =>
    call.post(`${v}/wbs`, { parentId: section.id, name, durationMinutes: 2400, ...fields });
  const frame = await work('Frame', {
    code: 'F-1',
    planStart: '2026-03-02T08:00',
    planFinish: '2026-03-06T17:00',
    approvedStart: '2026-03-02T08:00',
    approvedFinish: '2026-03-05T17:00',
    factStart: '2026-03-02T08:00',
    factFinish: '2026-03-06T17:00',
    progress: 100,
    status: 'completed',
    planVolume: 40,
    factVolume: 40,
    unit: 'm3',
  });
  const walls = await work('Walls', {
    code: 'W-1',
    planStart: '2026-03-09T08:00',
    planFinish: '2026-03-20T17:00',
    factStart: '2026-03-09T08:00',
    progress: 30,
    status: 'in_progress',
    planVolume: 60,
    factVolume: 15,
    unit: 'm3',
    executorId: me.id,
  });
  await work('Roof', { code: 'R-1', planStart: '2026-03-23T08:00', planFinish: '2026-04-03T17:00' });
  await work('Handover', {
    code: 'M-1',
    type: 'milestone_finish',
    durationMinutes: 0,
    planStart: '2026-04-03T17:00',
    planFinish: '2026-04-03T17:00',
    approvedStart: '2026-03-31T17:00',
    approvedFinish: '2026-03-31T17:00',
  });
  const concrete = await call.post(`/space/${spaceId}/resources`, {
    name: 'Concrete',
    kind: 'volume',
    unit: 'm3',
    price: 90,
  });
  const crew = await call.post(`/space/${spaceId}/resources`, { name: 'Crew', kind: 'labour', price: 30 });
  await call.post(`${v}/assignment`, {
    workId: frame.id,
    resourceId: concrete.id,
    planQuantity: 40,
    factQuantity: 40,
  });
  await call.post(`${v}/assignment`, {
    workId: walls.id,
    resourceId: concrete.id,
    planQuantity: 60,
    factQuantity: 20,
  });
  await call.post(`${v}/assignment`, {
    workId: walls.id,
    resourceId: crew.id,
    planQuantity: 80,
    factQuantity: 30,
  });
  await updateVersionByApi(call, v, { dataDate: '2026-03-12T17:00' });
  return setup;
}

async function chartsDrawn(page: Page) {
  // ECharts draws on a canvas inside each chart's box.
  await expect(page.getByTestId('chart-cumulative').locator('canvas')).toHaveCount(1);
}

test('analytics: a schedule’s dashboard, drill-down to the grid, a preset, home', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, spaceId, scheduleId } = await programme(request, 'analytics');
  await openScheduleNode(page, token, spaceId, NAMES);
  const dashboard = page.getByTestId('analytics-dashboard');
  await expect(dashboard).toBeVisible();
  await expect(page.getByTestId('tile-works')).toContainText('4');
  await expect(page.getByTestId('tile-completed')).toContainText('1');
  await expect(page.getByTestId('tile-spi')).toContainText(/SPI1(\.0\d)?$/);
  await chartsDrawn(page);
  await expect(page.getByTestId('analytics-volumes')).toContainText('m3');
  await expect(page.getByTestId('analytics-deadlines')).toContainText('Walls');
  // A schedule's dashboard leaves out the widgets that compare projects.
  await expect(page.getByTestId('widget-ranking')).toHaveCount(0);
  await shot(page, 'analytics-01-schedule-dashboard');
  await page.getByTestId('widget-cumulative').scrollIntoViewIfNeeded();
  await shot(page, 'analytics-01b-schedule-charts');

  // The S-curve by another measure.
  await page.getByTestId('widget-cumulative').getByLabel('Measure').selectOption('cost');
  await chartsDrawn(page);

  // A tile opens the grid filtered by its indicator.
  await page.getByTestId('tile-inProgress').click();
  await expect(page).toHaveURL(new RegExp(`/schedule/${scheduleId}\\?.*filter_indicator=in_progress`));
  await expect(page.getByRole('row', { name: /Walls/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Roof/ })).toHaveCount(0);

  // A dashboard of one's own: fewer widgets, in another order.
  await openSignedIn(page, token, `/${spaceId}`);
  await page.getByTestId(`eps-node-${NAMES.facility}`).click();
  await expect(page.getByTestId('widget-ranking')).toBeVisible();
  await page.getByTestId('dashboard-customize').click();
  const dialog = page.getByTestId('dashboard-layout-dialog');
  await dialog.getByLabel('Cost', { exact: true }).uncheck();
  await dialog.getByLabel('Physical volume, plan / actual').uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('widget-cost')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-preset')).toHaveValue(/.+/);
  await expect(page.getByTestId('analytics-ranking')).toContainText('Block B');
  await shot(page, 'analytics-02-facility-dashboard');
  await page.getByTestId('widget-projects').scrollIntoViewIfNeeded();
  await shot(page, 'analytics-02b-facility-projects');

  // Home: my works and deadlines, then the space's dashboard.
  await page.goto(`/${spaceId}/home`);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('home-deadlines')).toContainText('Walls');
  await expect(page.getByTestId('home-tiles')).toContainText('1');
  await shot(page, 'analytics-03-home');

  // The space's figures as a workbook, from the dashboard's toolbar.
  const download = page.waitForEvent('download');
  await page.getByTestId('dashboard-xlsx').click();
  expect((await download).suggestedFilename()).toMatch(/^Analytics .*\.xlsx$/);

  // The print view lays the dashboard out for paper and, once every figure is in, downloads the PDF the
  // server prints of it: the charts drawn as on screen, the figures as tables.
  const pdf = page.waitForEvent('download');
  await page.getByTestId('dashboard-print').click();
  await expect(page.getByTestId('analytics-print')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  const printed = await pdf;
  expect(printed.suggestedFilename()).toMatch(/^Analytics .*\.pdf$/);
  expect((await savePdf(printed, 'analytics-05-pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'analytics-05-print');
  await page.emulateMedia({ media: 'screen' });

  // One widget as PNG images: its chart saved as soon as it is drawn.
  const png = page.waitForEvent('download');
  await page.goto(`/${spaceId}/analytics/print/space.${spaceId}.cumulative/png`);
  expect((await png).suggestedFilename()).toBe('Cumulative plan _ actual.png');
});

test('scoreboard: projects ranked with lights, moved by hand, back to the ranking', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, spaceId, call } = await programme(request, 'scoreboard');
  // A second project whose one work was done on plan.
  const facility = await call.post(`/space/${spaceId}/eps`, { kind: 'facility', name: 'Riverside' });
  const project = await call.post(`/space/${spaceId}/eps`, {
    kind: 'project',
    name: 'Tower A',
    parentId: facility.id,
  });
  const schedule = await call.post(`/space/${spaceId}/eps`, {
    kind: 'schedule',
    name: 'Tower plan',
    parentId: project.id,
  });
  const [version] = (await call.get(`/space/${spaceId}/schedules/${schedule.id}/versions`)) as unknown as {
    id: string;
  }[];
  await call.post(`/space/${spaceId}/versions/${version!.id}/wbs`, {
    name: 'Piling',
    durationMinutes: 2400,
    planStart: '2026-01-05T08:00',
    planFinish: '2026-01-09T17:00',
    progress: 100,
    status: 'completed',
  });

  await openSignedIn(page, token, `/${spaceId}/scoreboard`);
  await expect(page.getByTestId('scoreboard-page')).toBeVisible();
  await page.getByTestId('scoreboard-new').click();
  const dialog = page.getByTestId('scoreboard-dialog');
  await dialog.getByLabel('Scoreboard name').fill('Programme');
  await dialog.getByLabel('Overdue').uncheck();
  await dialog.getByLabel('CPI').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const rows = page.getByTestId('scoreboard-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Ranked by SPI.')).toBeVisible();
  const leader = rows.first().getByRole('link');
  const before = (await leader.textContent()) ?? '';
  await shot(page, 'analytics-04-scoreboard');

  // The second project up: the order is kept by hand until given back to the ranking.
  await rows.nth(1).getByRole('button', { name: 'Move up' }).click();
  await expect(page.getByText('The order is set by hand.')).toBeVisible();
  await expect(leader).not.toHaveText(before);
  await page.reload();
  await expect(page.getByText('The order is set by hand.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to the ranking' }).click();
  await expect(page.getByText('Ranked by SPI.')).toBeVisible();
  await expect(leader).toHaveText(before);
  await expect(page.getByTestId('scoreboard-print')).toBeVisible();
});
