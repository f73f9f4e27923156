import { expect, type Page, test } from '@playwright/test';
import './gantt-probe';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

interface Work {
  id: string;
  name: string;
  code: string | null;
  type: string;
  parentId: string | null;
}

test.use({ viewport: { width: 1600, height: 960 } });

/** The centre of a work's box on the canvas (CSS pixels of the canvas), or null when it is not drawn. */
const boxOf = (page: Page, id: string) =>
  page.evaluate((workId) => window.__taktNetwork?.nodeBox(workId) ?? null, id);

/** Works without children, in WBS order. */
const leavesOf = (works: Work[]) => {
  const parents = new Set(works.map((w) => w.parentId));
  return works.filter((w) => !parents.has(w.id));
};

/**
 * The network diagram of the demo schedule: switched to beside the grid (kept in the address), it draws
 * every work as a box with the critical path marked; a work selected in the grid is centred in the
 * diagram, and clicking a box selects its work in the grid.
 */
test('network diagram: critical path, selection both ways, summarised by WBS', async ({ page, request }) => {
  test.setTimeout(300_000);
  const {
    token,
    spaceId,
    call,
    scheduleId: residentialId,
    versionId: residentialVersionId,
  } = await demoSpaceByApi(request, 'network', 'Network');
  // The demo's car park (a few hundred works; the residential complex's 2,900 take elkjs many seconds).
  const nodes = (await call.get(`/space/${spaceId}/eps`)) as unknown as {
    id: string;
    name: string;
    actualVersionId: string | null;
  }[];
  const parking = nodes.find((n) => n.name === 'График строительства паркинга' && n.actualVersionId)!;
  const scheduleId = parking.id;
  const versionId = parking.actualVersionId!;
  // Calculated, so that floats and the critical path are the engine's.
  await call.post(`/space/${spaceId}/versions/${versionId}/calculate`, {});
  const works = (await call.get(`/space/${spaceId}/versions/${versionId}/wbs`)) as unknown as Work[];
  const parents = new Set(works.map((w) => w.parentId));
  const leaves = works.filter((w) => !parents.has(w.id));
  expect(leaves.length).toBeGreaterThan(20);
  await page.addInitScript(() => localStorage.setItem('takt.gantt.split', '560'));
  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await expect(page.getByTestId('row-count')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('view-network').click();
  await expect(page).toHaveURL(/view=network/);
  const host = page.getByTestId('network').getByRole('application');
  await expect(host).toHaveAttribute('data-ready', 'true', { timeout: 120_000 });
  await page.waitForFunction(() => (window.__taktNetwork?.frameMs.length ?? 0) > 0);
  const metrics = await page.evaluate(() => {
    const m = window.__taktNetwork!;
    return {
      level: m.level,
      nodes: m.nodes,
      edges: m.edges,
      critical: m.criticalNodes,
      path: m.criticalEdges,
    };
  });
  expect(metrics.level).toBe(0);
  expect(metrics.nodes).toBeGreaterThanOrEqual(leaves.length);
  expect(metrics.edges).toBeGreaterThan(10);
  expect(metrics.critical).toBeGreaterThan(0);
  expect(metrics.path).toBeGreaterThan(0);
  await expect(page.getByTestId('network-legend')).toContainText('Critical work');
  await shot(page, 'network-01-fit');

  // A work selected in the grid: its box is centred, readable. (Names repeat from storey to storey:
  // only works of a name of their own are picked, so that a row stands for one work.)
  const named = new Map<string, number>();
  for (const w of works) named.set(w.name, (named.get(w.name) ?? 0) + 1);
  const unique = leaves.filter((w) => named.get(w.name) === 1);
  const rowOf = (work: Work) => page.getByRole('row').filter({ hasText: work.name }).first();
  let target: Work | null = null;
  for (const work of unique.slice(0, 40)) {
    if (await rowOf(work).isVisible()) {
      target = work;
      break;
    }
  }
  expect(target, 'a work of its own name in the rows shown').not.toBeNull();
  const targetRow = rowOf(target!);
  await targetRow.locator('[data-col="name"]').click();
  await expect(targetRow).toHaveAttribute('aria-selected', 'true');
  const view = await page.evaluate(() => window.__taktNetwork!.view);
  await expect
    .poll(async () => {
      const box = await boxOf(page, target!.id);
      return box
        ? Math.round(
            Math.hypot(box.x + box.width / 2 - view.width / 2, box.y + box.height / 2 - view.height / 2),
          )
        : -1;
    })
    .toBeLessThan(3);
  expect((await boxOf(page, target!.id))!.width).toBeGreaterThan(100);
  await shot(page, 'network-02-centred');

  // Clicking another box in view selects its work in the grid.
  const canvas = (await host.boundingBox())!;
  let picked: { work: Work; x: number; y: number } | null = null;
  for (const work of unique) {
    if (work.id === target!.id) continue;
    const box = await boxOf(page, work.id);
    if (!box) continue;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    if (x > 40 && y > 40 && x < view.width - 40 && y < view.height - 200) {
      picked = { work, x, y };
      break;
    }
  }
  expect(picked, 'another box in view').not.toBeNull();
  await page.mouse.click(canvas.x + picked!.x, canvas.y + picked!.y);
  const pickedRow = rowOf(picked!.work);
  await expect(pickedRow).toHaveAttribute('aria-selected', 'true');
  await expect(targetRow).not.toHaveAttribute('aria-selected', 'true');

  // Wheel zooms at the pointer and Fit shows the whole diagram again.
  const before = await boxOf(page, picked!.work.id);
  await page.mouse.move(canvas.x + picked!.x, canvas.y + picked!.y);
  await page.mouse.wheel(0, 300);
  await expect.poll(async () => (await boxOf(page, picked!.work.id))!.width).toBeLessThan(before!.width);
  await page.getByTestId('network-fit').click();

  // Summarised by WBS level 1: one box per top summary, kept in the address across a reload.
  await page.getByTestId('network-level').selectOption('1');
  await expect(page).toHaveURL(/network_level=1/);
  // Every top-level row is a box: a summary standing for its works, or a work of its own.
  const tops = works.filter((w) => w.parentId === null).length;
  await expect.poll(() => page.evaluate(() => window.__taktNetwork?.nodes)).toBe(tops);
  await page.reload();
  await expect(host).toHaveAttribute('data-ready', 'true', { timeout: 120_000 });
  await expect.poll(() => page.evaluate(() => window.__taktNetwork?.level)).toBe(1);
  await shot(page, 'network-03-summary');

  // The residential complex at every work (2,000-odd boxes in one long chain, tens of seconds for elkjs):
  // a provisional layout is drawn at once, with a note, while elkjs works on; the diagram is usable.
  const residential = (await call.get(
    `/space/${spaceId}/versions/${residentialVersionId}/wbs`,
  )) as unknown as Work[];
  await page.goto(`/${spaceId}/schedule/${residentialId}?view=network&network_level=0`);
  await expect(host).toHaveAttribute('data-layout', 'provisional', { timeout: 60_000 });
  await expect(page.getByTestId('network-arranging')).toHaveText('Arranging…');
  await expect.poll(() => page.evaluate(() => window.__taktNetwork?.nodes ?? 0)).toBeGreaterThan(1000);
  await page.waitForFunction(() => (window.__taktNetwork?.frameMs.length ?? 0) > 0);
  await shot(page, 'network-04-provisional');
  expect(await host.getAttribute('data-ready')).toBe('false');
  // A work selected in the grid is centred, readable, in the provisional layout too.
  const first = leavesOf(residential)[0]!;
  await rowOf(first).locator('[data-col="name"]').click();
  await expect(rowOf(first)).toHaveAttribute('aria-selected', 'true');
  const view2 = await page.evaluate(() => window.__taktNetwork!.view);
  await expect
    .poll(async () => {
      const box = await boxOf(page, first.id);
      return box
        ? Math.round(
            Math.hypot(box.x + box.width / 2 - view2.width / 2, box.y + box.height / 2 - view2.height / 2),
          )
        : -1;
    })
    .toBeLessThan(3);
  await shot(page, 'network-05-provisional-closer');

  // Back to the Gantt chart.
  await page.getByTestId('view-gantt').click();
  await expect(page.getByTestId('gantt')).toBeVisible();
  await expect(page).not.toHaveURL(/view=network/);
});
