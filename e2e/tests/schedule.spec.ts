import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, ownSpaceByApi, shot } from './helpers';

const WORKS = [
  'Site setup',
  'Excavation',
  'Foundation',
  'Frame',
  'Roof',
  'Walls',
  'Windows',
  'Plumbing',
  'Electrics',
  'Handover',
];
/** Finish-to-start links: a chain with Walls running beside Roof. */
const LINKS: [string, string][] = [
  ['Site setup', 'Excavation'],
  ['Excavation', 'Foundation'],
  ['Foundation', 'Frame'],
  ['Frame', 'Roof'],
  ['Frame', 'Walls'],
  ['Roof', 'Windows'],
  ['Walls', 'Windows'],
  ['Windows', 'Plumbing'],
  ['Plumbing', 'Electrics'],
  ['Electrics', 'Handover'],
];

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const cell = (page: Page, name: string, column: string) => row(page, name).locator(`[data-col="${column}"]`);

async function createNode(page: Page, kind: 'facility' | 'project' | 'schedule', name: string) {
  await page.getByTestId(`add-${kind}`).click();
  const dialog = page.getByTestId('eps-dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`eps-node-${name}`)).toHaveAttribute('aria-selected', 'true');
}

test('structure → schedule: works with links, calculation, editing, undo and version comparison', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId } = await ownSpaceByApi(request, 'planner', 'Riverside');
  await openSignedIn(page, token, `/${spaceId}`);

  // Structure: facility → project → schedule, with node info (analytics is the default tab).
  await expect(page.getByTestId('structure-page')).toBeVisible();
  await shot(page, 'schedule-01-structure-empty');
  await createNode(page, 'facility', 'Riverside towers');
  await createNode(page, 'project', 'Tower A');
  await page.getByTestId('add-group').click();
  await page.getByTestId('eps-dialog').getByLabel('Name').fill('Main works');
  await page.getByTestId('eps-dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('eps-node-Tower A').click();
  await createNode(page, 'schedule', 'Master schedule');
  const info = page.getByTestId('node-info');
  await expect(info.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('analytics-dashboard')).toBeVisible();
  await shot(page, 'schedule-02-structure-tree');
  await info.getByRole('tab', { name: 'Information' }).click();
  await expect(info.getByText('Riverside towers / Tower A / Master schedule')).toBeVisible();
  await info.getByRole('tab', { name: 'Gallery' }).click();
  await expect(info.getByText('No photos or documents yet.')).toBeVisible();

  // The schedule: project start, then ten works typed into the grid.
  await info.getByRole('link', { name: 'Open schedule' }).click();
  await expect(page.getByTestId('schedule-page')).toBeVisible();
  await expect(page.getByText('No works yet. Add the first work.')).toBeVisible();
  await page.getByTestId('panel-versions').click();
  await page.getByLabel('Project start').fill('02.03.2026');
  await page.getByTestId('version-dates-save').click();
  await expect(page.getByLabel('Project start')).toHaveValue('02.03.2026');
  await page.getByTestId('panel-versions').click();
  for (const name of WORKS) {
    await page.getByTestId('add-work').click();
    const editor = page.locator('.wbs-input');
    await expect(editor).toBeFocused();
    await editor.fill(name);
    await editor.press('Enter');
    await expect(cell(page, name, 'name')).toBeVisible();
  }
  await expect(page.getByTestId('row-count')).toHaveText('10 of 10 rows');

  // Validation: an empty name is refused in place; Escape cancels.
  await cell(page, 'Roof', 'name').dblclick();
  await page.locator('.wbs-input').fill('');
  await page.locator('.wbs-input').press('Enter');
  await expect(page.locator('.wbs-error')).toHaveText('Required field');
  // The message is on top of the rows below it, not hidden under them.
  const onTop = await page.locator('.wbs-error').evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  });
  expect(onTop).toBe(true);
  await shot(page, 'schedule-03-grid-validation');
  await page.locator('.wbs-input').press('Escape');
  await expect(page.locator('.wbs-input')).toHaveCount(0);

  // Links through the relations panel of the selected work.
  await page.getByTestId('panel-relations').click();
  for (const [predecessor, successor] of LINKS) {
    await cell(page, successor, 'code').click();
    await expect(page.getByTestId('relations-panel').getByRole('heading', { name: successor })).toBeVisible();
    await page.getByTestId('relation-work').fill(predecessor);
    await page.getByTestId('relation-add').click();
    await expect(
      page.getByTestId('relations-panel').locator('.rel-work', { hasText: predecessor }),
    ).toBeVisible();
  }
  await shot(page, 'schedule-04-relations-panel');

  // Calculate: status 1, early dates and the critical path are shown.
  await page.getByTestId('calculate').click();
  await expect(page.getByTestId('calc-status')).toHaveAttribute('data-status', '1');
  await expect(cell(page, 'Site setup', 'earlyStart')).toHaveText('02.03.2026');
  await expect(cell(page, 'Handover', 'critical')).toHaveText('Critical');
  await expect(cell(page, 'Walls', 'critical')).toHaveText('Critical');
  const handoverBefore = await cell(page, 'Handover', 'earlyFinish').textContent();
  await page.getByTestId('panel-relations').click();
  await shot(page, 'schedule-05-calculated');

  // Keyboard: arrows move the cursor, Enter edits; a longer Roof takes the critical path from Walls.
  await cell(page, 'Roof', 'duration').click();
  await page.keyboard.press('Enter');
  await page.locator('.wbs-input').fill('3');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Roof', 'duration')).toHaveText('3');
  await expect(page.getByTestId('calc-status')).toHaveAttribute('data-status', '0');
  await page.getByTestId('calculate').click();
  await expect(page.getByTestId('calc-status')).toHaveAttribute('data-status', '1');
  await expect(cell(page, 'Walls', 'critical')).toHaveText('');
  await expect(cell(page, 'Handover', 'earlyFinish')).not.toHaveText(handoverBefore ?? '');
  await shot(page, 'schedule-06-recalculated');

  // Undo the duration edit from the undo list; the list lives on the server.
  await page.getByTestId('panel-undo').click();
  await expect(page.getByTestId('undo-panel').getByText('Work changed').first()).toBeVisible();
  await shot(page, 'schedule-07-undo-panel');
  await page.getByTestId('undo-latest').click();
  await expect(cell(page, 'Roof', 'duration')).toHaveText('1');

  // A copied version, changed and compared with the first one.
  await page.getByTestId('panel-versions').click();
  await page.getByTestId('version-create').click();
  await page.getByTestId('version-dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('version-select')).toHaveValue(/.+/);
  await expect(page.getByTestId('version-Version 1 (copy)')).toHaveClass(/version-item-current/);
  await cell(page, 'Excavation', 'duration').dblclick();
  await page.locator('.wbs-input').fill('2');
  await page.locator('.wbs-input').press('Enter');
  await expect(cell(page, 'Excavation', 'duration')).toHaveText('2');
  await cell(page, 'Handover', 'code').click();
  await page.keyboard.press('Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('row-count')).toHaveText('9 of 9 rows');
  await page.getByTestId('compare').click();
  const compare = page.getByTestId('compare-dialog');
  await expect(compare.getByText('1 removed')).toBeVisible();
  await expect(compare.getByRole('row', { name: /Work changed A\d+ Excavation/ })).toBeVisible();
  await expect(compare.getByText('Relation removed')).toBeVisible();
  await shot(page, 'schedule-08-comparison');
  const download = page.waitForEvent('download');
  await compare.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  await compare.getByRole('button', { name: 'Close' }).first().click();

  // A locked version refuses edits.
  await page.getByTestId('version-Version 1 (copy)').getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByText('This version is locked')).toBeVisible();
  await expect(page.getByTestId('add-work')).toBeDisabled();
  await shot(page, 'schedule-09-locked');

  // The filter query parameters.
  await page.goto(
    `/${spaceId}/schedule/${page.url().split('/schedule/')[1]!.split('?')[0]}?filter_indicator=critical`,
  );
  await expect(page.getByTestId('row-count')).toContainText('of 10 rows');
  await shot(page, 'schedule-10-filter-critical');
});

