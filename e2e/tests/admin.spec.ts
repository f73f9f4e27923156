import { expect, test } from '@playwright/test';
import { createSpaceByApi, newUser, openSignedIn, registerByApi, shot } from './helpers';

test('administration: invite a user, manage roles, change settings, delegate rights', async ({
  page,
  request,
}) => {
  const owner = newUser('owner');
  const colleague = newUser('colleague');
  const token = await registerByApi(request, owner);
  await registerByApi(request, colleague);
  const spaceId = await createSpaceByApi(request, token, 'Bridge 7');

  await openSignedIn(page, token, `/${spaceId}/admin`);
  await expect(page.getByTestId('admin-page')).toBeVisible();

  // Users: invite by login with a role, change the role.
  const invite = page.getByTestId('invite-form');
  await invite.getByLabel('Login', { exact: true }).fill(colleague.login);
  await invite.getByLabel('Role', { exact: true }).selectOption({ label: 'Planner' });
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`User ${colleague.login} was invited`)).toBeVisible();
  const row = page.getByTestId(`member-${colleague.login}`);
  await expect(row).toContainText(colleague.email);
  await row.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Executor' });
  await expect(page.getByText('The role was changed')).toBeVisible();
  await invite.getByLabel('Login', { exact: true }).fill('no-such-login-anywhere');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.locator('.notice-error')).toBeVisible();
  await shot(page, 'admin-users');

  // Roles: create a custom role with abilities, rename it, delete it.
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page.getByTestId('roles')).toContainText('Administrator');
  await page.getByLabel('Name', { exact: true }).fill('Estimator');
  await page.getByRole('checkbox', { name: 'View schedules' }).check();
  await page.getByRole('checkbox', { name: 'Export' }).check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('The role was created')).toBeVisible();
  const role = page.getByTestId('role-Estimator');
  await role.getByRole('button', { name: /Estimator/ }).click();
  await expect(role.getByRole('checkbox', { name: 'Export' })).toBeChecked();
  await role.getByRole('checkbox', { name: 'Print' }).check();
  await role.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The role was saved')).toBeVisible();
  await shot(page, 'admin-roles');
  await role.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Delete the role “Estimator”?');
  await shot(page, 'confirm-dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The role was deleted')).toBeVisible();
  await expect(page.getByTestId('role-Estimator')).toHaveCount(0);

  // Settings: integers only, the IP allowlist is checked, the space is renamed.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const idle = page.getByLabel('Idle timeout, minutes');
  await idle.fill('');
  await idle.pressSequentially('4.5');
  await expect(idle).toHaveValue('45');
  await page.getByLabel('Editing period, days').fill('14');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Idle timeout, minutes')).toHaveValue('45');
  await expect(page.getByLabel('Editing period, days')).toHaveValue('14');
  await page.getByLabel('Space name').fill('Bridge 7 North');
  await page.getByRole('button', { name: 'Save' }).nth(1).click();
  await expect(page.getByText('The space was renamed')).toBeVisible();
  await expect(page.locator('.space-chip')).toContainText('Bridge 7 North');
  await shot(page, 'admin-settings');

  // Delegations: give the colleague some rights until a date, then take them back.
  await page.getByRole('tab', { name: 'Delegations' }).click();
  await page
    .getByLabel('To user')
    .selectOption({ label: `${colleague.firstName} ${colleague.lastName} (${colleague.login})` });
  await page.getByLabel('Valid until').fill('31.12.2099');
  await page.getByRole('checkbox', { name: 'View schedules' }).check();
  await page.getByRole('button', { name: 'Delegate rights' }).click();
  await expect(page.getByText('The rights were delegated')).toBeVisible();
  await expect(page.getByTestId('delegations-given')).toContainText('31.12.2099');
  await shot(page, 'admin-delegations');
  await page.getByTestId('delegations-given').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The delegation was removed')).toBeVisible();

  // Licence.
  await page.getByRole('tab', { name: 'Licence' }).click();
  await expect(page.getByTestId('licence')).toContainText('Free');
  // Seats used of allowed, shown by the current licence's bar and again in the list of licences.
  await expect(page.getByText('2 of 5')).toHaveCount(2);
  await shot(page, 'admin-licence');
});

test('deleting a space asks for confirmation and shows the progress', async ({ page, request }) => {
  const owner = newUser('deleter');
  const token = await registerByApi(request, owner);
  const spaceId = await createSpaceByApi(request, token, 'Short lived');
  await openSignedIn(page, token, `/${spaceId}/admin?tab=settings`);
  await page.getByRole('button', { name: 'Delete space' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete the space “Short lived”?');
  const confirmButton = dialog.getByRole('button', { name: 'Delete space' });
  await expect(confirmButton).toBeDisabled();
  await dialog
    .getByRole('checkbox', { name: 'I understand that all data of the space will be lost' })
    .check();
  await confirmButton.click();
  await expect(page).toHaveURL(/\/auth\/select-space$/, { timeout: 30_000 });
  await expect(page.getByTestId('space-card').filter({ hasText: 'Short lived' })).toHaveCount(0);
});
