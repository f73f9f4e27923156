import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { bimScheduleFixture, minutesOfDay } from './bim-fixture';
import { openSignedIn, ownScheduleByApi, shot } from './helpers';

/**
 * Opens a schedule's BIM page signed in and returns the list the page's uncaught errors and console errors
 * are collected into from then on (the test expects it empty at the end).
 */
async function openBimPage(
  page: Page,
  token: string,
  spaceId: string,
  scheduleId: string,
): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}/bim`);
  await expect(page.getByTestId('bim-page')).toBeVisible();
  return errors;
}

/** Moves the 4D scrubber to a day (a range input: set through the native setter so React sees it). */
async function scrubTo(page: Page, day: string) {
  await page.getByTestId('bim-scrubber').evaluate((el, value) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(value));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, minutesOfDay(day));
}

/**
 * Pixels of the 3D canvas: `orange` — in the orange of "being built" (by hue: lit and seen through ghosts
 * it darkens); `model` — not the viewer's background (the colour of the top left pixel): the model is drawn.
 */
async function canvasPixels(page: Page, kind: 'orange' | 'model') {
  return page.getByTestId('bim-viewport').evaluate(async (host, kind) => {
    const canvas = host.querySelector('canvas')!;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
    const [r0, g0, b0] = [data[0]!, data[1]!, data[2]!];
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (
        kind === 'orange'
          ? r > 110 && r - b > 80 && g - b > 25 && r > g
          : Math.abs(r - r0) + Math.abs(g - g0) + Math.abs(b - b0) > 24
      )
        n++;
    }
    return n;
  }, kind);
}

test('BIM: upload a model, link storeys to works by rule, play the schedule back in 4D', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // The schedule of three storeys and an IFC of one section of three storeys, written by Takt's generator.
  const { token, spaceId, scheduleId, file } = await bimScheduleFixture(request, {
    login: 'bim',
    space: 'BIM 4D',
    project: 'Корпус А',
  });

  const errors = await openBimPage(page, token, spaceId, scheduleId);
  await expect(
    page.getByTestId('bim-page').getByText('No models yet. Upload an IFC file of the project.'),
  ).toHaveCount(2);
  await page.getByTestId('bim-file').setInputFiles(file);
  const models = page.getByTestId('bim-models');
  await expect(models).toContainText('IFC4 · 123 elements', { timeout: 60_000 });
  await expect(page.getByText('Link elements to works to play the schedule back.')).toBeVisible();
  await shot(page, 'bim-01-uploaded');
  // The local preview (parsed in a web worker while the server parsed) gave way to the server's model.
  expect(errors).toEqual([]);

  // Link by rule: the slab of a storey ↔ the pour under the storey of the same name.
  await page.getByTestId('bim-rules').click();
  const dialog = page.getByTestId('bim-rules-dialog');
  await dialog.getByTestId('bim-rule-classes').fill('IfcSlab');
  await dialog.getByTestId('bim-rule-storey').selectOption('');
  await dialog.getByTestId('bim-rule-path').fill('{storey} / Бетонирование перекрытия');
  await dialog.getByTestId('bim-rule-check').click();
  await expect(dialog.getByTestId('bim-rule-preview')).toHaveText('The rule links 3 elements with 3 links');
  await shot(page, 'bim-02-rule');
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByText('Links created: 3, removed: 0')).toBeVisible();
  await expect(page.getByTestId('bim-scrubber')).toBeVisible();

  // Three dates: nothing started; storey 1 built, storey 2 being built (orange), storey 3 not yet; all done.
  await scrubTo(page, '2026-03-02');
  await expect(page.getByTestId('bim-date')).toHaveText('02.03.2026');
  await expect.poll(() => canvasPixels(page, 'orange'), { message: 'no work in progress drawn' }).toBe(0);
  await shot(page, 'bim-03-before');
  await scrubTo(page, '2026-03-11');
  await expect(page.getByTestId('bim-date')).toHaveText('11.03.2026');
  // the frame of the new date may come a moment after the date label (once, in a whole-suite run, more than
  // 10 s after it: software WebGL on a busy machine)
  await expect
    .poll(() => canvasPixels(page, 'orange'), { message: 'works in progress drawn orange', timeout: 30_000 })
    .toBeGreaterThan(200);
  await shot(page, 'bim-04-during');
  await scrubTo(page, '2026-03-21');
  await expect(page.getByTestId('bim-date')).toHaveText('21.03.2026');
  await expect.poll(() => canvasPixels(page, 'orange'), { message: 'no work in progress drawn' }).toBe(0);
  await shot(page, 'bim-05-after');

  // Play from the start at 90 days per second: it runs to the end and stops.
  await page.getByTestId('bim-speed').selectOption('90');
  await page.getByRole('button', { name: 'To the start' }).click();
  await expect(page.getByTestId('bim-date')).toHaveText('02.03.2026');
  await page.getByTestId('bim-play').click();
  await expect(page.getByTestId('bim-date')).toHaveText('21.03.2026', { timeout: 15_000 });
  await expect(page.getByTestId('bim-play')).toHaveAttribute('aria-pressed', 'false');

  // Select a work in the list → its element is selected in the model and its properties shown.
  await page.getByRole('tab', { name: 'Works' }).click();
  await page
    .getByTestId('bim-works')
    .getByRole('button', { name: /Бетонирование перекрытия/ })
    .nth(1)
    .click();
  await expect(page.getByTestId('bim-selection')).toHaveText('Elements: 1 · works: 1');
  await expect(page.getByTestId('bim-prop-class')).toHaveText('IfcSlab');
  await shot(page, 'bim-06-selected');

  // Playback state is kept per user: the date comes back after a reload.
  await page.waitForTimeout(1200);
  await page.reload();
  await expect(page.getByTestId('bim-date')).toHaveText('21.03.2026', { timeout: 30_000 });
  await expect(page.getByTestId('bim-speed')).toHaveValue('90');
});

test('BIM: a real IFC (AC20-FZK-Haus) chosen through the upload button shows at once and opens', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, spaceId, scheduleId } = await ownScheduleByApi(request, 'bimreal', 'BIM real', {
    facility: 'Karlsruhe',
    project: 'FZK-Haus',
    schedule: 'Rohbau',
  });
  const errors = await openBimPage(page, token, spaceId, scheduleId);
  // The button starts web-ifc in the preview worker while the file dialog is open.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload IFC' }).click();
  const file = fileURLToPath(new URL('../../../shared/testdata/ifc/AC20-FZK-Haus.ifc', import.meta.url));
  await (await chooser).setFiles(file);
  await expect(page.getByTestId('bim-models')).toContainText('IFC4 · 97 elements', { timeout: 60_000 });
  await expect
    .poll(() => canvasPixels(page, 'model'), { message: 'the model drawn' })
    .toBeGreaterThan(20_000);
  await shot(page, 'bim-07-ac20-fzk-haus');
  expect(errors).toEqual([]);
});
