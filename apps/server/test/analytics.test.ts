import { cellText, readXlsxRows, xlsxSheetNames } from '@takt/interchange';
import { describe, expect, it } from 'vitest';
import { analyticsRefreshed, setSlowAnswers } from '../src/domains/analytics';
import { ownSpace, scheduleWithVersion, serverForFile, spaceMember } from './fixtures';
import { pdfPages } from './pdf-text';

const t = serverForFile();

type Space = Awaited<ReturnType<typeof ownSpace>>;
type Work = { id: string; revision: number; status: string };

/** Completes a work of the programme with its actual dates, as a site executor reports it. */
const complete = (ok: Space['ok'], v: string, work: Work, factStart: string, factFinish: string) =>
  ok('PATCH', `${v}/wbs/${work.id}`, {
    revision: work.revision,
    status: 'completed',
    progress: 100,
    factStart,
    factFinish,
  });

/**
 * A section of five works and a milestone, at the data date 2025-03-12 17:00 (docs/product-rules.md,
 * "Analytics", works the figures by hand):
 * - A 03-03…03-07, done, approved 03-03…03-06, 10 m³ planned and done; concrete 10 planned, 10 done;
 * - B 03-10…03-14, 40 %, started 03-10, 20 m³ planned, 8 done; concrete 20 planned, 10 done; executed by me;
 * - C 03-17…03-21, not started; a crew of 16 hours planned;
 * - D 03-05…03-11, not started: past its finish at the data date; no money;
 * - M milestone at 03-21 17:00, approved at 03-19 17:00: two days late.
 * Each task lasts five 8-hour days (2,400 minutes); the milestone none.
 */
async function programme({ ok, token }: Space) {
  const { v, versionId, scheduleId, projectId } = await scheduleWithVersion(ok);
  const me = (await t.api<{ id: string }>('GET', '/users/who-am-i', undefined, { token })).body;
  const section = await ok<Work>('POST', `${v}/wbs`, { name: 'Секция 1', type: 'sum' });
  const task = (name: string, fields: Record<string, unknown>) =>
    ok<Work>('POST', `${v}/wbs`, { parentId: section.id, name, durationMinutes: 2400, ...fields });
  const a = await task('A', {
    code: 'A',
    planStart: '2025-03-03T08:00',
    planFinish: '2025-03-07T17:00',
    approvedStart: '2025-03-03T08:00',
    approvedFinish: '2025-03-06T17:00',
    factStart: '2025-03-03T08:00',
    factFinish: '2025-03-07T17:00',
    progress: 100,
    status: 'completed',
    planVolume: 10,
    factVolume: 10,
    unit: 'м3',
  });
  const b = await task('B', {
    code: 'B',
    planStart: '2025-03-10T08:00',
    planFinish: '2025-03-14T17:00',
    factStart: '2025-03-10T08:00',
    progress: 40,
    status: 'in_progress',
    planVolume: 20,
    factVolume: 8,
    unit: 'м3',
    executorId: me.id,
  });
  const c = await task('C', { code: 'C', planStart: '2025-03-17T08:00', planFinish: '2025-03-21T17:00' });
  const d = await task('D', { code: 'D', planStart: '2025-03-05T08:00', planFinish: '2025-03-11T17:00' });
  const m = await task('M', {
    code: 'M',
    type: 'milestone_finish',
    durationMinutes: 0,
    planStart: '2025-03-21T17:00',
    planFinish: '2025-03-21T17:00',
    approvedStart: '2025-03-19T17:00',
    approvedFinish: '2025-03-19T17:00',
  });
  const concrete = await ok<{ id: string }>('POST', '/resources', {
    name: 'Бетон',
    kind: 'volume',
    unit: 'м3',
    price: 100,
  });
  const crew = await ok<{ id: string }>('POST', '/resources', { name: 'Бригада', kind: 'labour', price: 50 });
  const assign = (workId: string, resourceId: string, planQuantity: number, factQuantity: number | null) =>
    ok('POST', `${v}/assignment`, { workId, resourceId, planQuantity, factQuantity });
  await assign(a.id, concrete.id, 10, 10);
  await assign(b.id, concrete.id, 20, 10);
  await assign(c.id, crew.id, 16, null);
  const [version] = await ok<{ id: string; revision: number }[]>('GET', `/schedules/${scheduleId}/versions`);
  await ok('PATCH', `/versions/${versionId}`, { dataDate: '2025-03-12T17:00', revision: version!.revision });
  return { v, versionId, scheduleId, projectId, me: me.id, works: { a, b, c, d, m } };
}

