import { expect, test } from '@playwright/test';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

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
});
