import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, ownSpaceByApi, scheduleByApi, shot, updateVersionByApi } from './helpers';

type Json = Record<string, unknown>;

/** Working minutes of the version's default calendar: Monday to Friday, 8 hours from 08:00. */
const DAY = 8 * 60;
const ACTUAL_START = '2025-02-03'; // a Monday
const DATA_DATE = '2025-02-13'; // the Thursday of the next week, 08:00: 8 working days have passed

/** Working days (Monday–Friday) from the start of `from` to the start of `until`. */
function workingDaysBetween(from: string, until: string): number {
  let n = 0;
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d < new Date(`${until}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1)
  )
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) n += 1;
  return n;
}

/** The dates of the first `count` working days from `from`, `YYYY-MM-DD`. */
function workingDays(from: string, count: number): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); out.length < count; d.setUTCDate(d.getUTCDate() + 1))
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  return out;
}

/**
 * The engine's rule for a started work on the actual-duration variant (engine README, calculation
 * scenarios): the pace so far continues, remaining = elapsed × (1 − p) ÷ p. The server stores the duration
 * the calculation reads the remaining time from (remaining = duration × (1 − p)), so duration = remaining ÷ (1 − p).
 */
function actualDurationVariant(elapsedMinutes: number, plan: number, fact: number): number {
  const p = fact / plan;
  const remaining = Math.round((elapsedMinutes * (1 - p)) / p);
  return Math.round(remaining / (1 - p));
}

/**
 * The crew's peak daily demand while both works run (they both started on the same day): the calculation
 * puts a started work's remaining time, duration × (1 − progress), after the data date, and the histogram
 * spreads an assignment's planned quantity evenly over the working time from its start to its finish.
 */
function peakText(
  works: { plan: number; progress: number; durationMinutes: number }[],
  elapsedMinutes: number,
) {
  const peak = works.reduce(
    (sum, w) => sum + (w.plan * DAY) / (elapsedMinutes + w.durationMinutes * (1 - w.progress / 100)),
    0,
  );
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 3, useGrouping: false }).format(peak)} of 10 people`;
}

const daysText = (minutes: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: false }).format(minutes / DAY);

