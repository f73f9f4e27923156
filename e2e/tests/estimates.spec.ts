import { expect, test } from '@playwright/test';
import { demoSpaceByApi, openSignedIn, ownScheduleByApi, shot } from './helpers';

test('estimates: the demo building’s estimates from its node, the summary by chapters, a local estimate’s tree, coefficients and compliance', async ({
  page,
  request,
}) => {
  // The demo space is seeded first (its programme, model and estimates).
  test.setTimeout(180_000);
  const { token, spaceId, call, scheduleId } = await demoSpaceByApi(request, 'estimator', 'Estimates');
  const nodes = (await call.get(`/space/${spaceId}/eps`)) as unknown as {
    id: string;
    name: string;
    parentId: string | null;
  }[];
  const schedule = nodes.find((n) => n.id === scheduleId)!;
  const project = nodes.find((n) => n.id === schedule.parentId)!;
  const facility = nodes.find((n) => n.id === project.parentId)!;

  await openSignedIn(page, token, `/${spaceId}`);
  await page.getByTestId(`eps-node-${facility.name}`).click();
  await page.getByTestId(`eps-node-${project.name}`).click();
  await page.getByRole('tab', { name: 'Estimates' }).click();
  const table = page.getByTestId('node-estimates-table');
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await shot(page, 'estimates-node-tab');

  // The summary estimate: chapters 1, 2 and 7.
  await table.getByRole('link', { name: 'Сводный сметный расчёт. Корпус 1' }).click();
  await expect(page.getByTestId('estimate-chapters').locator('tbody tr')).toHaveCount(3);
  await shot(page, 'estimates-summary');

  // A local estimate: its tree, a line's coefficients in order, the works its lines feed.
  const estimates = (await call.get(`/space/${spaceId}/eps/${project.id}/estimates`)) as unknown as {
    id: string;
    name: string;
  }[];
  const local = estimates.find((e) => e.name === 'Общестроительные работы. Корпус 1')!;
  await page.goto(`/${spaceId}/estimates/${local.id}`);
  const tree = page.getByTestId('estimate-tree');
  await expect(tree).toContainText('Устройство железобетонных фундаментных плит');
  await shot(page, 'estimates-local');
  await tree.getByText('Устройство железобетонных фундаментных плит').click();
  await page.getByRole('tab', { name: 'Coefficients' }).click();
  await expect(page.getByTestId('estimate-applied')).toContainText('Зимнее удорожание');
  await shot(page, 'estimates-coefficients');
  await page.getByRole('tab', { name: 'Compliance' }).click();
  await expect(page.getByTestId('estimate-links')).toContainText('Разработка котлована');
  await shot(page, 'estimates-compliance');

  // Measures and prices.
  await page.getByRole('link', { name: 'Measures and prices' }).click();
  await expect(page.getByTestId('measures-table')).toContainText('100 m³');
  await shot(page, 'estimates-measures');

  // A unit added in its dialog (1 mi = 1609.344 m), then edited.
  await page.getByTestId('add-measure').click();
  const measureDialog = page.getByTestId('measure-dialog');
  await measureDialog.getByTestId('measure-code').fill('mi');
  await measureDialog.getByLabel('Symbol (Russian)').fill('миля');
  await measureDialog.getByLabel('Symbol (English)').fill('mi');
  await measureDialog.getByLabel('Name (Russian)').fill('сухопутная миля');
  await measureDialog.getByLabel('Name (English)').fill('land mile');
  await measureDialog.getByTestId('measure-base').selectOption({ label: 'm (m)' });
  await measureDialog.getByTestId('measure-factor').fill('1609,344');
  await shot(page, 'estimates-measure-dialog');
  await measureDialog.getByRole('button', { name: 'Add' }).click();
  await expect(measureDialog).toHaveCount(0);
  const mile = page.getByTestId('measures-table').locator('tr', { hasText: 'land mile' });
  await expect(mile).toContainText('1 mi = 1');
  await mile.getByRole('button', { name: 'Edit' }).click();
  await measureDialog.getByLabel('Name (English)').fill('statute mile');
  await measureDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('measures-table')).toContainText('statute mile');

  // A pdc resource added, then priced.
  await page.getByRole('tab', { name: 'Price catalogue (pdc)' }).click();
  await page.getByTestId('add-pdc').click();
  const pdcDialog = page.getByTestId('pdc-dialog');
  await pdcDialog.getByTestId('pdc-code').fill('01.7.15.03-0042');
  await pdcDialog.getByTestId('pdc-name').fill('Bench concrete B25');
  await pdcDialog.getByTestId('pdc-unit').fill('m3');
  await pdcDialog.getByRole('button', { name: 'Add' }).click();
  const concrete = page.getByTestId('pdc-table').locator('tr', { hasText: 'Bench concrete B25' });
  await concrete.getByRole('button', { name: '+ Price' }).click();
  const priceDialog = page.getByTestId('price-dialog');
  await priceDialog.getByTestId('price-value').fill('6450,50');
  await priceDialog.getByLabel('Valid from').fill('2025-01-01');
  await shot(page, 'estimates-price-dialog');
  await priceDialog.getByRole('button', { name: 'Save' }).click();
  await expect(concrete).toContainText('2025-01-01');
  await shot(page, 'estimates-pdc');

  // Two versions compared: version 2 of the local estimate with a line's quantity doubled.
  const v2 = (await call.post(`/space/${spaceId}/estimates/${local.id}/versions`)) as unknown as {
    estimate: { id: string };
    lines: { id: string; name: string; quantity: number; revision: number }[];
  };
  const line = v2.lines.find((l) => l.name === 'Устройство железобетонных фундаментных плит')!;
  await call.put(`/space/${spaceId}/estimate-lines/${line.id}`, {
    quantity: line.quantity * 2,
    revision: line.revision,
  });
  await page.goto(`/${spaceId}/estimates/${v2.estimate.id}`);
  await page.getByRole('tab', { name: 'Comparison' }).click();
  const compared = page.getByTestId('compare-table');
  await expect(compared.locator('tbody tr')).toHaveCount(1);
  await expect(compared).toContainText('changed');
  await expect(compared).toContainText('Устройство железобетонных фундаментных плит');
  await expect(page.getByTestId('compare-delta')).toContainText('+');
  await shot(page, 'estimates-compare');
});

