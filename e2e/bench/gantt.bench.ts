import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import '../tests/gantt-probe';
import { api, createSpaceByApi, newUser, openSignedIn, registerByApi } from '../tests/helpers';

const WORKS = Number(process.env.TAKT_BENCH_WORKS ?? 100_000);
const TRIALS = 3;
const SCROLL_FRAMES = 240;
const ZOOM_FRAMES = 80;
const DRAG_STEPS = 16;
const RESULT_FILE = fileURLToPath(new URL('../test-results/gantt-bench.json', import.meta.url));

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
  return {
    count: values.length,
    mean,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted[sorted.length - 1] ?? 0,
    all: values,
  };
};

/**
 * Waits for the timeline's first frame by a check the page runs each animation frame: polling a locator
 * instead (`expect(…).toHaveAttribute`) would have Playwright build an accessibility snapshot of the
 * whole page at each failed poll — 75–200 ms of the page's main thread inside the interval measured.
 */
async function waitForTimeline(page: Page) {
  await page.waitForFunction(() => window.__taktGantt?.firstFrameMs !== undefined, undefined, {
    timeout: 120_000,
    polling: 'raf',
  });
  await expect(page.getByTestId('gantt').getByRole('application')).toHaveAttribute('data-ready', 'true');
}

/**
 * Drives `frames` animation frames, one step at the start of each — on the Gantt page a scroll of the grid
 * or a zoom of the timeline (in, then out), on the cyclogram page a wheel scroll of its locations — and
 * returns the intervals between frames (the browser's pacing) and the chart's own frame costs.
 */
