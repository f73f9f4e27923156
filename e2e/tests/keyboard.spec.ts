import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, ownScheduleByApi, shot, updateVersionByApi } from './helpers';

interface Work {
  id: string;
  code: string | null;
  name: string;
  parentId: string | null;
  progress: number;
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const cell = (page: Page, name: string, column: string) => row(page, name).locator(`[data-col="${column}"]`);
/** The names of the grid's rows, top to bottom. */
const names = (page: Page) => page.locator('.wbs-row [data-col="name"]').allTextContents();

async function waitTimeline(page: Page) {
  await expect(page.getByTestId('gantt').getByRole('application')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  await page.waitForFunction(() => window.__taktGantt?.firstFrameMs !== undefined);
}

test('the schedule’s keyboard, row menu and timeline menu', async ({ page, request, context }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { token, spaceId, call, scheduleId, v } = await ownScheduleByApi(request, 'keys', 'Keys', {
    facility: 'Plant',
    project: 'Line 2',
    schedule: 'Assembly',
  });
  await updateVersionByApi(call, v, { projectStart: '2026-03-02T08:00' });
  const created: Record<string, string> = {};
  for (const [code, name] of [
    ['A1010', 'Excavation'],
    ['A1020', 'Foundation'],
    ['A1030', 'Frame'],
  ] as const) {
    const work = await call.post(`${v}/wbs`, { code, name, durationMinutes: 2 * 8 * 60 });
    created[name] = work.id as string;
  }
  await call.post(`${v}/relations`, { predecessorId: created.Excavation, successorId: created.Foundation });
  await call.post(`${v}/relations`, { predecessorId: created.Foundation, successorId: created.Frame });
  await call.post(`${v}/calculate`, {});
  const works = async () => (await call.get(`${v}/wbs`)) as unknown as Work[];

  await page.addInitScript(() => {
    // Headless Chromium has no GPU: Pixi's canvas renderer is the fast one here.
    localStorage.setItem('takt.gantt.renderer', 'canvas');
    if (!localStorage.getItem('takt.gantt.split')) localStorage.setItem('takt.gantt.split', '560');
  });
  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await waitTimeline(page);
  await expect(page.getByTestId('row-count')).toHaveText('3 of 3 rows');

  // Insert: a new work right below the selected row, coded after the schedule's numbering, with a bar
  // from the what-if before any calculation.
  await cell(page, 'Excavation', 'code').click();
  await page.keyboard.press('Insert');
  await expect(page.locator('.wbs-input')).toBeVisible();
  await page.locator('.wbs-input').fill('Survey');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Survey', 'name')).toHaveText('Survey');
  expect(await names(page)).toEqual(['Excavation', 'Survey', 'Foundation', 'Frame']);
  await expect(cell(page, 'Survey', 'code')).toHaveText('A1040');
  const survey = (await works()).find((w) => w.name === 'Survey')!;
  expect(survey.code).toBe('A1040');
  await expect
    .poll(() => page.evaluate((id) => window.__taktGantt!.probe.plan(id), survey.id))
    .not.toBeNull();
  await shot(page, 'keyboard-01-inserted');

  // Alt+Shift+Right indents under the row above; Alt+Shift+Left brings it back. Ctrl+Z takes the outdent,
  // the indent back step by step; Ctrl+Y and Ctrl+Shift+Z redo them. Each key, then Survey's parent.
  const surveyNow = async () => (await works()).find((w) => w.id === survey.id);
  await cell(page, 'Survey', 'code').click();
  for (const [key, parentId] of [
    ['Alt+Shift+ArrowRight', created.Excavation],
    ['Alt+Shift+ArrowLeft', null],
    ['Control+z', created.Excavation],
    ['Control+z', null],
    ['Control+y', created.Excavation],
    ['Control+Shift+Z', null],
  ] as const) {
    await page.keyboard.press(key);
    await expect.poll(async () => (await surveyNow())?.parentId, { message: key }).toBe(parentId);
  }
  // Undo goes on through the outdent, the indent and the rename to the creation; redo comes back.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await surveyNow())?.parentId).toBe(created.Excavation);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await surveyNow())?.parentId).toBeNull();
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await surveyNow())?.name).toBe('New work');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('row-count')).toHaveText('3 of 3 rows');
  await page.keyboard.press('Control+y');
  await expect(page.getByTestId('row-count')).toHaveText('4 of 4 rows');
  await page.keyboard.press('Control+y');
  await expect(cell(page, 'Survey', 'code')).toHaveText('A1040');
  await expect(page.getByTestId('undo-status')).toHaveText('Change redone');
  expect(await names(page)).toEqual(['Excavation', 'Survey', 'Foundation', 'Frame']);

  // Keys typed in a cell editor stay the editor's.
  await cell(page, 'Frame', 'name').dblclick();
  await page.locator('.wbs-input').fill('Frame and roof');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Delete');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(cell(page, 'Frame', 'name')).toHaveText('Frame');

