import { expect, test } from '@playwright/test';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

/**
 * The schedule's header (issue 23): the frequent actions as buttons in one row at 1440 and 1280 px, the
 * rare ones in the "More" menu, used by mouse and keys; the empty-works check selecting its findings in the
 * grid; a version template renamed where the templates are listed.
 */
test('schedule header: the More menu, empty works selected in the grid, a template renamed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, spaceId, scheduleId, versionId, call } = await demoSpaceByApi(request, 'header', 'Header');
  await call.post(`/space/${spaceId}/version-templates`, { versionId, name: 'Skeleton' });
  // A work without a volume at the end of the WBS, under a folded summary.
  const v = `/space/${spaceId}/versions/${versionId}`;
  const late = await call.post(`${v}/wbs`, { name: 'Late works', code: '99', type: 'sum' });
  await call.post(`${v}/wbs`, {
    parentId: late.id,
    name: 'Late fit-out',
    code: '99.1',
    durationMinutes: 480,
  });
  await call.post(`${v}/wbs/check`, { workIds: [late.id], expanded: false });
  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  await expect(page.getByTestId('calc-status')).toBeVisible();

  // One row of actions: Calculate and the last button of the row on one line.
  const calculate = page.getByTestId('calculate');
  const more = page.getByRole('button', { name: 'More', exact: true });
  const sameRow = async () => {
    const [a, b] = [await calculate.boundingBox(), await page.getByTestId('schedule-more').boundingBox()];
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(4);
  };
  await sameRow();
  await shot(page, 'header-1440');
  await page.setViewportSize({ width: 1280, height: 800 });
  await sameRow();
  await shot(page, 'header-1280');
  // In Russian too, whose labels are longer.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page.getByRole('button', { name: 'Ещё', exact: true })).toBeVisible();
  await sameRow();
  await shot(page, 'header-1280-ru');
  await page.getByRole('combobox', { name: 'Язык' }).selectOption('en');

  // By keys: the down arrow opens the menu on its first item, arrows move, Escape gives the focus back.
  await expect(more).toHaveAttribute('aria-haspopup', 'menu');
  await more.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'More' });
  await expect(menu).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Checklists' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Assistant' })).toBeFocused();
  await shot(page, 'header-more-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  // A click elsewhere closes it; a second click on the button too.
  await more.click();
  await expect(menu).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toBeHidden();
  await more.click();
  await more.click();
  await expect(menu).toBeHidden();
  // A panel from the menu: open, ticked in the menu, closed from it again.
  await more.click();
  await menu.getByRole('menuitemcheckbox', { name: 'Assistant' }).click();
  await expect(page.getByTestId('assistant-panel')).toBeVisible();
  await more.click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Assistant' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await menu.getByRole('menuitemcheckbox', { name: 'Assistant' }).click();
  await expect(page.getByTestId('assistant-panel')).toBeHidden();

  // The empty works: one of them, then all of them, selected in the grid.
  await page.setViewportSize({ width: 1440, height: 900 });
  await more.click();
  await menu.getByRole('menuitem', { name: 'Check empty works…' }).click();
  const dialog = page.getByTestId('empty-works-dialog');
  await dialog.getByTestId('empty-works-run').click();
  await expect(dialog.getByTestId('empty-works-result')).toBeVisible();
  await shot(page, 'header-empty-works');
  // The one work shown: the summary above it unfolds, the grid scrolls down to it.
  await dialog.getByTestId('empty-works-volume').getByRole('button', { name: '99.1 Late fit-out' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('1 selected')).toBeVisible();
  const selectedRow = page.locator('.wbs-row[aria-selected="true"]');
  await expect(selectedRow).toHaveCount(1);
  await expect(selectedRow).toContainText('Late fit-out');
  await expect(selectedRow).toBeInViewport();
  await shot(page, 'header-empty-works-one');
  // Opened again: its findings are still there.
  await more.click();
  await menu.getByRole('menuitem', { name: 'Check empty works…' }).click();
  const all = dialog.getByTestId('empty-works-select-all');
  await expect(all).toBeVisible();
  const count = (await all.textContent())!.match(/\((.+)\)/)![1]!;
  await all.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${count} selected`)).toBeVisible();
  await shot(page, 'header-empty-works-selected');

  // Version templates: renamed in the list of the save-as-template dialog.
  await page.getByTestId('panel-versions').click();
  await page.getByTestId('version-save-template').click();
  const templates = page.getByTestId('template-dialog');
  await templates.getByRole('button', { name: 'Rename the template «Skeleton»' }).click();
  const field = templates.getByRole('textbox', { name: 'New name of the template' });
  await expect(field).toBeFocused();
  await field.fill('Frame skeleton');
  await shot(page, 'header-template-rename');
  await field.press('Enter');
  await expect(page.getByText('Template renamed to «Frame skeleton»')).toBeVisible();
  await expect(templates.getByTestId('template-row').filter({ hasText: 'Frame skeleton' })).toHaveCount(1);
  await expect(templates).toBeVisible();
  const list = (await call.get(`/space/${spaceId}/version-templates`)) as unknown as { name: string }[];
  expect(list.map((x) => x.name)).toContain('Frame skeleton');
  expect(list.map((x) => x.name)).not.toContain('Skeleton');
});
