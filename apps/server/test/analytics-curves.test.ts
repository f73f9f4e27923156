import { cellText, readXlsxRows, xlsxSheetNames } from '@takt/interchange';
import { describe, expect, it } from 'vitest';
import { ownSpace, scheduleWithVersion, serverForFile, spaceMember } from './fixtures';

const t = serverForFile();

type Space = Awaited<ReturnType<typeof ownSpace>>;
type Day = {
  start: string;
  plan: number;
  approved: number;
  fact: number | null;
  planTotal: number;
  approvedTotal: number;
  factTotal: number | null;
};
type Series = { period: string; periods: Day[] };
type Curve = { id: string; builtIn: boolean; name: string | null; points: number[]; revision: number | null };
type Curves = {
  curves: Curve[];
  settings: { defaultCurve: string; task: string | null; work: string | null };
};

/**
 * Three works priced by one resource at 100 a unit, at the data date 2025-03-07 17:00
 * (docs/product-rules.md, "Analytics", "Curves", works the figures by hand):
 * - W1, a task of ten days 03-03…03-12, cost 1000, started 03-03 with 500 done so far;
 * - W2, a work (type "work") of two days 03-17…03-18, cost 100;
 * - W3, a task of three days 03-24…03-26, cost 1000 (its twentieths do not fall on whole days).
 */
async function threeWorks({ ok }: Space) {
  const { versionId, scheduleId } = await scheduleWithVersion(ok);
  const v = `/versions/${versionId}`;
  const work = (name: string, fields: Record<string, unknown>) =>
    ok<{ id: string }>('POST', `${v}/wbs`, { name, code: name, ...fields });
  const w1 = await work('W1', {
    planStart: '2025-03-03T08:00',
    planFinish: '2025-03-12T17:00',
    factStart: '2025-03-03T08:00',
    status: 'in_progress',
    progress: 50,
  });
  const w2 = await work('W2', {
    type: 'work',
    planStart: '2025-03-17T08:00',
    planFinish: '2025-03-18T17:00',
  });
  const w3 = await work('W3', { planStart: '2025-03-24T08:00', planFinish: '2025-03-26T17:00' });
  const concrete = await ok<{ id: string }>('POST', '/resources', {
    name: 'Бетон',
    kind: 'volume',
    unit: 'м3',
    price: 100,
  });
  const assign = (workId: string, planQuantity: number, factQuantity: number | null) =>
    ok('POST', `${v}/assignment`, { workId, resourceId: concrete.id, planQuantity, factQuantity });
  await assign(w1.id, 10, 5);
  await assign(w2.id, 1, null);
  await assign(w3.id, 10, null);
  const [version] = await ok<{ id: string; revision: number }[]>('GET', `/schedules/${scheduleId}/versions`);
  await ok('PATCH', `/versions/${versionId}`, { dataDate: '2025-03-07T17:00', revision: version!.revision });
  return { versionId };
}

/** The days of a span from its first day, `count` of them. */
const daysFrom = (series: Series, first: string, count: number) => {
  const at = series.periods.findIndex((p) => p.start === first);
  return series.periods.slice(at, at + count);
};

