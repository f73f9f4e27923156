import { expect, type Page, test } from '@playwright/test';
import { settleGantt, waitGanttReady } from './gantt-probe';
import { openSignedIn, ownScheduleByApi, shot, updateVersionByApi } from './helpers';

const probe = {
  bars: (page: Page, kind: 'plan' | 'approved_plan' = 'plan') =>
    page.evaluate((k) => window.__taktGantt!.probe.bars(k), kind),
  pxPerDay: (page: Page) => page.evaluate(() => window.__taktGantt!.probe.pxPerDay()),
  dayAt: (page: Page, x: number) => page.evaluate((at) => window.__taktGantt!.probe.dayAt(at), x),
};

/**
 * A schedule whose works start in February 2026 and run to late 2028 — longer than the timeline shows
 * at its opening zoom — with an approved plan a week earlier than the plan on every other work.
 */
async function februarySchedule(request: Parameters<typeof ownScheduleByApi>[0]) {
  const own = await ownScheduleByApi(request, 'ganttview', 'Gantt view', {
    facility: 'Harbour',
    project: 'Quay 3',
    schedule: 'Quay works',
  });
  /** 2026-02-02 plus `days`, at a working hour, as the API takes dates. */
  const date = (days: number, hour: string) =>
    `${new Date(Date.UTC(2026, 1, 2 + days)).toISOString().slice(0, 10)}T${hour}`;
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    const work = await own.call.post(`${own.v}/wbs`, {
      code: `Q.${i + 1}`,
      name: `Quay section ${i + 1}`,
      durationMinutes: 480 * 4,
      planStart: date(i * 2, '08:00'),
      planFinish: date(i * 2 + 3, '17:00'),
      ...(i % 2 === 0
        ? { approvedStart: date(i * 2 - 10, '08:00'), approvedFinish: date(i * 2 - 7, '17:00') }
        : {}),
    });
    ids.push(work.id as string);
  }
  await own.call.post(`${own.v}/wbs`, {
    code: 'Q.99',
    name: 'Handover',
    durationMinutes: 480 * 5,
    planStart: '2028-11-06T08:00',
    planFinish: '2028-11-10T17:00',
  });
  return { ...own, ids };
}

async function openTimeline(page: Page, token: string, path: string) {
  // No renderer forced: the machine's WebGL decides (the split only gives the timeline room).
  await page.addInitScript(() => localStorage.setItem('takt.gantt.split', '420'));
  await openSignedIn(page, token, path);
  await waitGanttReady(page);
}

test('gantt view: opens at the schedule’s first bars, zooms around the pointer and the selection, approved-plan bars toggle', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const quay = await februarySchedule(request);
  await openTimeline(page, quay.token, `/${quay.spaceId}/schedule/${quay.scheduleId}`);
  const timeline = page.getByTestId('gantt').getByRole('application');
  const box = (await timeline.boundingBox())!;

  // The renderer follows the machine: this Chromium's WebGL is software, so Pixi's canvas renderer.
  const choice = await page.evaluate(() => window.__taktRenderer!);
  expect(choice.renderer).toBe('canvas');
  expect(['software_webgl', 'performance_caveat', 'no_webgl']).toContain(choice.reason);
  expect(await page.evaluate(() => window.__taktGantt!.renderer)).toBe('canvas');

  // Opened in November, the February works are on screen: at the opening zoom, the project's start at
  // the left edge, every first bar inside the timeline.
  const bars = await probe.bars(page);
  const first = bars.filter((b) => quay.ids.includes(b.id));
  expect(first.length, 'the first works’ bars drawn').toBe(quay.ids.length);
  for (const bar of first) {
    expect(bar.x).toBeGreaterThanOrEqual(0);
    expect(bar.x + bar.width).toBeLessThanOrEqual(box.width);
  }
  expect(await probe.pxPerDay(page)).toBeCloseTo(2.6, 1);
  expect(await probe.dayAt(page, 0)).toMatch(/^2026-01-/);
  await shot(page, 'gantt-view-01-opened-at-start');

  // The wheel with Ctrl zooms at the pointer (here just after the seventh work's start): the day under
  // it stays under it.
  const target = quay.ids[6]!;
  const x = Math.round(first.find((b) => b.id === target)!.x + 6);
  const dayBefore = await probe.dayAt(page, x);
  const zoomBefore = await probe.pxPerDay(page);
  await page.mouse.move(box.x + x, box.y + box.height / 2);
  await page.keyboard.down('Control');
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -120);
  await page.keyboard.up('Control');
  await expect.poll(() => probe.pxPerDay(page)).toBeGreaterThan(zoomBefore * 1.5);
  expect(await probe.dayAt(page, x)).toBe(dayBefore);
  await shot(page, 'gantt-view-02-wheel-zoom');

  // A selected work holds still while the toolbar zooms: its bar starts where it did.
  await page.getByRole('row').filter({ hasText: 'Quay section 7' }).first().click();
  const startOf = async () => (await probe.bars(page)).find((b) => b.id === target)!.x;
  const held = await startOf();
  await page.getByTestId('gantt-zoom-in').click();
  await settleGantt(page);
  expect(Math.abs((await startOf()) - held)).toBeLessThan(1.5);
  await page.getByTestId('gantt-scale-month').click();
  await settleGantt(page);
  expect(Math.abs((await startOf()) - held)).toBeLessThan(1.5);
  await shot(page, 'gantt-view-03-zoom-on-selection');

  // Approved-plan bars: under the plan bars of the works that have an approved plan, off and on again
  // from the toolbar.
  const approved = await probe.bars(page, 'approved_plan');
  expect(approved.map((b) => b.id).sort()).toEqual(quay.ids.filter((_, i) => i % 2 === 0).sort());
  const plan = new Map((await probe.bars(page)).map((b) => [b.id, b]));
  for (const bar of approved) {
    expect(bar.y).toBeGreaterThan(plan.get(bar.id)!.y);
    expect(bar.height).toBeLessThan(plan.get(bar.id)!.height);
    expect(bar.x).toBeLessThan(plan.get(bar.id)!.x); // approved a week or more earlier
  }
  await shot(page, 'gantt-view-04-approved-plan');
  const toggle = page.getByTestId('gantt-kind-approved_plan');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const placed = await toggle.boundingBox();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // The toolbar keeps its place: a button's width does not change with its pressed state.
  expect(await toggle.boundingBox()).toEqual(placed);
  await expect.poll(async () => (await probe.bars(page, 'approved_plan')).length).toBe(0);
  await shot(page, 'gantt-view-05-approved-plan-off');
  await toggle.click();
  await expect.poll(async () => (await probe.bars(page, 'approved_plan')).length).toBe(approved.length);
});