  // The grid's row menu: right-click, arrows, Escape; "insert above" and "add predecessor".
  await cell(page, 'Foundation', 'name').click({ button: 'right' });
  const gridMenu = page.getByTestId('grid-menu');
  await expect(gridMenu.getByRole('menuitem')).toHaveText([
    'Insert work above',
    'Insert work below',
    'Indent',
    'Outdent',
    'Copy',
    'Paste below',
    'Add predecessor…',
    'Add successor…',
    'Assign resource…',
    'Replace with a schedule…',
    'Show in the Gantt chart',
    'Delete…',
  ]);
  await expect(gridMenu.getByRole('menuitem', { name: 'Insert work above' })).toBeFocused();
  await shot(page, 'keyboard-02-grid-menu');
  await page.keyboard.press('ArrowDown');
  await expect(gridMenu.getByRole('menuitem', { name: 'Insert work below' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(gridMenu).toBeHidden();
  await expect(page.getByTestId('wbs-grid')).toBeFocused();

  await cell(page, 'Foundation', 'name').click({ button: 'right' });
  await gridMenu.getByRole('menuitem', { name: 'Insert work above' }).click();
  await expect(page.locator('.wbs-input')).toBeVisible();
  await page.locator('.wbs-input').fill('Formwork');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Formwork', 'name')).toHaveText('Formwork');
  expect(await names(page)).toEqual(['Excavation', 'Survey', 'Formwork', 'Foundation', 'Frame']);

  await cell(page, 'Frame', 'name').click({ button: 'right' });
  await gridMenu.getByRole('menuitem', { name: 'Add predecessor…' }).click();
  const relations = page.getByTestId('relations-panel');
  await expect(relations.getByRole('heading', { name: /Frame/ })).toBeVisible();
  await expect(page.getByTestId('relation-work')).toBeFocused();

  // Copy and paste through the menu: the copy gets a new code below the selected row.
  await cell(page, 'Formwork', 'name').click({ button: 'right' });
  await gridMenu.getByRole('menuitem', { name: 'Copy' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^A\d{4}\tFormwork\ttask\t1$/);
  await cell(page, 'Frame', 'name').click({ button: 'right' });
  await gridMenu.getByRole('menuitem', { name: 'Paste below' }).click();
  await expect(row(page, 'Formwork')).toHaveCount(2);
  const formworks = (await works()).filter((w) => w.name === 'Formwork');
  expect(new Set(formworks.map((w) => w.code)).size).toBe(2);

  // Shift+F10 opens the menu of the cursor's row from the keyboard; Delete there asks first.
  await cell(page, 'Survey', 'code').click();
  await page.keyboard.press('Shift+F10');
  await expect(gridMenu).toBeVisible();
  await gridMenu.getByRole('menuitem', { name: 'Delete…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Survey')).toHaveCount(0);

  // The timeline's menu on a bar: row actions and its own; progress from the menu.
  await page.getByTestId('panel-relations').click();
  await expect(relations).toBeHidden();
  const host = page.getByTestId('gantt').getByRole('application');
  const box = (await host.boundingBox())!;
  const bar = (await page.evaluate(
    (id) => window.__taktGantt!.probe.bars().find((b) => b.id === id) ?? null,
    created.Foundation,
  ))!;
  expect(bar).not.toBeNull();
  await page.mouse.click(box.x + bar.x + bar.width / 2, box.y + bar.y + bar.height / 2, { button: 'right' });
  const ganttMenu = page.getByTestId('gantt-menu');
  await expect(ganttMenu.getByRole('menuitem', { name: 'Zoom to the work' })).toBeVisible();
  await expect(ganttMenu.getByRole('menuitem', { name: 'Progress 50 %' })).toBeVisible();
  await expect(ganttMenu.getByRole('menuitem', { name: 'Insert work below' })).toBeVisible();
  await shot(page, 'keyboard-03-gantt-menu');
  await ganttMenu.getByRole('menuitem', { name: 'Progress 50 %' }).click();
  await expect.poll(async () => (await works()).find((w) => w.name === 'Foundation')!.progress).toBe(50);

  // Removing the work's links from the timeline's menu.
  await page.mouse.click(box.x + bar.x + bar.width / 2, box.y + bar.y + bar.height / 2, { button: 'right' });
  await ganttMenu.getByRole('menuitem', { name: 'Remove the work’s links' }).click();
  await expect
    .poll(async () =>
      (
        (await call.get(`${v}/relations`)) as unknown as { predecessorId: string; successorId: string }[]
      ).some((r) => r.predecessorId === created.Foundation || r.successorId === created.Foundation),
    )
    .toBe(false);

  // The empty timeline: a new work on the date clicked, and fitting the project.
  await page.mouse.click(box.x + box.width - 60, box.y + box.height - 40, { button: 'right' });
  await expect(ganttMenu.getByRole('menuitem')).toHaveText(['Add work on this date', 'Fit to project']);
  await shot(page, 'keyboard-04-gantt-empty-menu');
  await ganttMenu.getByRole('menuitem', { name: 'Add work on this date' }).click();
  await expect(page.locator('.wbs-input')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('row-count')).toHaveText('6 of 6 rows');
  await shot(page, 'keyboard-05-done');
});
