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

  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await page.getByTestId('panel-assistant').click();
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
