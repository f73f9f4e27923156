import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test';
import { type GanttBar, settleGantt, waitGanttReady } from './gantt-probe';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

const probe = {
  bars: (page: Page) => page.evaluate(() => window.__taktGantt!.probe.bars()),
  plan: (page: Page, id: string) => page.evaluate((work) => window.__taktGantt!.probe.plan(work), id),
  links: (page: Page) => page.evaluate(() => window.__taktGantt!.probe.links()),
  pxPerDay: (page: Page) => page.evaluate(() => window.__taktGantt!.probe.pxPerDay()),
};

interface Work {
  id: string;
  code: string | null;
  name: string;
  type: string;
  status: string;
  durationMinutes: number;
  planStart: string | null;
  planFinish: string | null;
  revision: number;
}

const DAY = 1440;

/** A space with the demo residential schedule; the schedule's id, its version and its works. */
async function demoSchedule(request: APIRequestContext) {
  const {
    token,
    spaceId,
    call: client,
    scheduleId,
    versionId,
  } = await demoSpaceByApi(request, 'gantt', 'Gantt');
  const works = (await client.get(`/space/${spaceId}/versions/${versionId}/wbs`)) as unknown as Work[];
  return { token, spaceId, client, scheduleId, versionId, works };
}

async function openTimeline(page: Page, token: string, path: string) {
  // Headless Chromium has no GPU: Pixi's canvas renderer is the fast one here (users get WebGL).
  await page.addInitScript(() => {
    localStorage.setItem('takt.gantt.renderer', 'canvas');
    if (!localStorage.getItem('takt.gantt.split')) localStorage.setItem('takt.gantt.split', '420');
  });
  await openSignedIn(page, token, path);
  await waitGanttReady(page);
}

/** The plan bar of a work as drawn now (canvas pixels), or null when it is not laid out. */
async function barOf(page: Page, id: string): Promise<GanttBar | null> {
  return (await probe.bars(page)).find((b) => b.id === id) ?? null;
}

