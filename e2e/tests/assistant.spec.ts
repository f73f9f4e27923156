import { expect, test } from '@playwright/test';
import { openSignedIn, ownScheduleByApi, shot } from './helpers';

const NAMES = { facility: 'Quay', project: 'Block C', schedule: 'Checked plan' };

/**
 * The schedule assistant on the schedule screen: three tasks (one of 50 days, one hanging on nothing),
 * analysed; a finding's works open selected in the grid; a link added and the schedule analysed again,
 * the second run compared with the first.
 */
test('analyses the schedule, opens the works of a finding and compares two runs', async ({
  page,
  request,
}) => {
  const { call, v, spaceId, scheduleId, token } = await ownScheduleByApi(
    request,
    'assistant-e2e',
    'Assistant',
    NAMES,
  );
  const work = (name: string, code: string, days: number) =>
    call.post(`${v}/wbs`, { name, code, durationMinutes: days * 480, planStart: '2026-03-02T08:00' });
  const frame = await work('Frame', 'F-1', 5);
  const walls = await work('Walls', 'W-1', 50);
  const roof = await work('Roof', 'R-1', 5);
  await call.post(`${v}/relations`, { predecessorId: frame.id, successorId: walls.id });
  // One crane a day, needed every day by Frame and Roof in the same week: both over-allocated.
  const crane = await call.post(`/space/${spaceId}/resources`, {
    name: 'Crane',
    kind: 'labour',
    unit: 'pcs',
    unitsPerDay: 1,
  });
  for (const w of [frame, roof])
    await call.post(`${v}/assignment`, { workId: w.id, resourceId: crane.id, planQuantity: 5 });

  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Assistant' }).click();
  const panel = page.getByTestId('assistant-panel');
  await expect(panel).toContainText('The schedule has not been analysed yet.');
  await page.getByTestId('assistant-run').click();
  await expect(page.getByTestId('assistant-score')).toContainText('Score');
  const logic = page.getByTestId('assistant-check-logic');
  await expect(logic).toContainText('Missing logic');
  await expect(logic).toContainText('3 of 3');
  await expect(page.getByTestId('assistant-check-high_duration')).toContainText('1 of 3');
  await logic.getByRole('button', { name: /Missing logic/ }).click();
  await expect(logic).toContainText('no predecessor or no successor');
  await shot(page, 'assistant-findings');

  // The works of a finding: selected in the grid.
  await page.getByTestId('assistant-open-logic').click();
  await expect(page.getByRole('row', { selected: true })).toHaveCount(3);
  await expect(page).toHaveURL(new RegExp(`target=${frame.id}`));

  // Without a language model the panel sums the run up itself.
  await expect(page.getByTestId('assistant-summary')).toContainText('applicable checks failed');
  // Resource over-allocation: Frame and Roof, the crane over; its works selected in the grid.
  const over = page.getByTestId('assistant-check-over_allocation');
  await expect(over).toContainText('Resource over-allocation');
  await expect(over).toContainText('2 of 2');
  await expect(over).toContainText('1 resource over-allocated');
  await over.getByRole('button', { name: /Resource over-allocation/ }).click();
  await expect(over).toContainText('more units than it gives a day');
  await expect(over.getByRole('button', { name: 'R-1 Roof' })).toBeVisible();
  await over.scrollIntoViewIfNeeded();
  await shot(page, 'assistant-over-allocation');
  await page.getByTestId('assistant-open-over_allocation').click();
  await expect(page.getByRole('row', { selected: true })).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`target=${frame.id}`));

  // Walls → Roof closes two open ends; the next run says what improved.
  await call.post(`${v}/relations`, { predecessorId: walls.id, successorId: roof.id });
  await page.getByTestId('assistant-run').click();
  await expect(page.getByTestId('assistant-compare')).toContainText('Improved');
  await expect(page.getByTestId('assistant-compare')).toContainText('Missing logic');
  await expect(logic).toContainText('2 of 3');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('assistant-history').getByRole('listitem')).toHaveCount(2);
  await shot(page, 'assistant-history');
});

