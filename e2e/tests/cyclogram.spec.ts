import { expect, test } from '@playwright/test';
import { api, newUser, openSignedIn, ownScheduleByApi, registerByApi, shot } from './helpers';

/** Frame, walls and finishing through three sections; the walls are faster and catch the frame in section 3. */
const PLAN: Record<string, [string, string][]> = {
  Frame: [
    ['2026-03-02T08:00', '2026-03-06T17:00'],
    ['2026-03-09T08:00', '2026-03-13T17:00'],
    ['2026-03-16T08:00', '2026-03-20T17:00'],
  ],
  Walls: [
    ['2026-03-09T08:00', '2026-03-11T17:00'],
    ['2026-03-12T08:00', '2026-03-14T17:00'],
    ['2026-03-16T12:00', '2026-03-19T17:00'],
  ],
  Finishing: [
    ['2026-03-23T08:00', '2026-03-27T17:00'],
    ['2026-03-30T08:00', '2026-04-03T17:00'],
    ['2026-04-06T08:00', '2026-04-10T17:00'],
  ],
};

test('cyclogram: a line per trade through the sections, the clash listed and marked, colours and dark theme', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, spaceId, call, scheduleId, v } = await ownScheduleByApi(request, 'lob', 'Line of balance', {
    facility: 'Harbour',
    project: 'Block B',
    schedule: 'Takt plan',
  });
  for (let s = 0; s < 3; s++) {
    const section = await call.post(`${v}/wbs`, { name: `Section ${s + 1}`, type: 'sum' });
    for (const [trade, dates] of Object.entries(PLAN)) {
      await call.post(`${v}/wbs`, {
        parentId: section.id,
        name: trade,
        planStart: dates[s]![0],
        planFinish: dates[s]![1],
        ...(trade === 'Frame' && s === 0
          ? { factStart: '2026-03-02T08:00', factFinish: '2026-03-07T12:00', progress: 100 }
          : {}),
      });
    }
  }

  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}/cyclogram`);
  await expect(page.getByTestId('cyclogram-page')).toBeVisible();
  await expect(page.getByTestId('cyclogram-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('cyclogram-counts')).toHaveText('3 locations, 3 trades');
  const legend = page.getByTestId('cyclogram-legend');
  await expect(legend.getByRole('listitem')).toHaveText([/Frame/, /Walls/, /Finishing/]);
  const clashes = page.getByTestId('cyclogram-clashes').getByRole('listitem');
  await expect(clashes).toHaveCount(1);
  await expect(clashes.first()).toContainText('Walls catches up with Frame');
  await expect(clashes.first()).toContainText('Section 3');
  // The chart drew every trade's line (the renderer reports what it was given).
  const drawn = await page.evaluate(() => (window as { __taktCyclogram?: unknown }).__taktCyclogram);
  expect(drawn).toMatchObject({ locations: 3, trades: 3 });
  await shot(page, 'cyclogram-01-sections');

  await clashes.first().getByRole('button').click();
  await expect(clashes.first().getByRole('button')).toHaveClass(/cyclogram-clash-active/);
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Day', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await shot(page, 'cyclogram-02-clash-day');

  // A trade's colour is stored for the schedule and comes back after a reload.
  const swatch = page.getByLabel('Colour of Walls');
  await swatch.fill('#00a86b');
  await expect(legend.getByRole('button', { name: 'Default colour' })).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel('Colour of Walls')).toHaveValue('#00a86b');

  // A buffer of 6 days flags more places, remembered per user.
  await page.getByTestId('cyclogram-buffer').fill('6');
  await expect(page.getByTestId('cyclogram-clashes').getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Remember' }).click();
  await expect(page.getByText('Cyclogram settings saved')).toBeVisible();

  // Dark theme.
  await page.getByRole('button', { name: 'Switch between light and dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByTestId('cyclogram-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('cyclogram-buffer')).toHaveValue('6');
  await shot(page, 'cyclogram-03-dark-buffer');
});

test('cyclogram of the demo programme: storeys as locations, trade groups as lines', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await registerByApi(request, newUser('lobdemo'));
  const demo = await api(request, token).post('/space/create-demo', {});
  const nodes = (await api(request, token).get(`/space/${demo.id}/eps`)) as unknown as {
    id: string;
    kind: string;
  }[];
  const schedule = nodes.find((n) => n.kind === 'schedule')!;
  await openSignedIn(page, token, `/${demo.id}/schedule/${schedule.id}/cyclogram`);
  await expect(page.getByTestId('cyclogram-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('cyclogram-locations')).toHaveValue('wbs:2');
  await expect(page.getByTestId('cyclogram-trades')).toHaveValue('wbs:3');
  await expect(page.getByTestId('cyclogram-legend').getByRole('listitem').first()).toBeVisible();
  await shot(page, 'cyclogram-04-demo');
});