test('estimates: the tree edited in place — a quantity and its totals, a refused value, a stale edit, a line added and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, spaceId, call, projectId } = await ownScheduleByApi(request, 'estimate-grid', 'Grid', {
    facility: 'Корпус 2',
    project: 'Проект',
    schedule: 'График',
  });
  const estimate = (await call.post(`/space/${spaceId}/eps/${projectId}/estimates`, {
    kind: 'loc',
    name: 'ЛС-2 Стены',
  })) as unknown as { estimate: { id: string } };
  const id = estimate.estimate.id;
  const section = (await call.post(`/space/${spaceId}/estimates/${id}/sections`, {
    name: 'Стены',
    code: '1',
  })) as {
    id: string;
  };
  // 2 × (100 labour + 50 materials) = 300; 1 × 1 000 materials = 1 000; the section and the estimate 1 300
  const masonry = (await call.post(`/space/${spaceId}/estimate-sections/${section.id}/lines`, {
    code: 'ГЭСН08-02-001-01',
    name: 'Кладка стен',
    unit: 'м3',
    quantity: 2,
    unitCost: { labour: 100, machines: 0, materials: 50 },
  })) as { id: string; revision: number };
  await call.post(`/space/${spaceId}/estimate-sections/${section.id}/lines`, {
    code: 'ФССЦ-06',
    name: 'Кирпич',
    unit: 'тыс. шт',
    quantity: 1,
    unitCost: { labour: 0, machines: 0, materials: 1000 },
  });

  await openSignedIn(page, token, `/${spaceId}/estimates/${id}`);
  const tree = page.getByTestId('estimate-tree');
  const row = (name: string) => tree.getByTestId('estimate-line').filter({ hasText: name });
  const sectionRow = tree.getByTestId('estimate-section').filter({ hasText: 'Стены' });
  const totals = page.getByTestId('estimate-totals');
  await expect(row('Кладка стен').locator('[data-col="total-total"]')).toHaveText('300.00');
  await expect(sectionRow.locator('[data-col="total-total"]')).toHaveText('1,300.00');

  // The quantity edited in place: double-click, type, Enter — the line, its section and the estimate follow.
  await row('Кладка стен').locator('[data-col="quantity"]').dblclick();
  const input = tree.getByTestId('estimate-cell-input');
  await expect(input).toHaveValue('2');
  await input.fill('3,5');
  await shot(page, 'estimates-grid-editing');
  await input.press('Enter');
  await expect(input).toHaveCount(0);
  await expect(row('Кладка стен').locator('[data-col="quantity"]')).toHaveText('3.5');
  await expect(row('Кладка стен').locator('[data-col="total-total"]')).toHaveText('525.00');
  await expect(sectionRow.locator('[data-col="total-total"]')).toHaveText('1,525.00');
  await expect(totals).toContainText('1,525.00');

  // A value that is no number stays in its editor with the reason beside it; Escape gives the old value back.
  await tree.focus();
  await page.keyboard.press('F2');
  await expect(input).toBeVisible();
  await input.fill('abc');
  await input.press('Enter');
  await expect(tree.getByTestId('estimate-cell-problem')).toHaveText('Enter a number');
  await expect(input).toBeVisible();
  await shot(page, 'estimates-grid-refused');
  await input.press('Escape');
  await expect(input).toHaveCount(0);
  await expect(row('Кладка стен').locator('[data-col="quantity"]')).toHaveText('3.5');

  // The arrows move between cells; typing over a cell starts editing it with that character.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('4');
  await expect(input).toHaveValue('4');
  await input.press('Enter');
  await expect(row('Кирпич').locator('[data-col="total-total"]')).toHaveText('4,000.00');

  // Someone else changed the line meanwhile: the stale edit is refused with the catalogue's text and the row reloads.
  const view = (await call.get(`/space/${spaceId}/estimates/${id}`)) as {
    lines: { id: string; revision: number }[];
  };
  const current = view.lines.find((l) => l.id === masonry.id)!;
  await call.put(`/space/${spaceId}/estimate-lines/${masonry.id}`, {
    revision: current.revision,
    name: 'Кладка наружных стен',
  });
  await row('Кладка стен').locator('[data-col="unit"]').dblclick();
  await input.fill('м³');
  await input.press('Enter');
  await expect(page.getByText('The data was changed by another user')).toBeVisible();
  await expect(row('Кладка наружных стен')).toHaveCount(1);
  await expect(row('Кладка наружных стен').locator('[data-col="unit"]')).toHaveText('м3');

  // A line added to the section, filled with Tab from cell to cell, then deleted after the question.
  await row('Кирпич').locator('[data-col="code"]').click();
  await page.getByTestId('estimate-add-line').click();
  await expect(input).toHaveValue('New line');
  await input.fill('Штукатурка');
  await input.press('Tab');
  await input.fill('м2');
  await input.press('Tab');
  await input.fill('10');
  await input.press('Tab');
  await input.fill('5');
  await input.press('Enter');
  await expect(row('Штукатурка').locator('[data-col="total-total"]')).toHaveText('50.00');
  await expect(sectionRow.locator('[data-col="total-total"]')).toHaveText('4,575.00');
  await shot(page, 'estimates-grid-added');
  await page.getByTestId('estimate-delete-rows').click();
  await expect(page.getByRole('dialog')).toContainText('Delete 1 row?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(tree.getByTestId('estimate-line')).toHaveCount(2);
  await expect(sectionRow.locator('[data-col="total-total"]')).toHaveText('4,525.00');
  await expect(totals).toContainText('4,525.00');
});