/**
 * The decomposition of a work from the assistant's panel: the excavation matched with the earthworks
 * template (and why), a sub-work renamed, a day moved between two (the sum shown against the work's,
 * off while it is off), applied — the work a summary of five sub-works in the grid — and undone.
 */
test('decomposes a work from the screen, applies it and undoes it', async ({ page, request }) => {
  const { call, v, spaceId, scheduleId, token } = await ownScheduleByApi(
    request,
    'decompose-e2e',
    'Decomposition',
    { facility: 'Depot', project: 'Hall 2', schedule: 'Works' },
  );
  const setout = await call.post(`${v}/wbs`, {
    name: 'Setting out',
    code: 'S-1',
    durationMinutes: 2 * 480,
    planStart: '2026-03-02T08:00',
  });
  const pit = await call.post(`${v}/wbs`, {
    name: 'Excavation of the pit',
    code: 'E-1',
    durationMinutes: 10 * 480,
    planVolume: 1000,
    unit: 'm3',
    planStart: '2026-03-02T08:00',
  });
  await call.post(`${v}/relations`, { predecessorId: setout.id, successorId: pit.id });

  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await page.getByRole('row').filter({ hasText: 'Excavation of the pit' }).first().click();
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Assistant' }).click();
  await expect(page.getByTestId('assistant-decompose')).toContainText('Excavation of the pit');
  await page.getByTestId('assistant-decompose-open').click();
  const dialog = page.getByTestId('decompose-dialog');
  await expect(dialog.getByTestId('decompose-template-earthworks')).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByTestId('decompose-template-earthworks')).toContainText(
    'the name says “excavation”',
  );
  await expect(dialog.getByTestId('decompose-sum')).toHaveText('Durations: 10 of 10 working days');
  const rows = dialog.getByTestId('decompose-items').locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1).getByLabel('Sub-work', { exact: true })).toHaveValue('Excavation by machine');
  await rows.nth(0).getByLabel('Sub-work', { exact: true }).fill('Setting out the axes');
  await rows.nth(1).getByLabel('Days').fill('5');
  await expect(dialog.getByTestId('decompose-sum')).toContainText(
    'must add up to the work’s 10 working days (now 9)',
  );
  await rows.nth(2).getByLabel('Days').fill('2');
  await expect(dialog.getByTestId('decompose-sum')).toHaveText('Durations: 10 of 10 working days');
  await expect(dialog.getByTestId('decompose-preview')).toContainText('Backfilling and compaction');
  await shot(page, 'assistant-decompose-dialog');

  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Setting out the axes' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Hand trimming' })).toHaveCount(1);
  // the work is a summary now: not offered for a breakdown again, and nothing asks for one
  await expect(page.getByTestId('assistant-decompose-open')).toBeDisabled();
  await expect(page.getByTestId('assistant-decompose')).toContainText('broken down already');
  await expect(page.getByText('is a summary already')).toHaveCount(0);
  await shot(page, 'assistant-decompose-applied');
  const works = async () => ((await call.get(`${v}/wbs`)) as unknown as { name: string }[]).length;
  expect(await works()).toBe(7);

  // The history keeps the decomposition: the work, its five sub-works and where they came from.
  await page.getByRole('tab', { name: 'History' }).click();
  const kept = page.getByTestId('assistant-decompositions').getByRole('listitem');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText('Excavation of the pit broken into 5 sub-works');
  await expect(kept).toContainText('Takt');
  await shot(page, 'assistant-decomposition-history');

  // The normal undo brings the work back as it was.
  await page.getByTestId('panel-undo').click();
  await expect(page.getByTestId('undo-panel')).toContainText('Work decomposed');
  await page.getByTestId('undo-latest').click();
  await expect(page.getByRole('row').filter({ hasText: 'Setting out the axes' })).toHaveCount(0);
  await expect.poll(works).toBe(2);
});
