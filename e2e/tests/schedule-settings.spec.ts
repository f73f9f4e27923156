import { expect, type Page, test } from '@playwright/test';
import { settleGantt, waitGanttReady } from './gantt-probe';
import { openSignedIn, ownScheduleByApi, shot, updateVersionByApi } from './helpers';

/**
 * What a P6 or MS Project user expects to stay as they left it or to follow the schedule's rules: the
 * timeline's zoom kept in their view, saved filters they can change, the schedule's numbering of new
 * works, and a summary's rolled-up cells that are not typed into.
 */

const rowCount = (page: Page) => page.getByTestId('row-count');
const cell = (page: Page, name: string, column: string) =>
  page.getByRole('row').filter({ hasText: name }).first().locator(`[data-col="${column}"]`);

async function scheduleWithWorks(request: Parameters<typeof ownScheduleByApi>[0], login: string) {
  const own = await ownScheduleByApi(request, login, 'Settings', {
    facility: 'Harbour',
    project: 'Pier 4',
    schedule: 'Pier works',
  });
  const { call, v } = own;
  await updateVersionByApi(call, v, { projectStart: '2031-02-03T08:00' });
  const stage = await call.post(`${v}/wbs`, { code: 'S1', name: 'Piling stage' });
  const works: Record<string, string> = { stage: stage.id as string };
  for (const [code, name, start, finish, progress] of [
    ['P10', 'Test piles', '2031-02-03T08:00', '2031-02-07T17:00', 100],
    ['P20', 'Main piles', '2031-02-10T08:00', '2031-02-21T17:00', 30],
  ] as const) {
    const work = await call.post(`${v}/wbs`, {
      code,
      name,
      parentId: stage.id,
      planStart: start,
      planFinish: finish,
      durationMinutes: 5 * 8 * 60,
      progress,
      status: progress === 100 ? 'completed' : 'in_progress',
    });
    works[name] = work.id as string;
  }
  await call.post(`${v}/wbs`, {
    code: 'D10',
    name: 'Deck',
    planStart: '2031-02-24T08:00',
    planFinish: '2031-03-07T17:00',
    durationMinutes: 10 * 8 * 60,
  });
  return { ...own, works };
}

async function openSchedule(page: Page, token: string, path: string) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('takt.gantt.split')) localStorage.setItem('takt.gantt.split', '560');
  });
  await openSignedIn(page, token, path);
  await expect(rowCount(page)).toHaveText('4 of 4 rows', { timeout: 60_000 });
}

test('the timeline’s zoom is kept in the user’s view of the schedule and comes back after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, scheduleId, call } = await scheduleWithWorks(request, 'zoom-kept');
  await openSchedule(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await waitGanttReady(page);
  const pxPerDay = () => page.evaluate(() => window.__taktGantt!.probe.pxPerDay());
  const opening = await pxPerDay();

  await page.getByTestId('gantt-scale-day').click();
  await settleGantt(page);
  expect(await pxPerDay()).toBeCloseTo(32, 1);
  expect(opening).not.toBeCloseTo(32, 1);
  await expect(page.getByTestId('gantt-scale-day')).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => {
      const saved = await call.get(`/space/${spaceId}/ui-state-config?scheduleId=${scheduleId}`);
      return (saved.state as { zoom?: string } | null)?.zoom;
    })
    .toBe('32');

  await page.reload();
  await expect(rowCount(page)).toHaveText('4 of 4 rows', { timeout: 60_000 });
  await waitGanttReady(page);
  await settleGantt(page);
  expect(await pxPerDay()).toBeCloseTo(32, 1);
  await expect(page.getByTestId('gantt-scale-day')).toHaveAttribute('aria-pressed', 'true');
  // Opened at the project at that zoom: the first work's bar starts inside the timeline.
  const bars = await page.evaluate(() => window.__taktGantt!.probe.bars());
  const box = (await page.getByTestId('gantt').getByRole('application').boundingBox())!;
  expect(bars.some((b) => b.x >= 0 && b.x < box.width)).toBe(true);
  await shot(page, 'schedule-settings-01-zoom-after-reload');
});

test('a saved filter is opened in the builder, changed, renamed, shared and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, scheduleId, call } = await scheduleWithWorks(request, 'filters-edit');
  const filters = `/space/${spaceId}/ui-state-config/filters`;
  await call.post(filters, {
    name: 'Piles',
    filter: { match: 'all', conditions: [{ field: 'name', op: 'contains', value: 'piles' }] },
  });
  await call.post(filters, {
    name: 'Started',
    filter: { match: 'all', conditions: [{ field: 'status', op: 'eq', value: 'in_progress' }] },
  });
  await openSchedule(page, token, `/${spaceId}/schedule/${scheduleId}`);

  await page.getByTestId('filter-open').click();
  const builder = page.getByTestId('filter-builder');
  await expect(builder.getByTestId('saved-filter')).toHaveText(['Piles', 'Started']);
  await builder.getByRole('button', { name: 'Edit the filter Piles' }).click();
  // Opened: its conditions in the builder, applied to the grid, its name and sharing below them.
  await expect(builder.getByTestId('filter-condition')).toHaveCount(1);
  await expect(builder.getByTestId('filter-value')).toHaveValue('piles');
  // The two piles' works and the stage they are in.
  await expect(rowCount(page)).toHaveText('3 of 4 rows');
  await expect(builder.getByTestId('filter-name')).toHaveValue('Piles');

  // A name another filter has is refused in words.
  await builder.getByTestId('filter-name').fill('started');
  await builder.getByTestId('filter-save').click();
  await expect(builder.getByRole('alert')).toHaveText('A filter with this name already exists');

  // Conditions changed, renamed, shared: saved in place.
  await builder.getByTestId('filter-value').fill('main');
  await expect(rowCount(page)).toHaveText('2 of 4 rows');
  await builder.getByTestId('filter-name').fill('Main piles');
  await builder.getByTestId('filter-shared').check();
  await shot(page, 'schedule-settings-02-saved-filter-editing');
  await builder.getByTestId('filter-save').click();
  await expect(builder.getByTestId('saved-filter')).toHaveText(['Main piles', 'Started']);
  await expect(builder.getByRole('alert')).toHaveCount(0);
  const stored = (await call.get(filters)) as unknown as {
    name: string;
    shared: boolean;
    filter: { conditions: { value: string }[] };
  }[];
  expect(stored.find((f) => f.name === 'Main piles')).toMatchObject({
    shared: true,
    filter: { conditions: [{ value: 'main' }] },
  });
  await expect(builder.locator('.views-tag')).toHaveText(['shared']);

  // Deleted after a question.
  await builder.getByRole('button', { name: 'Delete the filter Started' }).click();
  const question = page.locator('.modal');
  await expect(question).toContainText('Delete the filter Started?');
  await shot(page, 'schedule-settings-03-saved-filter-delete');
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(builder.getByTestId('saved-filter')).toHaveText(['Main piles']);
});

