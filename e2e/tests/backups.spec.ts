import { expect, test } from '@playwright/test';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

interface Node {
  id: string;
  kind: string;
  name: string;
}

test('backups: take a project’s backup on the administration screen, restore it over the project, bring the deleted project back, restore a copy, schedule a backup job', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const space = await demoSpaceByApi(request, 'backups', 'Backups');
  const eps = async () => (await space.call.get(`/space/${space.spaceId}/eps`)) as unknown as Node[];
  const project = (await eps()).find((n) => n.kind === 'project')!;

  await openSignedIn(page, space.token, `/${space.spaceId}/admin?tab=backups`);
  const tab = page.getByTestId('backups-tab');
  await expect(tab).toBeVisible();
  await expect(tab).toContainText('No backups yet.');

  // Take the project's backup: it is listed, taken by whom, and becomes ready with its size.
  await page.getByTestId('backup-project-select').selectOption({ label: project.name });
  await page.getByTestId('backup-project').click();
  const rows = page.getByTestId('backups').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Project “${project.name}”`);
  await expect(rows.first()).toContainText('Ready', { timeout: 120_000 });
  await expect(rows.first()).toContainText(/\d+ (KB|MB)/);
  await shot(page, 'backups-list');

  // Over the project: the dialog asks for a confirmation before anything is replaced.
  await rows.first().getByTestId('backup-restore').click();
  const dialog = page.getByTestId('restore-dialog');
  await expect(dialog).toContainText(`Replace “${project.name}” with the backup`);
  await expect(dialog).toContainText('This cannot be undone');
  await shot(page, 'backups-restore-confirm');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByTestId('restore-outcome')).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'I understand that the current data will be replaced' }).check();
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByTestId('restore-outcome')).toContainText(/The backup of .+ has been restored/, {
    timeout: 120_000,
  });
  await shot(page, 'backups-restored');
  await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();

  // The project deleted: the backup brings it back, no confirmation needed.
  const deleted = await request.delete(`/api/v1/space/${space.spaceId}/eps/${project.id}?confirm=true`, {
    headers: { Authorization: `Bearer ${space.token}` },
  });
  expect(deleted.ok()).toBe(true);
  expect((await eps()).some((n) => n.id === project.id)).toBe(false);
  await page.reload();
  await page.getByTestId('backups').locator('tbody tr').first().getByTestId('backup-restore').click();
  await expect(dialog).toContainText(`Bring the deleted project “${project.name}” back`);
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByTestId('restore-outcome')).toContainText('has been restored', {
    timeout: 120_000,
  });
  await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
  expect((await eps()).find((n) => n.id === project.id)?.name).toBe(project.name);

  // As a new project beside it, under a name of its own.
  await page.getByTestId('backups').locator('tbody tr').first().getByTestId('backup-restore').click();
  await dialog.getByRole('radio', { name: 'As a new project beside it' }).check();
  await dialog.getByLabel('Name').fill('Копия проекта');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByTestId('restore-outcome')).toContainText('has been restored', {
    timeout: 120_000,
  });
  await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
  const projects = (await eps()).filter((n) => n.kind === 'project');
  expect(projects.map((p) => p.name)).toContain('Копия проекта');
  expect(projects.map((p) => p.name)).toContain(project.name);

  // A backup job: a cron expression that is none is refused at its field; a weekly one is listed.
  await page.getByTestId('backup-job-add').click();
  const jobDialog = page.getByTestId('backup-job-dialog');
  await jobDialog.getByLabel('Periodicity').selectOption({ label: 'Cron expression' });
  await jobDialog.getByTestId('backup-job-cron').fill('every night');
  await jobDialog.getByRole('button', { name: 'Save' }).click();
  await expect(jobDialog).toContainText('Not a cron expression of five fields');
  await jobDialog.getByLabel('Periodicity').selectOption({ label: 'Every two weeks' });
  await jobDialog.getByLabel('Weekday').selectOption({ label: 'Friday' });
  await jobDialog.getByLabel('Time (UTC)').fill('03:15');
  await jobDialog.getByLabel('Keep the last').fill('4');
  await shot(page, 'backups-job-editor');
  await jobDialog.getByRole('button', { name: 'Save' }).click();
  await expect(jobDialog).toHaveCount(0);
  const job = page.getByTestId('backup-jobs').locator('tbody tr').first();
  await expect(job).toContainText('The whole space');
  await expect(job).toContainText('Every two weeks, Friday, 03:15 UTC');
  await job.getByRole('button', { name: /History/ }).click();
  await shot(page, 'backups-tab');
});
