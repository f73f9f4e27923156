import { expect, test } from '@playwright/test';
import { openSignedIn, ownScheduleByApi, shot } from './helpers';

const CSV = [
  'Код;Наименование;Ед. изм.;Кол-во;Цена',
  ';Раздел 1. Земляные работы;;;',
  'ГЭСН01-01-003-01;Разработка грунта;1000 м3;1,5;12 000',
  'ФССЦ-02.3;Песок;м3;10;700,50',
  ';Итого по разделу;;;25 005',
].join('\r\n');

test('estimates: a CSV estimate imported through an upload rule set on the screen, previewed, saved for next time', async ({
  page,
  request,
}) => {
  const names = { facility: 'Квартал 5', project: 'Корпус 2', schedule: 'График' };
  const { token, spaceId, call } = await ownScheduleByApi(request, 'sheet-estimator', 'Сметы из CSV', names);

  await openSignedIn(page, token, `/${spaceId}`);
  await page.getByTestId(`eps-node-${names.facility}`).click();
  await page.getByTestId(`eps-node-${names.project}`).click();
  await page.getByRole('tab', { name: 'Estimates' }).click();
  await page.getByTestId('estimate-import').click();
  const dialog = page.getByTestId('estimate-import-dialog');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'smeta.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });

  // The columns: the name and the quantity by their header text, the rest by letter.
  await dialog.getByTestId('estimate-rule-column-name').fill('Наименование');
  await dialog.getByTestId('estimate-rule-column-quantity').fill('Кол-во');
  const preview = dialog.getByTestId('estimate-import-preview');
  await expect(preview).toContainText('section, level 1');
  await expect(preview).toContainText('total, left out');
  await expect(preview.locator('tbody tr')).toHaveCount(5);
  await expect(preview).toContainText('1 sections and 2 lines');

  // A column the sheet lacks: the rule's problem shows above the rows.
  await dialog.getByTestId('estimate-rule-column-unit').fill('Единица');
  await expect(preview.getByRole('alert')).toContainText('Единица');
  await dialog.getByTestId('estimate-rule-column-unit').fill('C');
  await expect(preview.getByRole('alert')).toHaveCount(0);

  await dialog.getByTestId('estimate-rule-name').fill('Смета CSV');
  await dialog.getByTestId('estimate-rule-save').click();
  await expect(dialog.getByText('Rule “Смета CSV” saved')).toBeVisible();
  await shot(page, 'estimates-import-rule');

  await dialog.getByRole('button', { name: 'Import estimate' }).click();
  const report = dialog.getByTestId('estimate-import-report');
  await expect(report).toContainText('Read 1 sections and 2 lines.');
  await dialog.getByRole('button', { name: 'Open the estimate' }).click();
  const tree = page.getByTestId('estimate-tree');
  await expect(tree).toContainText('Разработка грунта');
  await expect(tree).toContainText('Песок');

  // The rule is there for next time.
  const rules = (await call.get(`/space/${spaceId}/estimate-upload-rules`)) as unknown as {
    name: string;
    mapping: Record<string, string>;
  }[];
  expect(rules).toHaveLength(1);
  expect(rules[0]!.mapping).toMatchObject({ Наименование: 'name', 'Кол-во': 'quantity', C: 'unit' });
});
