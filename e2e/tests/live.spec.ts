import { expect, type Page, type Request, test } from '@playwright/test';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

/**
 * Live updates: a planner has the demo schedule open while someone else — another browser, a script on
 * the API — edits it. The open page follows without being reloaded by the planner: an edit the server
 * can describe as changes is applied to the loaded version in place (the version is not downloaded
 * again); a rename is not, and the page loads the version again by itself.
 */
interface Work {
  id: string;
  name: string;
  type: string;
  factStart: string | null;
  durationMinutes: number;
  revision: number;
}

/** A cell of the selected row: the work the page was opened on (`?target=`). */
const cell = (page: Page, column: string) =>
  page.locator(`[role="row"][aria-selected="true"] [data-col="${column}"]`);

test('an open schedule follows edits made elsewhere, in place when it can', async ({ page, request }) => {
  test.setTimeout(120_000);
  const demo = await demoSpaceByApi(request, 'live', 'Live');
  const { token, spaceId, scheduleId, versionId, call } = demo;
  // Calculated first: the edit below then moves a few works, as an everyday edit does.
  await call.post(`/space/${spaceId}/versions/${versionId}/calculate`, {});
  const works = (await call.get(`/space/${spaceId}/versions/${versionId}/wbs`)) as unknown as Work[];
  const work = works.find((w) => w.type === 'task' && !w.factStart && w.durationMinutes > 0)!;

  await openSignedIn(page, token, `/${spaceId}/schedule/${scheduleId}?target=${work.id}`);
  const duration = cell(page, 'duration');
  await expect(duration).toBeVisible({ timeout: 60_000 });
  const before = (await duration.textContent())?.trim();

  const payloadLoads: string[] = [];
  const countLoads = (r: Request) => {
    if (r.url().includes('payload')) payloadLoads.push(r.url());
  };
  page.on('request', countLoads);

  // Someone else lengthens the work by a week of days and the server recalculates: the page applies
  // the changes it is told, without loading the version again.
  const trpc = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const version = await request.get(
    `/trpc/versions.get?input=${encodeURIComponent(JSON.stringify({ spaceId, versionId }))}`,
    { headers: trpc },
  );
  const revision = ((await version.json()) as { result: { data: { revision: number } } }).result.data
    .revision;
  const saved = await request.post('/trpc/works.applyEdit', {
    headers: trpc,
    data: {
      spaceId,
      versionId,
      revision,
      commands: [{ kind: 'duration', workId: work.id, durationMinutes: work.durationMinutes + 5 * 480 }],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await expect(duration).not.toHaveText(before ?? '', { timeout: 15_000 });
  const after = (await duration.textContent())?.trim();
  expect(payloadLoads, 'the version is not loaded again for changes it can apply').toEqual([]);
  await shot(page, 'live-01-duration-from-elsewhere');

  // A rename is not among the changes applied in place: the page loads the version again by itself.
  const [current] = (
    (await call.get(`/space/${spaceId}/versions/${versionId}/wbs`)) as unknown as Work[]
  ).filter((w) => w.id === work.id);
  await call.patch(`/space/${spaceId}/versions/${versionId}/wbs/${work.id}`, {
    revision: current!.revision,
    name: 'Renamed in another browser',
  });
  await expect(cell(page, 'name')).toContainText('Renamed in another browser', { timeout: 15_000 });
  expect(payloadLoads.length).toBeGreaterThan(0);
  page.off('request', countLoads);
  await shot(page, 'live-02-renamed-from-elsewhere');

  // What the page shows is what the server has.
  await page.reload();
  await expect(duration).toHaveText(after ?? '', { timeout: 60_000 });
});
