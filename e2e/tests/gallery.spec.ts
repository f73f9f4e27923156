import { expect, test } from '@playwright/test';
import { openSignedIn, ownScheduleByApi, shot } from './helpers';

const NAMES = { facility: 'Gallery site', project: 'Gallery tower', schedule: 'Gallery works' };

test('a photo added to a node shows as its thumbnail; a document as a line; planning tells the schedules', async ({
  page,
  request,
}) => {
  const { token, spaceId } = await ownScheduleByApi(request, 'gallery', 'Gallery space', NAMES);
  await openSignedIn(page, token, `/${spaceId}`);
  await page.getByTestId(`eps-node-${NAMES.facility}`).click();
  await page.getByTestId(`eps-node-${NAMES.project}`).click();

  // a "site photo" drawn by the browser: sky, a building, windows
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 800;
    const g = canvas.getContext('2d')!;
    const sky = g.createLinearGradient(0, 0, 0, 800);
    sky.addColorStop(0, '#6aa7e8');
    sky.addColorStop(1, '#dce9f5');
    g.fillStyle = sky;
    g.fillRect(0, 0, 1200, 800);
    g.fillStyle = '#8a8f98';
    g.fillRect(400, 150, 400, 650);
    g.fillStyle = '#f2d16b';
    for (let floor = 0; floor < 10; floor++)
      for (let bay = 0; bay < 5; bay++) g.fillRect(425 + bay * 75, 180 + floor * 60, 40, 35);
    g.fillStyle = '#5b4636';
    g.fillRect(0, 760, 1200, 40);
    return canvas.toDataURL('image/png');
  });
  const photo = Buffer.from(dataUrl.split(',')[1]!, 'base64');

  await page.getByRole('tab', { name: 'Gallery' }).click();
  await expect(page.getByTestId('gallery')).toContainText('No photos or documents yet.');
  await page.getByTestId('gallery-input').setInputFiles([
    { name: 'tower-north.png', mimeType: 'image/png', buffer: photo },
    { name: 'acceptance-act.txt', mimeType: 'text/plain', buffer: Buffer.from('Acceptance act No. 7') },
  ]);
  const tile = page.getByTestId('gallery-photo');
  await expect(tile).toHaveCount(1);
  await expect(tile).toContainText('tower-north.png');
  // the thumbnail the server made, fetched with the session's token
  const thumb = tile.locator('img');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(page.getByTestId('gallery-document')).toContainText('acceptance-act.txt');
  await shot(page, 'gallery-01-tab');

  await tile.locator('.gallery-thumb').click();
  const viewer = page.getByTestId('gallery-viewer');
  await expect(viewer.locator('img')).toBeVisible();
  await expect
    .poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(1200);
  await shot(page, 'gallery-02-photo');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await page.getByRole('tab', { name: 'Planning', exact: true }).click();
  const row = page.getByTestId('planning-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(NAMES.schedule);
  await expect(row).toContainText('Not valid');
  await expect(row).toContainText('Active');
  await shot(page, 'gallery-03-planning');
});