test.describe('gantt on a tall screen', () => {
  // Room for twenty rows below a work: the link is drawn to a task a few rows further down.
  test.use({ viewport: { width: 1440, height: 1200 } });

  test('gantt: scales, a drag that moves the successor and persists, a link drawn between bars, dark theme', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const demo = await demoSchedule(request);
    const byId = new Map(demo.works.map((w, i) => [w.id, { ...w, index: i }]));
    const links = (await demo.client.get(
      `/space/${demo.spaceId}/versions/${demo.versionId}/relations`,
    )) as unknown as { predecessorId: string; successorId: string; type: string; driving: boolean }[];
    const linked = new Set(links.map((l) => `${l.predecessorId}>${l.successorId}`));
    const time = (iso: string | null) => (iso ? Date.parse(`${iso}:00Z`) / 60_000 : Number.NaN);
    /** A later task a few rows below a work, not linked to it: where a new link is drawn. */
    const laterTask = (from: Work & { index: number }) =>
      demo.works.slice(from.index + 1, from.index + 18).find((w) => {
        const gap = time(w.planStart) - time(from.planFinish);
        return (
          w.type === 'task' &&
          w.status === 'not_started' &&
          gap >= 6 * DAY && // the predecessor moves three days later first
          gap <= 35 * DAY &&
          !linked.has(`${from.id}>${w.id}`) &&
          !linked.has(`${w.id}>${from.id}`)
        );
      });
    // A not-started task driving the next task by finish-to-start, a few rows apart, with a later task
    // below it to link to.
    const candidate = links.find((l) => {
      const from = byId.get(l.predecessorId);
      const to = byId.get(l.successorId);
      return (
        l.type === 'fs' &&
        l.driving &&
        from?.type === 'task' &&
        to?.type === 'task' &&
        from.status === 'not_started' &&
        to.status === 'not_started' &&
        from.durationMinutes <= 3 * 480 &&
        Math.abs(to.index - from.index) <= 4 &&
        laterTask(from) !== undefined
      );
    });
    const pred = byId.get(candidate!.predecessorId)!;
    const succ = byId.get(candidate!.successorId)!;

    // The demo schedule opens on its first rows' bars with the data date in view; bars and links are
    // drawn beside the grid.
    await openTimeline(page, demo.token, `/${demo.spaceId}/schedule/${demo.scheduleId}`);
    const gantt = page.getByTestId('gantt');
    const timeline = gantt.getByRole('application');
    expect((await probe.bars(page)).length).toBeGreaterThan(5);
    await shot(page, 'gantt-01-opened-light');

    // Through all scales, each reported pressed in the toolbar.
    const toolbar = page.getByTestId('gantt-toolbar');
    for (const level of ['year', 'quarter', 'month', 'week', 'day'] as const) {
      await toolbar.getByTestId(`gantt-scale-${level}`).click();
      await expect(toolbar.getByTestId(`gantt-scale-${level}`)).toHaveAttribute('aria-pressed', 'true');
      await settleGantt(page);
      await shot(page, `gantt-02-scale-${level}`);
    }
    expect(await probe.pxPerDay(page)).toBeCloseTo(32, 0);

    // The predecessor, selected through the target parameter and brought into view at day zoom.
    await page.goto(`/${demo.spaceId}/schedule/${demo.scheduleId}?target=${pred.id}`);
    await waitGanttReady(page);
    await toolbar.getByTestId('gantt-scale-day').click();
    await toolbar.getByRole('button', { name: 'Selected work' }).click();
    await settleGantt(page);
    await expect.poll(async () => (await barOf(page, succ.id)) !== null).toBe(true);
    const predBar = (await barOf(page, pred.id))!;
    const before = (await probe.plan(page, succ.id))!;
    const predBefore = (await probe.plan(page, pred.id))!;
    const box = (await timeline.boundingBox())!;
    const grab = { x: box.x + predBar.x + predBar.width / 2, y: box.y + predBar.y + predBar.height / 2 };

    // Escape cancels a drag: nothing moves, nothing is saved.
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x + 64, grab.y, { steps: 6 });
    await expect(page.getByTestId('gantt-status')).toContainText('Esc cancels');
    await page.keyboard.press('Escape');
    await page.mouse.up();
    expect(await probe.plan(page, succ.id)).toEqual(before);

    // Dragging the predecessor three days later moves its successor live (the engine in the browser) …
    const shift = 3 * (await probe.pxPerDay(page));
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x + shift, grab.y, { steps: 12 });
    await expect(page.getByTestId('gantt-status')).toContainText(/works? move/);
    const during = (await probe.plan(page, succ.id))!;
    expect(during[0]).toBeGreaterThan(before[0]);
    const predDuring = (await probe.plan(page, pred.id))!;
    expect(predDuring[0]).toBeGreaterThanOrEqual(predBefore[0] + 3 * DAY - DAY);
    await shot(page, 'gantt-03-dragging');

    // … and on drop the change is saved, calculated by the server, whose dates equal the browser's; the
    // changes the server answers are applied to the loaded version, which is not loaded again.
    const payloadLoads: string[] = [];
    const countLoads = (r: Request) => {
      if (r.url().includes('/payload-binary')) payloadLoads.push(r.url());
    };
    page.on('request', countLoads);
    await page.mouse.up();
    await expect(page.getByTestId('gantt-status')).toHaveText('Saved; the schedule is recalculated.', {
      timeout: 30_000,
    });
    await expect.poll(() => probe.plan(page, succ.id)).toEqual(during);
    await settleGantt(page);
    page.off('request', countLoads);
    expect(payloadLoads, 'the version is not loaded again after a drag').toEqual([]);
    await shot(page, 'gantt-04-saved');
    await page.reload();
    await waitGanttReady(page);
    expect(await probe.plan(page, succ.id)).toEqual(during);
    expect(await probe.plan(page, pred.id)).toEqual(predDuring);

    // A link drawn from the predecessor's finish connector to the first half of a later bar: FS (at the
    // week scale, where more of the works that follow are in view).
    await toolbar.getByTestId('gantt-scale-week').click();
    await toolbar.getByRole('button', { name: 'Selected work' }).click();
    await settleGantt(page);
    const [predStart, predFinish] = (await probe.plan(page, pred.id))!;
    // The target: a not started task a few rows below that starts after the predecessor finishes (no
    // loop possible) and is not linked to it yet.
    // Chosen by the dates shown now (the drag and the server's calculation moved works since the data was read).
    let targetId: string | undefined;
    for (const w of demo.works.slice(pred.index + 1, pred.index + 18)) {
      if (w.type !== 'task' || w.status !== 'not_started') continue;
      if (linked.has(`${pred.id}>${w.id}`) || linked.has(`${w.id}>${pred.id}`)) continue;
      const plan = await probe.plan(page, w.id);
      if (plan && plan[0]! >= predFinish) {
        targetId = w.id;
        break;
      }
    }
    expect(targetId, 'a later task to link to').toBeTruthy();
    // Both rows in view: the grid scrolls the predecessor's row near the top.
    await page.getByTestId('wbs-grid').evaluate((grid, row) => {
      grid.scrollTop = Math.max(0, row * 32 - 64);
    }, pred.index);
    await settleGantt(page);
    const bars = await probe.bars(page);
    const from = bars.find((b) => b.id === pred.id)!;
    const target = bars.find((b) => b.id === targetId);
    expect(target, 'the later task is drawn').toBeTruthy();
    expect(target!.y + target!.height).toBeLessThan(box.height - 10);
    const targetStart = (await probe.plan(page, target!.id))![0];
    expect(targetStart).toBeGreaterThanOrEqual(predFinish);
    expect(predStart).toBeLessThan(predFinish);
    // Hovering the bar shows its connectors; the finish one sits just right of the bar.
    await page.mouse.move(box.x + from.x + from.width / 2, box.y + from.y + from.height / 2);
    await page.mouse.move(box.x + from.x + from.width + 9, box.y + from.y + from.height / 2, { steps: 3 });
    await page.mouse.down();
    await page.mouse.move(box.x + target!.x + target!.width * 0.25, box.y + target!.y + target!.height / 2, {
      steps: 10,
    });
    await expect(page.getByTestId('gantt-status')).toContainText('Link FS:');
    await shot(page, 'gantt-05-linking');
    await page.mouse.up();
    await expect(page.getByTestId('gantt-status')).toContainText('Link FS created', { timeout: 30_000 });
    await expect
      .poll(async () => (await probe.links(page)).some((l) => l.from === pred.id && l.to === target!.id))
      .toBe(true);
    const stored = (await demo.client.get(
      `/space/${demo.spaceId}/versions/${demo.versionId}/relations`,
    )) as unknown as { predecessorId: string; successorId: string; type: string }[];
    expect(
      stored.some((l) => l.predecessorId === pred.id && l.successorId === target!.id && l.type === 'fs'),
    ).toBe(true);

    // The context menu of a bar; keyboard zoom.
    const again = (await barOf(page, pred.id))!;
    await page.mouse.click(box.x + again.x + again.width / 2, box.y + again.y + again.height / 2, {
      button: 'right',
    });
    const menu = page.getByTestId('gantt-menu');
    // The timeline's own actions first; the page's row actions follow (keyboard.spec checks those).
    await expect(menu.getByRole('menuitem').first()).toHaveText('Open the work');
    expect((await menu.getByRole('menuitem').allTextContents()).slice(0, 4)).toEqual([
      'Open the work',
      'Add a link from here',
      'Zoom to the work',
      'Remove the work’s links',
    ]);
    await shot(page, 'gantt-06-menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Ctrl+click adds a second work to the selection (the grid shows both); a double-click opens the
    // grid's editor of the work's name.
    const other = (await barOf(page, target!.id))!;
    await page.keyboard.down('Control');
    await page.mouse.click(box.x + other.x + other.width / 2, box.y + other.y + other.height / 2);
    await page.keyboard.up('Control');
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.mouse.dblclick(box.x + again.x + again.width / 2, box.y + again.y + again.height / 2);
    await expect(page.locator('.wbs-input')).toHaveValue(pred.name);
    await page.locator('.wbs-input').press('Escape');

    // The new link, selected by a click on its line, is deleted with Delete after a confirmation. Links
    // of the same works share parts of their lines: points along the new one are tried until the status
    // names it.
    const routes = await page.evaluate(() => window.__taktGantt!.probe.routes());
    const route = routes.find((r) => r.from === pred.id && r.to === target!.id)!;
    const drawnBars = await probe.bars(page);
    const onBar = (x: number, y: number) =>
      drawnBars.some(
        (b) => x >= b.x - 8 && x <= b.x + b.width + 8 && y >= b.y - 2 && y <= b.y + b.height + 2,
      );
    const spots: { x: number; y: number }[] = [];
    for (let i = 0; i + 3 < route.points.length; i += 2) {
      for (let t = 0.1; t < 0.95; t += 0.1) {
        const x = route.points[i]! + (route.points[i + 2]! - route.points[i]!) * t;
        const y = route.points[i + 1]! + (route.points[i + 3]! - route.points[i + 1]!) * t;
        if (y > 40 && y < box.height - 40 && x > 0 && x < box.width && !onBar(x, y)) spots.push({ x, y });
      }
    }
    const targetName = byId.get(target!.id)!.name;
    const status = page.getByTestId('gantt-status');
    let selected = false;
    for (const spot of spots) {
      await page.mouse.click(box.x + spot.x, box.y + spot.y);
      if (((await status.textContent({ timeout: 1000 }).catch(() => null)) ?? '').includes(targetName)) {
        selected = true;
        break;
      }
    }
    expect(selected, 'the new link is selected by a click on its line').toBe(true);
    await expect(status).toContainText(`FS: `);
    await shot(page, 'gantt-07-link-selected');
    await page.keyboard.press('Delete');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Delete the link FS:');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('gantt-status')).toHaveText('The link is deleted', { timeout: 30_000 });
    await expect
      .poll(async () => (await probe.links(page)).some((l) => l.from === pred.id && l.to === target!.id))
      .toBe(false);

    const zoom = await probe.pxPerDay(page);
    await timeline.focus();
    await page.keyboard.press('-');
    await expect.poll(() => probe.pxPerDay(page)).toBeLessThan(zoom);

    // The dark theme follows the app's, switched live.
    await page.getByRole('button', { name: 'Switch between light and dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await toolbar.getByTestId('gantt-fit').click();
    await page.waitForTimeout(400);
    await shot(page, 'gantt-08-dark');
  });
});

