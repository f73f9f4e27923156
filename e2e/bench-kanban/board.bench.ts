import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openSignedIn, ownScheduleByApi } from '../tests/helpers';

/** Cards on the board measured: `TAKT_BENCH_CARDS`, else 10,000. */
const CARDS = Number(process.env.TAKT_BENCH_CARDS ?? 10_000);
const COLUMNS = 4;
/** Cards created at once while the board is filled (the server takes one board's writes in turn). */
const PARALLEL = 8;
const DRAG_STEPS = 60;
const TRIALS = 3;
const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

/**
 * A board of 10,000 cards in four columns: the first paint (navigation start to the first card drawn) and
 * the frame time while a card is dragged across the columns with the pointer (intervals between animation
 * frames, the browser's pacing, while the drag runs).
 */
test(`kanban board of ${CARDS} cards: first paint and drag frame time`, async ({ page, request }) => {
  test.setTimeout(30 * 60_000);
  const owner = await ownScheduleByApi(request, 'kanbanbench', 'Kanban bench', {
    facility: 'Bench',
    project: 'Bench',
    schedule: 'Bench',
  });
  const { call, spaceId, scheduleId } = owner;
  const board = (await call.post(`/space/${spaceId}/schedules/${scheduleId}/kanban`, {
    name: 'Bench board',
    columns: Array.from({ length: COLUMNS }, (_, i) => ({ name: `Column ${i + 1}` })),
  })) as { id: string; columns: { id: string }[] };
  let next = 0;
  const worker = async () => {
    while (next < CARDS) {
      const n = next++;
      await call.post(`/space/${spaceId}/kanban/columns/${board.columns[n % COLUMNS]!.id}/items`, {
        title: `Card ${n + 1} of the bench`,
        dueDate: n % 3 === 0 ? '2026-06-01' : null,
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));

  const path = `/${spaceId}/kanban-schedule/${scheduleId}/${board.id}`;
  const loadBefore = loadavg();
  const paints: number[] = [];
  const queries: ({ sentAt: number; ms: number; bytes: number } | null)[] = [];
  const frames: number[] = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    if (trial === 0) await openSignedIn(page, owner.token, path);
    else await page.reload();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="kanban-card"]') !== null,
      undefined,
      {
        polling: 'raf',
        timeout: 60_000,
      },
    );
    paints.push(await page.evaluate(() => performance.now()));
    // Where the first paint went: the cards' request (sent → last byte) and its size.
    queries.push(
      await page.evaluate(() => {
        const entry = performance
          .getEntriesByType('resource')
          .find((e) => e.name.includes('kanban.cards.list')) as PerformanceResourceTiming | undefined;
        return entry
          ? {
              sentAt: entry.requestStart,
              ms: entry.responseEnd - entry.requestStart,
              bytes: entry.encodedBodySize,
            }
          : null;
      }),
    );
    await expect(page.locator('[data-testid="kanban-column"]')).toHaveCount(COLUMNS);

    // A pointer drag of the first card of the first column over to the last column, frame by frame.
    const card = page.getByTestId('kanban-card').first();
    const from = (await card.boundingBox())!;
    const to = (await page.getByTestId('kanban-column').last().boundingBox())!;
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __recording: boolean };
      w.__frames = [];
      w.__recording = true;
      let last = performance.now();
      const tick = (now: number) => {
        w.__frames.push(now - last);
        last = now;
        if (w.__recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= DRAG_STEPS; step++) {
      const x =
        from.x + from.width / 2 + ((to.x + to.width / 2 - from.x - from.width / 2) * step) / DRAG_STEPS;
      const y = from.y + from.height / 2 + ((to.y + 200 - from.y - from.height / 2) * step) / DRAG_STEPS;
      await page.mouse.move(x, y);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    await page.keyboard.press('Escape');
    await page.mouse.up();
    const recorded = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __recording: boolean };
      w.__recording = false;
      return w.__frames.slice(1);
    });
    frames.push(...recorded);
  }
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const at = (values: number[], q: number) =>
    sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
  const result = {
    load: { before: loadBefore.map((v) => v.toFixed(2)), after: loadavg().map((v) => v.toFixed(2)) },
    cards: CARDS,
    columns: COLUMNS,
    firstPaintMs: { trials: paints.map(Math.round), p50: Math.round(at(paints, 0.5)) },
    cardsQuery: queries.map((q) =>
      q ? { sentAtMs: Math.round(q.sentAt), ms: Math.round(q.ms), kb: Math.round(q.bytes / 1024) } : null,
    ),
    dragFrameMs: {
      frames: frames.length,
      p50: Number(at(frames, 0.5).toFixed(1)),
      p95: Number(at(frames, 0.95).toFixed(1)),
      max: Number(at(frames, 1).toFixed(1)),
    },
  };
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(`${RESULTS}kanban-bench-${CARDS}.json`, JSON.stringify(result, null, 2));
  console.log(`kanban board, ${CARDS} cards: ${JSON.stringify(result)}`);
  expect(frames.length).toBeGreaterThan(DRAG_STEPS);
});
