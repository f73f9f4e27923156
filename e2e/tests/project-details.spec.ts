import { expect, test } from '@playwright/test';
import { openSignedIn, ownScheduleByApi, shot } from './helpers';

const NAMES = { facility: 'Card site', project: 'Card tower', schedule: 'Card works' };

test('the project card: details, settings, calculation, a link and a copy; a passport; empty works and activity', async ({
  page,
  request,
}) => {
  const { token, spaceId, call, v, scheduleId } = await ownScheduleByApi(
    request,
    'project-card',
    'Card space',
    NAMES,
  );
  const facility = (await call.get(`/space/${spaceId}/eps`)) as unknown as { id: string; name: string }[];
  const facilityId = facility.find((n) => n.name === NAMES.facility)!.id;
  await call.post(`/space/${spaceId}/eps`, { kind: 'project', name: 'Card utilities', parentId: facilityId });
  const frame = await call.post(`${v}/wbs`, { name: 'Frame', code: 'F', type: 'sum' });
  await call.post(`${v}/wbs`, {
    parentId: frame.id,
    name: 'Columns',
    durationMinutes: 2400,
    planStart: '2025-03-03T08:00',
    planVolume: 12,
  });
  await call.post(`${v}/wbs`, { parentId: frame.id, name: 'Slabs', durationMinutes: 0 });

  await openSignedIn(page, token, `/${spaceId}`);
  await page.getByTestId(`eps-node-${NAMES.facility}`).click();
  await page.getByTestId(`eps-node-${NAMES.project}`).click();

  // the passport of the project in its node info
  await page.getByRole('tab', { name: 'Information' }).click();
  await expect(page.getByTestId('passport')).toContainText('No passport file');
  await page.getByTestId('passport-input').setInputFiles({
    name: 'tower-passport.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 passport'),
  });
  await expect(page.getByTestId('passport-file')).toContainText('tower-passport.pdf');
  await shot(page, 'project-01-passport');

  // the card: details
  await page.getByTestId('open-project-card').click();
  const dialog = page.getByTestId('project-dialog');
  await expect(dialog.getByTestId('project-details')).toContainText('Card works');
  await shot(page, 'project-02-details');

  // settings saved
  await dialog.getByRole('tab', { name: 'Settings' }).click();
  await dialog.getByLabel('Customer').fill('City works');
  await dialog.getByLabel('Planned start').fill('2025-03-01');
  await dialog.getByTestId('project-settings-save').click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await shot(page, 'project-03-settings');

  // calculation settings
  await dialog.getByRole('tab', { name: 'Calculation' }).click();
  await dialog.getByLabel('Resource scenario of new versions').selectOption('6');
  await dialog.getByLabel('Works without successors are critical').check();
  await dialog.getByTestId('project-calculation-save').click();
  await expect(dialog.getByTestId('project-calculation')).toContainText('1 versions follow these settings');
  await shot(page, 'project-04-calculation');

  // a link to the other project
  await dialog.getByRole('tab', { name: 'Links' }).click();
  await dialog.getByLabel('Project', { exact: true }).selectOption({ label: 'Card utilities' });
  await dialog.getByTestId('project-link-add').click();
  await expect(dialog.getByTestId('project-link')).toContainText('Depends on Card utilities');
  await shot(page, 'project-05-links');

  // a copy, selected in the tree
  await dialog.getByRole('tab', { name: 'Details' }).click();
  await dialog.getByLabel('Name of the copy').fill('Card tower B');
  await dialog.getByTestId('project-copy').click();
  await expect(page.getByTestId('eps-node-Card tower B')).toBeVisible();

  // the schedule's empty works and activity
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await expect(page.getByTestId('calc-status')).toBeVisible();
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Check empty works…' }).click();
  await page.getByTestId('empty-works-run').click();
  await expect(page.getByTestId('empty-works-duration')).toContainText('1 of 2 works');
  await expect(page.getByTestId('empty-works-duration')).toContainText('Slabs');
  await shot(page, 'project-07-empty-works');
  await page.getByTestId('open-activities').click();
  await expect(page.getByTestId('activities').locator('li').first()).toBeVisible();
  await shot(page, 'project-08-activities');
});
