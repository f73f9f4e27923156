import { expect, type Page, test } from '@playwright/test';
import { openScheduleNode, openSignedIn, ownScheduleByApi, shot } from './helpers';

const header = (page: Page, title: string) =>
  page.getByTestId('wbs-grid').locator(`.wbs-head[title="${title}"]`);
const rowCount = (page: Page) => page.getByTestId('row-count');

test('layouts: a view with another column set saved as a layout, the view reset, the layout applied back; WBS group settings', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const names = { facility: 'Depot L', project: 'Yard L', schedule: 'Yard layouts' };
  const space = await ownScheduleByApi(request, 'layouts', 'Layouts', names);
  const { call, spaceId, scheduleId, v } = space;
  const top = await call.post(`${v}/wbs`, { code: 'S1', name: 'Structure' });
  await call.post(`${v}/wbs`, { code: 'E1', name: 'Excavation', parentId: top.id });
  await call.post(`${v}/wbs`, { code: 'F1', name: 'Foundations', parentId: top.id });

  await openSignedIn(page, space.token, `/${spaceId}/schedule/${scheduleId}`);
  await expect(rowCount(page)).toHaveText('3 of 3 rows', { timeout: 60_000 });
  await expect(header(page, 'Type')).toBeVisible();

  // Another column set: the type hidden.
  await page.getByTestId('columns-open').click();
  await page.getByTestId('column-chooser').getByLabel('Show Type').uncheck();
  await page.keyboard.press('Escape');
  await expect(header(page, 'Type')).toHaveCount(0);

  // Saved as a layout of the schedule.
  await page.getByTestId('layouts-open').click();
  const panel = page.getByTestId('layouts-panel');
  await panel.getByTestId('layout-name').fill('Without type');
  await panel.getByTestId('layout-save').click();
  await expect(panel.getByTestId('layout-item')).toHaveCount(1);
  await expect(panel.getByTestId('layout-item')).toContainText('Without type');
  await shot(page, 'layouts-panel');

  // The view reset: the type is back.
  await panel.getByTestId('layouts-reset').click();
  await expect(header(page, 'Type')).toBeVisible();

  // The layout applied: the type goes again, and stays after a reload (the view is the user's now).
  await panel.getByRole('button', { name: 'Apply Without type' }).click();
  await expect(header(page, 'Type')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(rowCount(page)).toHaveText('3 of 3 rows', { timeout: 60_000 });
  await expect(header(page, 'Type')).toHaveCount(0);

  // Made the schedule's default: shared, marked.
  await page.getByTestId('layouts-open').click();
  await panel.getByTestId('layout-default').click();
  await expect(panel.getByTestId('layout-item')).toContainText('default');
  const layouts = await call.get(`/space/${spaceId}/schedules/${scheduleId}/layouts`);
  expect((layouts as unknown as { isDefault: boolean; shared: boolean }[])[0]).toMatchObject({
    isDefault: true,
    shared: true,
  });

  // WBS group settings: the first level in another colour, saved for the schedule; the grid shows it.
  await panel.getByTestId('wbs-groups-open').click();
  const dialog = page.getByTestId('wbs-groups-dialog');
  await expect(dialog.getByTestId('wbs-level-1')).toBeVisible();
  await dialog.getByTestId('wbs-colour-1').fill('#ffd9a0');
  await shot(page, 'layouts-wbs-groups');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const summary = page.getByRole('row').filter({ hasText: 'Structure' }).first();
  await expect(summary).toHaveClass(/wbs-group-l1/);
  await expect(summary).toHaveCSS('background-color', 'rgb(255, 217, 160)');
  await shot(page, 'layouts-wbs-groups-grid');
  const settings = await call.get(`/space/${spaceId}/schedules/${scheduleId}/wbs-group-settings`);
  expect(settings.revision).toBe(1);
});

test('version templates: a version saved as a template, a new schedule started from it with its calendar and attributes', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const names = { facility: 'Depot T', project: 'Yard T', schedule: 'Model schedule' };
  const space = await ownScheduleByApi(request, 'templates', 'Templates', names);
  const { call, spaceId, scheduleId, v, projectId } = space;
  const day = [{ start: '08:00', finish: '17:00' }];
  const calendar = await call.post(`/space/${spaceId}/calendars`, {
    name: 'Five days',
    week: [day, day, day, day, day, [], []],
  });
  const version = await call.get(v);
  await call.patch(v, { calendarId: calendar.id, revision: version.revision });
  await call.post(`/space/${spaceId}/attributes`, { name: 'Zone', valueType: 'string', scheduleId });
  const top = await call.post(`${v}/wbs`, { code: 'S1', name: 'Structure' });
  await call.post(`${v}/wbs`, { code: 'E1', name: 'Excavation', parentId: top.id });

  // Saved as a template from the versions panel, with all its works.
  await openSignedIn(page, space.token, `/${spaceId}/schedule/${scheduleId}`);
  await expect(rowCount(page)).toHaveText('2 of 2 rows', { timeout: 60_000 });
  await page.getByTestId('panel-versions').click();
  await page.getByTestId('version-save-template').click();
  const save = page.getByTestId('template-dialog');
  await save.getByLabel('Template name').fill('Housing block');
  await save.getByTestId('template-wbs').selectOption('all');
  await shot(page, 'templates-save');
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save).toHaveCount(0);

  // A new schedule from the template in the structure.
  await openScheduleNode(page, space.token, spaceId, { facility: names.facility, schedule: names.schedule });
  await page.getByTestId(`eps-node-${names.project}`).click();
  await page.getByTestId('add-schedule').click();
  const create = page.getByTestId('eps-dialog');
  await create.getByLabel('Name').first().fill('From template');
  await create.getByTestId('schedule-template').selectOption({ label: 'Housing block' });
  await expect(create.getByTestId('template-holds')).toContainText('Five days');
  await expect(create.getByTestId('template-holds')).toContainText('Zone');
  await shot(page, 'templates-new-schedule');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toHaveCount(0);

  const nodes = (await call.get(`/space/${spaceId}/eps`)) as unknown as {
    id: string;
    name: string;
    parentId: string;
    actualVersionId: string;
  }[];
  const created = nodes.find((n) => n.name === 'From template')!;
  expect(created.parentId).toBe(projectId);
  const made = await call.get(`/space/${spaceId}/versions/${created.actualVersionId}`);
  expect(made.calendarId).toBe(calendar.id);
  expect(made.workCount).toBe(2);

  // The new schedule shows the template's works and offers its attribute as a column.
  await page.goto(`/${spaceId}/schedule/${created.id}`);
  await expect(rowCount(page)).toHaveText('2 of 2 rows', { timeout: 60_000 });
  await page.getByTestId('columns-open').click();
  await expect(page.getByTestId('column-chooser').getByLabel('Show Zone')).toBeVisible();
  await shot(page, 'templates-new-schedule-opened');
});
