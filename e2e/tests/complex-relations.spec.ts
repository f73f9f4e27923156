import { expect, test } from '@playwright/test';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

interface Directory {
  id: string;
  name: string;
  values: { id: string; name: string }[];
}

/**
 * A relation work type → trade → crew made in the demo space's directories screen, its rows added in the grid,
 * assigned to the demo schedule; the schedule shows the works out of line, "Recalculate" sets their trade and
 * crew, and the grid shows them.
 */
test('complex relation: create, add rows, assign, recalculate a version, values in the grid', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { token, spaceId, scheduleId, versionId, call } = await demoSpaceByApi(
    request,
    'relations',
    'Relations',
  );
  const s = `/space/${spaceId}`;
  const directory = async (name: string, values: string[]) => {
    const d = await call.post(`${s}/directories`, { name });
    for (const value of values) await call.post(`${s}/directories/${d.id}/values`, { name: value });
    const attribute = await call.post(`${s}/attributes`, { name, valueType: 'string', directoryId: d.id });
    return attribute.id as string;
  };
  const typeAttribute = await directory('Work type', ['Masonry', 'Concrete']);
  await directory('Trade', ['Mason', 'Concretor']);
  const crews = ((await call.get(`${s}/directories`)) as unknown as Directory[]).find(
    (d) => d.name === 'Бригады',
  )!;
  const [crewA, crewB] = crews.values;
  // Two works of the demo get a work type.
  const works = (await call.get(`${s}/versions/${versionId}/wbs`)) as unknown as {
    id: string;
    name: string;
    type: string;
    revision: number;
  }[];
  const [first, second] = works.filter((w) => w.type !== 'sum' && w.type !== 'milestone');
  for (const [work, type] of [
    [first!, 'Masonry'],
    [second!, 'Concrete'],
  ] as const)
    await call.patch(`${s}/versions/${versionId}/wbs/${work.id}`, {
      revision: work.revision,
      attributes: { [typeAttribute]: type },
    });

  await openSignedIn(page, token, `/${spaceId}/directories`);
  await page.getByRole('tab', { name: 'Complex relations' }).click();
  await expect(page.getByText('No complex relations yet.')).toBeVisible();
  await page.getByTestId('relation-create').click();
  const dialog = page.getByTestId('relation-dialog');
  await dialog.getByLabel('Name').fill('Type → trade → crew');
  await dialog.getByTestId('relation-level-1').selectOption({ label: 'Work type' });
  await dialog.getByTestId('relation-level-2').selectOption({ label: 'Trade' });
  await dialog.getByTestId('relation-add-level').click();
  await dialog.getByTestId('relation-level-3').selectOption({ label: 'Бригады' });
  await shot(page, 'complex-relations-01-create');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const rows = page.getByTestId('relation-rows');
  await expect(rows).toContainText('Driver');
  const addRow = async (type: string, trade: string, crew: string) => {
    await page.getByTestId('relation-new-Work type').selectOption({ label: type });
    await page.getByTestId('relation-new-Trade').selectOption({ label: trade });
    await page.getByTestId('relation-new-Бригады').selectOption(crew);
    await page.getByTestId('relation-add-row').click();
  };
  await addRow('Masonry', 'Mason', crewA!.id);
  await expect(page.getByTestId('relation-row')).toHaveCount(1);
  await addRow('Concrete', 'Concretor', crewB!.id);
  await expect(page.getByTestId('relation-row')).toHaveCount(2);

  await page.getByTestId('relation-assign').click();
  const assign = page.getByTestId('relation-assign-dialog');
  await assign.getByRole('checkbox').first().check();
  await assign.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Assigned to 1 schedule')).toBeVisible();
  await shot(page, 'complex-relations-02-rows');

  // "Options" is the creation's dialog, filled in; other directories for a relation with rows are asked
  // about first, and cancelling keeps everything.
  await page.getByTestId('relation-options').click();
  const options = page.getByTestId('relation-options-dialog');
  await expect(options.getByTestId('relation-level-3')).toHaveValue(crews.id);
  await expect(options.getByLabel('Name')).toHaveValue('Type → trade → crew');
  await shot(page, 'complex-relations-02a-options');
  await options.getByRole('button', { name: 'Remove Бригады' }).click();
  await options.getByRole('button', { name: 'Save' }).click();
  const ask = page.getByRole('dialog', {
    name: 'Choose other directories and delete the relation’s 2 rows?',
  });
  await expect(ask).toBeVisible();
  await shot(page, 'complex-relations-02a-clear-rows');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await options.getByRole('button', { name: 'Cancel' }).click();
  await expect(options).toBeHidden();
  await expect(page.getByTestId('relation-row')).toHaveCount(2);

  // The rows exported, then imported back through the dialog; a file that is no workbook changes nothing.
  const relationId = (
    (await call.get(`${s}/directory-complex-relations/all`)) as unknown as { id: string }[]
  )[0]!.id;
  const exported = await request.get(`/api/v1${s}/directory-complex-relations/${relationId}/export`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(exported.ok()).toBe(true);
  await page.getByTestId('relation-import').click();
  const importing = page.getByTestId('relation-import-dialog');
  await importing.getByTestId('relation-import-file').setInputFiles({
    name: 'rows.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('Work type;Trade\nMasonry;Mason\n', 'utf8'),
  });
  await importing.getByRole('button', { name: 'Save' }).click();
  await expect(importing.getByRole('alert')).toBeVisible();
  await shot(page, 'complex-relations-02b-import-refused');
  await importing.getByTestId('relation-import-file').setInputFiles({
    name: 'rows.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await exported.body(),
  });
  await importing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('2 rows imported')).toBeVisible();
  await expect(page.getByTestId('relation-row')).toHaveCount(2);

  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  const indicator = page.getByTestId('relations-indicator');
  await expect(indicator).toContainText('2 out of line', { timeout: 60_000 });
  await shot(page, 'complex-relations-03-indicator');
  await page.getByTestId('relations-recalculate').click();
  await expect(page.getByText('Values changed in 2 works')).toBeVisible();
  await expect(indicator).toContainText('Relations in line');

  await page.getByRole('button', { name: 'Columns' }).click();
  for (const name of ['Work type', 'Trade'])
    await page.getByRole('checkbox', { name: `Show ${name}` }).check();
  await page.keyboard.press('Escape');
  const row = page.getByRole('row').filter({ hasText: first!.name }).first();
  await row.getByText('Masonry', { exact: true }).scrollIntoViewIfNeeded();
  await expect(row).toContainText('Masonry');
  await expect(row).toContainText('Mason');
  await expect(page.getByRole('row').filter({ hasText: second!.name }).first()).toContainText('Concretor');
  await shot(page, 'complex-relations-04-grid');
});
