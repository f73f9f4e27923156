import { expect, test } from '@playwright/test';
import { openSignedIn, ownSpaceByApi, shot } from './helpers';

interface Node {
  id: string;
  kind: string;
  name: string;
}

// The "other" Takt server is this one, reached over loopback by its own address: the copy still goes through its
// REST API with the far user's token, exactly as it would across two servers (the server test uses two processes).
test('remote spaces: list the spaces of another Takt server by address and token, copy one here as a job, open the copy', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const far = await ownSpaceByApi(request, 'far', 'Дальний объект');
  const facility = await far.call.post(`/space/${far.spaceId}/eps`, { kind: 'facility', name: 'Корпус 7' });
  await far.call.post(`/space/${far.spaceId}/eps`, {
    kind: 'project',
    name: 'Жилой дом',
    parentId: facility.id,
  });
  const near = await ownSpaceByApi(request, 'near', 'Здесь');

  await openSignedIn(page, near.token, `/${near.spaceId}/admin?tab=backups`);
  await page.getByTestId('remote-copy-open').click();
  const dialog = page.getByTestId('remote-copy-dialog');
  await expect(dialog).toContainText('Copy a space from another Takt server');

  // A wrong address is told at once, next to its field.
  await dialog.getByLabel('Server address').fill('ftp://takt.example.com');
  await dialog.getByLabel('Access token there').fill(far.token);
  await dialog.getByTestId('remote-list').click();
  await expect(dialog).toContainText('An address starting with http:// or https://');

  await dialog.getByLabel('Server address').fill(baseURL!);
  await dialog.getByTestId('remote-list').click();
  const spaces = dialog.getByTestId('remote-spaces');
  await expect(spaces).toContainText('Дальний объект');
  await spaces.getByRole('radio', { name: 'Дальний объект' }).check();
  await dialog.getByLabel('Name of the copy here').fill('Копия издалека');
  await shot(page, 'remote-spaces-dialog');
  await dialog.getByRole('button', { name: 'Copy here' }).click();

  const outcome = dialog.getByTestId('remote-copy-outcome');
  await expect(outcome).toContainText('The space “Копия издалека” is copied here.', { timeout: 120_000 });
  await shot(page, 'remote-spaces-copied');
  await outcome.getByRole('link', { name: 'Open the copy' }).click();
  await expect(page).toHaveURL(/\/structure/);
  const copyId = new URL(page.url()).pathname.split('/')[1]!;
  expect(copyId).not.toBe(far.spaceId);
  const eps = (await near.call.get(`/space/${copyId}/eps`)) as unknown as Node[];
  expect(eps.filter((n) => n.kind === 'project').map((n) => n.name)).toEqual(['Жилой дом']);
});
