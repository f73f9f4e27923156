import { expect, type Page, test } from '@playwright/test';
import { api, createSpaceByApi, newUser, openSignedIn, registerByApi, shot } from './helpers';

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const cell = (page: Page, name: string, column: string) => row(page, name).locator(`[data-col="${column}"]`);

/** Columns shown in this spec (the user's column settings in local storage). */
const COLUMNS = [
  ['code', 60],
  ['name', 200],
  ['type', 120],
  ['approvedStart', 110],
  ['factStart', 96],
  ['factFinish', 96],
  ['factVolume', 112],
  ['unit', 64],
  ['startLimit', 150],
  ['finishLimit', 150],
  ['executor', 130],
  ['status', 110],
  ['totalFloat', 100],
] as const;

async function edit(page: Page, name: string, column: string, text: string) {
  await cell(page, name, column).dblclick();
  const editor = page.locator('.wbs-input');
  await editor.fill(text);
  await editor.press('Enter');
}

async function pick(page: Page, name: string, column: string, label: string) {
  await cell(page, name, column).dblclick();
  await page.locator('select.wbs-input').selectOption({ label });
}

test('schedule fields: baseline, actual, volumes, constraints, members, type; bulk edit, checks, external links', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = newUser('fields');
  const token = await registerByApi(request, user);
  const spaceId = await createSpaceByApi(request, token, 'Fields');
  const rest = api(request, token);
  const me = await rest.get('/users/who-am-i');
  const s = `/space/${spaceId}`;
  const facility = await rest.post(`${s}/eps`, { kind: 'facility', name: 'Harbour' });
  const project = await rest.post(`${s}/eps`, { kind: 'project', name: 'Pier', parentId: facility.id });
  const schedule = await rest.post(`${s}/eps`, {
    kind: 'schedule',
    name: 'Pier works',
    parentId: project.id,
  });
  const site = await rest.post(`${s}/eps`, { kind: 'schedule', name: 'Site works', parentId: project.id });
  const crew = await rest.post(`${s}/attributes`, {
    name: 'Crew size',
    valueType: 'number',
    scheduleId: schedule.id,
  });
  const [version] = (await rest.get(`${s}/schedules/${schedule.id}/versions`)) as unknown as { id: string }[];
  const [siteVersion] = (await rest.get(`${s}/schedules/${site.id}/versions`)) as unknown as { id: string }[];
  for (const [code, name] of [
    ['1', 'Piles'],
    ['2', 'Deck'],
    ['3', 'Railings'],
  ])
    await rest.post(`${s}/versions/${version!.id}/wbs`, { code, name, durationMinutes: 480 });
  await rest.post(`${s}/versions/${siteVersion!.id}/wbs`, {
    code: 'S1',
    name: 'Survey',
    durationMinutes: 480,
  });
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    `takt.grid-columns.${me.id}`,
    JSON.stringify(COLUMNS.map(([key, width]) => ({ key, visible: true, width }))),
  ] as const);
  await openSignedIn(page, token, `/${spaceId}/schedule/${schedule.id}`);
  await expect(page.getByTestId('row-count')).toHaveText('3 of 3 rows');

  // Baseline and actual dates in the input formats of validation rules; a wrong date is refused in place.
  await edit(page, 'Piles', 'approvedStart', '2.3.26');
  await expect(cell(page, 'Piles', 'approvedStart')).toHaveText('02.03.2026');
  await edit(page, 'Piles', 'factStart', '31.02.2026');
  await expect(page.locator('.wbs-error')).toHaveText('Invalid date');
  await page.locator('.wbs-input').fill('04.03.2026');
  await page.locator('.wbs-input').press('Enter');
  await expect(cell(page, 'Piles', 'factStart')).toHaveText('04.03.2026');
  await edit(page, 'Piles', 'factFinish', '01.03.2026');
  await expect(page.locator('.wbs-error')).toHaveText('The start must not be later than the finish');
  await shot(page, 'schedule-fields-01-date-order');
  await page.locator('.wbs-input').fill('06.03.2026');
  await page.locator('.wbs-input').press('Enter');
  await expect(cell(page, 'Piles', 'factFinish')).toHaveText('06.03.2026');

  // Volumes with a decimal comma, and the unit.
  await edit(page, 'Piles', 'unit', 'm3');
  await edit(page, 'Piles', 'factVolume', '12,5');
  await expect(cell(page, 'Piles', 'factVolume')).toHaveText('12.5 m3');
  await edit(page, 'Deck', 'factVolume', 'lots');
  await expect(page.locator('.wbs-error')).toHaveText('Enter a number');
  await page.locator('.wbs-input').press('Escape');

  // A start constraint: type and date; the name shows its badge.
  await cell(page, 'Deck', 'startLimit').dblclick();
  await page.getByLabel('Constraint type').selectOption({ label: 'Not earlier than' });
  await page.getByLabel('Constraint date').fill('10.03.2026');
  await shot(page, 'schedule-fields-02-constraint-editor');
  await page.getByLabel('Constraint date').press('Enter');
  await expect(cell(page, 'Deck', 'startLimit')).toHaveText('≥ 10.03.2026');
  await expect(cell(page, 'Deck', 'name').getByTestId('pin-start')).toHaveText('S≥');

  // Selects: work type (all six), executor from the space members, status.
  await cell(page, 'Railings', 'type').dblclick();
  await expect(page.locator('select.wbs-input option')).toHaveCount(6);
  await page.locator('select.wbs-input').selectOption({ label: 'Finish milestone' });
  await expect(cell(page, 'Railings', 'type')).toHaveText('Finish milestone');
  // A type change reloads the payload; let it land before the next edit.
  await page.waitForLoadState('networkidle');
  await pick(page, 'Deck', 'executor', `${user.firstName} ${user.lastName}`);
  await expect(cell(page, 'Deck', 'executor')).toHaveText(`${user.firstName} ${user.lastName}`);
  await pick(page, 'Deck', 'status', 'In progress');
  await expect(cell(page, 'Deck', 'status')).toHaveText('In progress');
  await page.getByTestId('calculate').click();
  await expect(page.getByTestId('calc-status')).toHaveAttribute('data-status', '1');
  await shot(page, 'schedule-fields-03-edited');

  // Edits survive a reload (approved dates and constraints come from works.planDetails).
  await page.reload();
  await expect(cell(page, 'Piles', 'approvedStart')).toHaveText('02.03.2026');
  await expect(cell(page, 'Deck', 'startLimit')).toHaveText('≥ 10.03.2026');
  await expect(cell(page, 'Piles', 'factVolume')).toHaveText('12.5 m3');
  await shot(page, 'schedule-fields-04-reloaded');

  // Checked state: check all visible rows, uncheck one; it is stored per user and survives a reload.
  await page.getByTestId('check-all').check();
  await expect(page.getByTestId('checked-count')).toHaveText('3 checked');
  await page.getByLabel('Check Railings').uncheck();
  await expect(page.getByTestId('checked-count')).toHaveText('2 checked');
  await expect(page.getByTestId('check-all')).not.toBeChecked();
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.getByTestId('checked-count')).toHaveText('2 checked');
  await expect(page.getByLabel('Check Piles')).toBeChecked();
  await expect(page.getByLabel('Check Railings')).not.toBeChecked();

  // Bulk edit: one field for the selected works, validated first, one undo action.
  await cell(page, 'Piles', 'code').click();
  await cell(page, 'Deck', 'code').click({ modifiers: ['Shift'] });
  await page.getByTestId('bulk-edit').click();
  const bulk = page.getByTestId('bulk-dialog');
  await expect(bulk.getByRole('heading', { name: 'Edit 2 works' })).toBeVisible();
  await bulk.getByLabel('Field').selectOption({ label: 'Finish constraint' });
  await bulk.getByLabel('Constraint type').selectOption({ label: 'Not later than' });
  await bulk.getByLabel('Constraint date').fill('40.04.2026');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(bulk.getByRole('alert')).toHaveText('Invalid date');
  await bulk.getByLabel('Constraint date').fill('30.04.2026');
  await shot(page, 'schedule-fields-05-bulk-dialog');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(bulk).toBeHidden();
  await expect(cell(page, 'Piles', 'finishLimit')).toHaveText('≤ 30.04.2026');
  await expect(cell(page, 'Deck', 'finishLimit')).toHaveText('≤ 30.04.2026');
  await expect(cell(page, 'Railings', 'finishLimit')).toHaveText('');
  await page.getByTestId('bulk-edit').click();
  await bulk.getByLabel('Field').selectOption({ label: 'Status' });
  await bulk.getByLabel('Value').selectOption({ label: 'Completed' });
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(cell(page, 'Piles', 'status')).toHaveText('Completed');
  await expect(cell(page, 'Deck', 'status')).toHaveText('Completed');
  // A custom attribute is set in bulk too, its value checked by the attribute's type.
  await page.getByTestId('bulk-edit').click();
  await bulk.getByLabel('Field').selectOption({ label: 'Crew size' });
  await bulk.getByLabel('Value').fill('six');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(bulk.getByText('Enter a number')).toBeVisible();
  await bulk.getByLabel('Value').fill('6');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(bulk).toBeHidden();
  const crewOf = async () =>
    Object.fromEntries(
      (
        (await rest.get(`${s}/versions/${version!.id}/wbs`)) as unknown as {
          name: string;
          attributes: Record<string, unknown>;
        }[]
      ).map((w) => [w.name, w.attributes[crew.id as string] ?? null]),
    );
  expect(await crewOf()).toMatchObject({ Piles: 6, Deck: 6, Railings: null });
  await page.getByTestId('panel-undo').click();
  await page.getByTestId('undo-latest').click();
  await expect.poll(crewOf).toMatchObject({ Piles: null, Deck: null });
  await page.getByTestId('panel-undo').click();
  await page.getByTestId('panel-undo').click();
  await expect(page.getByTestId('undo-panel').getByText('Works changed')).toHaveCount(2);
  await page.getByTestId('undo-latest').click();
  await expect(cell(page, 'Piles', 'status')).toHaveText('Not started');
  await expect(cell(page, 'Deck', 'status')).toHaveText('In progress');
  await page.getByTestId('panel-undo').click();
  await shot(page, 'schedule-fields-06-checked-and-bulk');

  // A predecessor from another schedule, found by name; shown as an external link.
  await page.getByTestId('panel-relations').click();
  await cell(page, 'Deck', 'code').click();
  const panel = page.getByTestId('relations-panel');
  await panel.getByTestId('relation-scope').selectOption({ label: 'Other schedules' });
  await panel.getByTestId('relation-work').fill('surv');
  await panel
    .getByTestId('relation-found')
    .getByRole('button', { name: /S1 Survey/ })
    .click();
  await panel.getByTestId('relation-add').click();
  const external = panel.locator('tr[data-external]');
  await expect(external).toContainText('External');
  await expect(external).toContainText('S1 Survey');
  await expect(external).toContainText('Site works · Version 1');
  await shot(page, 'schedule-fields-07-external-link');
  await page.reload();
  await expect(page.getByTestId('row-count')).toHaveText('3 of 3 rows');
  await page.getByTestId('panel-relations').click();
  await cell(page, 'Deck', 'code').click();
  await expect(page.getByTestId('relations-panel').locator('tr[data-external]')).toContainText('S1 Survey');
  await page.getByTestId('panel-relations').click();

  // A locked version opens no editor.
  await rest.post(`${s}/versions/${version!.id}/setLocked`, { locked: true });
  await page.reload();
  await expect(page.getByText('This version is locked')).toBeVisible();
  for (const column of ['approvedStart', 'startLimit', 'factVolume', 'executor', 'type']) {
    await cell(page, 'Deck', column).dblclick();
    await expect(page.locator('.wbs-input')).toHaveCount(0);
  }
  await expect(page.getByTestId('bulk-edit')).toBeDisabled();
  await rest.post(`${s}/versions/${version!.id}/setLocked`, { locked: false });
  await page.reload();
  await expect(page.getByText('This version is locked')).toBeHidden();
});
