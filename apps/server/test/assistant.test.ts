import type { AssistantCheckId } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import { ownSpace, scheduleWithVersion, serverForFile, spaceMember } from './fixtures';

const t = serverForFile();

type Space = Awaited<ReturnType<typeof ownSpace>>;
type Check = {
  id: string;
  status: 'pass' | 'fail' | 'not_applicable';
  count: number;
  population: number;
  percent: number | null;
  value: number | null;
  threshold: number;
  score: number | null;
  workIds: string[];
  workTotal: number;
};
type Analysis = {
  checks: Check[];
  score: number;
  dcmaPassed: number;
  dcmaApplicable: number;
  taskCount: number;
};
type Run = {
  id: string;
  versionId: string;
  kind: string;
  score: number;
  versionRevision: number;
  createdAt: string;
};
type Comparison = {
  otherRunId: string;
  score: { before: number; after: number; change: number };
  improved: string[];
  worsened: string[];
  checks: { id: string; change: string; added: string[]; resolved: string[] }[];
};
type Answer = { run: Run; analysis: Analysis; comparison: Comparison | null };

const DAY = 480;

/**
 * Three tasks from Monday 2025-03-03 (standard calendar): W1 (5 days, approved to finish 03-07, a volume)
 * → W2 (50 days, a volume) with a day's lag; W3 (5 days) hangs on nothing and drives nothing.
 */
async function threeTasks({ ok }: Space) {
  const { versionId } = await scheduleWithVersion(ok);
  const v = `/versions/${versionId}`;
  const work = (name: string, fields: Record<string, unknown>) =>
    ok<{ id: string }>('POST', `${v}/wbs`, { name, code: name, planStart: '2025-03-03T08:00', ...fields });
  const w1 = await work('W1', {
    durationMinutes: 5 * DAY,
    approvedStart: '2025-03-03T08:00',
    approvedFinish: '2025-03-07T17:00',
    planVolume: 10,
  });
  const w2 = await work('W2', { durationMinutes: 50 * DAY, planVolume: 5 });
  const w3 = await work('W3', { durationMinutes: 5 * DAY });
  await ok('POST', `${v}/relations`, { predecessorId: w1.id, successorId: w2.id, lagMinutes: DAY });
  return { versionId, ids: { w1: w1.id, w2: w2.id, w3: w3.id } };
}

const byId = (analysis: Analysis) =>
  Object.fromEntries(analysis.checks.map((c) => [c.id, c])) as Record<AssistantCheckId, Check>;