/** An ARPS 1.10 estimate of `sections` × `perSection` lines (UTF-8, which the reader tells from the bytes). */
function largeArps(sections: number, perSection: number): Buffer {
  const records = ['1#АРПС 1.10#e2e', '3###Большая смета'];
  for (let s = 1; s <= sections; s++) {
    records.push(`10#0#${s}#Раздел ${s}`);
    for (let i = 1; i <= perSection; i++) {
      const n = (s - 1) * perSection + i;
      const line = Array.from({ length: 29 }, () => '');
      [line[0], line[1], line[2], line[3], line[4]] = ['20', `${n}`, `ГЭСН-${n}`, 'м3', `Работа ${n}`];
      [line[6], line[7], line[9], line[26]] = ['100', '20', '300', '2,5'];
      records.push(line.join('#'));
    }
  }
  return Buffer.from(`${records.join('\r\n')}\r\n`);
}

test('estimates: an estimate of 20,000 lines draws only the rows in view, goes to its last line by keyboard and edits it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const names = { facility: 'Квартал 9', project: 'Корпус 9', schedule: 'График' };
  const { token, spaceId, projectId } = await ownScheduleByApi(
    request,
    'big-estimate',
    'Большие сметы',
    names,
  );
  const imported = await request.post(`/api/v1/space/${spaceId}/eps/${projectId}/estimates/import`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Language': 'en' },
    multipart: {
      file: { name: 'big.arp', mimeType: 'text/plain', buffer: largeArps(20, 1_000) },
      kind: 'loc',
    },
    timeout: 120_000,
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  const { estimateId } = (await imported.json()) as { estimateId: string };

  await openSignedIn(page, token, `/${spaceId}/estimates/${estimateId}`);
  const tree = page.getByTestId('estimate-tree');
  await expect(tree).toContainText('Работа 1', { timeout: 60_000 });
  // 20,020 rows in the estimate, a screenful and a few more drawn
  await expect(tree).toHaveAttribute('aria-rowcount', '20021');
  expect(await tree.locator('tbody tr[data-index]').count()).toBeLessThan(80);

  // Ctrl+End: the last line's last cell, drawn once scrolled to; its name edited in place
  await tree.getByText('Работа 1', { exact: true }).click();
  await page.keyboard.press('Control+End');
  const last = tree.getByTestId('estimate-line').filter({ hasText: 'Работа 20000' });
  await expect(last).toBeVisible();
  await expect(tree.getByText('Работа 1', { exact: true })).toHaveCount(0);
  await last.getByText('Работа 20000').dblclick();
  const input = tree.getByTestId('estimate-cell-input');
  await input.fill('Работа последняя');
  await input.press('Enter');
  await expect(tree.getByTestId('estimate-line').filter({ hasText: 'Работа последняя' })).toBeVisible();
  await expect(input).toHaveCount(0);
  await shot(page, 'estimates-large');
});
