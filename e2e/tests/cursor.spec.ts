import { expect, type Page, test } from '@playwright/test';
import { bimScheduleFixture, minutesOfDay } from './bim-fixture';
import { openSignedIn, shot } from './helpers';

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('.');

const cursorX = (page: Page) => page.evaluate(() => window.__taktGantt!.probe.cursor());
const dayAt = (page: Page, x: number) => page.evaluate((at) => window.__taktGantt!.probe.dayAt(at), x);

/** Pixels of the Gantt canvas in the cursor's colour (light theme: #d6336c), in a column around x. */
async function cursorPixels(page: Page, x: number) {
  return page
    .getByTestId('gantt')
    .locator('canvas:not([hidden])')
    .evaluate(async (canvas: HTMLCanvasElement, at) => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const ratio = canvas.width / canvas.clientWidth;
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.canvas.width = canvas.width;
      ctx.canvas.height = canvas.height;
      ctx.drawImage(canvas, 0, 0);
      const x0 = Math.max(0, Math.round((at - 3) * ratio));
      const data = ctx.getImageData(x0, 0, Math.round(6 * ratio), canvas.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if (
          Math.abs(data[i]! - 0xd6) < 24 &&
          Math.abs(data[i + 1]! - 0x33) < 24 &&
          Math.abs(data[i + 2]! - 0x6c) < 24
        )
          n++;
      return n;
    }, x);
}

test('date cursor: set in the Gantt header, the 4D player starts there, the scrubber moves it back', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { token, spaceId, scheduleId, file } = await bimScheduleFixture(request, {
    login: 'cursor',
    space: 'Cursor',
    project: 'Корпус Б',
  });

  // The model and its links to the works (the 4D player needs linked elements to play).
  await page.addInitScript(() => {
    localStorage.setItem('takt.gantt.renderer', 'canvas');
    if (!localStorage.getItem('takt.gantt.split')) localStorage.setItem('takt.gantt.split', '420');
  });
  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}/bim`);
  await page.getByTestId('bim-file').setInputFiles(file);
  await expect(page.getByTestId('bim-models')).toContainText('IFC4 · 123 elements', { timeout: 60_000 });
  await page.getByTestId('bim-rules').click();
  const dialog = page.getByTestId('bim-rules-dialog');
  await dialog.getByTestId('bim-rule-classes').fill('IfcSlab');
  await dialog.getByTestId('bim-rule-storey').selectOption('');
  await dialog.getByTestId('bim-rule-path').fill('{storey} / Бетонирование перекрытия');
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByTestId('bim-scrubber')).toBeVisible();

  // To the schedule (in the app: the cursor is app-level state, a reload would forget it).
  await page.locator('a.schedule-crumb').click();
  const timeline = page.getByTestId('gantt').getByRole('application');
  await expect(timeline).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await page.waitForFunction(() => window.__taktGantt?.firstFrameMs !== undefined);
  const toolbar = page.getByTestId('gantt-toolbar');
  // A cursor set by the BIM page before (its player's date) is removed with Esc.
  await timeline.focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => cursorX(page)).toBeNull();
  await expect(toolbar.getByTestId('gantt-go-cursor')).toBeDisabled();

  // A click in the time header puts the cursor on the day under the pointer.
  const box = (await timeline.boundingBox())!;
  const clickX = Math.round(box.width * 0.55);
  const day = (await dayAt(page, clickX))!;
  expect(day >= '2026-03-02' && day <= '2026-03-20').toBe(true);
  await timeline.click({ position: { x: clickX, y: 9 } });
  await expect.poll(() => cursorX(page)).not.toBeNull();
  const x = (await cursorX(page))!;
  expect(Math.abs(x - clickX)).toBeLessThan(
    (await page.evaluate(() => window.__taktGantt!.probe.pxPerDay())) + 1,
  );
  expect(await dayAt(page, x)).toBe(day);
  expect(await cursorPixels(page, x)).toBeGreaterThan(200);
  await expect(page.getByTestId('gantt-cursor-clear')).toBeVisible();
  await expect(toolbar.getByTestId('gantt-go-cursor')).toBeEnabled();
  await shot(page, 'cursor-01-gantt');

  // The 3D model screen: the player stands on that day.
  await page.getByTestId('open-bim').click();
  await expect(page.getByTestId('bim-date')).toHaveText(ddmmyyyy(day), { timeout: 30_000 });
  await shot(page, 'cursor-02-bim');

  // Moving the scrubber moves the cursor.
  const next = day === '2026-03-17' ? '2026-03-05' : '2026-03-17';
  await page.getByTestId('bim-scrubber').evaluate((el, value) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(value));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, minutesOfDay(next));
  await expect(page.getByTestId('bim-date')).toHaveText(ddmmyyyy(next));

  await page.locator('a.schedule-crumb').click();
  await expect(timeline).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect
    .poll(async () => {
      const at = await cursorX(page);
      return at === null ? null : dayAt(page, at);
    })
    .toBe(next);
  await expect(toolbar.getByTestId('gantt-go-cursor')).toBeEnabled();
  await toolbar.getByTestId('gantt-go-cursor').click();
  await shot(page, 'cursor-03-back');

  // The ✕ removes it.
  await page.getByTestId('gantt-cursor-clear').click();
  await expect.poll(() => cursorX(page)).toBeNull();
  await expect(page.getByTestId('gantt-cursor-clear')).toHaveCount(0);
});