test('the schedule’s numbering of new works is set in its versions panel and codes the next new work', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, scheduleId, call } = await scheduleWithWorks(request, 'numbering');
  await openSchedule(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await page.getByTestId('panel-versions').click();
  const form = page.getByTestId('code-numbering');
  // Not saved yet: read from the schedule's codes (the latest numbered work's, D10 → D20).
  await expect(form.getByTestId('numbering-next')).toContainText('Next code: D20');
  await expect(form.getByTestId('numbering-next')).toContainText('Not saved yet');

  // A start number that is no whole number is refused under its field.
  await form.getByTestId('numbering-start').fill('12x');
  await form.getByTestId('numbering-save').click();
  await expect(form).toContainText('Enter a whole number');

  await form.getByTestId('numbering-prefix').fill('PR-');
  await form.getByTestId('numbering-start').fill('0100');
  await form.getByTestId('numbering-increment').fill('5');
  await form.getByTestId('numbering-save').click();
  await expect(form.getByTestId('numbering-next')).toHaveText('Next code: PR-0100');
  await shot(page, 'schedule-settings-04-numbering');

  await cell(page, 'Deck', 'code').click();
  await page.keyboard.press('Insert');
  await expect(page.locator('.wbs-input')).toBeVisible();
  await page.locator('.wbs-input').fill('Bollards');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Bollards', 'code')).toHaveText('PR-0100');
  const numbering = await call.get(`/space/${spaceId}/schedules/${scheduleId}/code-numbering`);
  expect(numbering).toMatchObject({ prefix: 'PR-', start: '0100', increment: 5, nextCode: 'PR-0105' });
});

test('a summary’s rolled-up cells are muted, say why, and open no editor; its works’ cells do', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, scheduleId } = await scheduleWithWorks(request, 'summary-readonly');
  await openSchedule(page, token, `/${spaceId}/schedule/${scheduleId}`);
  const progress = cell(page, 'Piling stage', 'progress');
  await expect(progress).toHaveClass(/wbs-locked/);
  await expect(progress).toHaveAttribute('title', /Rolled up from the works under this summary/);
  for (const column of ['duration', 'status']) {
    await expect(cell(page, 'Piling stage', column)).toHaveClass(/wbs-locked/);
  }
  // The summary's name is its own: not locked.
  await expect(cell(page, 'Piling stage', 'name')).not.toHaveClass(/wbs-locked/);

  // Double-click, F2 and typing open nothing on the rolled-up cell.
  await progress.dblclick();
  await expect(page.locator('.wbs-editor')).toHaveCount(0);
  await progress.click();
  await page.keyboard.press('F2');
  await expect(page.locator('.wbs-editor')).toHaveCount(0);
  await page.keyboard.press('7');
  await expect(page.locator('.wbs-editor')).toHaveCount(0);
  await progress.hover();
  await shot(page, 'schedule-settings-05-summary-read-only');

  // A work's progress opens its editor, and the summary follows it.
  const work = cell(page, 'Main piles', 'progress');
  await expect(work).not.toHaveClass(/wbs-locked/);
  await work.dblclick();
  await expect(page.locator('.wbs-editor input')).toBeVisible();
  await page.locator('.wbs-editor input').fill('50');
  await page.keyboard.press('Enter');
  await expect(work).toHaveText('50 %');
  await expect(progress).toHaveText('75 %');
});

test('the approved-plan variance columns are chosen in the print dialog and shown in its preview', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, scheduleId, call, v, works } = await scheduleWithWorks(request, 'print-variance');
  // Main piles approved two working days earlier (Thursday) than planned (Monday).
  const main = (await call.get(`${v}/wbs/${works['Main piles']}`)) as { revision: number };
  await call.patch(`${v}/wbs/${works['Main piles']}`, {
    approvedStart: '2031-02-06T08:00',
    approvedFinish: '2031-02-19T17:00',
    revision: main.revision,
  });
  await openSchedule(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Print' }).click();
  const dialog = page.getByTestId('print-dialog');
  for (const title of ['Start variance, d', 'Finish variance, d', 'Duration variance, d'])
    await dialog.getByLabel(title, { exact: true }).check();
  await expect(dialog.getByLabel('Start variance, d', { exact: true })).toBeChecked();
  await expect(dialog.getByTestId('print-page-count')).toHaveText('Pages: 1');
  await shot(page, 'schedule-settings-06-print-variance-columns');
});
