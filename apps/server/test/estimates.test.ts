import { cellText, figureEstimate, readXlsxRows, writeEstimateArps } from '@takt/interchange';
import { describe, expect, it, vi } from 'vitest';
import {
  type Failure,
  ownSpace,
  scheduleWithVersion,
  serverForFile,
  spaceMember,
  uploadForm,
} from './fixtures';

// Every figuring of an estimate counted (the server runs in this process): a change figures once.
const figuring = vi.hoisted(() => ({ count: 0 }));
vi.mock('@takt/interchange', async (original) => {
  const actual = await original<typeof import('@takt/interchange')>();
  return {
    ...actual,
    figureEstimate: (...args: Parameters<typeof actual.figureEstimate>) => {
      figuring.count++;
      return actual.figureEstimate(...args);
    },
  };
});

const t = serverForFile();

type Space = Awaited<ReturnType<typeof ownSpace>>;
interface Totals {
  labour: number;
  machines: number;
  materials: number;
  total: number;
  labourHours: number;
}
interface View {
  estimate: { id: string; revision: number; number: number; kind: string };
  totals: Totals;
  chapters: { chapter: number; name: string; totals: Totals }[];
  sections: { id: string; parentId: string | null; name: string; totals: Totals; revision: number }[];
  lines: {
    id: string;
    sectionId: string;
    code: string;
    revision: number;
    direct: { labour: number; machines: number; materials: number };
    totals: Totals;
    applied: { level: string; name: string; value: number }[];
  }[];
  versions: { id: string; number: number }[];
}
type Series = { periods: { start: string; plan: number; planTotal: number }[] };

/**
 * The worked example (docs/product-rules.md, "Estimates"), figured by hand:
 * Section "Фундаменты":
 * - L1 ГЭСН06-01-001-01, 0.25 × 100 м³ at 10 000 / 2 000 / 30 000, 400 man-hours a unit, volume code V-1;
 *   direct 2 500 / 500 / 7 500; winter works 1.2 on labour, then cramped conditions 1.1 on all:
 *   3 300 / 550 / 8 250 = 12 100; 100 man-hours.
 * - L2 ФССЦ-01, 2.5 t of materials at 80 000.333 = 200 000.8325 → 200 000.83, volume code V-2.
 * - Sub-section "Прочее" ×0.5 on all: L3 (NOPE-1) 100 labour → 50, L4 (NOPE-2) 200 machines → 100,
 *   L5 (NOPE-3) 300 materials → 150.
 * Section: 3 350 / 650 / 208 400.83 = 212 400.83; the estimate the same.
 */
async function localEstimate(s: Space, nodeId: string) {
  const e = await s.ok<View>('POST', `/eps/${nodeId}/estimates`, { kind: 'loc', name: 'ЛС-1 Фундаменты' });
  const id = e.estimate.id;
  const section = await s.ok<{ id: string }>('POST', `/estimates/${id}/sections`, {
    name: 'Фундаменты',
    code: '1',
  });
  const line = (sectionId: string, body: Record<string, unknown>) =>
    s.ok<{ id: string; revision: number }>('POST', `/estimate-sections/${sectionId}/lines`, body);
  const l1 = await line(section.id, {
    code: 'ГЭСН06-01-001-01',
    name: 'Бетонирование фундаментов',
    unit: '100 м3',
    quantity: 0.25,
    unitCost: { labour: 10000, machines: 2000, materials: 30000 },
    labourHoursPerUnit: 400,
    volumeCode: 'V-1',
  });
  await s.ok('POST', `/estimates/${id}/cost-coefficients`, {
    estimateLineId: l1.id,
    name: 'Зимнее удорожание',
    target: 'labour',
    value: 1.2,
  });
  await s.ok('POST', `/estimates/${id}/cost-coefficients`, {
    estimateLineId: l1.id,
    name: 'Стеснённые условия',
    target: 'all',
    value: 1.1,
  });
  await line(section.id, {
    code: 'ФССЦ-01',
    name: 'Арматура',
    unit: 'т',
    quantity: 2.5,
    unitCost: { labour: 0, machines: 0, materials: 80000.333 },
    volumeCode: 'V-2',
  });
  const other = await s.ok<{ id: string }>('POST', `/estimates/${id}/sections`, {
    name: 'Прочее',
    parentSectionId: section.id,
  });
  await s.ok('POST', `/estimates/${id}/cost-coefficients`, {
    estimateSectionId: other.id,
    name: 'Доля',
    value: 0.5,
  });
  for (const [code, unitCost] of [
    ['NOPE-1', { labour: 100, machines: 0, materials: 0 }],
    ['NOPE-2', { labour: 0, machines: 200, materials: 0 }],
    ['NOPE-3', { labour: 0, machines: 0, materials: 300 }],
  ] as const)
    await line(other.id, {
      code: `X-${code}`,
      name: code,
      unit: 'шт',
      quantity: 1,
      unitCost,
      volumeCode: code,
    });
  return { id, sectionId: section.id, l1 };
}