async function animate(page: Page, frames: number, kind: 'scroll' | 'zoom' | 'cyclogram') {
  return page.evaluate(
    async ({ frames, kind }) => {
      const cyclogram = kind === 'cyclogram';
      const costs = () => (cyclogram ? window.__taktCyclogram!.frameMs : window.__taktGantt!.frames);
      const host = document.querySelector<HTMLElement>(
        cyclogram ? '[data-testid="cyclogram-canvas"]' : '[data-testid="gantt"] [role="application"]',
      )!;
      const rect = host.getBoundingClientRect();
      const drawn = costs().length;
      const intervals: number[] = [];
      await new Promise<void>((resolve) => {
        let i = 0;
        let last = performance.now();
        const tick = (now: number) => {
          if (i > 0) intervals.push(now - last);
          last = now;
          if (i === frames) return resolve();
          if (kind === 'scroll')
            document.querySelector<HTMLElement>('[data-testid="wbs-grid"]')!.scrollTop += 64;
          else
            host.dispatchEvent(
              new WheelEvent('wheel', {
                deltaY: cyclogram ? -60 : i < frames / 2 ? -40 : 40,
                ctrlKey: !cyclogram,
                clientX: rect.left + rect.width / 2,
                clientY: rect.top + rect.height / 2,
                bubbles: true,
                cancelable: true,
              }),
            );
          i++;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { intervals, frames: costs().slice(drawn) };
    },
    { frames, kind },
  );
}

/**
 * The Gantt timeline on the 100,000-work schedule with links (Chromium, Pixi's canvas renderer, the
 * faster one without a GPU): first frame from the payload query start (median of three page loads after
 * a warm-up), the cost of each frame drawn while scrolling and while zooming, pointer move → successors
 * recalculated by the engine and redrawn while dragging, and the JS heap after a collection.
 */
test('gantt: 100,000-work timeline — first frame, scroll and zoom frames, drag with live what-if, heap', async ({
  page,
  request,
}) => {
  const token = await registerByApi(request, newUser('ganttbench'));
  const spaceId = await createSpaceByApi(request, token, 'Gantt bench');
  const client = api(request, token);
  const large = await client.post(`/space/${spaceId}/demo/large-schedule`, { works: WORKS });
  const versionId = large.versionId as string;
  const calculatedAt = Date.now();
  await client.post(`/space/${spaceId}/versions/${versionId}/calculate`);
  const calculateMs = Date.now() - calculatedAt;
  const nodes = (await client.get(`/space/${spaceId}/eps`)) as unknown as {
    id: string;
    actualVersionId: string;
  }[];
  const schedule = nodes.find((n) => n.actualVersionId === versionId)!;
  const works = (await client.get(`/space/${spaceId}/versions/${versionId}/wbs`)) as unknown as {
    id: string;
    code: string;
  }[];
  // The first work of the first storey: its finish-to-start chain and the storeys above follow it.
  const first = works.find((w) => w.code === '1.1.1')!;
  const url = `/${spaceId}/schedule/${schedule.id}`;

  await page.addInitScript(() => {
    localStorage.setItem('takt.gantt.renderer', 'canvas');
    localStorage.setItem('takt.gantt.split', '520');
  });
  await openSignedIn(page, token, url);
  const firstFrames: { firstFrameMs: number; fromQueryMs: number; ownMs: number; rendererStartMs: number }[] =
    [];
  for (let i = 0; i <= TRIALS; i++) {
    if (i > 0) await page.reload();
    await waitForTimeline(page);
    const metrics = await page.evaluate(() => {
      const m = window.__taktGantt!;
      return {
        works: m.works,
        firstFrameMs: m.firstFrameMs!,
        fromQueryMs: m.firstFrameFromQueryMs!,
        ownMs: m.firstFrameOwnMs!,
        rendererStartMs: m.rendererStartMs!,
      };
    });
    expect(metrics.works).toBe(WORKS);
    if (i > 0) firstFrames.push(metrics);
  }
  const renderer = await page.evaluate(() => window.__taktGantt!.renderer);

  // Scrolling at the week scale (many bars and links per frame), then zooming in and out.
  await page.getByTestId('gantt-scale-week').click();
  await page.waitForTimeout(300);
  const scroll = await animate(page, SCROLL_FRAMES, 'scroll');
  const zoom = await animate(page, ZOOM_FRAMES, 'zoom');

  // Dragging the first work day by day: the engine moves its successors, the frame shows them.
  await page.goto(`${url}?target=${first.id}`);
  await waitForTimeline(page);
  await page.waitForFunction(() => window.__taktGantt?.whatIfBuildMs !== undefined, undefined, {
    timeout: 120_000,
  });
  const whatIfBuildMs = await page.evaluate(() => window.__taktGantt!.whatIfBuildMs!);
  await page.getByTestId('gantt-scale-day').click();
  await page.getByTestId('gantt-toolbar').getByRole('button', { name: 'Selected work' }).click();
  // Zoom and jump animate for a moment: wait until the bars stand still.
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await page.evaluate(() => window.__taktGantt!.probe.bars()));
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
  await expect
    .poll(() => page.evaluate((id) => window.__taktGantt!.probe.bars().some((b) => b.id === id), first.id))
    .toBe(true);
  const bar = await page.evaluate(
    (id) => window.__taktGantt!.probe.bars().find((b) => b.id === id)!,
    first.id,
  );
  const pxPerDay = await page.evaluate(() => window.__taktGantt!.probe.pxPerDay());
  const box = (await page.getByTestId('gantt').getByRole('application').boundingBox())!;
  const x = box.x + bar.x + bar.width / 2;
  const y = box.y + bar.y + bar.height / 2;
  const before = await page.evaluate(() => window.__taktGantt!.drags.length);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= DRAG_STEPS; step++) await page.mouse.move(x + step * pxPerDay, y);
  const moved = await page.getByTestId('gantt-status').textContent();
  await page.keyboard.press('Escape');
  await page.mouse.up();
  const drags = await page.evaluate((from) => window.__taktGantt!.drags.slice(from), before);
  expect(drags.length).toBeGreaterThanOrEqual(DRAG_STEPS - 1);

  // JS heap after a collection: the page with the decoded version, the grid and the timeline.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as {
    usedSize: number;
    totalSize: number;
    embedderHeapUsedSize?: number;
    backingStorageSize?: number;
  };

  // The cyclogram of the same version (its locations from the WBS, a line per trade): from navigation
  // start to the first frame with locations, median of three loads after a warm-up, then frames while
  // scrolling the locations.
  const cyclogramFirst: number[] = [];
  await page.goto(`${url}/cyclogram`);
  for (let i = 0; i <= TRIALS; i++) {
    if (i > 0) await page.reload();
    await page.waitForFunction(() => window.__taktCyclogram?.firstFrameAt !== undefined, undefined, {
      timeout: 120_000,
      polling: 'raf',
    });
    if (i > 0) cyclogramFirst.push(await page.evaluate(() => window.__taktCyclogram!.firstFrameAt!));
  }
  const cyclogramSize = await page.evaluate(() => ({
    locations: window.__taktCyclogram!.locations,
    trades: window.__taktCyclogram!.trades,
  }));
  const cyclogramScroll = (await animate(page, SCROLL_FRAMES / 2, 'cyclogram')).frames;
  expect(cyclogramScroll.length).toBeGreaterThan(0);

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  mkdirSync(dirname(RESULT_FILE), { recursive: true });
  writeFileSync(
    RESULT_FILE,
    JSON.stringify({
      works: WORKS,
      relations: large.relations,
      renderer,
      calculateMs,
      firstFrames,
      firstFrameMs: median(firstFrames.map((f) => f.firstFrameMs)),
      firstFrameFromQueryMs: median(firstFrames.map((f) => f.fromQueryMs)),
      firstFrameOwnMs: median(firstFrames.map((f) => f.ownMs)),
      rendererStartMs: median(firstFrames.map((f) => f.rendererStartMs)),
      scroll: { frames: stats(scroll.frames), intervals: stats(scroll.intervals) },
      zoom: { frames: stats(zoom.frames), intervals: stats(zoom.intervals) },
      drag: stats(drags),
      dragStatus: moved,
      whatIfBuildMs,
      cyclogram: {
        ...cyclogramSize,
        firstFrameMs: median(cyclogramFirst),
        firstFrames: cyclogramFirst,
        scroll: stats(cyclogramScroll),
      },
      heap: {
        usedMB: heap.usedSize / 2 ** 20,
        backingStorageMB: (heap.backingStorageSize ?? 0) / 2 ** 20,
      },
    }),
  );
});