test('calendars, attributes, directories and view settings screens', async ({ page, request }) => {
  const { token, spaceId } = await ownSpaceByApi(request, 'setup', 'Setup');
  await openSignedIn(page, token, `/${spaceId}/calendars`);

  await page.getByTestId('calendar-create').click();
  await expect(page.getByTestId('work-week')).toBeVisible();
  await page.getByLabel('Working hours of Sat').fill('09:00-14:00');
  await page.getByLabel('Working hours of Sat').blur();
  await page.locator('.month-day').nth(10).click();
  await expect(page.locator('.month-day-exception')).toHaveCount(1);
  await page.getByTestId('calendar-save').click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await shot(page, 'screens-01-calendars');

  await page.goto(`/${spaceId}/attributes`);
  await page.getByTestId('attribute-create').click();
  await page.getByTestId('attribute-dialog').getByLabel('Name').fill('Crew size');
  await page.getByTestId('attribute-dialog').getByLabel('Value type').selectOption('number');
  await page.getByTestId('attribute-dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'Crew size' })).toBeVisible();
  await shot(page, 'screens-02-attributes');

  await page.goto(`/${spaceId}/directories`);
  await page.getByTestId('directory-create').click();
  await page.getByTestId('directory-dialog').getByLabel('Name').fill('Crews');
  await page.getByTestId('directory-dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('value-create').click();
  await page.getByTestId('directory-dialog').getByLabel('Name').fill('Concrete crew 1');
  await page.getByTestId('directory-dialog').getByLabel('Code').fill('C1');
  await page.getByTestId('directory-dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'Concrete crew 1', exact: true })).toBeVisible();
  await shot(page, 'screens-03-directories');

  await page.goto(`/${spaceId}/viewsettings`);
  await page.getByLabel('Show Calendar').check();
  await page.getByLabel('Move Code down').click();
  await expect(page.getByTestId('column-list').locator('.column-row').first()).toContainText('Name');
  await shot(page, 'screens-04-viewsettings');
});