describe('schedule assistant: analytics', () => {
  it('analyses a version, keeps each run and compares it with the one before', async () => {
    const space = await ownSpace(t, 'assistant-owner', 'Ассистент');
    const { ok } = space;
    const { versionId, ids } = await threeTasks(space);
    const first = await ok<Answer>('GET', `/ai/versions/${versionId}/schedule-analytics`);
    const c = byId(first.analysis);
    expect(first.analysis.taskCount).toBe(3);
    // Logic: W1 has no predecessor, W2 no successor, W3 neither.
    expect([c.logic.count, c.logic.population, c.logic.status]).toEqual([3, 3, 'fail']);
    expect(c.logic.workIds).toEqual([ids.w1, ids.w2, ids.w3]);
    expect([c.lags.count, c.lags.population, c.leads.status]).toEqual([1, 1, 'pass']);
    expect(c.high_duration.workIds).toEqual([ids.w2]);
    // W3 waits 51 days for the finish (5 + 1 + 50 days of the chain, less its own 5).
    expect(c.high_float.workIds).toEqual([ids.w3]);
    expect([c.resources.count, c.resources.population]).toEqual([3, 3]);
    expect(c.no_volume.workIds).toEqual([ids.w3]);
    expect([c.critical_path_test.status, c.critical_path_test.workIds]).toEqual(['pass', [ids.w1]]);
    // CPLI against W1's approved finish: 56 days to go and 51 past it.
    expect([c.cpli.status, c.cpli.value]).toEqual(['fail', 0.089]);
    expect(first.comparison).toBeNull();
    expect(first.run.kind).toBe('analytics');

    // Linking W2 → W3 closes two open ends and takes W3's float away — and puts W3's 5 days on the
    // critical path, so the finish moves further past the approved one (CPLI worse).
    await ok('POST', `/versions/${versionId}/relations`, { predecessorId: ids.w2, successorId: ids.w3 });
    const second = await ok<Answer>('POST', `/ai/versions/${versionId}/schedule-analytics`);
    expect(byId(second.analysis).logic.workIds).toEqual([ids.w1, ids.w3]);
    expect(second.comparison?.otherRunId).toBe(first.run.id);
    expect(second.comparison?.improved).toEqual(expect.arrayContaining(['logic', 'high_float']));
    expect(second.comparison?.worsened).toEqual(['cpli']);
    const logic = second.comparison?.checks.find((x) => x.id === 'logic');
    expect([logic?.change, logic?.resolved, logic?.added]).toEqual(['better', [ids.w2], []]);
    expect(second.run.versionRevision).toBeGreaterThan(first.run.versionRevision);

    const history = await ok<(Run & { dcmaPassed: number })[]>(
      'GET',
      `/ai/versions/${versionId}/history-list`,
    );
    expect(history.map((r) => r.id)).toEqual([second.run.id, first.run.id]);
    expect(history[0]!.dcmaPassed).toBe(second.analysis.dcmaPassed);
    const item = await ok<{ run: Run; analysis: Analysis; comparison: Comparison | null }>(
      'GET',
      `/ai/history-item/${second.run.id}?otherRunId=${first.run.id}`,
    );
    expect(item.analysis).toEqual(second.analysis);
    expect(item.comparison?.improved).toEqual(second.comparison?.improved);
    expect((await ok<{ comparison: null }>('GET', `/ai/history-item/${first.run.id}`)).comparison).toBeNull();
  });

  it('finds the works that need a resource beyond its availability on the calculated dates', async () => {
    const space = await ownSpace(t, 'assistant-resources', 'Перегрузка');
    const { ok } = space;
    const { versionId, ids } = await threeTasks(space);
    const v = `/versions/${versionId}`;
    // One crane a day: W1 and W3 run the same first week and both need it every day (5 over 5 days).
    const crane = await ok<{ id: string }>('POST', '/resources', {
      name: 'Кран',
      kind: 'labour',
      unit: 'маш.',
      unitsPerDay: 1,
    });
    // Sand has no limit: W2's assignment of it is never over-allocated and W2 is not in the population.
    const sand = await ok<{ id: string }>('POST', '/resources', {
      name: 'Песок',
      kind: 'volume',
      unit: 'м³',
    });
    for (const workId of [ids.w1, ids.w3])
      await ok('POST', `${v}/assignment`, { workId, resourceId: crane.id, planQuantity: 5 });
    await ok('POST', `${v}/assignment`, { workId: ids.w2, resourceId: sand.id, planQuantity: 100 });
    const run = await ok<Answer>('POST', `/ai/versions/${versionId}/schedule-analytics`);
    const c = byId(run.analysis);
    expect([c.over_allocation.count, c.over_allocation.population, c.over_allocation.status]).toEqual([
      2,
      2,
      'fail',
    ]);
    expect([c.over_allocation.workIds, c.over_allocation.value]).toEqual([[ids.w1, ids.w3], 1]);
    // Every task now has a resource (DCMA 10).
    expect(c.resources.count).toBe(0);

    // Two cranes a day are enough; a threshold of the space may also let some through.
    await ok('PATCH', `/resources/${crane.id}`, { unitsPerDay: 2, revision: 1 });
    const enough = byId((await ok<Answer>('POST', `/ai/versions/${versionId}/schedule-analytics`)).analysis);
    expect([enough.over_allocation.count, enough.over_allocation.status]).toEqual([0, 'pass']);
  });

  it('reads the space’s thresholds, refuses bad ones with translated messages, lets only analytics managers set them', async () => {
    const space = await ownSpace(t, 'assistant-settings', 'Пороги');
    const { ok } = space;
    const { versionId } = await threeTasks(space);
    const put = (body: unknown, lang: 'en' | 'ru' = 'en') =>
      t.api<{ error_message: string[] }>('PUT', `/space/${space.spaceId}/ai/settings`, body, {
        token: space.token,
        lang,
      });
    const bad = await put({ thresholds: { logic: 150 } }, 'ru');
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toEqual(['thresholds.logic: Значение вне допустимого диапазона']);
    const fraction = await put({ thresholds: { leads: 0.5 } });
    expect(fraction.body.error_message).toEqual(['thresholds.leads: Enter a whole number']);
    expect((await put({ thresholds: { unknown: 1 } })).status).toBe(400);
    expect((await put({ limits: { highDurationDays: 0 } })).status).toBe(400);

    const saved = await put({ thresholds: { logic: 100 }, limits: { highDurationDays: 60 } });
    expect(saved.status).toBe(200);
    const settings = await ok<{
      thresholds: Record<string, number>;
      standard: { thresholds: Record<string, number> };
    }>('GET', '/ai/settings');
    expect([settings.thresholds, settings.standard.thresholds.logic]).toEqual([{ logic: 100 }, 5]);
    const run = await ok<Answer>('GET', `/ai/versions/${versionId}/schedule-analytics`);
    const c = byId(run.analysis);
    expect([c.logic.status, c.logic.threshold, c.high_duration.count]).toEqual(['pass', 100, 0]);

    const viewer = await spaceMember(t, space, 'assistant-viewer', 'viewer');
    expect((await viewer.call('GET', '/ai/settings')).status).toBe(200);
    expect((await viewer.call('PUT', '/ai/settings', { thresholds: {} })).status).toBe(403);
    expect((await viewer.call('GET', `/ai/versions/${versionId}/history-list`)).status).toBe(200);
  });

  it('answers 404 for a version or a run of another space, and names the works of a cycle', async () => {
    const a = await ownSpace(t, 'assistant-a', 'А');
    const b = await ownSpace(t, 'assistant-b', 'Б');
    const { versionId, ids } = await threeTasks(a);
    const run = await a.ok<Answer>('GET', `/ai/versions/${versionId}/schedule-analytics`);
    const foreign = (path: string) =>
      t.api('GET', `/space/${b.spaceId}${path}`, undefined, { token: b.token });
    expect((await foreign(`/ai/versions/${versionId}/schedule-analytics`)).status).toBe(404);
    expect((await foreign(`/ai/versions/${versionId}/history-list`)).status).toBe(404);
    expect((await foreign(`/ai/history-item/${run.run.id}`)).status).toBe(404);

    await a.ok('POST', `/versions/${versionId}/relations`, { predecessorId: ids.w2, successorId: ids.w3 });
    const cycle = await t.api<{ error_message: string[] }>(
      'POST',
      `/space/${a.spaceId}/versions/${versionId}/relations`,
      { predecessorId: ids.w3, successorId: ids.w1 },
      { token: a.token },
    );
    expect(cycle.status).toBe(200);
    const refused = await t.api(
      'GET',
      `/space/${a.spaceId}/ai/versions/${versionId}/schedule-analytics`,
      undefined,
      { token: a.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error_code: 'CalculationError',
      error_message: 'Schedule calculation error: cycle: W2 W2 → W3 W3 → W1 W1',
    });
  });
});
