import { expect, type Page, test } from '@playwright/test';
import '../tests/gantt-probe';
import { createSpaceByApi, newUser, openSignedIn, registerByApi } from '../tests/helpers';
import { appear, median, restClient, SIZES, stats, waitMs, writeDemoResult, writeResult } from './common';

const TRIALS = 3;
const SCROLL_FRAMES = 240;
const ZOOM_FRAMES = 80;
const DRAG_STEPS = 16;

/** One page load of the schedule, in the page's own clock (milliseconds from its navigation start). */
interface Load {
  queryMs: number;
  /** Bytes received → version in hand (the decode worker's part and the hand-offs). */
  decodeMs: number;
  /** The decoder's own time, on the worker. */
  decoderMs: number;
  loadMs: number;
  /** Grid rows painted, from the payload query start. */
  firstPaintMs: number;
  /** From navigation start: the first grid row visible. */
  rowVisibleMs: number;
  /** From navigation start: grid rows and Gantt bars both drawn. */
  usableMs: number;
  /** From navigation start: the timeline's first frame with bars. */
  firstBarsMs: number;
  /** The timeline's first frame with rows: from the version decoded, from its own mounting, Pixi's start. */
  ganttFromDecodedMs: number;
  ganttOwnMs: number;
  rendererStartMs: number;
}

/** Waits for the grid's first row and the timeline's first frame of the page just (re)loaded. */
async function measureLoad(page: Page, works: number): Promise<Load> {
  const wait = waitMs(works);
  await appear(page, 'the grid’s first row (window.__taktGrid.firstPaintMs)', wait, () => {
    return window.__taktGrid?.firstPaintMs !== undefined;
  });
  await appear(page, 'the Gantt timeline’s first frame (window.__taktGantt.firstFrameMs)', wait, () => {
    return window.__taktGantt?.firstFrameMs !== undefined;
  });
  await expect(page.locator('[role="row"][aria-rowindex="2"]'), 'the first grid row').toBeVisible({
    timeout: wait,
  });
  const load = await page.evaluate(() => {
    const grid = window.__taktGrid!;
    const gantt = window.__taktGantt!;
    return {
      works: grid.works,
      ganttWorks: gantt.works,
      bars: gantt.probe.bars().length,
      queryMs: grid.queryMs,
      decodeMs: grid.decodeMs,
      decoderMs: grid.decoderMs,
      loadMs: grid.loadMs,
      firstPaintMs: grid.firstPaintMs!,
      rowVisibleMs: grid.startedAt + grid.firstPaintMs!,
      usableMs: grid.startedAt + Math.max(grid.firstPaintMs!, gantt.firstFrameFromQueryMs!),
      firstBarsMs: gantt.firstFrameAt!,
      ganttFromDecodedMs: gantt.firstFrameMs!,
      ganttOwnMs: gantt.firstFrameOwnMs!,
      rendererStartMs: gantt.rendererStartMs!,
    };
  });
  expect(load.works, 'works decoded by the page').toBe(works);
  expect(load.ganttWorks, 'works drawn by the timeline').toBe(works);
  expect(load.bars, 'bars in the timeline’s first view').toBeGreaterThan(0);
  const { works: _, ganttWorks: __, bars: ___, ...timings } = load;
  return timings;
}

/**
 * Drives `frames` animation frames, one step at the start of each — on the schedule a scroll of the
 * grid (the timeline follows it) or a zoom of the timeline (in, then out), on the cyclogram a wheel
 * scroll of its locations — and returns the intervals between frames (the browser's pacing) and the
 * chart's own frame costs.
 */
async function animate(page: Page, frames: number, kind: 'scroll' | 'zoom' | 'cyclogram') {
  return page.evaluate(
    async ({ frames, kind }) => {
      const cyclogram = kind === 'cyclogram';
      const costs = () => (cyclogram ? window.__taktCyclogram!.frameMs : window.__taktGantt!.frames);
      const host = document.querySelector<HTMLElement>(
        cyclogram ? '[data-testid="cyclogram-canvas"]' : '[data-testid="gantt"] [role="application"]',
      );
      const grid = document.querySelector<HTMLElement>('[data-testid="wbs-grid"]');
      if (!host || (kind === 'scroll' && !grid))
        throw new Error(`nothing to ${kind}: the chart or grid is missing`);
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
          if (kind === 'scroll') grid!.scrollTop += 64;
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

/** Waits until the timeline's bars stand still (a zoom or a jump animates for a moment). */
async function settle(page: Page, timeout: number) {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await page.evaluate(() => window.__taktGantt!.probe.bars()));
        const still = now === last;
        last = now;
        return still;
      },
      { message: 'the timeline’s bars standing still after a zoom', timeout },
    )
    .toBe(true);
}