describe('estimates', () => {
  it('figures a line with two coefficients and a section total, rolls local estimates up by chapter', async () => {
    const s = await ownSpace(t, 'estimates-figures', 'Сметы');
    const { projectId } = await scheduleWithVersion(s.ok);
    const loc = await localEstimate(s, projectId);
    const view = await s.ok<View>('GET', `/estimates/${loc.id}`);
    const l1 = view.lines.find((l) => l.code === 'ГЭСН06-01-001-01')!;
    expect(l1.direct).toEqual({ labour: 2500, machines: 500, materials: 7500 });
    expect(l1.totals).toMatchObject({
      labour: 3300,
      machines: 550,
      materials: 8250,
      total: 12100,
      labourHours: 100,
    });
    expect(l1.applied.map((a) => [a.level, a.name, a.value])).toEqual([
      ['line', 'Зимнее удорожание', 1.2],
      ['line', 'Стеснённые условия', 1.1],
    ]);
    expect(view.lines.find((l) => l.code === 'ФССЦ-01')!.totals.total).toBe(200000.83);
    const section = view.sections.find((x) => x.name === 'Фундаменты')!;
    expect(section.totals).toMatchObject({
      labour: 3350,
      machines: 650,
      materials: 208400.83,
      total: 212400.83,
    });
    expect(view.totals.total).toBe(212400.83);

    // A summary estimate with an index 1.1: chapter 2 the local estimate, chapter 7 landscaping (1 000 labour).
    const landscaping = await s.ok<View>('POST', `/eps/${projectId}/estimates`, {
      kind: 'loc',
      name: 'ЛС-2',
    });
    const ls2 = await s.ok<{ id: string }>('POST', `/estimates/${landscaping.estimate.id}/sections`, {
      name: 'Озеленение',
    });
    await s.ok('POST', `/estimate-sections/${ls2.id}/lines`, {
      name: 'Газон',
      quantity: 1,
      unitCost: { labour: 1000, machines: 0, materials: 0 },
    });
    const ssr = await s.ok<View>('POST', `/eps/${projectId}/estimates`, { kind: 'ssr', name: 'ССР' });
    await s.ok('POST', `/estimates/${ssr.estimate.id}/cost-coefficients`, {
      name: 'Индекс',
      kind: 'index',
      value: 1.1,
    });
    await s.ok('POST', `/estimates/${ssr.estimate.id}/summary-lines`, {
      sourceEstimateId: loc.id,
      chapter: 2,
    });
    let summary = await s.ok<View>('POST', `/estimates/${ssr.estimate.id}/summary-lines`, {
      sourceEstimateId: landscaping.estimate.id,
      chapter: 7,
    });
    // ch. 2: (3 350 / 650 / 208 400.83) × 1.1 = 3 685 / 715 / 229 240.913 → 229 240.91: 233 640.91; ch. 7: 1 100.
    expect(summary.chapters.map((c) => [c.chapter, c.name, c.totals.total])).toEqual([
      [2, 'Main construction objects', 233640.91],
      [7, 'Landscaping and planting', 1100],
    ]);
    expect(summary.totals.total).toBe(234740.91);
    // A change of the local estimate reaches the summary: L3 × 3 adds 100 labour (110 in the summary).
    const l3 = view.lines.find((l) => l.code === 'X-NOPE-1')!;
    await s.ok('PUT', `/estimate-lines/${l3.id}`, { revision: l3.revision, quantity: 3 });
    summary = await s.ok<View>('GET', `/estimates/${ssr.estimate.id}`);
    expect(summary.chapters[0]!.totals.total).toBe(233750.91);
    // A summary estimate is not rolled up into another, nor anything into a local estimate.
    const refused = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/estimates/${loc.id}/summary-lines`,
      { sourceEstimateId: landscaping.estimate.id, chapter: 2 },
      { token: s.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.issues?.[0]?.message).toBe('estimates.validation.summary_only');

    // Versions: a copy numbered 2, compared line by line with the first.
    const v2 = await s.ok<View>('POST', `/estimates/${loc.id}/versions`);
    expect(v2.estimate.number).toBe(2);
    expect(v2.versions.map((v) => v.number)).toEqual([1, 2]);
    const v2l1 = v2.lines.find((l) => l.code === 'ГЭСН06-01-001-01')!;
    await s.ok('PUT', `/estimate-lines/${v2l1.id}`, { revision: v2l1.revision, quantity: 0.5 });
    const diff = await s.ok<{ delta: number; lines: { status: string; code: string; delta: number }[] }>(
      'GET',
      `/estimates/${loc.id}/compare/${v2.estimate.id}`,
    );
    expect(diff.lines).toEqual([
      expect.objectContaining({ status: 'changed', code: 'ГЭСН06-01-001-01', delta: 12100 }),
    ]);
    expect(diff.delta).toBe(12100);
  });

  it('feeds works from compliance rules: volumes, costs, labour, the S-curve; names missing volume codes; one undo', async () => {
    const s = await ownSpace(t, 'estimates-compliance', 'Соответствие');
    const { projectId, versionId, v } = await scheduleWithVersion(s.ok);
    const section = await s.ok<{ id: string }>('POST', `${v}/wbs`, { name: 'Каркас', type: 'sum' });
    const task = (code: string, start: string, finish: string, unit?: string) =>
      s.ok<{ id: string }>('POST', `${v}/wbs`, {
        parentId: section.id,
        code,
        name: code,
        durationMinutes: 2400,
        planStart: `${start}T08:00`,
        planFinish: `${finish}T17:00`,
        ...(unit ? { unit } : {}),
      });
    const w1 = await task('V-1', '2025-03-03', '2025-03-07', 'м3');
    const w2 = await task('V-2', '2025-03-10', '2025-03-14', 'кг');
    await task('V-3', '2025-03-17', '2025-03-21');
    const loc = await localEstimate(s, projectId);
    const curve = () =>
      s.ok<Series>('GET', `/analytics/version/${versionId}/series?measure=cost&period=week`);
    expect((await curve()).periods.every((p) => p.plan === 0)).toBe(true);

    const rule = await s.ok<{ id: string }>('POST', `/estimates/${loc.id}/compliance`, {
      kind: 'volume_code',
      name: 'По кодам объёмов',
    });
    expect(rule.id).toBeTruthy();
    const dry = await s.ok<{ linked: number; missing: string[] }>(
      'POST',
      `/estimates/${loc.id}/compliance/apply/${versionId}?dryRun=true`,
    );
    expect(dry.linked).toBe(2);
    const applied = await s.ok<{ linked: number; works: number; missing: string[]; message: string }>(
      'POST',
      `/estimates/${loc.id}/compliance/apply/${versionId}`,
    );
    expect(applied).toMatchObject({ linked: 2, works: 2, missing: ['NOPE-1', 'NOPE-2', 'NOPE-3'] });
    expect(applied.message).toBe('No works have the volume codes NOPE-1, NOPE-2 and 1 more');
    const russian = await t.api<{ message: string }>(
      'POST',
      `/space/${s.spaceId}/estimates/${loc.id}/compliance/apply/${versionId}?dryRun=true`,
      undefined,
      { token: s.token, lang: 'ru' },
    );
    expect(russian.body.message).toBe('Нет работ с кодами объёмов NOPE-1, NOPE-2 и ещё 1');

    // V-1: 0.25 × 100 m³ = 25 m³, 12 100 and 100 man-hours; V-2: 2.5 t = 2 500 kg, 200 000.83, no labour.
    const work = (id: string) => s.ok<{ planVolume: number; unit: string }>('GET', `${v}/wbs/${id}`);
    expect(await work(w1.id)).toMatchObject({ planVolume: 25, unit: 'м3' });
    expect(await work(w2.id)).toMatchObject({ planVolume: 2500, unit: 'кг' });
    const links = await s.ok<
      { lineId: string; workCode: string; cost: number; labourHours: number; volume: number }[]
    >('GET', `/estimates/${loc.id}/links/${versionId}`);
    expect(links.map((l) => [l.workCode, l.volume, l.cost, l.labourHours])).toEqual([
      ['V-1', 25, 12100, 100],
      ['V-2', 2500, 200000.83, 0],
    ]);
    // The S-curve of cost: week of 3 March 12 100, week of 10 March 200 000.83.
    const after = await curve();
    expect(after.periods.filter((p) => p.plan > 0).map((p) => [p.start, p.plan, p.planTotal])).toEqual([
      ['2025-03-03', 12100, 12100],
      ['2025-03-10', 200000.83, 212100.83],
    ]);
    const labour = await s.ok<Series>(
      'GET',
      `/analytics/version/${versionId}/series?measure=labour&period=month`,
    );
    expect(labour.periods.map((p) => p.plan)).toEqual([100]);

    // One undo action takes it all back.
    const actions = await s.ok<{ action: string }[]>('GET', `${v}/undo-actions`);
    expect(actions[0]).toMatchObject({ action: 'estimates.compliance' });
    await s.ok('POST', `${v}/undo-actions`, {});
    expect((await curve()).periods.every((p) => p.plan === 0)).toBe(true);
    expect((await work(w1.id)).planVolume ?? null).toBeNull();
    await s.ok('POST', `${v}/redo`, {});
    expect((await curve()).periods.find((p) => p.start === '2025-03-03')?.plan).toBe(12100);

    // A link by hand splits a line among works by shares; it outlives a new application of the rules.
    const l1 = loc.l1.id;
    await s.ok('POST', `/estimates/${loc.id}/links/${versionId}`, {
      estimateLineId: l1,
      workIds: [w1.id, w2.id],
    });
    await s.ok('POST', `/estimates/${loc.id}/compliance/apply/${versionId}`);
    const split = await s.ok<{ lineId: string; workCode: string; cost: number; source: string }[]>(
      'GET',
      `/estimates/${loc.id}/links/${versionId}`,
    );
    expect(split.filter((l) => l.lineId === l1).map((l) => [l.workCode, l.cost, l.source])).toEqual([
      ['V-1', 6050, 'manual'],
      ['V-2', 6050, 'manual'],
    ]);
  });

  it('applies compliance again without writing a row when nothing changed, and feeds a changed quantity', async () => {
    const s = await ownSpace(t, 'estimates-reapply', 'Повторное соответствие');
    const { projectId, versionId, v } = await scheduleWithVersion(s.ok);
    const section = await s.ok<{ id: string }>('POST', `${v}/wbs`, { name: 'Каркас', type: 'sum' });
    const task = (code: string, unit: string) =>
      s.ok<{ id: string }>('POST', `${v}/wbs`, {
        parentId: section.id,
        code,
        name: code,
        durationMinutes: 2400,
        planStart: '2025-03-03T08:00',
        planFinish: '2025-03-07T17:00',
        unit,
      });
    const w1 = await task('V-1', 'м3');
    const w2 = await task('V-2', 'кг');
    const loc = await localEstimate(s, projectId);
    await s.ok('POST', `/estimates/${loc.id}/compliance`, { kind: 'volume_code', name: 'По кодам' });
    const apply = () =>
      s.ok<{ linked: number; works: number; missing: string[] }>(
        'POST',
        `/estimates/${loc.id}/compliance/apply/${versionId}`,
      );
    const first = await apply();
    expect(first).toMatchObject({ linked: 2, works: 2 });
    // Every row compliance writes, with the transaction that wrote it last (xmin): a row rewritten with the
    // same values has a new one.
    const stored = async () => ({
      works: await t.sql(
        `SELECT id, xmin::text, revision, "updatedAt", "planVolume", unit FROM works WHERE "versionId" = $1 ORDER BY id`,
        [versionId],
      ),
      assignments: await t.sql(
        `SELECT id, xmin::text, revision, "planQuantity" FROM assignments WHERE "versionId" = $1 ORDER BY id`,
        [versionId],
      ),
      links: await t.sql(
        `SELECT id, xmin::text, volume, cost, "labourHours" FROM estimate_links WHERE "versionId" = $1 ORDER BY id`,
        [versionId],
      ),
      undo: await t.sql(`SELECT id FROM undo_actions WHERE "versionId" = $1 ORDER BY id`, [versionId]),
    });
    const before = await stored();
    expect(before.assignments).toHaveLength(3);
    expect(before.links).toHaveLength(2);

    expect(await apply()).toEqual(first);
    expect(await stored()).toEqual(before);

    // A line's new quantity flows to its work on the next application, and to nothing else.
    await s.ok('PUT', `/estimate-lines/${loc.l1.id}`, { revision: loc.l1.revision, quantity: 0.5 });
    await apply();
    const after = await stored();
    const row = (rows: Record<string, unknown>[], id: string) => rows.find((r) => r.id === id)!;
    expect(row(after.works, w1.id)).toMatchObject({
      planVolume: 50,
      revision: (row(before.works, w1.id).revision as number) + 1,
    });
    expect(row(after.works, w2.id)).toEqual(row(before.works, w2.id));
    expect(after.links.map((l) => [l.volume, l.cost, l.labourHours])).toEqual(
      expect.arrayContaining([
        [50, 24200, 200],
        [2500, 200000.83, 0],
      ]),
    );
    const w2link = before.links.find((l) => l.volume === 2500)!;
    expect(after.links).toContainEqual(w2link);
    expect(after.undo).toHaveLength(before.undo.length + 1);
    const cost = await s.ok<Series>('GET', `/analytics/version/${versionId}/series?measure=cost&period=week`);
    expect(cost.periods.find((p) => p.start === '2025-03-03')?.plan).toBe(224200.83);
    // Undone, the work has its former volume back; applied again, the new one.
    await s.ok('POST', `${v}/undo-actions`, {});
    expect(row(await t.sql(`SELECT id, "planVolume" FROM works WHERE id = $1`, [w1.id]), w1.id)).toEqual({
      id: w1.id,
      planVolume: 25,
    });
    await apply();
    expect(row(await t.sql(`SELECT id, "planVolume" FROM works WHERE id = $1`, [w1.id]), w1.id)).toEqual({
      id: w1.id,
      planVolume: 50,
    });

    // Costs alone changed (a coefficient on the whole estimate leaves man-hours and volumes): the works' rows
    // stay, the cost assignments change, and the undo action puts those back.
    const fed = await stored();
    await s.ok('POST', `/estimates/${loc.id}/cost-coefficients`, { name: 'Индекс', target: 'all', value: 2 });
    await apply();
    const doubled = await stored();
    expect(doubled.works).toEqual(fed.works);
    const quantities = (rows: Record<string, unknown>[]) => rows.map((a) => a.planQuantity).sort();
    expect(quantities(doubled.assignments)).toEqual([200, 400001.67, 48400].sort());
    expect(quantities(fed.assignments)).toEqual([200, 200000.83, 24200].sort());
    expect(doubled.undo).toHaveLength(fed.undo.length + 1);
    await s.ok('POST', `${v}/undo-actions`, {});
    expect(quantities((await stored()).assignments)).toEqual(quantities(fed.assignments));
    expect((await stored()).works.map((w) => w.planVolume)).toEqual(fed.works.map((w) => w.planVolume));
  });

  it('answers 402 beyond the estimate seats, 403 without the ability, 409 on a stale revision, 400 on bad input', async () => {
    const s = await ownSpace(t, 'estimates-guards', 'Лицензия');
    const { projectId } = await scheduleWithVersion(s.ok);
    const loc = await localEstimate(s, projectId);
    const path = (p: string) => `/space/${s.spaceId}${p}`;
    const call = <T = Failure>(method: string, p: string, body?: unknown, lang: 'en' | 'ru' = 'en') =>
      t.api<T>(method, path(p), body, { token: s.token, lang });

    // Concurrency: the second writer at the same revision is told the line changed.
    const view = await s.ok<View>('GET', `/estimates/${loc.id}`);
    const line = view.lines[0]!;
    expect(
      (await call('PUT', `/estimate-lines/${line.id}`, { revision: line.revision, quantity: 1 })).status,
    ).toBe(200);
    const stale = await call('PUT', `/estimate-lines/${line.id}`, { revision: line.revision, quantity: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.error_code).toBe('Conflict');
    // Validation: a coefficient of 0, a quantity that is no number, a coefficient of a section and a line at once.
    const zero = await call('POST', `/estimates/${loc.id}/cost-coefficients`, { name: 'K', value: 0 });
    expect(zero.status).toBe(400);
    expect(
      (await call('PUT', `/estimate-lines/${line.id}`, { revision: line.revision + 1, quantity: 'x' }))
        .status,
    ).toBe(400);
    const both = await call('POST', `/estimates/${loc.id}/cost-coefficients`, {
      name: 'K',
      value: 1.1,
      estimateSectionId: loc.sectionId,
      estimateLineId: line.id,
    });
    expect(both.status).toBe(400);
    expect((await call('GET', '/estimates/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // A viewer sees estimates and changes nothing.
    const viewer = await spaceMember(t, s, 'estimates-viewer', 'viewer');
    expect((await viewer.call('GET', `/estimates/${loc.id}`)).status).toBe(200);
    expect((await viewer.call('PUT', `/estimates/${loc.id}`, { revision: 1, name: 'X' })).status).toBe(403);

    // Licence: no estimate seats left — 402 with the error catalogue's message, in English and Russian.
    await t.sql(`UPDATE licences SET "estimateUserLimit" = 0 WHERE "spaceId" = $1`, [s.spaceId]);
    const refused = await call('GET', `/eps/${projectId}/estimates`);
    expect(refused.status).toBe(402);
    expect(refused.body.error_code).toBe('EstimateLicense');
    expect(refused.body.error_message).toBe(
      'The estimate functionality is missing from the licence or its user limit is exceeded',
    );
    expect((await call('GET', `/eps/${projectId}/estimates`, undefined, 'ru')).body.error_message).toBe(
      'Функциональность смет отсутствует в лицензии или превышен лимит её пользователей',
    );
    // One seat: the owner holds it (first use), the viewer is beyond it.
    await t.sql(`UPDATE licences SET "estimateUserLimit" = 1 WHERE "spaceId" = $1`, [s.spaceId]);
    await t.sql(`DELETE FROM licence_module_users WHERE "spaceId" = $1`, [s.spaceId]);
    expect((await call('GET', `/eps/${projectId}/estimates`)).status).toBe(200);
    expect((await viewer.call('GET', `/eps/${projectId}/estimates`)).status).toBe(402);
    const licence = await s.ok<{ estimateUserLimit: number; estimateUsers: number }>('GET', '/licence');
    expect(licence).toMatchObject({ estimateUserLimit: 1, estimateUsers: 2 });
  });

  it('figures an estimate once per recalculation or change, and answers a line’s change with the new totals', async () => {
    const s = await ownSpace(t, 'estimates-once', 'Один расчёт');
    const { projectId } = await scheduleWithVersion(s.ok);
    const loc = await localEstimate(s, projectId);
    const before = await s.ok<View & { estimate: { figuredAt: string } }>('GET', `/estimates/${loc.id}`);
    figuring.count = 0;
    const recalculated = await s.ok<View & { estimate: { figuredAt: string } }>(
      'POST',
      `/estimates/${loc.id}/recalculate`,
    );
    expect(figuring.count).toBe(1);
    // the same figures as a fresh read (which figures once itself)
    const strip = (v: View) => ({ totals: v.totals, lines: v.lines, chapters: v.chapters });
    expect(strip(recalculated)).toEqual(strip(before));
    expect(recalculated.sections.map((x) => x.totals)).toEqual(before.sections.map((x) => x.totals));
    expect(recalculated.estimate.revision).toBe(before.estimate.revision + 1);
    figuring.count = 0;
    await s.ok('GET', `/estimates/${loc.id}`);
    expect(figuring.count).toBe(1);

    // A quantity changed: one figuring, the answer carries the line's, its sections' and the estimate's totals.
    const l1 = recalculated.lines.find((l) => l.code === 'ГЭСН06-01-001-01')!;
    figuring.count = 0;
    const changed = await s.ok<
      View['lines'][number] & {
        estimate: {
          id: string;
          revision: number;
          totals: Totals;
          sections: { id: string; totals: Totals }[];
        };
      }
    >('PUT', `/estimate-lines/${l1.id}`, { revision: l1.revision, quantity: 0.5 });
    expect(figuring.count).toBe(1);
    expect(changed.revision).toBe(l1.revision + 1);
    // twice the direct cost, the same coefficients: 6 600 / 1 100 / 16 500
    expect(changed.totals).toMatchObject({ labour: 6600, machines: 1100, materials: 16500, total: 24200 });
    expect(changed.applied.map((a) => a.name)).toEqual(['Зимнее удорожание', 'Стеснённые условия']);
    expect(changed.estimate.totals.total).toBeCloseTo(212400.83 + 12100, 2);
    const after = await s.ok<View>('GET', `/estimates/${loc.id}`);
    expect(changed.estimate.totals).toEqual(after.totals);
    expect(changed.estimate.revision).toBe(after.estimate.revision);
    expect(changed.estimate.sections).toEqual(after.sections.map((x) => ({ id: x.id, totals: x.totals })));
    expect(after.lines.find((l) => l.id === l1.id)!.totals).toEqual(changed.totals);

    // A new line and a deleted one answer the estimate's totals too.
    figuring.count = 0;
    const added = await s.ok<View['lines'][number] & { estimate: { totals: Totals } }>(
      'POST',
      `/estimate-sections/${loc.sectionId}/lines`,
      { name: 'Новая', quantity: 2, unitCost: { labour: 10, machines: 0, materials: 0 } },
    );
    expect(figuring.count).toBe(1);
    expect(added.totals.total).toBe(20);
    expect(added.estimate.totals.total).toBeCloseTo(after.totals.total + 20, 2);
    const removed = await s.ok<{ success: true; estimate: { totals: Totals } }>(
      'DELETE',
      `/estimate-lines/${added.id}`,
    );
    expect(removed.estimate.totals).toEqual(after.totals);
  });

  it('moves a line up and down in its section and into another section, at its revision', async () => {
    const s = await ownSpace(t, 'estimates-move', 'Порядок');
    const { projectId } = await scheduleWithVersion(s.ok);
    const loc = await localEstimate(s, projectId);
    const view = await s.ok<View>('GET', `/estimates/${loc.id}`);
    const codes = (v: View, sectionId: string) =>
      v.lines.filter((l) => l.sectionId === sectionId).map((l) => l.code);
    expect(codes(view, loc.sectionId)).toEqual(['ГЭСН06-01-001-01', 'ФССЦ-01']);
    const second = view.lines.find((l) => l.code === 'ФССЦ-01')!;
    const moved = await s.ok<{ revision: number }>('PATCH', `/estimate-lines/${second.id}/move`, {
      revision: second.revision,
      direction: 'up',
    });
    let now = await s.ok<View>('GET', `/estimates/${loc.id}`);
    expect(codes(now, loc.sectionId)).toEqual(['ФССЦ-01', 'ГЭСН06-01-001-01']);
    // the first line moves no higher; a stale revision is refused
    await s.ok('PATCH', `/estimate-lines/${second.id}/move`, { revision: moved.revision, direction: 'up' });
    const stale = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/estimate-lines/${second.id}/move`,
      { revision: second.revision, direction: 'down' },
      { token: s.token },
    );
    expect(stale.status).toBe(409);
    // into the sub-section "Прочее": its totals take the line's (×0.5 of the sub-section's coefficient)
    const other = now.sections.find((x) => x.name === 'Прочее')!;
    const current = now.lines.find((l) => l.id === second.id)!;
    const into = await s.ok<{ sectionId: string; totals: Totals; estimate: { totals: Totals } }>(
      'PATCH',
      `/estimate-lines/${second.id}/move`,
      { revision: current.revision, estimateSectionId: other.id },
    );
    expect(into.sectionId).toBe(other.id);
    expect(into.totals.materials).toBeCloseTo(100000.42, 2);
    now = await s.ok<View>('GET', `/estimates/${loc.id}`);
    expect(codes(now, other.id)).toEqual(['X-NOPE-1', 'X-NOPE-2', 'X-NOPE-3', 'ФССЦ-01']);
    expect(into.estimate.totals).toEqual(now.totals);
    // neither a direction nor a section, or both: 400
    const neither = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/estimate-lines/${second.id}/move`,
      { revision: 1 },
      { token: s.token },
    );
    expect(neither.status).toBe(400);
  });

  it('moves a section among its siblings, into another section and to the top level, never into itself', async () => {
    const s = await ownSpace(t, 'estimates-move-sections', 'Разделы');
    const { projectId } = await scheduleWithVersion(s.ok);
    const loc = await localEstimate(s, projectId);
    const section = (name: string, parentSectionId?: string) =>
      s.ok<{ id: string; revision: number }>('POST', `/estimates/${loc.id}/sections`, {
        name,
        ...(parentSectionId ? { parentSectionId } : {}),
      });
    const second = await section('Второй');
    const third = await section('Третий');
    const view = () => s.ok<View>('GET', `/estimates/${loc.id}`);
    const tops = (v: View) => v.sections.filter((x) => !x.parentId).map((x) => x.name);
    const before = await view();
    const first = before.sections.find((x) => x.id === loc.sectionId)!;
    expect(tops(before)).toEqual([first.name, 'Второй', 'Третий']);
    // up among the top-level sections
    const up = await s.ok<{ revision: number }>('PATCH', `/estimate-sections/${third.id}/move`, {
      revision: third.revision,
      direction: 'up',
    });
    expect(tops(await view())).toEqual([first.name, 'Третий', 'Второй']);
    // into the first section, with its sub-section: the estimate's totals stay
    const into = await s.ok<{ parentId: string; revision: number; estimate: { totals: Totals } }>(
      'PATCH',
      `/estimate-sections/${third.id}/move`,
      { revision: up.revision, parentSectionId: loc.sectionId },
    );
    expect(into.parentId).toBe(loc.sectionId);
    expect(into.estimate.totals).toEqual(before.totals);
    let now = await view();
    expect(now.sections.filter((x) => x.parentId === loc.sectionId).map((x) => x.name)).toEqual([
      'Прочее',
      'Третий',
    ]);
    // never into itself or below itself
    const own = now.sections.find((x) => x.id === loc.sectionId)!;
    const below = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/estimate-sections/${loc.sectionId}/move`,
      { revision: own.revision, parentSectionId: third.id },
      { token: s.token },
    );
    expect(below.status).toBe(400);
    expect(JSON.stringify(below.body)).toContain(
      'A section cannot go into itself or one of its own sections',
    );
    // back to the top level, at the end; a stale revision is refused
    await s.ok('PATCH', `/estimate-sections/${third.id}/move`, {
      revision: into.revision,
      parentSectionId: null,
    });
    now = await view();
    expect(tops(now)).toEqual([first.name, 'Второй', 'Третий']);
    const stale = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/estimate-sections/${third.id}/move`,
      { revision: into.revision, direction: 'up' },
      { token: s.token },
    );
    expect(stale.status).toBe(409);
    expect(second.id).toBeTruthy();
  });

  it('keeps measures with conversions and prices lines from the pdc', async () => {
    const s = await ownSpace(t, 'estimates-directories', 'Справочники');
    const { projectId } = await scheduleWithVersion(s.ok);
    const measures = await s.ok<{ id: string; code: string; baseId: string | null; factor: number }[]>(
      'GET',
      '/measures',
    );
    const m3 = measures.find((m) => m.code === 'm3')!;
    expect(measures.find((m) => m.code === '100m3')).toMatchObject({ baseId: m3.id, factor: 100 });
    const taken = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/measures`,
      { code: 'm3', symbolEn: 'x', symbolRu: 'x', nameEn: 'x', nameRu: 'x' },
      { token: s.token },
    );
    expect(taken.status).toBe(400);
    const inUse = await t.api<Failure>('DELETE', `/space/${s.spaceId}/measures/${m3.id}`, undefined, {
      token: s.token,
    });
    expect(inUse.status).toBe(400);
    // A factor is not a coefficient: a mile is 1609.344 m, a cubic metre a million cm³.
    const m = measures.find((x) => x.code === 'm')!;
    const mile = await s.ok<{ factor: number }>('POST', '/measures', {
      code: 'mi',
      symbolEn: 'mi',
      symbolRu: 'миля',
      nameEn: 'mile',
      nameRu: 'миля',
      baseMeasureId: m.id,
      factor: 1609.344,
    });
    expect(mile.factor).toBe(1609.344);

    const brick = await s.ok<{ id: string }>('POST', '/pdc', {
      kind: 'material',
      code: 'M-1',
      name: 'Кирпич',
      unit: 'шт',
    });
    await s.ok('POST', `/pdc/${brick.id}/prices`, { validFrom: '2025-01-01', price: 12 });
    await s.ok('POST', `/pdc/${brick.id}/prices`, { validFrom: '2025-01-01', region: 'Москва', price: 15 });
    await s.ok('POST', `/pdc/${brick.id}/prices`, { validFrom: '2026-01-01', region: 'Москва', price: 18 });
    const mason = await s.ok<{ id: string }>('POST', '/pdc', {
      kind: 'labour',
      code: 'L-1',
      name: 'Каменщик',
      unit: 'ч',
    });
    await s.ok('POST', `/pdc/${mason.id}/prices`, { validFrom: '2025-01-01', price: 500 });
    const e = await s.ok<View>('POST', `/eps/${projectId}/estimates`, {
      kind: 'loc',
      name: 'Ресурсная',
      region: 'Москва',
      priceLevel: '2025-06-01',
    });
    const section = await s.ok<{ id: string }>('POST', `/estimates/${e.estimate.id}/sections`, {
      name: 'Кладка',
    });
    for (const [code, quantity] of [
      ['M-1', 1000],
      ['L-1', 10],
      ['Z-9', 1],
    ] as const)
      await s.ok('POST', `/estimate-sections/${section.id}/lines`, { code, name: code, quantity });
    // Moscow's 2025 brick price 15 (not 12, not 2026's 18); labour 500 for every region.
    const priced = await s.ok<{ priced: number; unpriced: string[]; estimate: View }>(
      'POST',
      `/estimates/${e.estimate.id}/price-from-pdc`,
    );
    expect(priced).toMatchObject({ priced: 2, unpriced: ['Z-9'] });
    expect(priced.estimate.totals).toMatchObject({ materials: 15000, labour: 5000, total: 20000 });
  });

  it('gives the demo building local estimates and a summary estimate by chapters, feeding its works', async () => {
    const s = await ownSpace(t, 'estimates-demo', 'Демо');
    await s.ok('POST', '/demo');
    const [project] = await t.sql<{ id: string }>(
      `SELECT id FROM eps_nodes WHERE "spaceId" = $1 AND kind = 'project' AND name = 'Жилой дом, корпус 1'`,
      [s.spaceId],
    );
    const list = await s.ok<{ id: string; kind: string; totals: Totals }[]>(
      'GET',
      `/eps/${project!.id}/estimates`,
    );
    expect(list.map((e) => e.kind).sort()).toEqual(['loc', 'loc', 'loc', 'ssr']);
    const ssr = await s.ok<View>('GET', `/estimates/${list.find((e) => e.kind === 'ssr')!.id}`);
    expect(ssr.chapters.map((c) => c.chapter)).toEqual([1, 2, 7]);
    const locals = list.filter((e) => e.kind === 'loc').reduce((sum, e) => sum + e.totals.total, 0);
    // The summary adds 2 % unforeseen costs to its local estimates (within rounding of its lines).
    expect(Math.abs(ssr.totals.total - locals * 1.02)).toBeLessThan(1);
    // The works carry the estimate's cost: every excavation of the four sections gets a quarter of its line.
    const fed = await t.sql<{ name: string; cost: number; volume: number }>(
      `SELECT w.name, sum(k.cost)::float8 AS cost, w."planVolume" AS volume FROM estimate_links k
       JOIN works w ON w.id = k."workId" WHERE k."spaceId" = $1 AND w.name = 'Разработка котлована'
       GROUP BY w.id`,
      [s.spaceId],
    );
    expect(fed).toHaveLength(4);
    expect(fed.every((w) => w.volume === 5200)).toBe(true);
    const cost = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM assignments a JOIN resources r ON r.id = a."resourceId"
       WHERE a."spaceId" = $1 AND r.code = 'ESTIMATE-COST'`,
      [s.spaceId],
    );
    expect(cost[0]!.n).toBeGreaterThan(20);
  });

  it('exports an estimate as xlsx, PDF and ARPS, imports an ARPS file whole or not at all', async () => {
    const s = await ownSpace(t, 'estimates-files', 'Файлы');
    const { projectId } = await scheduleWithVersion(s.ok);
    const loc = await localEstimate(s, projectId);
    const xlsx = await t.api<Uint8Array>(
      'GET',
      `/space/${s.spaceId}/estimates/${loc.id}/export/xlsx`,
      undefined,
      {
        token: s.token,
      },
    );
    expect(xlsx.status).toBe(200);
    const cells: string[] = [];
    for await (const row of readXlsxRows(xlsx.body)) cells.push(...row.cells.map(cellText));
    expect(cells.some((c) => c.includes('Бетонирование фундаментов'))).toBe(true);
    const pdf = await t.api<Uint8Array>(
      'GET',
      `/space/${s.spaceId}/estimates/${loc.id}/export/pdf`,
      undefined,
      {
        token: s.token,
      },
    );
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(pdf.body.slice(0, 5))).toBe('%PDF-');
    // ARPS for other estimating programs: code page 866, and it reads back at the same total
    const arp = await t.api<Uint8Array>(
      'GET',
      `/space/${s.spaceId}/estimates/${loc.id}/export/arp`,
      undefined,
      {
        token: s.token,
      },
    );
    expect(arp.status).toBe(200);
    expect(Buffer.from(arp.body).subarray(0, 7)).toEqual(
      Buffer.from([0x31, 0x23, 0x80, 0x90, 0x8f, 0x91, 0x20]),
    );
    const arpAgain = await t.api<{ estimateId: string }>(
      'POST',
      `/space/${s.spaceId}/eps/${projectId}/estimates/import`,
      undefined,
      { token: s.token, form: uploadForm('again.arp', arp.body) },
    );
    expect(arpAgain.status).toBe(200);
    const [source, copy] = await Promise.all(
      [loc.id, arpAgain.body.estimateId].map((id) => s.ok<View>('GET', `/estimates/${id}`)),
    );
    expect(copy!.totals.total).toBeCloseTo(source!.totals.total, 0);

    const doc = {
      kind: 'loc' as const,
      code: 'ЛС-9',
      name: 'Импорт',
      currency: 'RUB',
      coefficients: [{ name: 'Индекс', kind: 'index' as const, target: 'all' as const, value: 2 }],
      sections: [
        {
          name: 'Раздел 1',
          coefficients: [],
          sections: [],
          lines: [
            {
              code: 'ГЭСН-1',
              name: 'Работа',
              unit: 'м3',
              quantity: 3,
              unitCost: { labour: 10, machines: 20, materials: 30.5 },
              coefficients: [],
            },
          ],
        },
      ],
    };
    const count = async () =>
      (
        await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM estimates WHERE "spaceId" = $1`, [
          s.spaceId,
        ])
      )[0]!.n;
    const before = await count();
    const imported = await t.api<{ estimateId: string }>(
      'POST',
      `/space/${s.spaceId}/eps/${projectId}/estimates/import`,
      undefined,
      {
        token: s.token,
        form: uploadForm('ls-9.arps', writeEstimateArps(doc)),
      },
    );
    expect(imported.status).toBe(200);
    const view = await s.ok<View>('GET', `/estimates/${imported.body.estimateId}`);
    // 3 × (10 + 20 + 30.5) × 2 = 363
    expect(view.totals.total).toBe(figureEstimate(doc).totals.total);
    expect(view.totals.total).toBe(363);
    const broken = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/eps/${projectId}/estimates/import`,
      undefined,
      {
        token: s.token,
        form: uploadForm('broken.xml', '<not an estimate'),
      },
    );
    expect(broken.status).toBe(400);
    expect(await count()).toBe(before + 1);
  });
});
