import { expect, test } from '@playwright/test';
import {
  api,
  createSpaceByApi,
  newUser,
  openSignedIn,
  ownSpaceByApi,
  registerByApi,
  scheduleByApi,
  shot,
  updateVersionByApi,
} from './helpers';

type Json = Record<string, unknown>;

// British English: weeks from Monday, as `monday()` below counts them (in the United States the docks'
// weeks start on Sunday, which on a Sunday would put this Monday in the week before)
test.use({ locale: 'en-GB' });

/** The Monday of the current week, `YYYY-MM-DD` (the daily plan and timesheet open on this week). */
function monday(): string {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

test('resources: the directory, an assignment in the schedule, a daily plan, the histogram with leveling, a timesheet', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, call } = await ownSpaceByApi(request, 'res', 'Resources');
  const s = `/space/${spaceId}`;
  const me = await call.get('/users/who-am-i');

  // ── the resources screen: a crew with a limited availability ──────────────────────────────────
  await openSignedIn(page, token, `/${spaceId}/resources`);
  await expect(page.getByTestId('resources-page')).toBeVisible();
  await page.getByTestId('resource-create').click();
  const editor = page.getByTestId('resource-editor');
  await editor.getByLabel('Name', { exact: true }).fill('Steel erection crew');
  await editor.getByLabel('Code', { exact: true }).fill('CR-1');
  await editor.getByLabel('Kind', { exact: true }).selectOption('labour');
  await editor.getByLabel('Unit', { exact: true }).fill('people');
  await editor.getByLabel('Price', { exact: true }).fill('45');
  await editor.getByLabel('Units per day', { exact: true }).fill('10');
  await editor.getByTestId('resource-save').click();
  await expect(page.getByTestId('resource-row').filter({ hasText: 'CR-1' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${spaceId}/resources/[0-9a-f-]{36}`));
  await call.post(`${s}/resources`, {
    name: 'Concrete C30',
    code: 'BT-30',
    kind: 'volume',
    unit: 'm³',
    price: 95,
  });
  await page.reload();
  await expect(page.getByTestId('resource-row')).toHaveCount(2);
  // The address's filter and filter_indicator parameters filter the directory.
  await page.goto(`/${spaceId}/resources?filter=crew&filter_indicator=labour`);
  await expect(page.getByTestId('resource-row')).toHaveCount(1);
  await expect(page.getByTestId('resources-filter')).toHaveValue('crew');
  await shot(page, 'resources-01-directory');

  // ── a schedule of two parallel works with dates ───────────────────────────────────────────────
  const { scheduleId, v } = await scheduleByApi(call, spaceId, {
    facility: 'Depot',
    project: 'Hall A',
    schedule: 'Erection',
  });
  const start = monday();
  await updateVersionByApi(call, v, { projectStart: `${start}T08:00` });
  const columns = await call.post(`${v}/wbs`, {
    name: 'Columns',
    code: 'E-1',
    durationMinutes: 3 * 480,
    planVolume: 30,
    unit: 'm³',
    executorId: me.id,
    curatorId: me.id,
  });
  await call.post(`${v}/wbs`, { name: 'Beams', code: 'E-2', durationMinutes: 3 * 480 });
  await call.post(`${v}/calculate`, {});
  const crew = ((await call.get(`${s}/resources?filter=CR-1`)) as unknown as Json[])[0]!;

  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await expect(page.getByTestId('schedule-page')).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'Columns' }).first().click();
  await page.getByTestId('panel-assignments').click();
  const panel = page.getByTestId('assignments-panel');
  await expect(panel).toContainText('E-1 Columns');
  await panel.getByTestId('assignment-resource').selectOption({ label: 'CR-1 Steel erection crew, people' });
  await panel.getByTestId('assignment-quantity').fill('24');
  await panel.getByTestId('assignment-add').click();
  await expect(panel.getByTestId('assignment')).toHaveCount(1);
  await expect(panel.getByTestId('assignment-planQuantity')).toHaveValue('24');
  await shot(page, 'resources-02-assignment');

  // The second work gets the crew through the API too: 2 × 8 people a day, over the 10 available.
  const beams = ((await call.get(`${v}/wbs`)) as unknown as Json[]).find((w) => w.code === 'E-2')!;
  await call.post(`${v}/assignment`, { workId: beams.id, resourceId: crew.id, planQuantity: 24 });

  // ── the daily plan of the week ───────────────────────────────────────────────────────────────
  await page.getByTestId('panel-assignments').click();
  await expect(panel).toBeHidden();
  await page.getByTestId('dock-daily_plan').click();
  const wdp = page.getByTestId('wdp-dock');
  const columnsRow = wdp.getByTestId('wdp-row').filter({ hasText: 'Columns' });
  await expect(columnsRow).toBeVisible();
  await columnsRow.getByTestId('wdp-planning').click();
  await expect(columnsRow.getByTestId('wdp-planning')).toBeChecked();
  const day = `${start.slice(8, 10)}.${start.slice(5, 7)}.${start.slice(0, 4)}`;
  await wdp.getByLabel(`Plan of Columns on ${day}`).fill('10');
  await wdp.getByLabel(`Fact of Columns on ${day}`).fill('12');
  await wdp.getByLabel(`Fact of Columns on ${day}`).blur();
  await expect
    .poll(async () => {
      const list = await call.get(`${v}/wdp?from=${start}&to=${start}`);
      return (list.rows as { workId: string; values: Json[] }[]).find((r) => r.workId === columns.id)?.values;
    })
    .toEqual([{ date: start, planVolume: 10, factVolume: 12 }]);
  await shot(page, 'resources-03-daily-plan');

  // ── the histogram under the Gantt: over-allocation marked, then leveled ──────────────────────
  await page.getByTestId('dock-histogram').click();
  const legend = page.getByTestId('histogram-legend');
  await expect(legend).toBeVisible();
  await expect(page.getByTestId('histogram-chart').locator('canvas')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('histogram-over')).toContainText('16 of 10 people');
  await shot(page, 'resources-04-histogram');
  await legend.getByTestId('histogram-level').click();
  const dialog = page.getByTestId('leveling-dialog');
  await expect(dialog.getByTestId('leveling-moves').getByRole('row')).toHaveCount(2);
  await expect(dialog.getByTestId('leveling-moves')).toContainText('CR-1 Steel erection crew is short on');
  await shot(page, 'resources-05-leveling-preview');
  await dialog.getByRole('button', { name: /Apply/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('histogram-fits')).toBeVisible();
  await shot(page, 'resources-06-leveled');

  // ── a timesheet: hours on the work, submitted to its curator, approved ───────────────────────
  await page.getByTestId('dock-timesheet').click();
  const sheet = page.getByTestId('timesheet-dock');
  await sheet.getByLabel(`Hours on Columns on ${day}`).fill('8');
  await sheet.getByLabel(`Hours on Columns on ${day}`).blur();
  await expect(sheet.getByTestId('timesheet-submit')).toBeEnabled();
  await sheet.getByTestId('timesheet-submit').click();
  await expect(sheet.getByLabel(`Hours on Columns on ${day}`)).toBeDisabled();
  await sheet.getByTestId('timesheet-mode-accept').click();
  await sheet.getByTestId('timesheet-approve').first().click();
  await expect(sheet.getByTestId('timesheet-accept')).toContainText('approved');
  await shot(page, 'resources-07-timesheet');

  // ── resource columns in the grid ─────────────────────────────────────────────────────────────
  await page.evaluate(([key, columns]) => localStorage.setItem(key, columns), [
    `takt.grid-columns.${me.id as string}`,
    JSON.stringify(
      ['code', 'name', 'resources', 'labour', 'cost'].map((k) => ({ key: k, visible: true, width: 120 })),
    ),
  ] as const);
  await page.reload();
  const columnsCells = page.getByRole('row').filter({ hasText: 'Columns' }).first();
  await expect(columnsCells.locator('[data-col="resources"]')).toHaveText('CR-1');
  await expect(columnsCells.locator('[data-col="labour"]')).toHaveText('24');
  await expect(columnsCells.locator('[data-col="cost"]')).toHaveText('1080');
  await shot(page, 'resources-08-grid-columns');

  // ── the node info tabs of the schedule ───────────────────────────────────────────────────────
  await page.goto(`/${spaceId}`);
  await page.getByTestId('eps-node-Erection').click();
  await page.getByRole('tab', { name: 'Assignments' }).click();
  await expect(page.getByTestId('node-assignments')).toContainText('CR-1 Steel erection crew');
  await page.getByRole('tab', { name: 'Daily planning' }).click();
  await expect(page.getByTestId('node-daily-planning')).toContainText('E-1 Columns');
  await page.getByRole('tab', { name: 'Timesheets' }).click();
  await expect(page.getByTestId('node-timesheets')).toContainText('E-1 Columns');
  await shot(page, 'resources-09-node-info');
});

test('resources in Russian: the directory, the histogram and the daily plan fit their texts', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await registerByApi(request, newUser('resru'));
  const call = api(request, token);
  await call.put('/users', { language: 'ru' });
  const spaceId = await createSpaceByApi(request, token, 'Ресурсы');
  const s = `/space/${spaceId}`;
  const crew = await call.post(`${s}/resources`, {
    name: 'Бригада монтажников каркаса',
    code: 'БР-1',
    kind: 'labour',
    unit: 'чел.',
    price: 1200,
    unitsPerDay: 12,
    periods: [{ from: '2026-01-01', until: '2026-03-31', unitsPerDay: 8 }],
  });
  await call.post(`${s}/resources`, {
    name: 'Бетон B30',
    code: 'БТ-30',
    kind: 'volume',
    unit: 'м³',
    price: 7400,
  });
  await call.post(`${s}/resources`, {
    name: 'Кран башенный',
    code: 'КБ-1',
    kind: 'cost',
    unit: 'маш.-ч',
    price: 3500,
  });
  const { scheduleId, v } = await scheduleByApi(call, spaceId, {
    facility: 'ЖК Река',
    project: 'Корпус 1',
    schedule: 'Каркас',
  });
  await updateVersionByApi(call, v, { projectStart: `${monday()}T08:00` });
  for (const [code, name, days] of [
    ['К-1', 'Колонны 1 этажа', 4],
    ['К-2', 'Перекрытие 1 этажа', 5],
    ['К-3', 'Колонны 2 этажа', 4],
  ] as const) {
    const w = await call.post(`${v}/wbs`, {
      code,
      name,
      durationMinutes: days * 480,
      planVolume: days * 20,
      unit: 'м³',
    });
    await call.post(`${v}/assignment`, { workId: w.id, resourceId: crew.id, planQuantity: days * 7 });
  }
  await call.post(`${v}/calculate`, {});

  const mason = await call.post(`${s}/specialties`, { name: 'Монтажник', code: 'МК' });
  await call.post(`${s}/specialties`, { name: 'Бетонщик' });
  const me = await call.get('/users/who-am-i');
  await call.put(`${s}/user-specialties/${me.id as string}`, { specialtyIds: [mason.id] });
  await openSignedIn(page, token, `/${spaceId}/resources/${crew.id as string}`);
  await expect(page.getByTestId('resource-editor')).toBeVisible();
  await expect(page.getByTestId('resources-page')).toContainText('Трудозатраты');
  await shot(page, 'resources-ru-01-directory');
  await page.getByRole('tab', { name: 'Специальности' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Монтажник' })).toBeVisible();
  await page.getByRole('tab', { name: 'Исполнители' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Монтажник' })).toBeVisible();
  await shot(page, 'resources-ru-04-executors');

  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await page.getByTestId('dock-histogram').click();
  await expect(page.getByTestId('histogram-chart').locator('canvas')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('histogram-over')).toContainText('при доступных');
  await shot(page, 'resources-ru-02-histogram');
  await page.getByTestId('dock-daily_plan').click();
  await expect(page.getByTestId('wdp-row')).toHaveCount(3);
  await shot(page, 'resources-ru-03-daily-plan');
});