describe('analytics curves', () => {
  it('spreads the plan by a curve: a front-loaded 10-day work of 1000 has 700 done after five days', async () => {
    const space = await ownSpace(t, 'curves-owner', 'Кривые');
    const { ok } = space;
    const { versionId } = await threeWorks(space);
    const series = (query = '') =>
      ok<Series>('GET', `/analytics/version/${versionId}/series?measure=cost&period=day${query}`);

    // Without settings every plan is linear: W1 spends 100 a day, 500 by 03-07.
    const linear = await series();
    expect(daysFrom(linear, '2025-03-03', 10).map((d) => d.plan)).toEqual(Array(10).fill(100));
    expect(linear.periods.find((d) => d.start === '2025-03-07')).toMatchObject({
      planTotal: 500,
      approvedTotal: 500,
      factTotal: 500,
    });

    // Front loaded: 9, 9, 8, 8, 7, 7, 6, 6, 5, 5 | 5, 4, 4, 4, 3, 3, 2, 2, 2, 1 % a twentieth of the span.
    // Ten days, two twentieths a day: 18, 16, 14, 12, 10, 9, 8, 6, 4, 3 % of 1000; by 03-07 the first ten
    // twentieths, 70 % = 700. The fact stays as recorded: 100 a day from the actual start to the data date.
    const front = await series('&curve=front_loaded');
    const w1 = daysFrom(front, '2025-03-03', 10);
    expect(w1.map((d) => d.plan)).toEqual([180, 160, 140, 120, 100, 90, 80, 60, 40, 30]);
    expect(w1.map((d) => d.approved)).toEqual([180, 160, 140, 120, 100, 90, 80, 60, 40, 30]);
    expect(w1.slice(0, 5).map((d) => d.fact)).toEqual([100, 100, 100, 100, 100]);
    expect(w1[4]).toMatchObject({ start: '2025-03-07', planTotal: 700, approvedTotal: 700, factTotal: 500 });
    expect(w1[9]).toMatchObject({ start: '2025-03-12', planTotal: 1000 });
    // W2, two days: the first half 70 % of 100, the second 30 %.
    expect(daysFrom(front, '2025-03-17', 2).map((d) => d.plan)).toEqual([70, 30]);
    // W3, three days, a twentieth 0.15 of a day. Day 1 holds twentieths 1–6 (48 %) and two thirds of the
    // 7th (4 of its 6 %): 52 %. Day 2 the rest of the 7th (2), the 8th–13th (29) and a third of the 14th
    // (4/3): 32.333 %. Day 3 two thirds of the 14th (8/3) and the 15th–20th (13): 15.667 %.
    expect(daysFrom(front, '2025-03-24', 3).map((d) => d.plan)).toEqual([520, 323.333, 156.667]);
    expect(front.periods.at(-1)).toMatchObject({ planTotal: 2100, approvedTotal: 2100 });
    // By month the curve moves cost between months only where a span crosses one: here none does.
    const monthly = await ok<Series>(
      'GET',
      `/analytics/version/${versionId}/series?measure=cost&period=month&curve=front_loaded`,
    );
    expect(monthly.periods.map((p) => p.plan)).toEqual([2100]);

    // A dashboard whose S-curves open front loaded: its workbook's sheet follows that curve.
    await ok('POST', '/analytics/presets', {
      name: 'Фронт',
      layout: { widgets: ['cumulative'], measure: 'cost', period: 'day', curve: 'front_loaded' },
    });
    const file = await t.api<Uint8Array>(
      'GET',
      `/space/${space.spaceId}/analytics/version/${versionId}/export?widgets=cumulative`,
      undefined,
      { token: space.token, lang: 'en' },
    );
    expect(file.status).toBe(200);
    const [sheet] = xlsxSheetNames(file.body);
    const rows: string[][] = [];
    for await (const row of readXlsxRows(file.body, sheet!)) rows.push(row.cells.map(cellText));
    const planColumn = rows[0]!.indexOf('Plan');
    expect(rows.slice(1, 6).map((r) => r[planColumn])).toEqual(['180', '160', '140', '120', '100']);
  });

  it('plans the indicators by the space’s curve: planned % and SPI follow the S-curve’s setting', async () => {
    const space = await ownSpace(t, 'curves-indicators', 'Кривые показателей');
    const { ok } = space;
    const { versionId } = await threeWorks(space);
    type Indicators = { total: { percentPlan: number; percentFact: number; spi: number } };
    const indicators = () => ok<Indicators>('GET', `/analytics/version/${versionId}/indicator`);
    // By cost, of 2100. At 03-07 17:00, W1 (03-03 08:00…03-12 17:00) is 105 of its 225 hours in: linear,
    // 7/15 of 1000 planned = 466.67 (22.22 %); earned 500 (50 % of W1), SPI 500 / 466.67 = 1.071.
    expect((await indicators()).total).toMatchObject({ percentPlan: 22.22, percentFact: 23.81, spi: 1.071 });
    // Front loaded: 7/15 of the span is 9⅓ twentieths; the first nine hold 65 %, the tenth 5 %, a third of
    // it 1⅔ %: 66.67 % of 1000 = 666.67 planned (31.75 %), SPI 500 / 666.67 = 0.75.
    await ok('PUT', '/analytics/settings', { defaultCurve: 'front_loaded' });
    expect((await indicators()).total).toMatchObject({ percentPlan: 31.75, percentFact: 23.81, spi: 0.75 });
    // A curve for tasks only (W1 is a task) plans it the same way; back to linear, the figures come back.
    await ok('PUT', '/analytics/settings', { defaultCurve: 'linear', task: 'front_loaded' });
    expect((await indicators()).total).toMatchObject({ percentPlan: 31.75, spi: 0.75 });
    await ok('PUT', '/analytics/settings', { defaultCurve: 'linear' });
    expect((await indicators()).total).toMatchObject({ percentPlan: 22.22, spi: 1.071 });
  });

  it('keeps a space’s own curves, normalised, and its settings: a default and a curve per work type', async () => {
    const space = await ownSpace(t, 'curves-manager', 'Свои кривые');
    const { ok } = space;
    const { versionId } = await threeWorks(space);
    const series = (query = '') =>
      ok<Series>('GET', `/analytics/version/${versionId}/series?measure=cost&period=day${query}`);

    const listed = await ok<Curves>('GET', '/analytics/curved-settings');
    expect(listed.curves.map((c) => c.id)).toEqual([
      'linear',
      'front_loaded',
      'back_loaded',
      'bell',
      'early_peak',
      'late_peak',
      'double_peak',
      'three_phase',
    ]);
    for (const curve of listed.curves) {
      expect(curve.points).toHaveLength(21);
      expect(curve.points.reduce((a, p) => a + p, 0)).toBeCloseTo(100, 9);
    }
    expect(listed.settings).toEqual({ defaultCurve: 'linear', task: null, work: null });

    // Values of any scale are kept as shares of 100: 2 at the start and 0.4 a twentieth sum to 10.
    const lump = await ok<Curve>('POST', '/analytics/curved-settings', {
      name: 'Аванс',
      points: [2, ...Array(20).fill(0.4)],
    });
    expect(lump.points).toEqual([20, ...Array(20).fill(4)]);
    expect(lump).toMatchObject({ builtIn: false, name: 'Аванс', revision: 1 });

    // A curve asked for by a widget: 20 % on the first day at once, then 4 % a twentieth.
    const asked = await series(`&curve=${lump.id}`);
    expect(daysFrom(asked, '2025-03-03', 10).map((d) => d.plan)).toEqual([280, ...Array(9).fill(80)]);

    // The space: every work by its own curve, tasks back loaded. W1 and W3 are tasks, W2 a work.
    const settings = await ok('PUT', '/analytics/settings', { defaultCurve: lump.id, task: 'back_loaded' });
    expect(settings).toEqual({ defaultCurve: lump.id, task: 'back_loaded', work: null });
    const bySettings = await series();
    expect(daysFrom(bySettings, '2025-03-03', 10).map((d) => d.plan)).toEqual([
      30, 40, 60, 80, 90, 100, 120, 140, 160, 180,
    ]);
    expect(bySettings.periods.find((d) => d.start === '2025-03-07')).toMatchObject({ planTotal: 300 });
    // W2 by the space's curve: 20 + 10 × 4 % on its first day, 10 × 4 % on its second.
    expect(daysFrom(bySettings, '2025-03-17', 2).map((d) => d.plan)).toEqual([60, 40]);
    // A widget's curve overrides the settings, for every type.
    const overridden = await series('&curve=linear');
    expect(daysFrom(overridden, '2025-03-03', 10).map((d) => d.plan)).toEqual(Array(10).fill(100));
    expect(daysFrom(overridden, '2025-03-17', 2).map((d) => d.plan)).toEqual([50, 50]);

    // A changed curve is a new question, not the kept answer: all of it at the start now.
    const changed = await ok<Curve>('PUT', `/analytics/curved-settings/${lump.id}`, {
      name: 'Аванс',
      points: [1, ...Array(20).fill(0)],
      revision: lump.revision,
    });
    expect(changed.revision).toBe(2);
    expect(daysFrom(await series(), '2025-03-17', 2).map((d) => d.plan)).toEqual([100, 0]);
    // A stale revision is refused.
    const stale = await t.api(
      'PUT',
      `/space/${space.spaceId}/analytics/curved-settings/${lump.id}`,
      { name: 'Аванс', points: Array(21).fill(1), revision: 1 },
      { token: space.token },
    );
    expect(stale.status).toBe(409);

    // Deleting the curve takes it out of the settings: every work linear again, tasks still back loaded.
    await ok('DELETE', `/analytics/curved-settings/${lump.id}`);
    expect(await ok('GET', '/analytics/settings')).toEqual({
      defaultCurve: 'linear',
      task: 'back_loaded',
      work: null,
    });
    expect(daysFrom(await series(), '2025-03-17', 2).map((d) => d.plan)).toEqual([50, 50]);
    // A widget still naming the deleted curve gets the space's settings.
    expect(daysFrom(await series(`&curve=${lump.id}`), '2025-03-03', 2).map((d) => d.plan)).toEqual([30, 40]);
  });

  it('refuses bad curves with translated messages, and lets only analytics managers write them', async () => {
    const space = await ownSpace(t, 'curves-checks', 'Проверки кривых');
    const post = (body: unknown, lang: 'en' | 'ru' = 'en') =>
      t.api<{ error_message: string[] }>('POST', `/space/${space.spaceId}/analytics/curved-settings`, body, {
        token: space.token,
        lang,
      });
    const short = await post({ name: 'Короткая', points: Array(20).fill(5) });
    expect(short.status).toBe(400);
    expect(short.body.error_message).toEqual([
      'points: A curve has 21 values: at 0 %, 5 %, … 100 % of the span',
    ]);
    const negative = await post({ name: 'Минус', points: [0, -1, ...Array(19).fill(5)] }, 'ru');
    expect(negative.status).toBe(400);
    expect(negative.body.error_message).toEqual(['points.1: Значение кривой не может быть отрицательным']);
    const empty = await post({ name: 'Пустая', points: Array(21).fill(0) });
    expect(empty.body.error_message).toEqual(['points: At least one value of the curve must be above zero']);
    const unknown = await t.api<{ error_message: string[] }>(
      'PUT',
      `/space/${space.spaceId}/analytics/settings`,
      { defaultCurve: '00000000-0000-4000-8000-000000000000' },
      { token: space.token },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_message).toEqual(['defaultCurve: There is no such curve']);

    const viewer = await spaceMember(t, space, 'curves-viewer', 'viewer');
    expect((await viewer.call('GET', '/analytics/curved-settings')).status).toBe(200);
    expect((await viewer.call('GET', '/analytics/settings')).status).toBe(200);
    expect(
      (await viewer.call('POST', '/analytics/curved-settings', { name: 'Моя', points: Array(21).fill(1) }))
        .status,
    ).toBe(403);
    expect((await viewer.call('PUT', '/analytics/settings', { defaultCurve: 'bell' })).status).toBe(403);
  });
});
