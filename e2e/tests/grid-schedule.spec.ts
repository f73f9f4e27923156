import { expect, test } from '@playwright/test';
import { openSignedIn, ownSpaceByApi, shot } from './helpers';

test('grid schedule: every schedule of a project on one timeline, collapsible, drilling down to a work', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, spaceId, call } = await ownSpaceByApi(request, 'grid', 'Portfolio');
  const facility = await call.post(`/space/${spaceId}/eps`, { kind: 'facility', name: 'Riverside' });
  const project = await call.post(`/space/${spaceId}/eps`, {
    kind: 'project',
    name: 'Tower C',
    parentId: facility.id,
  });
  const plans: Record<string, [string, string, string][]> = {
    Structure: [
      ['Piles', '2026-03-02', '2026-03-20'],
      ['Foundation slab', '2026-03-23', '2026-04-10'],
      ['Frame', '2026-04-13', '2026-06-26'],
    ],
    MEP: [
      ['Risers', '2026-05-04', '2026-06-12'],
      ['Distribution', '2026-06-15', '2026-08-07'],
    ],
    Finishes: [],
  };
  const ids: Record<string, string> = {};
  for (const [name, works] of Object.entries(plans)) {
    const schedule = await call.post(`/space/${spaceId}/eps`, {
      kind: 'schedule',
      name,
      parentId: project.id,
    });
    ids[name] = schedule.id as string;
    const versions = (await call.get(`/space/${spaceId}/schedules/${schedule.id}/versions`)) as unknown as {
      id: string;
    }[];
    for (const [work, start, finish] of works) {
      await call.post(`/space/${spaceId}/versions/${versions[0]!.id}/wbs`, {
        name: work,
        planStart: `${start}T08:00`,
        planFinish: `${finish}T17:00`,
      });
    }
  }

  // Reached from the project's node in the structure.
  await openSignedIn(page, token, `/${spaceId}`);
  await page.getByTestId('eps-node-Tower C').click();
  await page.getByTestId('open-grid-schedule').click();
  await expect(page.getByTestId('grid-schedule-page')).toBeVisible();
  await expect(page.getByTestId('grid-schedule-counts')).toHaveText('3 schedules, 5 works');
  await expect(page.getByTestId('grid-schedule-timeline')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  const list = page.getByTestId('grid-schedule-list');
  await expect(list.getByRole('link', { name: 'Structure' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'MEP' })).toBeVisible();
  await expect(list.getByText('Frame', { exact: true })).toBeVisible();
  await expect(list.getByText('0 works')).toBeVisible();
  await shot(page, 'grid-schedule-01');

  // A schedule collapses to its heading.
  await list.getByRole('button', { name: 'Structure' }).click();
  await expect(list.getByText('Frame', { exact: true })).toBeHidden();
  await expect(list.getByText('Risers', { exact: true })).toBeVisible();
  await shot(page, 'grid-schedule-02-collapsed');

  // Drill-down: a work opens its schedule with the row selected.
  await list.getByText('Risers', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/schedule/${ids.MEP}\\?target=`));
  await expect(page.getByTestId('schedule-page')).toBeVisible();
  await expect(page.getByRole('row', { selected: true })).toContainText('Risers');
});
