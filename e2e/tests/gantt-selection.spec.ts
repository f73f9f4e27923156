import { expect, type Page, test } from '@playwright/test';
import './gantt-probe';
import { demoSpaceByApi, openSignedIn } from './helpers';

/** The text selected in the page now. */
const selectedText = (page: Page) => page.evaluate(() => window.getSelection()?.toString() ?? '');

/**
 * A gesture that starts on the timeline and goes on over the grid (a bar dragged too far, a pan
 * pulled sideways) must not select the grid's text on its way: the pointer belongs to the timeline
 * until it is released.
 */
test('gantt: dragging from the timeline across the grid selects no text', async ({ page, request }) => {
  const { token, spaceId, scheduleId } = await demoSpaceByApi(request, 'ganttselect', 'Gantt selection');
  await page.addInitScript(() => {
    localStorage.setItem('takt.gantt.renderer', 'canvas');
    localStorage.setItem('takt.gantt.split', '520');
  });
  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}`);
  const timeline = page.getByTestId('gantt').getByRole('application');
  await expect(timeline).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await page.waitForFunction(() => (window.__taktGantt?.probe.bars().length ?? 0) > 3, undefined, {
    timeout: 10_000,
  });
  const box = (await timeline.boundingBox())!;
  const grid = (await page.getByTestId('wbs-grid').boundingBox())!;
  // A bar inside the timeline, and a point over the grid's rows on the way out.
  const bar = await page.evaluate(
    (width) => window.__taktGantt!.probe.bars().find((b) => b.x > 0 && b.x + b.width < width && b.y > 40)!,
    box.width,
  );
  expect(bar, 'a bar inside the timeline').toBeTruthy();
  const across = async (fromX: number, fromY: number) => {
    await page.mouse.move(fromX, fromY);
    await page.mouse.down();
    const toX = grid.x + 40;
    for (let step = 1; step <= 12; step++)
      await page.mouse.move(fromX + ((toX - fromX) * step) / 12, fromY + step * 6);
    const selected = await selectedText(page);
    await page.keyboard.press('Escape');
    await page.mouse.up();
    return selected;
  };

  // Dragging a bar, then panning from an empty spot low in the timeline.
  expect(await across(box.x + bar.x + bar.width / 2, box.y + bar.y + bar.height / 2)).toBe('');
  expect(await across(box.x + box.width - 20, box.y + box.height - 60)).toBe('');
  // The grid's text stays selectable by a drag that starts in it.
  const cell = page.locator('[role="row"][aria-rowindex="3"] [role="gridcell"]').nth(2);
  const at = (await cell.boundingBox())!;
  await page.mouse.move(at.x + 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width - 2, at.y + at.height / 2 + 40, { steps: 5 });
  await page.mouse.up();
  expect(await selectedText(page)).not.toBe('');
});