/** Dismisses the notices so that the screenshot shows the histogram under them. */
async function dismissNotices(page: Page) {
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

async function chooseScenario(page: Page, scenario: string) {
  await page.getByTestId('resource-settings').click();
  const dialog = page.getByTestId('resource-settings-dialog');
  await expect(dialog.getByTestId('settings-scenario')).toBeEnabled();
  await dialog.getByTestId('settings-scenario').selectOption({ label: scenario });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('resources: volumes and labour, switching the calculation scenario changes durations and the histogram', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { token, spaceId, call } = await ownSpaceByApi(request, 'scen', 'Scenarios');
  const s = `/space/${spaceId}`;
  const me = await call.get('/users/who-am-i');

  // ── a crew of 10 people a day; two works in progress that both need it ───────────────────────
  const crew = await call.post(`${s}/resources`, {
    name: 'Masonry crew',
    code: 'MC-1',
    kind: 'labour',
    unit: 'people',
    price: 40,
    unitsPerDay: 10,
  });
  const { scheduleId, v } = await scheduleByApi(call, spaceId, {
    facility: 'Depot',
    project: 'Hall B',
    schedule: 'Shell',
  });
  await updateVersionByApi(call, v, {
    projectStart: `${ACTUAL_START}T08:00`,
    dataDate: `${DATA_DATE}T08:00`,
  });

  const initialDays = 10;
  const inputs = {
    // Scenario 6 reads the physical volume: 500 m³ planned, the daily facts give 200 so far.
    foundations: { volumePlan: 500, volumeFact: 200, labourPlan: 80, labourFact: 32 },
    // Scenario 9 reads the labour: 120 planned, 72 done; no volume (scenario 6 leaves it as it was).
    walls: { labourPlan: 120, labourFact: 72, progress: 10 },
  };
  const common = {
    durationMinutes: initialDays * DAY,
    factStart: `${ACTUAL_START}T08:00`,
    status: 'in_progress',
    executorId: me.id,
    curatorId: me.id,
  };
  const foundations = await call.post(`${v}/wbs`, {
    ...common,
    name: 'Foundations',
    code: 'S-1',
    planVolume: inputs.foundations.volumePlan,
    unit: 'm³',
    progress: 40,
  });
  // (An in-progress work with 0 % keeps its whole duration from the actual start in the calculation, so the
  // walls report a little progress: their remaining time then runs from the data date like the foundations'.)
  const walls = await call.post(`${v}/wbs`, {
    ...common,
    name: 'Walls',
    code: 'S-2',
    progress: inputs.walls.progress,
  });
  await call.post(`${v}/assignment`, {
    workId: foundations.id,
    resourceId: crew.id,
    planQuantity: inputs.foundations.labourPlan,
    factQuantity: inputs.foundations.labourFact,
  });
  await call.post(`${v}/assignment`, {
    workId: walls.id,
    resourceId: crew.id,
    planQuantity: inputs.walls.labourPlan,
    factQuantity: inputs.walls.labourFact,
  });
  // The daily plan of the foundations: 25 m³ planned and done on each of the first 8 working days.
  const elapsedDays = workingDaysBetween(ACTUAL_START, DATA_DATE);
  const perDay = inputs.foundations.volumeFact / elapsedDays;
  const dailyPlan = await request.put(`/api/v1${v}/wdp`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      rows: [
        {
          workId: foundations.id,
          revision: 0,
          values: workingDays(ACTUAL_START, elapsedDays).map((date) => ({
            date,
            planVolume: perDay,
            factVolume: perDay,
          })),
        },
      ],
    },
  });
  expect(dailyPlan.ok(), await dailyPlan.text()).toBe(true);
  await call.post(`${v}/calculate`, {});

  const durations = async () => {
    const rows = (await call.get(`${v}/wbs`)) as unknown as Json[];
    const of = (code: string) => rows.find((w) => w.code === code)!.durationMinutes as number;
    return { foundations: of('S-1'), walls: of('S-2') };
  };
  expect(await durations()).toEqual({ foundations: initialDays * DAY, walls: initialDays * DAY });

  // ── the schedule with durations in the grid and the crew's histogram under the Gantt ──────────
  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await expect(page.getByTestId('schedule-page')).toBeVisible();
  await page.evaluate(([key, columns]) => localStorage.setItem(key, columns), [
    `takt.grid-columns.${me.id as string}`,
    JSON.stringify(
      ['code', 'name', 'duration', 'progress'].map((k) => ({ key: k, visible: true, width: 110 })),
    ),
  ] as const);
  await page.reload();
  const cell = (name: string, col: string) =>
    page.getByRole('row').filter({ hasText: name }).first().locator(`[data-col="${col}"]`);
  await expect(cell('Foundations', 'duration')).toHaveText(daysText(initialDays * DAY));
  await expect(cell('Walls', 'duration')).toHaveText(daysText(initialDays * DAY));

  await page.getByTestId('dock-histogram').click();
  await expect(page.getByTestId('histogram-chart').locator('canvas')).toHaveAttribute('data-ready', 'true');
  const over = page.getByTestId('histogram-over');
  const elapsed = elapsedDays * DAY;
  const crewPeak = (foundations: [number, number], walls: [number, number]) =>
    peakText(
      [
        { plan: inputs.foundations.labourPlan, durationMinutes: foundations[0], progress: foundations[1] },
        { plan: inputs.walls.labourPlan, durationMinutes: walls[0], progress: walls[1] },
      ],
      elapsed,
    );
  await expect(over).toContainText(
    crewPeak([initialDays * DAY, 40], [initialDays * DAY, inputs.walls.progress]),
  );
  await shot(page, 'resources-scenario-01-before');

  await page.getByRole('row').filter({ hasText: 'Foundations' }).first().click();
  await page.getByTestId('panel-assignments').click();
  await expect(page.getByTestId('assignments-panel')).toContainText('S-1 Foundations');

  // ── scenario 1 → 6 (by physical volume, on the actual duration): the foundations follow their pace ──
  const foundations6 = actualDurationVariant(
    elapsed,
    inputs.foundations.volumePlan,
    inputs.foundations.volumeFact,
  );
  const progress6 = (inputs.foundations.volumeFact / inputs.foundations.volumePlan) * 100;
  await chooseScenario(page, '6 — by physical volume');
  await page.getByTestId('apply-scenario').click();
  await expect(page.getByText('Scenario 6 applied to 1 work; the schedule is recalculated')).toBeVisible();
  await expect(page.getByText('S-2 Walls is left as it was: no planned volume')).toBeVisible();
  await expect.poll(durations).toEqual({ foundations: foundations6, walls: initialDays * DAY });
  await expect(cell('Foundations', 'duration')).toHaveText(daysText(foundations6));
  await expect(cell('Foundations', 'progress')).toHaveText(`${progress6} %`);
  await expect(cell('Walls', 'duration')).toHaveText(daysText(initialDays * DAY));
  await expect(over).toContainText(
    crewPeak([foundations6, progress6], [initialDays * DAY, inputs.walls.progress]),
  );
  await dismissNotices(page);
  await shot(page, 'resources-scenario-02-by-volume');

  // ── scenario 6 → 9 (by labour): the walls follow their labour pace, the foundations keep theirs ──
  const foundations9 = actualDurationVariant(
    elapsed,
    inputs.foundations.labourPlan,
    inputs.foundations.labourFact,
  );
  const walls9 = actualDurationVariant(elapsed, inputs.walls.labourPlan, inputs.walls.labourFact);
  await chooseScenario(page, '9 — by labour');
  await page.getByTestId('apply-scenario').click();
  await expect(page.getByText('Scenario 9 applied to 2 works; the schedule is recalculated')).toBeVisible();
  await expect.poll(durations).toEqual({ foundations: foundations9, walls: walls9 });
  await expect(cell('Walls', 'duration')).toHaveText(daysText(walls9));
  await expect(cell('Walls', 'progress')).toHaveText(
    `${(inputs.walls.labourFact / inputs.walls.labourPlan) * 100} %`,
  );
  await expect(cell('Foundations', 'duration')).toHaveText(daysText(foundations9));
  await expect(over).toContainText(
    crewPeak(
      [foundations9, (inputs.foundations.labourFact / inputs.foundations.labourPlan) * 100],
      [walls9, (inputs.walls.labourFact / inputs.walls.labourPlan) * 100],
    ),
  );
  await dismissNotices(page);
  await shot(page, 'resources-scenario-03-by-labour');
});
