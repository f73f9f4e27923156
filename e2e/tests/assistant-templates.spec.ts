import { expect, test } from '@playwright/test';
import { openSignedIn, ownScheduleByApi, shot } from './helpers';

/**
 * The space's own decomposition templates in the administration: Takt's listed read only and copied
 * into an editor; a new template made in the editor, refused while its shares do not add up (said
 * beside the sub-works), tried on a work-like sample, saved; then a matching work of the schedule
 * decomposed from the Assistant panel with the space's template proposed first.
 */
test('an administrator adds a template that the schedule assistant then proposes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { call, v, spaceId, scheduleId, token } = await ownScheduleByApi(
    request,
    'templates-e2e',
    'Templates',
    { facility: 'Harbour', project: 'Terminal', schedule: 'Envelope' },
  );
  await call.post(`${v}/wbs`, {
    name: 'Curtain wall glazing',
    code: 'G-1',
    durationMinutes: 10 * 480,
    planVolume: 300,
    unit: 'm2',
    planStart: '2026-03-02T08:00',
  });

  await openSignedIn(page, token, `/${spaceId}/admin?tab=templates`);
  const tab = page.getByTestId('templates-tab');
  // The first call of a fresh server may wait on a busy machine.
  await expect(tab).toContainText('The space has no templates of its own yet.', { timeout: 30_000 });
  await expect(page.getByTestId('builtin-templates').locator('tbody tr')).toHaveCount(8);
  await expect(page.getByTestId('builtin-template-earthworks')).toContainText('5 sub-works');
  await shot(page, 'assistant-templates-tab');

  // Takt's template opens read only; its copy is a new template of the space.
  await page.getByTestId('builtin-template-monolithic_frame').getByRole('button', { name: 'View' }).click();
  const editor = page.getByTestId('template-editor');
  await expect(page.getByText('Takt’s templates cannot be changed.')).toBeVisible();
  await expect(editor.getByTestId('template-name-en')).toBeDisabled();
  await expect(page.getByTestId('preview-items').locator('tbody tr')).toHaveCount(6);
  await shot(page, 'assistant-templates-view');
  await page.getByTestId('template-copy').click();
  await expect(editor.getByTestId('template-name-en')).toHaveValue(
    'Cast-in-place frame, floor by floor (copy)',
  );
  await expect(editor.getByTestId('template-key')).toHaveValue('monolithic_frame-copy');
  await page.getByTestId('template-back').click();

  // A new template: two sub-works whose shares make 90 %.
  await page.getByTestId('template-new').click();
  await editor.getByTestId('template-name-ru').fill('Витражи');
  await editor.getByTestId('template-name-en').fill('Curtain walls');
  await editor.getByTestId('template-keywords-ru').fill('витраж, остеклен');
  await editor.getByTestId('template-keywords-en').fill('curtain, glazing');
  await editor.getByTestId('template-units').fill('m2, м2');
  await editor.getByTestId('template-key').fill('curtain_walls');
  await editor.getByTestId('template-volume').selectOption('whole');
  const fill = async (n: number, names: [string, string, string, string], share: string) => {
    const row = editor.getByTestId(`template-step-${n}`);
    await row.getByLabel(`Sub-work ${n} in Russian`, { exact: true }).fill(names[0]);
    await row.getByLabel(`Sub-work ${n} in English`, { exact: true }).fill(names[1]);
    await row.getByLabel(`Trade of sub-work ${n} in Russian`).fill(names[2]);
    await row.getByLabel(`Trade of sub-work ${n} in English`).fill(names[3]);
    await row.getByLabel(`Duration, % ${n}`).fill(share);
  };
  await fill(1, ['Стойки и ригели', 'Mullions and transoms', 'Монтажник', 'Fixer'], '60');
  await fill(2, ['Остекление', 'Glazing units', 'Стекольщик', 'Glazier'], '30');
  await expect(editor.getByTestId('template-shares')).toHaveText('Shares of the duration: 90 of 100 %');
  await editor.getByTestId('template-relation-1').getByLabel('Type 1').selectOption('ss');
  await editor.getByTestId('template-relation-1').getByLabel('Lag, working days 1').fill('2');
  await editor.getByTestId('template-save').click();
  await expect(editor.getByTestId('template-steps-error')).toHaveText(
    'The steps’ shares of the duration must add up to 100 %.',
  );
  await expect(editor.getByTestId('template-invalid')).toBeVisible();
  await expect(page.getByTestId('preview-waiting')).toHaveText('Correct the template to see its proposal.');
  await shot(page, 'assistant-templates-editor-invalid');

  // Corrected: the error goes, and the draft is tried on a work like the one in the schedule.
  await editor.getByTestId('template-step-2').getByLabel('Duration, % 2').fill('40');
  await expect(editor.getByTestId('template-steps-error')).toHaveCount(0);
  await expect(editor.getByTestId('template-shares')).toHaveText('Shares of the duration: 100 of 100 %');
  await page.getByTestId('sample-name').fill('Curtain wall glazing');
  await expect(page.getByTestId('preview-match')).toContainText('the name says “curtain”');
  await expect(page.getByTestId('preview-rank')).toHaveText(
    'The assistant would propose this template first.',
  );
  const items = page.getByTestId('preview-items').locator('tbody tr');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Mullions and transoms');
  await expect(items.nth(0)).toContainText('Fixer');
  await expect(page.getByTestId('preview-timeline')).toContainText('Glazing units');
  await page.getByTestId('template-preview').scrollIntoViewIfNeeded();
  await shot(page, 'assistant-templates-editor-preview');

  await editor.getByTestId('template-save').click();
  await expect(page.getByText('The template is added to the space.')).toBeVisible();
  const row = page.getByTestId('template-curtain_walls');
  await expect(row).toContainText('Curtain walls');
  await expect(row).toContainText('2 sub-works');
  await shot(page, 'assistant-templates-saved');

  // A stale edit: someone saves the template while it is open here; saving here is refused with the
  // concurrent-edit message, and the saved template is loaded on request.
  await row.getByRole('button', { name: 'Edit' }).click();
  const templates = `/space/${spaceId}/ai/decomposition-templates`;
  const [saved] = (await call.get(templates)) as unknown as {
    id: string;
    revision: number;
    template: object;
  }[];
  await call.put(`${templates}/${saved!.id}`, {
    revision: saved!.revision,
    template: { ...saved!.template, name: { ru: 'Витражи и двери', en: 'Curtain walls and doors' } },
  });
  await editor.getByTestId('template-keywords-en').fill('curtain, glazing, glass');
  await editor.getByTestId('template-save').click();
  await expect(editor.getByTestId('template-conflict')).toContainText('The data was changed by another user');
  await editor.getByRole('button', { name: 'Load the saved template' }).click();
  await expect(editor.getByTestId('template-name-en')).toHaveValue('Curtain walls and doors');
  await expect(editor.getByTestId('template-keywords-en')).toHaveValue('curtain, glazing');
  await page.getByTestId('template-back').click();

  // The schedule's assistant proposes the space's template for the glazing.
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await page.getByRole('row').filter({ hasText: 'Curtain wall glazing' }).first().click();
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Assistant' }).click();
  await page.getByTestId('assistant-decompose-open').click();
  const dialog = page.getByTestId('decompose-dialog');
  const chosen = dialog.locator('[data-testid^="decompose-template-"][aria-pressed="true"]');
  await expect(chosen).toContainText('Curtain walls');
  await expect(chosen).toContainText('Space');
  const rows = dialog.getByTestId('decompose-items').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByLabel('Sub-work', { exact: true })).toHaveValue('Mullions and transoms');
  await expect(rows.nth(0).getByLabel('Days')).toHaveValue('6');
  await expect(rows.nth(1).getByLabel('Volume')).toHaveValue('300');
  await shot(page, 'assistant-templates-proposed');
});
