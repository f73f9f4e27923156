import { expect, test } from '@playwright/test';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

interface Work {
  id: string;
  code: string | null;
  name: string;
  type: string;
  parentId: string | null;
}

/**
 * A replacement in the demo space: a contractor's schedule of three works (a chain and a branch) takes the
 * place of a WBS summary of the demo schedule — chosen from the grid's row menu, applied from the
 * Replacements panel, its row marked "Replaced", the contractor's works in the grid below it — then undone:
 * the summary's own works are back and the mark is gone.
 */
test('replaces a summary of the demo schedule by a contractor schedule and undoes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { call, spaceId, scheduleId, versionId, token } = await demoSpaceByApi(
    request,
    'replace-e2e',
    'Replacements',
  );
  const s = `/space/${spaceId}`;
  const master = (await call.get(`${s}/versions/${versionId}/wbs`)) as unknown as Work[];
  // A summary with works below it, none of them summaries: a small section of the WBS.
  const parents = new Set(master.map((w) => w.parentId));
  const summary = master.find(
    (w) =>
      w.type === 'sum' &&
      w.parentId !== null &&
      master.some((c) => c.parentId === w.id) &&
      master.filter((c) => c.parentId === w.id).every((c) => !parents.has(c.id)),
  )!;
  const own = master.filter((w) => w.parentId === summary.id);

  // The contractor's schedule beside the demo one, in the same project.
  const nodes = (await call.get(`${s}/eps`)) as unknown as { id: string; parentId: string | null }[];
  const projectId = nodes.find((n) => n.id === scheduleId)!.parentId;
  const donor = await call.post(`${s}/eps`, { kind: 'schedule', name: 'Contractor', parentId: projectId });
  const [donorVersion] = (await call.get(`${s}/schedules/${donor.id}/versions`)) as unknown as {
    id: string;
  }[];
  const dv = `${s}/versions/${donorVersion!.id}`;
  const work = (name: string, code: string, days: number) =>
    call.post(`${dv}/wbs`, { name, code, durationMinutes: days * 480, planStart: '2026-03-02T08:00' });
  const frame = await work('Contractor frame', 'K-1', 4);
  const walls = await work('Contractor walls', 'K-2', 6);
  const fitOut = await work('Contractor fit-out', 'K-3', 3);
  await call.post(`${dv}/relations`, { predecessorId: frame.id, successorId: walls.id });
  await call.post(`${dv}/relations`, { predecessorId: frame.id, successorId: fitOut.id });

  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}?target=${summary.id}`);
  const row = page
    .locator('.wbs-row')
    .filter({ has: page.locator(`[data-col="name"]`, { hasText: summary.name }) });
  const target = page.getByRole('row', { selected: true });
  await expect(target).toContainText(summary.name, { timeout: 60_000 });

  // The row menu opens the panel for that row.
  await target.locator('[data-col="name"]').click({ button: 'right' });
  await page.getByTestId('grid-menu').getByRole('menuitem', { name: 'Replace with a schedule…' }).click();
  const panel = page.getByTestId('replacements-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('replacement-node')).toContainText(summary.name);
  await expect(panel).toContainText('No replacements in this schedule yet.');
  await panel.getByTestId('replacement-donor-schedule').selectOption({ label: 'Contractor' });
  await expect(panel.getByTestId('replacement-donor-version')).toHaveValue(donorVersion!.id);
  await shot(page, 'replacements-01-new');

  await panel.getByTestId('replacement-create').click();
  const item = panel.getByTestId('replacement-item');
  await expect(item).toHaveAttribute('data-state', 'applied', { timeout: 30_000 });
  await expect(item).toContainText('From Contractor');
  await expect(item).toContainText('3 works');
  // The summary is marked; the contractor's works stand below it, its own are gone.
  await expect(row.first().getByTestId('pin-replaced')).toBeVisible();
  await expect(page.locator('.wbs-row', { hasText: 'Contractor walls' })).toBeVisible();
  await expect(page.locator('.wbs-row', { hasText: own[0]!.name })).toHaveCount(0);
  const after = (await call.get(`${s}/versions/${versionId}/wbs`)) as unknown as Work[];
  expect(
    after
      .filter((w) => w.parentId === summary.id)
      .map((w) => w.code)
      .sort(),
  ).toEqual(['K-1', 'K-2', 'K-3']);
  await shot(page, 'replacements-02-applied');
  await item.scrollIntoViewIfNeeded();
  await shot(page, 'replacements-02-list');

  // Undone: the summary's own works back, the mark gone, the replacement kept to apply again.
  await item.getByTestId('replacement-undo').click();
  await expect(item).toHaveAttribute('data-state', 'undone', { timeout: 30_000 });
  await expect(row.first().getByTestId('pin-replaced')).toHaveCount(0);
  await expect(page.locator('.wbs-row', { hasText: 'Contractor walls' })).toHaveCount(0);
  const back = (await call.get(`${s}/versions/${versionId}/wbs`)) as unknown as Work[];
  expect(
    back
      .filter((w) => w.parentId === summary.id)
      .map((w) => w.id)
      .sort(),
  ).toEqual(own.map((w) => w.id).sort());
  await shot(page, 'replacements-03-undone');

  // The version's undo list holds both actions.
  await page.getByTestId('panel-undo').click();
  await expect(page.getByTestId('undo-panel')).toContainText('Replacement undone');
  await expect(page.getByTestId('undo-panel')).toContainText('Works replaced by a schedule');
});