test('gantt view: ?renderer=webgl forces WebGL on this machine', async ({ page, request }) => {
  test.setTimeout(120_000);
  const quay = await februarySchedule(request);
  await openTimeline(page, quay.token, `/${quay.spaceId}/schedule/${quay.scheduleId}?renderer=webgl`);
  expect(await page.evaluate(() => window.__taktRenderer!)).toMatchObject({
    renderer: 'webgl',
    reason: 'forced',
  });
  expect(await page.evaluate(() => window.__taktGantt!.renderer)).toBe('webgl');
  expect((await probe.bars(page)).length).toBeGreaterThan(5);
  await shot(page, 'gantt-view-06-webgl-forced');
});

test('gantt view: a running project opens on its first rows with the data date in view', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const quay = await februarySchedule(request);
  // Progress: a later work started, the data date in the middle of the project.
  await quay.call.post(`${quay.v}/wbs`, {
    code: 'Q.50',
    name: 'Crane rails',
    durationMinutes: 480 * 20,
    planStart: '2027-05-03T08:00',
    planFinish: '2027-05-28T17:00',
    factStart: '2027-05-03T08:00',
  });
  await updateVersionByApi(quay.call, quay.v, { dataDate: '2027-05-17T08:00' });
  await openTimeline(page, quay.token, `/${quay.spaceId}/schedule/${quay.scheduleId}`);
  const box = (await page.getByTestId('gantt').getByRole('application').boundingBox())!;
  // The first rows' bars from the left edge and the data date in view: zoomed out from the month level.
  const pxPerDay = await probe.pxPerDay(page);
  expect(pxPerDay).toBeLessThan(2.6);
  expect(pxPerDay).toBeGreaterThanOrEqual(0.9);
  const dataDateX = await page.evaluate(() => window.__taktGantt!.probe.line('data_date'));
  expect(dataDateX).not.toBeNull();
  expect(dataDateX!).toBeGreaterThan(box.width / 2);
  expect(dataDateX!).toBeLessThan(box.width);
  const first = (await probe.bars(page)).filter((b) => quay.ids.includes(b.id));
  expect(first.length, 'the first works’ bars drawn').toBe(quay.ids.length);
  for (const bar of first) expect(bar.x).toBeGreaterThanOrEqual(0);
  await shot(page, 'gantt-view-07-data-date');
  // The started work, last in the grid, is drawn across the data date once scrolled to.
  await page.getByTestId('wbs-grid').evaluate((grid) => {
    grid.scrollTop = grid.scrollHeight;
  });
  await expect
    .poll(async () => (await probe.bars(page)).some((b) => b.x < dataDateX! && b.x + b.width > dataDateX!))
    .toBe(true);
  await shot(page, 'gantt-view-08-data-date-started-work');
});

test('gantt view: the profile’s chart drawing setting forces a renderer in this browser', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const quay = await februarySchedule(request);
  await openSignedIn(page, quay.token, `/${quay.spaceId}/profile`);
  const setting = page.getByTestId('renderer-setting');
  await expect(setting).toHaveValue('auto');
  // Automatic names what this machine gets: the canvas renderer, its WebGL being software.
  await expect(
    page.getByText('Automatic draws with Canvas (processor) here.', { exact: false }),
  ).toBeVisible();
  await setting.selectOption('webgl');
  await shot(page, 'gantt-view-09-renderer-setting');
  await page.goto(`/${quay.spaceId}/schedule/${quay.scheduleId}`);
  await waitGanttReady(page);
  expect(await page.evaluate(() => window.__taktRenderer!)).toMatchObject({
    renderer: 'webgl',
    reason: 'forced',
  });
  expect(await page.evaluate(() => window.__taktGantt!.renderer)).toBe('webgl');
});
