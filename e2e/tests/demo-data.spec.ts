import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { api, demoSpaceByApi, newUser, openSignedIn, registerByApi, shot } from './helpers';

const TESTDATA = fileURLToPath(new URL('../../../shared/testdata/ifc/', import.meta.url));

/**
 * The demo space shows what Takt does at first start: resources with rates, a histogram with demand and
 * over-allocation, leveling that has work to do, two projects, and the building model with right counts.
 */
test('the demo space has resources, a histogram to level, a second project and counted BIM links', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, scheduleId, call } = await demoSpaceByApi(request, 'demodata', 'Demo data');

  // Two projects, each with its schedule.
  const nodes = (await call.get(`/space/${spaceId}/eps`)) as unknown as { kind: string; name: string }[];
  expect(nodes.filter((n) => n.kind === 'project').map((n) => n.name)).toEqual([
    'Жилой дом, корпус 1',
    'Подземный паркинг',
  ]);
  expect(nodes.filter((n) => n.kind === 'schedule')).toHaveLength(2);

  // The resource directory: crews, machines and materials with their rates.
  await openSignedIn(page, token, `/${spaceId}/resources`);
  await expect(page.getByTestId('resources-page')).toBeVisible();
  await expect(page.getByTestId('resource-row').first()).toBeVisible();
  expect(await page.getByTestId('resource-row').count()).toBeGreaterThan(25);
  await expect(page.getByTestId('resources-page')).toContainText('Башенный кран КБ-405');
  await expect(page.getByTestId('resources-page')).toContainText('Бетон B25');
  await shot(page, 'demo-data-01-resources');

  // The histogram under the Gantt has demand and over-allocation; leveling is enabled and moves works.
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await page.getByTestId('dock-histogram').click();
  await expect(page.getByTestId('histogram-chart').locator('canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  // One row per assigned resource: crews, machines and materials.
  expect(await page.getByTestId('histogram-resource').locator('option').count()).toBeGreaterThan(25);
  const level = page.getByTestId('histogram-level');
  await expect(level).toBeEnabled();
  await shot(page, 'demo-data-02-histogram');
  await level.click();
  const dialog = page.getByTestId('leveling-dialog');
  await expect(dialog.getByTestId('leveling-summary')).toBeVisible({ timeout: 60_000 });
  expect(await dialog.getByTestId('leveling-moves').getByRole('row').count()).toBeGreaterThan(1);
  await shot(page, 'demo-data-03-leveling');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // BIM: the badge counts the model's 2,988 elements, all linked, and the works they are linked to.
  await page.goto(`/${spaceId}/schedule/${scheduleId}/bim`);
  await expect(page.getByTestId('bim-page')).toBeVisible();
  await expect(page.getByTestId('bim-counts')).toHaveText(
    /^2,988 elements · linked: 2,988 · works: [1-9][\d,]*$/,
    {
      timeout: 60_000,
    },
  );
  await expect(page.getByTestId('bim-models')).toContainText('IFC4 · 2,988 elements');
  await expect(page.getByTestId('bim-overlap')).toHaveCount(0);
  await shot(page, 'demo-data-04-bim-counts');
});

test('a real model beside the demo building: named as drawn over it until moved, then apart', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, scheduleId, call } = await demoSpaceByApi(request, 'demoplace', 'Demo placement');
  const nodes = (await call.get(`/space/${spaceId}/eps`)) as unknown as { id: string; kind: string }[];
  const projectId = nodes.find((n) => n.kind === 'project')!.id;
  const upload = await request.post(`/api/v1/space/${spaceId}/projects/${projectId}/3d/upload`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Language': 'en' },
    multipart: {
      file: {
        name: 'AC20-FZK-Haus.ifc',
        mimeType: 'application/octet-stream',
        buffer: readFileSync(join(TESTDATA, 'AC20-FZK-Haus.ifc')),
      },
    },
  });
  expect(upload.ok()).toBe(true);

  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}/bim`);
  const models = page.getByTestId('bim-models');
  // The FZK house says where its site is; the generated demo building does not: it is named as overlapped.
  await expect(models).toContainText('placed by its site’s latitude and longitude', { timeout: 90_000 });
  await expect(page.getByTestId('bim-overlap')).toHaveText(
    'Drawn over AC20-FZK-Haus: its file does not say where it stands. Move it to its place.',
    { timeout: 30_000 },
  );
  await shot(page, 'demo-data-08-bim-overlap');

  // Move the demo building 150 m east: the warning goes, the move is kept on the server.
  const demoModel = page
    .getByTestId('bim-models')
    .locator('li')
    .filter({ hasText: 'Архитектура и конструкции' });
  await demoModel.getByRole('button', { name: 'Move' }).click();
  const form = page.getByRole('form', { name: /Move Архитектура и конструкции/ });
  await form.getByLabel('East, m').fill('150');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('bim-overlap')).toHaveCount(0);
  await expect(demoModel).toContainText('moved by hand');
  const listed = (await call.get(`/space/${spaceId}/projects/${projectId}/3d/info`)) as unknown as {
    name: string;
    offset: { x: number } | null;
  }[];
  expect(listed.find((m) => m.name === 'Архитектура и конструкции')?.offset).toEqual({
    x: 150,
    y: 0,
    z: 0,
    rotation: 0,
  });
  await page.getByRole('button', { name: 'Fit' }).click();
  await shot(page, 'demo-data-09-bim-moved');
});

test.describe('the account language', () => {
  test('is the one the sign-in page was shown in, and stays after sign-in and reload', async ({
    page,
    request,
  }) => {
    const user = newUser('lang');
    const token = await registerByApi(request, user);
    // The profile says Russian (an earlier choice); the browser and the sign-in page are English.
    await api(request, token).put('/users', { language: 'ru' });

    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Login', { exact: true }).fill(user.login);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/select-space$/);
    await expect(page.getByTestId('select-space')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect((await api(request, token).get('/users/who-am-i')).language).toBe('en');
    await page.reload();
    await expect(page.getByTestId('select-space')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await shot(page, 'demo-data-05-signed-in-english');
  });

  test('chosen on the sign-in page becomes the account language', async ({ page, request }) => {
    const user = newUser('langru');
    const token = await registerByApi(request, user);
    expect((await api(request, token).get('/users/who-am-i')).language).toBe('en');

    await page.goto('/auth/login');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await shot(page, 'demo-data-06-login-russian');
    await page.getByLabel('Логин', { exact: true }).fill(user.login);
    await page.getByLabel('Пароль', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByTestId('select-space')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    expect((await api(request, token).get('/users/who-am-i')).language).toBe('ru');
    await shot(page, 'demo-data-07-signed-in-russian');
  });
});