/**
 * A bar to drag `DRAG_STEPS` days later: of a work with successors (so the engine moves something),
 * its centre and the whole way of the drag inside the timeline's canvas, found by the timeline's own
 * probe. The preferred work when it qualifies, else the first that does; null when none does.
 */
async function dragTarget(page: Page, preferred: string) {
  const box = await page.getByTestId('gantt').getByRole('application').boundingBox();
  if (!box) throw new Error('the Gantt timeline has no box on the page');
  const found = await page.evaluate(
    ({ preferred, width, height, steps }) => {
      const probe = window.__taktGantt!.probe;
      const pxPerDay = probe.pxPerDay();
      const predecessors = new Set(probe.links().map((link) => link.from));
      const fits = (b: { x: number; y: number; width: number; height: number }) => {
        const x = b.x + b.width / 2;
        // Below the header (40 px), away from the edges, with room for the whole drag.
        return x > 8 && x + steps * pxPerDay < width - 8 && b.y > 48 && b.y + b.height < height - 8;
      };
      const bars = probe.bars().filter((b) => predecessors.has(b.id) && b.width > 4 && fits(b));
      return { bar: bars.find((b) => b.id === preferred) ?? bars[0] ?? null, pxPerDay };
    },
    { preferred, width: box.width, height: box.height, steps: DRAG_STEPS },
  );
  if (!found.bar) return null;
  const x = box.x + found.bar.x + found.bar.width / 2;
  const y = box.y + found.bar.y + found.bar.height / 2;
  // The point is the timeline's, not the grid's nor a menu over it.
  const onTimeline = await page.evaluate(
    ({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[data-testid="gantt"] [role="application"]'),
    { x, y },
  );
  return onTimeline ? { id: found.bar.id, x, y, pxPerDay: found.pxPerDay } : null;
}

/**
 * The demo space's schedule as a new user opens it: navigation start → the timeline's first frame with
 * bars (and the grid's rows), for the first open and the median of three reloads. Beside the generated
 * schedules' same figure (`firstBarsMs` of their loads), in the same run.
 */
test('demo schedule: navigation to the first bars', async ({ page, request }) => {
  const wait = waitMs(10_000);
  test.setTimeout(4 * 60_000);
  page.setDefaultTimeout(wait);
  const token = await registerByApi(request, newUser('benchdemo'));
  const spaceId = await createSpaceByApi(request, token, 'Bench demo');
  const api = restClient(request, token, 2 * wait);
  await api.post(`/space/${spaceId}/demo`);
  const nodes = await api.get<{ id: string; kind: string; actualVersionId: string | null }[]>(
    `/space/${spaceId}/eps`,
  );
  const schedule = nodes.find((n) => n.kind === 'schedule' && n.actualVersionId);
  if (!schedule) throw new Error('the demo space has no schedule with an actual version');
  const works = (await api.get<unknown[]>(`/space/${spaceId}/versions/${schedule.actualVersionId}/wbs`))
    .length;
  await page.addInitScript(() => localStorage.setItem('takt.gantt.split', '520'));
  await openSignedIn(page, token, `/${spaceId}/schedule/${schedule.id}`);
  const loads: Load[] = [];
  for (let i = 0; i <= TRIALS; i++) {
    if (i > 0) await page.reload();
    loads.push(await measureLoad(page, works));
  }
  const renderer = await page.evaluate(() => window.__taktRenderer!);
  writeDemoResult({
    works,
    renderer,
    firstOpen: loads[0]!,
    warm: Object.fromEntries(
      (Object.keys(loads[0]!) as (keyof Load)[]).map((key) => [
        key,
        median(loads.slice(1).map((l) => l[key])),
      ]),
    ),
  });
});

for (const WORKS of SIZES) {
  /**
   * A generated schedule of `WORKS` works with links, as a planner meets it: the server's calculation,
   * the page (re)loaded warm and cold (the grid's rows, the timeline's first frame), the engine's
   * scheduler built in the browser, scrolling grid and timeline together, zooming, dragging a bar with
   * the live recalculation of its successors, the heap, and the cyclogram of the same version.
   */
  test(`schedule of ${WORKS.toLocaleString('en')} works: load warm and cold, Gantt, scroll, zoom, drag, calculation, cyclogram`, async ({
    page,
    request,
  }) => {
    const wait = waitMs(WORKS);
    // The whole scenario: four minutes and eight more per 100,000 works.
    test.setTimeout(Math.round(4 * 60_000 + (WORKS / 100_000) * 8 * 60_000));
    page.setDefaultTimeout(wait);
    page.setDefaultNavigationTimeout(wait);
    const token = await registerByApi(request, newUser('bench'));
    const spaceId = await createSpaceByApi(request, token, 'Bench');
    // Server calls at this size may take longer than a page wait: the generation writes every row.
    const api = restClient(request, token, 2 * wait);
    const generatedAt = Date.now();
    const large = await api.post<{ scheduleId: string; versionId: string; relations: number }>(
      `/space/${spaceId}/demo/large-schedule`,
      { works: WORKS },
    );
    const generateMs = Date.now() - generatedAt;
    const versionPath = `/space/${spaceId}/versions/${large.versionId}`;
    const calculate = async () => {
      const started = Date.now();
      const run = await api.post<{ milliseconds: number; phases?: Record<string, unknown> }>(
        `${versionPath}/calculate`,
      );
      return { roundTripMs: Date.now() - started, serverMs: run.milliseconds, phases: run.phases ?? {} };
    };
    const firstCalculation = await calculate();
    const url = `/${spaceId}/schedule/${large.scheduleId}`;

    // Warm: a first load, then the median of three reloads. The timeline with the renderer the page
    // chooses for this machine (Pixi's canvas renderer where WebGL is software, as in headless Chromium).
    await page.addInitScript(() => localStorage.setItem('takt.gantt.split', '520'));
    await openSignedIn(page, token, url);
    const loads: Load[] = [];
    for (let i = 0; i <= TRIALS; i++) {
      if (i > 0) await page.reload();
      const load = await measureLoad(page, WORKS);
      if (i > 0) loads.push(load);
    }
    const renderer = await page.evaluate(() => window.__taktGantt!.renderer);
    const rendererChoice = await page.evaluate(() => window.__taktRenderer!);

    // Cold: renaming the version changes its data fingerprint, so the server reads and encodes it again.
    const versions = await api.get<{ id: string; revision: number }[]>(
      `/space/${spaceId}/schedules/${large.scheduleId}/versions`,
    );
    const revision = versions.find((v) => v.id === large.versionId)!.revision;
    await api.patch(versionPath, { name: 'Bench, renamed', revision });
    await page.reload();
    const cold = await measureLoad(page, WORKS);

    // The engine's scheduler for dragging is built when the page is idle after the first frame: waited
    // for here, so the frames below measure scrolling and zooming alone.
    const schedulerBuilt = (what: string) =>
      appear(page, `${what} (window.__taktGantt.whatIfBuildMs)`, wait, () => {
        return window.__taktGantt?.whatIfBuildMs !== undefined;
      });
    await schedulerBuilt('the engine scheduler built in idle time');
    const whatIfBuildMs = await page.evaluate(() => window.__taktGantt!.whatIfBuildMs!);

    // Scrolling grid and timeline together at the week scale (many bars and links per frame), then
    // zooming the timeline in and out.
    await page.getByTestId('gantt-scale-week').click();
    await settle(page, wait);
    const scroll = await animate(page, SCROLL_FRAMES, 'scroll');
    const zoom = await animate(page, ZOOM_FRAMES, 'zoom');
    expect(scroll.frames.length, 'timeline frames drawn while scrolling').toBeGreaterThan(0);

    // The same scroll with the other renderer, forced through the page's address: what the choice saves
    // (or costs) on this machine.
    const other = renderer === 'webgl' ? 'canvas' : 'webgl';
    await page.goto(`${url}?renderer=${other}`);
    await measureLoad(page, WORKS);
    expect(await page.evaluate(() => window.__taktGantt!.renderer), 'the forced renderer').toBe(other);
    await schedulerBuilt(`the engine scheduler of the page with the ${other} renderer`);
    await page.getByTestId('gantt-scale-week').click();
    await settle(page, wait);
    const otherScroll = await animate(page, SCROLL_FRAMES, 'scroll');
    expect(otherScroll.frames.length, `${other} frames drawn while scrolling`).toBeGreaterThan(0);
    const scrollByRenderer = {
      [renderer]: { frames: stats(scroll.frames), intervals: stats(scroll.intervals) },
      [other]: { frames: stats(otherScroll.frames), intervals: stats(otherScroll.intervals) },
    };

    // Dragging a bar day by day: the engine moves its successors, the frame shows them. The page opens
    // on a work with successors (the predecessor of the first link), jumped to at the day scale.
    const preferred = await page.evaluate(() => window.__taktGantt!.probe.links()[0]?.from ?? null);
    if (!preferred) throw new Error('the version has no links: nothing would follow a dragged bar');
    await page.goto(`${url}?target=${preferred}`);
    await appear(page, 'the Gantt timeline’s first frame after opening the work', wait, () => {
      return window.__taktGantt?.firstFrameMs !== undefined;
    });
    await expect(page.getByTestId('gantt').getByRole('application')).toHaveAttribute('data-ready', 'true');
    await page.getByTestId('gantt-scale-day').click();
    await page.getByTestId('gantt-toolbar').getByRole('button', { name: 'Selected work' }).click();
    await settle(page, wait);
    let target = await dragTarget(page, preferred);
    if (!target) {
      // No room for the drag at the day scale: the week scale shows more days on the same width.
      await page.getByTestId('gantt-scale-week').click();
      await settle(page, wait);
      target = await dragTarget(page, preferred);
    }
    // The reopened page builds its scheduler in idle time again: the drag steps measure the live
    // recalculation, not the build (a drag that came first would wait for it).
    await schedulerBuilt('the engine scheduler of the reopened page');
    if (!target)
      throw new Error(
        `no bar of a work with successors lies inside the timeline with room for a ${DRAG_STEPS}-day drag (at the day and week scales)`,
      );
    const before = await page.evaluate(() => window.__taktGantt!.drags.length);
    await page.mouse.move(target.x, target.y);
    await page.mouse.down();
    for (let step = 1; step <= DRAG_STEPS; step++)
      await page.mouse.move(target.x + step * target.pxPerDay, target.y);
    const dragStatus = await page.getByTestId('gantt-status').textContent();
    const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
    await page.keyboard.press('Escape');
    await page.mouse.up();
    const drags = await page.evaluate((from) => window.__taktGantt!.drags.slice(from), before);
    expect(selected, 'text selected while dragging a bar').toBe('');
    expect(drags.length, `drag steps redrawn (of ${DRAG_STEPS})`).toBeGreaterThanOrEqual(DRAG_STEPS - 1);
    expect(dragStatus ?? '', 'the status line while dragging').toMatch(/move/);

    // JS heap after a collection: the page with the decoded version, the grid and the timeline.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as {
      usedSize: number;
      backingStorageSize?: number;
    };

    // The cyclogram of the same version (its locations from the WBS, a line per trade): navigation start
    // → first frame with locations, for the first open and the median of three reloads; then its frames
    // while scrolling the locations.
    const cyclogramFirst: number[] = [];
    await page.goto(`${url}/cyclogram`);
    for (let i = 0; i <= TRIALS; i++) {
      if (i > 0) await page.reload();
      await appear(page, 'the cyclogram’s first frame (window.__taktCyclogram.firstFrameAt)', wait, () => {
        return window.__taktCyclogram?.firstFrameAt !== undefined;
      });
      cyclogramFirst.push(await page.evaluate(() => window.__taktCyclogram!.firstFrameAt!));
    }
    const cyclogramSize = await page.evaluate(() => ({
      locations: window.__taktCyclogram!.locations,
      trades: window.__taktCyclogram!.trades,
    }));
    const cyclogramScroll = (await animate(page, SCROLL_FRAMES / 2, 'cyclogram')).frames;
    expect(cyclogramScroll.length, 'cyclogram frames drawn while scrolling').toBeGreaterThan(0);

    // The server's calculation again, with nothing changed since the first.
    const againCalculation = await calculate();

    const warm = (pick: (load: Load) => number) => median(loads.map(pick));
    writeResult(WORKS, {
      works: WORKS,
      relations: large.relations,
      renderer,
      rendererChoice,
      generateMs,
      calculation: { first: firstCalculation, again: againCalculation },
      loads,
      warm: Object.fromEntries(
        (Object.keys(cold) as (keyof Load)[]).map((key) => [key, warm((load) => load[key])]),
      ),
      cold,
      whatIfBuildMs,
      scroll: { frames: stats(scroll.frames), intervals: stats(scroll.intervals) },
      scrollByRenderer,
      zoom: { frames: stats(zoom.frames), intervals: stats(zoom.intervals) },
      drag: { steps: stats(drags), status: dragStatus, target: target.id },
      cyclogram: {
        ...cyclogramSize,
        firstOpenMs: cyclogramFirst[0],
        firstFrameMs: median(cyclogramFirst.slice(1)),
        scroll: stats(cyclogramScroll),
      },
      heap: { usedMB: heap.usedSize / 2 ** 20, backingStorageMB: (heap.backingStorageSize ?? 0) / 2 ** 20 },
    });
  });
}