test('gantt: a locked version cannot be dragged and says why', async ({ page, request }) => {
  test.setTimeout(120_000);
  const demo = await demoSchedule(request);
  await demo.client.post(`/space/${demo.spaceId}/versions/${demo.versionId}/setLocked`, { locked: true });
  await openTimeline(page, demo.token, `/${demo.spaceId}/schedule/${demo.scheduleId}`);
  const timeline = page.getByTestId('gantt').getByRole('application');
  await expect(timeline).toHaveAttribute('data-readonly', 'locked');
  const bar = (await probe.bars(page)).find((b) => b.width > 4)!;
  const plan = await probe.plan(page, bar.id);
  const box = (await timeline.boundingBox())!;
  const at = { x: box.x + bar.x + bar.width / 2, y: box.y + bar.y + bar.height / 2 };
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + 80, at.y, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('gantt-status')).toHaveText(
    'The version is locked: the chart cannot be changed.',
  );
  expect(await probe.plan(page, bar.id)).toEqual(plan);
  await shot(page, 'gantt-09-locked');
});

test('gantt: a drag on a work changed meanwhile by someone else gets a conflict, reloads and says so', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const demo = await demoSchedule(request);
  const work = demo.works.find((w) => w.type === 'task' && w.status === 'not_started')!;
  // Live updates would bring the rename before the drag (live.spec.ts); here their stream is down, as
  // behind a proxy that drops server-sent events, so the save itself must find out.
  await page.route('**/trpc/versions.live**', (route) => route.abort());
  await openTimeline(page, demo.token, `/${demo.spaceId}/schedule/${demo.scheduleId}?target=${work.id}`);
  const toolbar = page.getByTestId('gantt-toolbar');
  await toolbar.getByTestId('gantt-scale-week').click();
  await toolbar.getByRole('button', { name: 'Selected work' }).click();
  await settleGantt(page);
  const plan = await probe.plan(page, work.id);
  // Someone else renames the work: its revision moves on.
  const renamed = await request.patch(
    `/api/v1/space/${demo.spaceId}/versions/${demo.versionId}/wbs/${work.id}`,
    {
      headers: { Authorization: `Bearer ${demo.token}`, 'X-Language': 'en' },
      data: { revision: work.revision, name: `${work.name} (renamed)` },
    },
  );
  expect(renamed.ok()).toBe(true);
  const bar = (await barOf(page, work.id))!;
  const box = (await page.getByTestId('gantt').getByRole('application').boundingBox())!;
  const at = { x: box.x + bar.x + bar.width / 2, y: box.y + bar.y + bar.height / 2 };
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + 4 * (await probe.pxPerDay(page)), at.y, { steps: 6 });
  await page.mouse.up();
  await expect(page.getByText('The row was reloaded with the latest data')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('row').filter({ hasText: `${work.name} (renamed)` })).toBeVisible();
  expect(await probe.plan(page, work.id)).toEqual(plan);
  await shot(page, 'gantt-10-conflict');
});
