import { expect, type Page, type Response, test } from '@playwright/test';
import { openScheduleNode, ownScheduleByApi, shot, updateVersionByApi } from './helpers';

const NAMES = { facility: 'Quay', project: 'Block C', schedule: 'Shell plan' };

type Period = { start: string; planTotal: number };

/** The periods of a series answered in a (batched) tRPC response, whatever else the batch holds. */
async function seriesOf(response: Response): Promise<Period[]> {
  const body = (await response.json()) as unknown;
  const items = Array.isArray(body) ? body : [body];
  for (const item of items) {
    const data = (item as { result?: { data?: { periods?: Period[]; json?: { periods?: Period[] } } } })
      .result?.data;
    const periods = data?.periods ?? data?.json?.periods;
    if (periods) return periods;
  }
  throw new Error('no series in the response');
}

/** What the S-curve's canvas shows, as an image. */
const picture = (page: Page) =>
  page
    .getByTestId('chart-cumulative')
    .locator('canvas')
    .evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL());

test('analytics curves: a widget’s curve reshapes the S-curve; the curves editor; a dashboard’s curve', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, spaceId, call, v } = await ownScheduleByApi(request, 'curves', 'Curves', NAMES);
  // One work of twenty days from Monday 2026-03-02, 100 m³ of concrete at 90: 9,000.
  const walls = await call.post(`${v}/wbs`, {
    name: 'Walls',
    durationMinutes: 9600,
    planStart: '2026-03-02T08:00',
    planFinish: '2026-03-21T17:00',
  });
  const concrete = await call.post(`/space/${spaceId}/resources`, {
    name: 'Concrete',
    kind: 'volume',
    unit: 'm3',
    price: 90,
  });
  await call.post(`${v}/assignment`, { workId: walls.id, resourceId: concrete.id, planQuantity: 100 });
  await updateVersionByApi(call, v, { dataDate: '2026-03-10T17:00' });

  await openScheduleNode(page, token, spaceId, NAMES);
  const widget = page.getByTestId('widget-cumulative');
  await expect(widget).toBeVisible();
  const linearAnswer = page.waitForResponse(
    (r) => r.url().includes('analytics.series') && r.url().includes('week') && r.url().includes('cost'),
  );
  await widget.getByLabel('Measure').selectOption('cost');
  await widget.getByLabel('Period').selectOption('week');
  // Linear: seven of twenty days in the first week, 3,150.
  expect((await seriesOf(await linearAnswer))[0]).toEqual(
    expect.objectContaining({ start: '2026-03-02', planTotal: 3150 }),
  );
  await expect(widget.getByTestId('chart-cumulative').locator('canvas')).toHaveCount(1);
  const linear = await picture(page);

  // Front loaded: a twentieth is a day here, so the first week holds seven, 9+9+8+8+7+7+6 = 54 % of 9,000.
  const frontAnswer = page.waitForResponse(
    (r) => r.url().includes('analytics.series') && r.url().includes('front_loaded'),
  );
  await widget.getByTestId('widget-curve').selectOption({ label: 'Front loaded' });
  expect((await seriesOf(await frontAnswer))[0]).toEqual(
    expect.objectContaining({ start: '2026-03-02', planTotal: 4860 }),
  );
  await expect.poll(() => picture(page)).not.toBe(linear);
  await widget.scrollIntoViewIfNeeded();
  await shot(page, 'analytics-curves-01-front-loaded');

  // The curves editor: the built-in ones to look at, one of the space's own made and set for every work.
  await page.getByTestId('dashboard-curves').click();
  const dialog = page.getByTestId('curves-dialog');
  await expect(dialog.getByTestId('curves-list')).toContainText('Bell shaped');
  await dialog.getByRole('button', { name: /^Bell shaped/ }).click();
  await expect(dialog.getByLabel('Value at 50 %')).toHaveValue('10');
  await expect(dialog.getByTestId('curves-preview').locator('canvas')).toHaveCount(1);
  await dialog.getByTestId('curves-new').click();
  await dialog.getByLabel('Curve name').fill('Pour early');
  await dialog.getByLabel('Value at 5 %').fill('50');
  // Fifty at 5 % and nineteen fives: 145, scaled to 100 when saved.
  await expect(dialog.getByTestId('curves-total')).toContainText('145');
  await dialog.getByTestId('curves-save').click();
  await expect(dialog.getByTestId('curves-list')).toContainText('Pour early');
  await expect(dialog.getByLabel('Value at 5 %')).toHaveValue('34.4828');
  await dialog.getByTestId('curves-default').selectOption({ label: 'Pour early' });
  await expect(dialog.getByTestId('curves-default')).toHaveValue(/[0-9a-f-]{36}/);
  await shot(page, 'analytics-curves-02-editor');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // A dashboard of one's own whose S-curves open back loaded.
  await page.getByTestId('dashboard-customize').click();
  const layout = page.getByTestId('dashboard-layout-dialog');
  await layout.getByLabel('Distribution curve').selectOption({ label: 'Back loaded' });
  await layout.getByRole('button', { name: 'Save' }).click();
  await expect(layout).toHaveCount(0);
  await expect(page.getByTestId('widget-cost').getByTestId('widget-curve')).toHaveValue('back_loaded');
  // The dashboard opens with it next time too; counts have no curve, cost has.
  await openScheduleNode(page, token, spaceId, NAMES);
  await expect(page.getByTestId('widget-cumulative').getByTestId('widget-curve')).toHaveCount(0);
  await page.getByTestId('widget-cumulative').getByLabel('Measure').selectOption('cost');
  await expect(page.getByTestId('widget-cumulative').getByTestId('widget-curve')).toHaveValue('back_loaded');
  await expect(page.getByTestId('widget-cost').getByTestId('widget-curve')).toHaveValue('back_loaded');
  // Back loaded by week: the mirror of front loaded, the first week 1+2+2+2+3+3+4 = 17 % of 9,000.
  const backAnswer = page.waitForResponse(
    (r) =>
      r.url().includes('analytics.series') && r.url().includes('back_loaded') && r.url().includes('week'),
  );
  await page.getByTestId('widget-cumulative').getByLabel('Period').selectOption('week');
  expect((await seriesOf(await backAnswer))[0]).toEqual(
    expect.objectContaining({ start: '2026-03-02', planTotal: 1530 }),
  );
  await page.getByTestId('widget-cumulative').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('chart-cumulative').locator('canvas')).toHaveCount(1);
  await shot(page, 'analytics-curves-03-dashboard');
});