describe('analytics', () => {
  it('computes the indicators of a version as worked by hand', async () => {
    const space = await ownSpace(t, 'analytics-owner', 'Аналитика');
    const { ok } = space;
    const { versionId } = await programme(space);
    const { total, versions } = await ok<{
      total: Record<string, unknown>;
      versions: { dataDate: string; schedule: string; project: string }[];
    }>('GET', `/analytics/version/${versionId}/indicator`);
    expect(versions).toHaveLength(1);
    // A kept answer is figured again once its data changes: a price of a resource, then a work's progress.
    const { rows: resources } = await t
      .api<{ id: string; name: string; revision: number }[]>(
        'GET',
        `/space/${space.spaceId}/resources`,
        undefined,
        { token: space.token },
      )
      .then((r) => ({ rows: r.body }));
    const concrete = resources.find((r) => r.name === 'Бетон')!;
    await ok('PATCH', `/resources/${concrete.id}`, { price: 200, revision: concrete.revision });
    const repriced = await ok<{ total: { planCost: number } }>(
      'GET',
      `/analytics/version/${versionId}/indicator`,
    );
    expect(repriced.total.planCost).toBe(10 * 200 + 20 * 200 + 16 * 50);
    await ok('PATCH', `/resources/${concrete.id}`, { price: 100, revision: concrete.revision + 1 });
    // The version's own call answers the same figures.
    expect(await ok('PATCH', `/versions/${versionId}/calculate/indicators/all`)).toEqual(total);
    expect(versions[0]).toMatchObject({ dataDate: '2025-03-12T17:00', schedule: 'Г', project: 'П' });
    expect(total).toMatchObject({
      works: 5,
      completed: 1,
      inProgress: 1,
      notStarted: 3,
      milestones: 1,
      overdue: 1,
      // With costs the percentages weigh by cost: planned 1000×1 + 2000×57/105 of 3800, earned 1000 + 2000×0.4.
      weightedBy: 'cost',
      percentPlan: 54.89,
      percentFact: 47.37,
      percentLag: 7.52,
      spi: 0.863,
      // Earned 1800 against an actual cost of 10×100 + 10×100.
      cpi: 0.9,
      planCost: 3800,
      factCost: 2000,
      planLabour: 16,
      factLabour: 0,
      planFinish: '2025-03-21T17:00',
      approvedFinish: '2025-03-19T17:00',
      finishDelayDays: 2,
      milestonesDelayed: 1,
      maxMilestoneDelayDays: 2,
    });
  });

  it('weighs by duration when the scope has no costs, and sums a project of two schedules', async () => {
    const space = await ownSpace(t, 'analytics-duration', 'Аналитика 2');
    const { ok } = space;
    const first = await programme(space);
    for (const a of await ok<{ id: string }[]>('GET', `${first.v}/assignment`))
      await ok('DELETE', `${first.v}/assignment/${a.id}`);
    const version = await ok<{ total: Record<string, unknown> }>(
      'GET',
      `/analytics/version/${first.versionId}/indicator`,
    );
    // Planned 2400 (A) + 2400×57/105 (B) + 2400 (D) of 9600; earned 2400 + 960.
    expect(version.total).toMatchObject({
      weightedBy: 'duration',
      percentPlan: 63.57,
      percentFact: 35,
      spi: 0.551,
      cpi: null,
    });

    // A second schedule of the same project, with one work done on plan.
    const schedule = await ok<{ id: string }>('POST', '/eps', {
      kind: 'schedule',
      name: 'Г2',
      parentId: first.projectId,
    });
    const [second] = await ok<{ id: string }[]>('GET', `/schedules/${schedule.id}/versions`);
    await ok('POST', `/versions/${second!.id}/wbs`, {
      name: 'E',
      durationMinutes: 2400,
      planStart: '2025-01-06T08:00',
      planFinish: '2025-01-10T17:00',
      factStart: '2025-01-06T08:00',
      factFinish: '2025-01-10T17:00',
      progress: 100,
      status: 'completed',
    });
    const project = await ok<{ total: Record<string, unknown>; versions: unknown[] }>(
      'GET',
      `/analytics/project/${first.projectId}/indicator`,
    );
    expect(project.versions).toHaveLength(2);
    // 2400 more planned and earned: (6105.7 + 2400) / 12000 and (3360 + 2400) / 12000.
    expect(project.total).toMatchObject({ works: 6, completed: 2, percentPlan: 70.86, percentFact: 48 });

    // A node of another level, or of another space, is not found.
    const other = await ownSpace(t, 'analytics-other', 'Чужое');
    const foreign = await t.api(
      'GET',
      `/space/${other.spaceId}/analytics/project/${first.projectId}/indicator`,
      undefined,
      {
        token: other.token,
      },
    );
    expect(foreign.status).toBe(404);
    const level = await t.api(
      'GET',
      `/space/${space.spaceId}/analytics/facility/${first.projectId}/indicator`,
      undefined,
      {
        token: space.token,
      },
    );
    expect(level.status).toBe(404);
  });

  it('answers series by period: counts, volumes (the daily plan’s facts where given), cost and labour', async () => {
    const space = await ownSpace(t, 'analytics-series', 'Ряды');
    const { ok } = space;
    const { versionId, works: programmeWorks } = await programme(space);
    type Series = {
      period: string;
      unit: string | null;
      units: string[];
      periods: {
        start: string;
        plan: number;
        approved: number;
        fact: number | null;
        planTotal: number;
        factTotal: number | null;
      }[];
    };
    const count = await ok<Series>('GET', `/analytics/version/${versionId}/count?period=week`);
    expect(count.periods).toEqual([
      { start: '2025-03-03', plan: 1, approved: 1, fact: 1, planTotal: 1, approvedTotal: 1, factTotal: 1 },
      { start: '2025-03-10', plan: 2, approved: 0, fact: 0, planTotal: 3, approvedTotal: 1, factTotal: 1 },
      // After the data date there are no facts.
      {
        start: '2025-03-17',
        plan: 2,
        approved: 1,
        fact: null,
        planTotal: 5,
        approvedTotal: 2,
        factTotal: null,
      },
    ]);

    const volume = await ok<Series>(
      'GET',
      `/analytics/version/${versionId}/series?measure=volume&period=week`,
    );
    expect(volume.unit).toBe('м3');
    expect(volume.units).toEqual(['м3']);
    expect(
      volume.periods.map(({ start, plan, approved, fact }) => ({ start, plan, approved, fact })),
    ).toEqual([
      { start: '2025-03-03', plan: 10, approved: 10, fact: 10 },
      // B's 8 m³ done between its start and the data date.
      { start: '2025-03-10', plan: 20, approved: 0, fact: 8 },
    ]);
    // By day: A's 10 m³ spread over its five days.
    const days = await ok<Series>('GET', `/analytics/version/${versionId}/series?measure=volume&period=day`);
    expect(days.periods.slice(0, 5).map((p) => p.plan)).toEqual([2, 2, 2, 2, 2]);
    expect(days.periods.find((p) => p.start === '2025-03-12')).toMatchObject({ plan: 4, fact: 2.667 });

    // Facts of the daily plan, where a work has them, are the days its volume was done.
    const { v, works } = { v: `/versions/${versionId}`, works: programmeWorks };
    await ok('PUT', `${v}/wdp`, {
      rows: [{ workId: works.b.id, revision: 0, values: [{ date: '2025-03-11', factVolume: 5 }] }],
    });
    const daily = await ok<Series>('GET', `/analytics/version/${versionId}/series?measure=volume&period=day`);
    expect(
      daily.periods.filter((p) => p.start >= '2025-03-10' && p.start <= '2025-03-12').map((p) => p.fact),
    ).toEqual([0, 5, 0]);

    const cost = await ok<Series>('GET', `/analytics/version/${versionId}/series?measure=cost&period=month`);
    expect(cost.periods).toEqual([
      {
        start: '2025-03-01',
        plan: 3800,
        approved: 3800,
        fact: 2000,
        planTotal: 3800,
        approvedTotal: 3800,
        factTotal: 2000,
      },
    ]);
    const labour = await ok<Series>(
      'GET',
      `/analytics/version/${versionId}/series?measure=labour&period=year`,
    );
    expect(labour.periods).toEqual([
      {
        start: '2025-01-01',
        plan: 16,
        approved: 16,
        fact: 0,
        planTotal: 16,
        approvedTotal: 16,
        factTotal: 0,
      },
    ]);
  });

  it('breaks cost and labour down, sums volumes by unit, lists deadlines and ranks projects', async () => {
    const space = await ownSpace(t, 'analytics-breakdown', 'Разбивка');
    const { ok, spaceId } = space;
    const { versionId } = await programme(space);
    type Breakdown = { rows: { key: string | null; label: string | null; plan: number; fact: number }[] };
    const byResource = await ok<Breakdown>('GET', `/analytics/version/${versionId}/cost?by=resource`);
    expect(byResource.rows.map(({ label, plan, fact }) => ({ label, plan, fact }))).toEqual([
      { label: 'Бетон', plan: 3000, fact: 2000 },
      { label: 'Бригада', plan: 800, fact: 0 },
    ]);
    const labour = await ok<Breakdown>('GET', `/analytics/space/${spaceId}/labour?by=resourceKind`);
    expect(labour.rows.map(({ label, plan }) => ({ label, plan }))).toEqual([{ label: 'labour', plan: 16 }]);
    const byProject = await ok<Breakdown>('GET', `/analytics/space/${spaceId}/money?by=project`);
    expect(byProject.rows.map(({ label, plan, fact }) => ({ label, plan, fact }))).toEqual([
      { label: 'П', plan: 3800, fact: 2000 },
    ]);

    const volumes = await ok<{ units: unknown[] }>('GET', `/analytics/version/${versionId}/volume`);
    expect(volumes.units).toEqual([
      { unit: 'м3', works: 2, plan: 30, approved: 30, fact: 18, completedPlan: 10 },
    ]);

    const deadlines = await ok<{
      overdue: number;
      upcoming: number;
      works: { code: string; overdueDays: number }[];
    }>('GET', `/analytics/version/${versionId}/deadlines?days=14`);
    expect(deadlines.overdue).toBe(1);
    expect(deadlines.upcoming).toBe(3);
    expect(deadlines.works.map((w) => [w.code, w.overdueDays])).toEqual([
      ['D', 1],
      ['B', 0],
      ['C', 0],
      ['M', 0],
    ]);
    const soon = await ok<{ works: unknown[] }>('GET', `/analytics/version/${versionId}/deadlines?days=1`);
    expect(soon.works).toHaveLength(1);

    const ranking = await ok<{ groupedBy: string; rows: { label: string; value: number; light: string }[] }>(
      'GET',
      `/analytics/space/${spaceId}/ranking?indicator=spi`,
    );
    expect(ranking.groupedBy).toBe('project');
    expect(ranking.rows).toMatchObject([{ label: 'П', value: 0.863, light: 'amber' }]);
  });

  it('shows a member their own works and the timesheets waiting for them', async () => {
    const space = await ownSpace(t, 'analytics-home', 'Домашняя');
    const { ok } = space;
    const { v } = await programme(space);
    const home = await ok<{
      works: { open: number; executing: number };
      deadlines: { works: { code: string }[] };
      approvals: unknown[];
    }>('GET', '/analytics/home');
    expect(home.works).toMatchObject({ open: 1, executing: 1 });
    expect(home.deadlines.works.map((w) => w.code)).toEqual(['B']);
    expect(home.approvals).toEqual([]);
    // An executor's submitted day on a work without curator waits for the owner (who may accept).
    const worker = await spaceMember(t, space, 'analytics-worker', 'executor');
    const day = new Date(Date.now() - 864e5).toISOString().slice(0, 10);
    const work = await ok<{ id: string }>('POST', `${v}/wbs`, {
      name: 'Кладка',
      code: 'K',
      executorId: worker.user.id,
    });
    expect(
      (await worker.call('PUT', `${v}/timesheets`, { entries: [{ workId: work.id, date: day, hours: 6 }] }))
        .status,
    ).toBe(200);
    expect((await worker.call('POST', `${v}/timesheets/submit`, { from: day, to: day })).status).toBe(200);
    const after = await ok<{ approvals: { user: string; days: number; hours: number; firstDate: string }[] }>(
      'GET',
      '/analytics/home',
    );
    expect(after.approvals).toMatchObject([{ days: 1, hours: 6, firstDate: day }]);
  });

  it('exports a dashboard’s figures as a workbook, a sheet per widget, in the caller’s language', async () => {
    const space = await ownSpace(t, 'analytics-export', 'Выгрузка');
    const { versionId } = await programme(space);
    const file = await t.api<Uint8Array>(
      'GET',
      `/space/${space.spaceId}/analytics/version/${versionId}/export?widgets=indicators,progress,cost,deadlines`,
      undefined,
      { token: space.token, lang: 'en' },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    // A sheet per widget: the progress widget its own, beside the indicators'.
    expect(xlsxSheetNames(file.body)).toEqual([
      'Project and schedule indicators',
      'Progress on completed work',
      'Cost',
      'Deadlines',
    ]);
    const rows: string[][] = [];
    for await (const row of readXlsxRows(file.body, 'Deadlines')) rows.push(row.cells.map(cellText));
    expect(rows[0]).toEqual(['Code', 'Work', 'Schedule', 'Planned finish', 'Days late']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['D', 'B', 'C', 'M']);
    const unknown = await t.api(
      'GET',
      `/space/${space.spaceId}/analytics/version/${versionId}/export?widgets=nope`,
      undefined,
      {
        token: space.token,
      },
    );
    expect(unknown.status).toBe(400);
  });

  it('prints a dashboard as a PDF: a block per widget with its charts and figures, in the caller’s language', async () => {
    const space = await ownSpace(t, 'analytics-print', 'Печать');
    const { versionId } = await programme(space);
    const pdf = await t.api<Uint8Array>(
      'GET',
      `/space/${space.spaceId}/analytics/version/${versionId}/print?widgets=indicators,cumulative,breakdown,deadlines`,
      undefined,
      { token: space.token, lang: 'en' },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain('.pdf');
    const text = pdfPages(pdf.body).join('\n');
    expect(text).toContain('Analytics — Г · 1');
    for (const title of ['Project and schedule indicators', 'Cumulative plan / actual', 'Deadlines'])
      expect(text).toContain(title);
    // The charts are drawn (their legends are text on the page) and the figures follow them.
    expect(text).toContain('Plan, cumulative');
    expect(text).toMatch(/D\s+D\s+Г/);
    const unknown = await t.api(
      'GET',
      `/space/${space.spaceId}/analytics/version/${versionId}/print?widgets=nope`,
      undefined,
      {
        token: space.token,
      },
    );
    expect(unknown.status).toBe(400);
  });

  it('keeps answers in the database and figures asked ones again after a calculation', async () => {
    const space = await ownSpace(t, 'analytics-kept', 'Аналитика');
    const { ok } = space;
    const { v, versionId, works } = await programme(space);
    const pool = t.server.services.db.pool;
    const kept = async () =>
      (
        await pool.query<{ stamp: string; figuredAt: Date; completed: number }>(
          `SELECT stamp, "figuredAt", (answer -> $2 ->> 'completed')::int AS completed
           FROM analytic_answers WHERE "spaceId" = $1 AND key LIKE '%|sums|%'`,
          [space.spaceId, versionId],
        )
      ).rows;
    const indicators = () =>
      ok<{ total: { completed: number } }>('GET', `/analytics/version/${versionId}/indicator`);
    expect((await indicators()).total.completed).toBe(1);
    const [first] = await kept();
    expect(first).toMatchObject({ completed: 1 });
    // A work completed and the version calculated: the question asked is figured again off the request…
    await complete(ok, v, works.c, '2025-03-10T08:00', '2025-03-12T17:00');
    await ok('POST', `/versions/${versionId}/calculate`);
    await analyticsRefreshed();
    const [second] = await kept();
    expect(second).toMatchObject({ completed: 2 });
    expect(second!.stamp).not.toBe(first!.stamp);
    // …so the next look finds it figured: answered, not figured again.
    expect((await indicators()).total.completed).toBe(2);
    expect((await kept())[0]!.figuredAt).toEqual(second!.figuredAt);
  });

  it('answers a slow question from what it kept while figuring it again, and says so', async () => {
    const space = await ownSpace(t, 'analytics-stale', 'Аналитика');
    const { ok } = space;
    const { v, versionId, works } = await programme(space);
    type Answer = { stale: boolean; total: { completed: number } };
    const indicators = () => ok<Answer>('GET', `/analytics/version/${versionId}/indicator`);
    // Every question counts as slow here, as those of a 100,000-work version do.
    setSlowAnswers({ ms: 0, works: 0 });
    try {
      expect(await indicators()).toMatchObject({ stale: false, total: { completed: 1 } });
      await complete(ok, v, works.c, '2025-03-10T08:00', '2025-03-12T17:00');
      // Asked at once after the change: what was kept, marked stale, while it is figured again…
      expect(await indicators()).toMatchObject({ stale: true, total: { completed: 1 } });
      await analyticsRefreshed();
      // …and current when asked again.
      expect(await indicators()).toMatchObject({ stale: false, total: { completed: 2 } });
      // An export is never stale: it waits for the figures of the change.
      await complete(ok, v, works.d, '2025-03-05T08:00', '2025-03-11T17:00');
      const file = await t.api<Uint8Array>(
        'GET',
        `/space/${space.spaceId}/analytics/version/${versionId}/export?widgets=indicators`,
        undefined,
        { token: space.token, lang: 'en' },
      );
      const rows: string[][] = [];
      for await (const row of readXlsxRows(file.body, 'Project and schedule indicators'))
        rows.push(row.cells.map(cellText));
      const completed = rows[0]!.indexOf('Completed');
      expect(rows[1]![completed]).toBe('3');
    } finally {
      setSlowAnswers({ ms: 500, works: 20_000 });
    }
  });

  it('keeps dashboard presets: own and shared, one active of each, shared ones only for managers', async () => {
    const space = await ownSpace(t, 'analytics-presets', 'Панели');
    const { ok } = space;
    const layout = {
      widgets: ['indicators', 'cumulative'],
      measure: 'cost',
      period: 'week',
      breakdown: 'resource',
      ranking: 'cpi',
    };
    type List = {
      presets: { id: string; shared: boolean; active: boolean; revision: number }[];
      dashboard: { presetId: string | null; layout: unknown };
    };
    const empty = await ok<List>('GET', '/analytics/presets');
    expect(empty.presets).toEqual([]);
    expect(empty.dashboard.presetId).toBeNull();

    const shared = await ok<{ id: string; active: boolean }>('POST', '/analytics/presets', {
      name: 'Общая',
      shared: true,
      layout,
    });
    expect(shared.active).toBe(true);
    const own = await ok<{ id: string; active: boolean; revision: number }>('POST', '/analytics/presets', {
      name: 'Моя',
      layout: { ...layout, widgets: ['deadlines'] },
    });
    expect(own.active).toBe(true);
    let list = await ok<List>('GET', '/analytics/dashboard');
    expect(list.dashboard).toEqual({ presetId: own.id, layout: { ...layout, widgets: ['deadlines'] } });

    // A second own preset is not active until chosen; choosing it leaves one active.
    const other = await ok<{ id: string; active: boolean }>('POST', '/analytics/presets', {
      name: 'Вторая',
      layout,
    });
    expect(other.active).toBe(false);
    list = await ok<List>('PATCH', `/analytics/presets/${other.id}/active`, { active: true });
    expect(list.presets.filter((p) => p.active && !p.shared).map((p) => p.id)).toEqual([other.id]);
    list = await ok<List>('PATCH', `/analytics/presets/${other.id}/active`, { active: false });
    expect(list.dashboard.presetId).toBe(shared.id);

    // A stale revision is a conflict.
    const stale = await t.api(
      'PUT',
      `/space/${space.spaceId}/analytics/presets/${own.id}`,
      { name: 'X', layout, revision: own.revision + 5 },
      { token: space.token },
    );
    expect(stale.status).toBe(409);

    // A viewer keeps presets of their own, but may not write shared ones nor see others' own.
    const viewer = await spaceMember(t, space, 'analytics-viewer', 'viewer');
    const refused = await t.api(
      'POST',
      `/space/${space.spaceId}/analytics/presets`,
      { name: 'Нельзя', shared: true, layout },
      { token: viewer.token },
    );
    expect(refused.status).toBe(403);
    expect((await viewer.call('POST', '/analytics/presets', { name: 'Своя', layout })).status).toBe(200);
    const seen = (await viewer.call<List>('GET', '/analytics/presets')).body;
    expect(seen.presets.map((p) => p.shared).sort()).toEqual([false, true]);
    const notOwn = await t.api('DELETE', `/space/${space.spaceId}/analytics/presets/${own.id}`, undefined, {
      token: viewer.token,
    });
    expect(notOwn.status).toBe(404);
    const deleteShared = await t.api(
      'DELETE',
      `/space/${space.spaceId}/analytics/presets/${shared.id}`,
      undefined,
      { token: viewer.token },
    );
    expect(deleteShared.status).toBe(403);
  });

  it('keeps scoreboards: projects ranked by the first indicator with lights, moved up and down by hand', async () => {
    const space = await ownSpace(t, 'analytics-scoreboard', 'Рейтинг');
    const { ok } = space;
    const first = await programme(space);
    // A second project whose one work is done as planned (SPI 1).
    const facility = await ok<{ id: string }>('POST', '/eps', { kind: 'facility', name: 'Ф2' });
    const project = await ok<{ id: string }>('POST', '/eps', {
      kind: 'project',
      name: 'П2',
      parentId: facility.id,
    });
    const schedule = await ok<{ id: string }>('POST', '/eps', {
      kind: 'schedule',
      name: 'Г3',
      parentId: project.id,
    });
    const [version] = await ok<{ id: string }[]>('GET', `/schedules/${schedule.id}/versions`);
    await ok('POST', `/versions/${version!.id}/wbs`, {
      name: 'E',
      durationMinutes: 2400,
      planStart: '2025-01-06T08:00',
      planFinish: '2025-01-10T17:00',
      progress: 100,
      status: 'completed',
    });
    type Board = {
      id: string;
      revision: number;
      manualOrder: boolean;
      rows: { label: string; values: { indicator: string; value: number | null; light: string | null }[] }[];
    };
    const created = await ok<Board>('POST', '/scoreboards', {
      name: 'Главный',
      indicators: ['spi', 'overdue'],
    });
    let board = await ok<Board>('GET', `/scoreboards/${created.id}`);
    expect(board.manualOrder).toBe(false);
    expect(board.rows.map((r) => [r.label, r.values.map((v) => [v.value, v.light])])).toEqual([
      [
        'П2',
        [
          [1, 'green'],
          [0, 'green'],
        ],
      ],
      [
        'П',
        [
          [0.863, 'amber'],
          [1, 'red'],
        ],
      ],
    ]);
    board = await ok<Board>('PATCH', `/scoreboards/${created.id}/up`, { projectId: first.projectId });
    expect(board.manualOrder).toBe(true);
    expect(board.rows.map((r) => r.label)).toEqual(['П', 'П2']);
    // П2 back up to the top, where moving it up again changes nothing.
    board = await ok<Board>('PATCH', `/scoreboards/${created.id}/up`, { projectId: project.id });
    expect(board.rows.map((r) => r.label)).toEqual(['П2', 'П']);
    board = await ok<Board>('PATCH', `/scoreboards/${created.id}/up`, { projectId: project.id });
    expect(board.rows.map((r) => r.label)).toEqual(['П2', 'П']);
    const reset = await ok<Board>('PATCH', `/scoreboards/${created.id}`, {
      resetOrder: true,
      indicators: ['overdue'],
      revision: board.revision,
    });
    expect(reset.manualOrder).toBe(false);
    board = await ok<Board>('GET', `/scoreboards/${created.id}`);
    expect(board.rows.map((r) => r.label)).toEqual(['П2', 'П']);

    // A viewer sees scoreboards but does not arrange them.
    const viewer = await spaceMember(t, space, 'analytics-board-viewer', 'viewer');
    expect((await viewer.call('GET', `/scoreboards/${created.id}`)).status).toBe(200);
    expect(
      (await viewer.call('PATCH', `/scoreboards/${created.id}/down`, { projectId: project.id })).status,
    ).toBe(403);
    expect((await viewer.call('POST', '/scoreboards', { name: 'Мой', indicators: ['spi'] })).status).toBe(
      403,
    );
  });
});
