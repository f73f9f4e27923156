import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createSpaceByApi, newUser, openSignedIn, registerByApi, shot } from './helpers';

const DAY = 86_400_000;

/**
 * A licence token as the `takt-licence` command writes it (compact JWS, EdDSA), signed with the run's key
 * that the server under test trusts (playwright.config.ts).
 */
function licenceToken(claims: Record<string, unknown>): string {
  const key = createPrivateKey(process.env.TAKT_E2E_LICENCE_KEY ?? '');
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const kid = createHash('sha256')
    .update(createPublicKey(key).export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
  const body = `${b64({ alg: 'EdDSA', typ: 'takt-licence', kid })}.${b64(claims)}`;
  return `${body}.${sign(null, Buffer.from(body), key).toString('base64url')}`;
}

test('licences: upload a licence file, refuse garbage; texts: reword a text and see it change at once', async ({
  page,
  context,
  request,
}) => {
  // the server fills its demo space while it starts: the first reads may wait for it
  test.setTimeout(180_000);
  const owner = newUser('licowner');
  const token = await registerByApi(request, owner);
  const spaceId = await createSpaceByApi(request, token, 'Tower 3');
  const id = `E2E-${Date.now()}`;
  const file = join(tmpdir(), `${id}.licence`);
  writeFileSync(
    file,
    `${licenceToken({
      id,
      customer: 'Tower 3 Builders',
      space: spaceId,
      seats: 40,
      bimSeats: 10,
      estimateSeats: null,
      validFrom: new Date(Date.now() - DAY).toISOString(),
      validUntil: new Date(Date.now() + 365 * DAY).toISOString(),
      minVersion: '0.1.0',
      issuedAt: new Date().toISOString(),
    })}\n`,
  );

  await openSignedIn(page, token, `/${spaceId}/admin?tab=licence`);
  await expect(page.getByTestId('licence')).toContainText('Free', { timeout: 60_000 });
  await expect(page.getByTestId('licence-default')).toContainText('Active');

  // garbage pasted: the catalogue's message, nothing loaded, the admin stays where they are
  const upload = page.getByTestId('licence-upload');
  await upload.getByLabel('Licence token').fill('not-a-licence');
  await upload.getByRole('button', { name: 'Upload licence' }).click();
  await expect(page.getByText('The licence token cannot be decrypted')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${spaceId}/admin`));

  // the file the sales team sent
  await upload.getByLabel('Licence file').setInputFiles(file);
  await expect(upload.getByLabel('Licence token')).toHaveValue(/^ey/);
  await upload.getByRole('button', { name: 'Upload licence' }).click();
  await expect(page.getByText('The licence is loaded')).toBeVisible();
  const row = page.getByTestId(`licence-${id}`);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('1 of 40');
  await expect(row).toContainText('BIM: 10 users');
  await expect(row).toContainText('Estimates: every member');
  await expect(row).toContainText('Issued to Tower 3 Builders');
  await expect(page.getByTestId('licence-default')).toContainText('Replaced');
  await expect(page.getByTestId('licence')).toContainText('Licensed');
  await expect(page.getByTestId('licence')).toContainText('40');
  await shot(page, 'admin-licences');

  // the same token again, pasted this time
  await upload.getByLabel('Licence token').fill(readFileSync(file, 'utf8'));
  await upload.getByRole('button', { name: 'Upload licence' }).click();
  await expect(page.getByText('This licence has already been loaded')).toBeVisible();

  // a second tab of the space, to see the new wording arrive without reloading
  const other = await context.newPage();
  await other.goto(`/${spaceId}/`);
  const nav = other.getByRole('navigation').getByRole('link', { name: 'Administration' });
  await expect(nav).toBeVisible();

  await page.getByRole('tab', { name: 'Texts' }).click();
  await page.getByTestId('texts-search').fill('screen.admin');
  const text = page.getByTestId('text-screen.admin');
  await expect(text).toContainText('Administration');
  await text.getByRole('button', { name: 'Change text' }).click();
  await page.getByTestId('text-override').fill('Control room');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The text is saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Control room' })).toBeVisible();
  await expect(other.getByRole('navigation').getByRole('link', { name: 'Control room' })).toBeVisible();
  await shot(page, 'admin-texts');

  // a broken placeholder is refused at the field
  await page.getByTestId('text-screen.admin').getByRole('button', { name: 'Change text' }).click();
  await page.getByTestId('text-override').fill('Control {room');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The text is not a valid message')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByTestId('text-screen.admin').getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('The standard text is back')).toBeVisible();
  await expect(other.getByRole('navigation').getByRole('link', { name: 'Administration' })).toBeVisible();
});
