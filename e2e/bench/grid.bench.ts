import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { api, createSpaceByApi, newUser, openSignedIn, registerByApi } from '../tests/helpers';

const WORKS = Number(process.env.TAKT_BENCH_WORKS ?? 100_000);
const TRIALS = 3;
const RESULT_FILE = fileURLToPath(new URL('../test-results/grid-bench.json', import.meta.url));

interface Timings {
  works: number;
  queryMs: number;
  decodeMs: number;
  loadMs: number;
  firstPaintMs: number;
}

/**
 * Loads the 100,000-work version into the browser: payload query + transfer (queryMs), decoding into
 * typed arrays (decodeMs), and the grid's first paint with rows (firstPaintMs, from the query start).
 * One warm-up, then the median of three page loads.
 */
test('grid: load and first paint of a 100,000-work version', async ({ page, request }) => {
  const token = await registerByApi(request, newUser('bench'));
  const spaceId = await createSpaceByApi(request, token, 'Bench');
  const client = api(request, token);
  const generatedAt = Date.now();
  const large = await client.post(`/space/${spaceId}/demo/large-schedule`, { works: WORKS });
  const generateMs = Date.now() - generatedAt;
  const nodes = (await client.get(`/space/${spaceId}/eps`)) as unknown as {
    id: string;
    actualVersionId: string;
  }[];
  const schedule = nodes.find((n) => n.actualVersionId === large.versionId)!;
  const url = `/${spaceId}/schedule/${schedule.id}`;

  const trials: (Timings & { navigationMs: number })[] = [];
  const load = async () => {
    const started = Date.now();
    // A check the page runs each animation frame, not a locator polled meanwhile: Playwright builds an
    // accessibility snapshot of the page at each failed poll, on the main thread being measured.
    await page.waitForFunction(() => window.__taktGrid?.firstPaintMs !== undefined, undefined, {
      timeout: 120_000,
      polling: 'raf',
    });
    await expect(page.locator('[role="row"][aria-rowindex="2"]')).toBeVisible();
    const navigationMs = Date.now() - started;
    const timings = (await page.evaluate(() => window.__taktGrid)) as Timings;
    expect(timings.works).toBe(WORKS);
    return { ...timings, navigationMs };
  };
  // The timeline beside the grid draws in the same first frame: with Pixi's canvas renderer, the faster one
  // without a GPU (as in the Gantt benchmark; software WebGL here costs that frame ~1 s).
  await page.addInitScript(() => localStorage.setItem('takt.gantt.renderer', 'canvas'));
  await openSignedIn(page, token, url);
  for (let i = 0; i <= TRIALS; i++) {
    if (i > 0) await page.reload();
    const timings = await load();
    if (i > 0) trials.push(timings);
  }
  // Cold: renaming the version changes its data fingerprint, so the server reads and encodes it again.
  const versions = (await client.get(`/space/${spaceId}/schedules/${schedule.id}/versions`)) as unknown as {
    id: string;
    revision: number;
  }[];
  const revision = versions.find((v) => v.id === large.versionId)!.revision;
  const renamed = await request.patch(`/api/v1/space/${spaceId}/versions/${large.versionId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Bench, renamed', revision },
  });
  expect(renamed.ok()).toBe(true);
  await page.reload();
  const cold = await load();
  const median = (pick: (t: (typeof trials)[number]) => number) =>
    Math.round(trials.map(pick).sort((a, b) => a - b)[Math.floor(trials.length / 2)]!);
  writeFileSync(
    RESULT_FILE,
    JSON.stringify({
      works: WORKS,
      generateMs,
      trials,
      loadMs: median((t) => t.loadMs),
      queryMs: median((t) => t.queryMs),
      decodeMs: median((t) => t.decodeMs),
      firstPaintMs: median((t) => t.firstPaintMs),
      navigationMs: median((t) => t.navigationMs),
      cold,
    }),
  );
});

declare global {
  interface Window {
    __taktGrid?: Timings;
  }
}
