import { expect, test } from '@playwright/test';
import './gantt-probe';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

/**
 * The project pipeline in the demo space: ten floors, three flows (frame and walls into a new takt
 * schedule of the demo project, finishes into another), generated; the works in the Gantt, the network
 * diagram and the cyclogram.
 */
test('pipeline: three flows through a 10-floor building, generated into two schedules, seen in the Gantt, the network diagram and the cyclogram', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { token, spaceId, call, scheduleId } = await demoSpaceByApi(request, 'pipe', 'Pipeline demo');
  const S = `/space/${spaceId}`;
  const demo = (await call.get(`${S}/eps/${scheduleId}`)) as unknown as { parentId: string };
  const projectId = demo.parentId;
  const takt = await call.post(`${S}/eps`, { kind: 'schedule', name: 'Takt plan', parentId: projectId });
  const fitOut = await call.post(`${S}/eps`, { kind: 'schedule', name: 'Fit-out', parentId: projectId });
  const versionOf: Record<string, string> = {};
  for (const schedule of [takt, fitOut]) {
    const [version] = (await call.get(`${S}/schedules/${schedule.id}/versions`)) as unknown as {
      id: string;
    }[];
    const full = await call.get(`${S}/versions/${version!.id}`);
    await call.patch(`${S}/versions/${version!.id}`, { projectStart: '2026-03-02', revision: full.revision });
    versionOf[schedule.name as string] = version!.id;
  }

  await openSignedIn(page, token, `/${spaceId}/pipeline/${projectId}`);
  await expect(page.getByTestId('pipeline-page')).toBeVisible();
  await expect(page.getByText('The project has no locations yet')).toBeVisible();

  // ten floors, generated in the locations dialog
  await page.getByTestId('pipeline-locations').click();
  const locations = page.getByTestId('pipeline-locations-dialog');
  await locations.getByLabel('Named').fill('Floor');
  await locations.getByLabel('How many').fill('10');
  await locations.getByTestId('pipeline-generate-locations').click();
  await expect(locations.getByTestId('pipeline-location-rows').getByRole('textbox')).toHaveCount(10);
  await expect(locations.getByLabel('Location 10')).toHaveValue('Floor 10');
  await locations.getByRole('button', { name: 'Save locations' }).click();
  await expect(locations).toHaveCount(0);
  await expect(page.getByTestId('pipeline-counts')).toHaveText('0 flows · 10 locations');

  const addFlow = async (fields: {
    name: string;
    version: string;
    takt?: string;
    rate?: [string, string];
  }) => {
    await page.getByTestId('pipeline-add-flow').click();
    const dialog = page.getByTestId('pipeline-flow-dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(fields.name);
    await dialog.getByLabel('Target version').selectOption(versionOf[fields.version]!);
    if (fields.rate) {
      await dialog.getByLabel('Duration by').selectOption('rate');
      await dialog.getByLabel('Output per day').fill(fields.rate[0]);
      await dialog.getByLabel('Quantity per location').fill(fields.rate[1]);
      await expect(dialog.getByText('A location takes 2 working days')).toBeVisible();
    } else {
      await dialog.getByLabel('Takt (working days per location)').fill(fields.takt ?? '1');
    }
    await dialog.getByLabel('Buffer before the next flow (working days)').fill('1');
    // the crew may be a resource of the space; none chosen, it is text only
    await expect(dialog.getByLabel('Crew resource')).toHaveValue('');
    if (fields.name === 'Frame') await shot(page, 'pipeline-02-flow-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
  };
  await addFlow({ name: 'Frame', version: 'Takt plan', takt: '3' });
  await addFlow({ name: 'Walls', version: 'Takt plan', rate: ['50', '100'] });
  await addFlow({ name: 'Finishes', version: 'Fit-out', takt: '2' });
  await expect(page.getByTestId('pipeline-flow-row')).toHaveCount(3);
  await expect(page.getByTestId('pipeline-flow')).toHaveCount(3);
  await expect(page.getByTestId('pipeline-chart')).toHaveAttribute('data-dated', 'false');
  await shot(page, 'pipeline-01-planned');

  await page.getByTestId('pipeline-generate').click();
  await expect(
    page.getByText('Generated: 33 works created, 0 updated, 0 removed in 2 versions'),
  ).toBeVisible();
  await expect(page.getByTestId('pipeline-chart')).toHaveAttribute('data-dated', 'true');
  const frameRow = page.getByTestId('pipeline-flow-row').first();
  await expect(frameRow).toContainText('Frame');
  await expect(frameRow).toContainText('02.03.2026 –');
  await shot(page, 'pipeline-03-generated');

  // regenerating aligns: nothing new
  await page.getByTestId('pipeline-generate').click();
  await expect(
    page.getByText('Generated: 0 works created, 0 updated, 0 removed in 2 versions'),
  ).toBeVisible();

  // the works in the Gantt of the takt schedule
  await page.goto(`/${spaceId}/schedule/${takt.id}`);
  await expect(page.getByRole('row').filter({ hasText: 'Frame — Floor 1' }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('row').filter({ hasText: 'Walls — Floor 2' }).first()).toBeVisible();
  await shot(page, 'pipeline-04-gantt');

  // in its network diagram: the 20 works of the takt schedule and their two summaries, the flows' links
  // (9 along each flow, 10 from a floor's frame to its walls), a critical path through them
  await page.getByTestId('view-network').click();
  const network = page.getByTestId('network').getByRole('application');
  await expect(network).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await page.waitForFunction(() => (window.__taktNetwork?.frameMs.length ?? 0) > 0);
  const diagram = await page.evaluate(() => {
    const m = window.__taktNetwork!;
    return { level: m.level, nodes: m.nodes, edges: m.edges, critical: m.criticalNodes };
  });
  expect(diagram.level).toBe(0);
  expect(diagram.nodes).toBeGreaterThanOrEqual(20);
  expect(diagram.edges).toBeGreaterThanOrEqual(28);
  expect(diagram.critical).toBeGreaterThan(0);
  await shot(page, 'pipeline-06-network');

  // and in its cyclogram: the floors upwards, a line per flow
  await page.goto(`/${spaceId}/schedule/${takt.id}/cyclogram`);
  await expect(page.getByTestId('cyclogram-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('cyclogram-counts')).toHaveText('10 locations, 2 trades');
  await expect(page.getByTestId('cyclogram-legend').getByRole('listitem')).toHaveText([/Frame/, /Walls/]);
  await shot(page, 'pipeline-05-cyclogram');
});
