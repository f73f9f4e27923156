import { expect, test } from '@playwright/test';
import '../tests/gantt-probe';
import { createSpaceByApi, newUser, openSignedIn, registerByApi } from '../tests/helpers';
import { restClient, stats } from './common';

const WORKS = 5000;
const FRAMES = 60;

/**
 * The network diagram of a generated, calculated schedule of 5,000 works in Chromium: the layout on the
 * worker, the first frame, and frames while the whole diagram is zoomed and while a readable part of it
 * is panned (the renderer draws only what is near the view).
 */
test(`network diagram of ${WORKS.toLocaleString('en')} works: layout, zoom and pan frames`, async ({
  page,
  request,
}) => {
  test.setTimeout(6 * 60_000);
  const token = await registerByApi(request, newUser('netbench'));
  const spaceId = await createSpaceByApi(request, token, 'Network bench');
  const api = restClient(request, token, 120_000);
  const large = await api.post<{ scheduleId: string; versionId: string; relations: number }>(
    `/space/${spaceId}/demo/large-schedule`,
    { works: WORKS },
  );
  await api.post(`/space/${spaceId}/versions/${large.versionId}/calculate`);
  await page.addInitScript(() => localStorage.setItem('takt.gantt.split', '420'));
  const opened = Date.now();
  await openSignedIn(page, token, `/${spaceId}/schedule/${large.scheduleId}?view=network&network_level=0`);
  const host = page.getByTestId('network').getByRole('application');
  await expect(host).toHaveAttribute('data-ready', 'true', { timeout: 180_000 });
  await page.waitForFunction(() => (window.__taktNetwork?.frameMs.length ?? 0) > 0);
  const readyMs = Date.now() - opened;
  const first = await page.evaluate(() => {
    const m = window.__taktNetwork!;
    return { nodes: m.nodes, edges: m.edges, layoutMs: m.layoutMs, renderer: m.renderer, drawn: m.drawn };
  });
  const box = (await host.boundingBox())!;
  const frames = async (move: (step: number) => Promise<void>) => {
    const before = await page.evaluate(() => window.__taktNetwork!.frameMs.length);
    for (let step = 0; step < FRAMES; step++) {
      await move(step);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    return stats(await page.evaluate((from) => window.__taktNetwork!.frameMs.slice(from), before));
  };
  // The whole diagram: zoomed out and in again at the middle.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const zoomWhole = await frames((step) => page.mouse.wheel(0, step < FRAMES / 2 ? 60 : -60));
  const wholeDrawn = await page.evaluate(() => window.__taktNetwork!.drawn);
  // A readable part: zoomed in to texts, then dragged about.
  for (let i = 0; i < 12; i++) await page.mouse.wheel(0, -120);
  await page.mouse.down();
  const pan = await frames((step) =>
    page.mouse.move(
      box.x + box.width / 2 + 300 * Math.sin(step / 6),
      box.y + box.height / 2 + 200 * Math.cos(step / 6),
    ),
  );
  await page.mouse.up();
  const readableDrawn = await page.evaluate(() => window.__taktNetwork!.drawn);
  const result = {
    works: WORKS,
    relations: large.relations,
    ...first,
    openToDrawnMs: readyMs,
    zoomWhole,
    wholeDrawn,
    pan,
    readableDrawn,
  };
  console.log(JSON.stringify(result));
  expect(first.nodes).toBeGreaterThan(4500);
});
