import { describe, expect, it } from 'vitest';
import { type Failure, scheduleWithVersion, spaceForFile, spaceMember } from './fixtures';

const { t, s: owner } = spaceForFile('res-owner', 'Ресурсы');

type Resource = {
  id: string;
  name: string;
  code: string | null;
  kind: string;
  revision: number;
  assignments: number;
};
type Assignment = {
  id: string;
  workId: string;
  resourceId: string;
  planQuantity: number;
  distribution: string;
  reserved: string | null;
  revision: number;
  resourceName: string;
};
type Work = {
  id: string;
  code: string | null;
  revision: number;
  startLimit: { type: string; date: string } | null;
};

const call = <T = Failure>(method: string, path: string, body?: unknown, lang: 'en' | 'ru' = 'en') =>
  t.api<T>(method, `/space/${owner.spaceId}${path}`, body, { token: owner.token, lang });

async function work(v: string, fields: Record<string, unknown>) {
  return owner.ok<Work>('POST', `${v}/wbs`, fields);
}

describe('resource directory', () => {
  it('creates, lists, filters, updates at a revision, refuses stale and bad input', async () => {
    const crane = await owner.ok<Resource>('POST', '/resources', {
      name: 'Кран башенный',
      code: 'КР-1',
      kind: 'labour',
      unit: 'маш.-ч',
      price: 3500,
      unitsPerDay: 8,
      periods: [{ from: '2025-01-01', until: '2025-01-31', unitsPerDay: 16 }],
    });
    expect(crane).toMatchObject({
      name: 'Кран башенный',
      code: 'КР-1',
      kind: 'labour',
      revision: 1,
      assignments: 0,
    });
    await owner.ok('POST', '/resources', { name: 'Бетон B25', code: 'БТ-25', kind: 'volume', unit: 'м³' });
    const filtered = await owner.ok<Resource[]>('GET', '/resources?filter=бетон');
    expect(filtered.map((r) => r.code)).toEqual(['БТ-25']);
    const byKind = await owner.ok<Resource[]>('GET', '/resources?kind=labour');
    expect(byKind.map((r) => r.code)).toEqual(['КР-1']);

    const updated = await owner.ok<Resource>('PATCH', `/resources/${crane.id}`, { price: 4000, revision: 1 });
    expect(updated).toMatchObject({ revision: 2 });
    const stale = await call('PATCH', `/resources/${crane.id}`, { price: 1, revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error_code).toBe('Conflict');

    const taken = await call('POST', '/resources', { name: 'Другой', code: 'КР-1', kind: 'cost' });
    expect(taken.status).toBe(400);
    expect(taken.body.issues).toEqual([
      expect.objectContaining({ path: 'code', message: 'resources.code_taken' }),
    ]);
    expect(taken.body.error_message).toEqual(['code: This code is already used by another resource']);

    const bad = await call('POST', '/resources', {
      name: '<b>',
      kind: 'steel',
      price: -1,
      periods: [{ from: '2025-02-10', until: '2025-02-01', unitsPerDay: 1 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues!.map((i) => `${i.path}: ${i.message}`).sort()).toEqual([
      'kind: validation.out_of_range',
      'name: validation.prohibited_characters',
      'periods.0.until: resources.validation.period_order',
      'price: validation.out_of_range',
    ]);
  });

  it('keeps specialties unique regardless of case and sets a member’s specialties', async () => {
    const mason = await owner.ok<{ id: string; revision: number }>('POST', '/specialties', {
      name: 'Каменщик',
    });
    const again = await call('POST', '/specialties', { name: 'КАМЕНЩИК' }, 'ru');
    expect(again.body.error_message).toEqual(['name: Специальность с таким названием уже есть']);
    const me = (await t.api<{ id: string }>('GET', '/users/who-am-i', undefined, { token: owner.token }))
      .body;
    await owner.ok('PUT', `/user-specialties/${me.id}`, { specialtyIds: [mason.id] });
    const executors = await owner.ok<{ id: string; specialties: { name: string }[] }[]>(
      'GET',
      '/user-specialties',
    );
    expect(executors.find((e) => e.id === me.id)?.specialties.map((s) => s.name)).toEqual(['Каменщик']);
    const renamed = await owner.ok<{ name: string; revision: number }>('PATCH', `/specialties/${mason.id}`, {
      name: 'Каменщик 4 р.',
      revision: mason.revision,
    });
    expect(renamed).toMatchObject({ name: 'Каменщик 4 р.', revision: 2 });
  });
});

describe('assignments', () => {
  it('assigns, refuses a second assignment and a reserved mode without its parameter, undoes, copies with the version', async () => {
    const { v, scheduleId, versionId } = await scheduleWithVersion(owner.ok);
    const concrete = await owner.ok<Resource>('POST', '/resources', {
      name: 'Бетон',
      kind: 'volume',
      unit: 'м³',
    });
    const crew = await owner.ok<Resource>('POST', '/resources', {
      name: 'Бригада',
      kind: 'labour',
      unit: 'чел.-ч',
    });
    const pour = await work(v, { name: 'Бетонирование', code: 'A-1', durationMinutes: 2400, planVolume: 50 });
    const volume = await owner.ok<Assignment>('POST', `${v}/assignment`, {
      workId: pour.id,
      resourceId: concrete.id,
      planQuantity: 50,
      distribution: 'evenly',
    });
    expect(volume).toMatchObject({
      planQuantity: 50,
      distribution: 'evenly',
      reserved: null,
      resourceName: 'Бетон',
    });
    const twice = await call('POST', `${v}/assignment`, { workId: pour.id, resourceId: concrete.id });
    expect(twice.status).toBe(409);
    expect(twice.body.error_message).toBe('This resource is already assigned to the work');

    const noLag = await call('POST', `${v}/assignment`, {
      workId: pour.id,
      resourceId: crew.id,
      reserved: 'by_lag',
    });
    expect(noLag.body.issues).toEqual([
      expect.objectContaining({ path: 'lagMinutes', message: 'resources.validation.lag_required' }),
    ]);
    const labour = await owner.ok<Assignment>('POST', `${v}/assignment`, {
      workId: pour.id,
      resourceId: crew.id,
      planQuantity: 80,
      reserved: 'by_volume',
      followsId: volume.id,
    });
    expect(labour.reserved).toBe('by_volume');
    const stale = await call('PATCH', `${v}/assignment/${labour.id}`, { planQuantity: 1, revision: 7 });
    expect(stale.body.error_code).toBe('Conflict');
    const changed = await owner.ok<Assignment>('PATCH', `${v}/assignment/${labour.id}`, {
      planQuantity: 96,
      revision: labour.revision,
    });
    expect(changed).toMatchObject({ planQuantity: 96, revision: 2 });

    // The resource is in use: it cannot be deleted.
    const inUse = await call('DELETE', `/resources/${crew.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error_message).toBe('The resource is assigned to works and cannot be deleted');

    // Undo the change of quantity: the assignment is back at 80.
    const actions = await owner.ok<{ id: string; kind: string; action: string }[]>(
      'GET',
      `${v}/undo-actions`,
    );
    expect(actions[0]).toMatchObject({ kind: 'undo_wbs', action: 'assignments.update' });
    await owner.ok('POST', `${v}/undo-actions`, {});
    const after = await owner.ok<Assignment[]>('GET', `${v}/assignment?workId=${pour.id}`);
    expect(after.find((a) => a.id === labour.id)).toMatchObject({ planQuantity: 80 });

    // Deleting the work deletes its assignments; undoing the deletion brings them back.
    await owner.ok('POST', `${v}/wbs/delete`, { workIds: [pour.id] });
    expect(await owner.ok<Assignment[]>('GET', `${v}/assignment`)).toEqual([]);
    await owner.ok('POST', `${v}/undo-actions`, {});
    const restored = await owner.ok<Assignment[]>('GET', `${v}/assignment`);
    expect(restored.map((a) => a.id).sort()).toEqual([volume.id, labour.id].sort());

    // A copy of the version carries the assignments, with the by_volume link mapped to the copy.
    const copy = await owner.ok<{ id: string }>('POST', `/schedules/${scheduleId}/versions/create`, {
      name: 'Копия',
      copyFromVersionId: versionId,
    });
    const copied = await owner.ok<(Assignment & { followsId: string | null })[]>(
      'GET',
      `/versions/${copy.id}/assignment`,
    );
    expect(copied).toHaveLength(2);
    const copiedVolume = copied.find((a) => a.resourceId === concrete.id)!;
    expect(copied.find((a) => a.resourceId === crew.id)).toMatchObject({ followsId: copiedVolume.id });
    expect(copiedVolume.id).not.toBe(volume.id);
  });

  it('assigns one resource to many works with a success or a warning', async () => {
    const { v } = await scheduleWithVersion(owner.ok);
    const crane = await owner.ok<Resource>('POST', '/resources', { name: 'Кран', kind: 'cost', price: 100 });
    const a = await work(v, { name: 'Монтаж 1' });
    const b = await work(v, { name: 'Монтаж 2' });
    const first = await owner.ok<{ status: string; assigned: number; skipped: number }>(
      'POST',
      `${v}/assignment/assign`,
      {
        resourceId: crane.id,
        workIds: [a.id],
        planQuantity: 16,
      },
    );
    expect(first).toMatchObject({ status: 'success', assigned: 1, skipped: 0 });
    const second = await owner.ok<{ status: string; assigned: number; skipped: number }>(
      'POST',
      `${v}/assignment/assign`,
      { resourceId: crane.id, workIds: [a.id, b.id] },
    );
    expect(second).toMatchObject({ status: 'warning', assigned: 1, skipped: 1 });
  });
});

describe('costs', () => {
  it('says which attributes are missing, names works without volume (two codes and N more), writes costs with roll-up', async () => {
    const { v, versionId } = await scheduleWithVersion(owner.ok);
    const noAttributes = await call('POST', `${v}/update-costs`, {});
    expect(noAttributes.status).toBe(400);
    expect(noAttributes.body.error_message).toBe(
      'Costs were not calculated: choose the money attributes for plan and fact costs in the resource settings',
    );
    const planCost = await owner.ok<{ id: string }>('POST', '/attributes', {
      name: 'Стоимость план',
      valueType: 'money',
    });
    const factCost = await owner.ok<{ id: string }>('POST', '/attributes', {
      name: 'Стоимость факт',
      valueType: 'money',
    });
    const text = await owner.ok<{ id: string }>('POST', '/attributes', {
      name: 'Примечание',
      valueType: 'string',
    });
    const wrongType = await call('PATCH', `${v}/resource-settings`, {
      planCostAttributeId: text.id,
      revision: 0,
    });
    expect(wrongType.body.issues).toEqual([
      expect.objectContaining({
        path: 'planCostAttributeId',
        message: 'resources.validation.cost_attribute',
      }),
    ]);
    const settings = await owner.ok<{ revision: number }>('PATCH', `${v}/resource-settings`, {
      planCostAttributeId: planCost.id,
      factCostAttributeId: factCost.id,
      revision: 0,
    });
    expect(settings.revision).toBe(1);

    const concrete = await owner.ok<Resource>('POST', '/resources', {
      name: 'Бетон М',
      kind: 'volume',
      price: 5000,
    });
    const crane = await owner.ok<Resource>('POST', '/resources', {
      name: 'Кран М',
      kind: 'cost',
      price: 1200,
    });
    const section = await work(v, { name: 'Секция 1', code: 'S-1' });
    const works = [];
    for (const code of ['B-1', 'B-2', 'B-3'])
      works.push(await work(v, { name: code, code, parentId: section.id }));
    for (const w of works)
      await owner.ok('POST', `${v}/assignment`, { workId: w.id, resourceId: concrete.id });

    const missing = await call('POST', `${v}/update-costs`, {});
    expect(missing.body.error_code).toBe('VolumeMissing');
    expect(missing.body.error_message).toBe('No volume is set for the works B-1, B-2 and 1 more');
    const missingRu = await call('POST', `${v}/update-costs`, {}, 'ru');
    expect(missingRu.body.error_message).toBe('Не задан объём у работ B-1, B-2 и ещё 1');

    await owner.ok('PATCH', `${v}/wbs/bulk`, {
      works: (await owner.ok<Work[]>('GET', `${v}/wbs`))
        .filter((w) => w.code?.startsWith('B-'))
        .map((w) => ({
          workId: w.id,
          revision: w.revision,
        })),
      set: { planVolume: 10, factVolume: 4 },
    });
    await owner.ok('POST', `${v}/assignment`, {
      workId: works[0]!.id,
      resourceId: crane.id,
      planQuantity: 5,
      factQuantity: 2,
    });
    const done = await owner.ok<{ count: number; planTotal: number; factTotal: number }>(
      'POST',
      `${v}/update-costs`,
      {},
    );
    // 3 × 10 m³ × 5000 + 5 × 1200 = 156,000; fact 3 × 4 × 5000 + 2 × 1200 = 62,400
    expect(done).toMatchObject({ planTotal: 156_000, factTotal: 62_400 });
    const sectionRow = await owner.ok<{ attributes: Record<string, unknown> }>(
      'GET',
      `${v}/wbs/${section.id}`,
    );
    expect(sectionRow.attributes).toEqual({ [planCost.id]: 156_000, [factCost.id]: 62_400 });
    const first = await owner.ok<{ attributes: Record<string, unknown> }>('GET', `${v}/wbs/${works[0]!.id}`);
    expect(first.attributes[planCost.id]).toBe(56_000);
    expect(versionId).toBeTruthy();
  });
});

describe('histogram and leveling', () => {
  it('shows over-allocation, previews the leveling with reasons, applies it with undo', async () => {
    const { v, versionId } = await scheduleWithVersion(owner.ok);
    await owner.ok('PATCH', `/versions/${versionId}`, {
      projectStart: '2025-03-03T08:00',
      revision: (await owner.ok<{ revision: number }>('GET', `/versions/${versionId}`)).revision,
    });
    const crew = await owner.ok<Resource>('POST', '/resources', {
      name: 'Бригада монтажников',
      code: 'БМ',
      kind: 'labour',
      unit: 'чел.',
      unitsPerDay: 10,
    });
    const a = await work(v, { name: 'Монтаж колонн', code: 'M-1', durationMinutes: 960 });
    const b = await work(v, { name: 'Монтаж ригелей', code: 'M-2', durationMinutes: 960 });
    for (const w of [a, b])
      await owner.ok('POST', `${v}/assignment`, { workId: w.id, resourceId: crew.id, planQuantity: 16 });

    type Histogram = {
      rows: { id: string; label: string }[];
      periodLabels: string[];
      plan: number[];
      availability: (number | null)[];
      overAllocated: number[];
      overAllocations: { from: string; until: string; peakDemand: number; available: number }[];
    };
    const h = await owner.ok<Histogram>('GET', `${v}/histogram?period=day`);
    expect(h.rows).toEqual([{ id: crew.id, label: 'БМ Бригада монтажников', kind: 'labour', unit: 'чел.' }]);
    expect(h.periodLabels.slice(0, 2)).toEqual(['2025-03-03', '2025-03-04']);
    expect(h.plan.slice(0, 2)).toEqual([16, 16]);
    expect(h.availability.slice(0, 2)).toEqual([10, 10]);
    expect(h.overAllocated.slice(0, 2)).toEqual([1, 1]);
    expect(h.overAllocations[0]).toMatchObject({
      from: '2025-03-03',
      until: '2025-03-04',
      peakDemand: 16,
      available: 10,
    });

    type Preview = {
      moved: {
        workId: string;
        label: string;
        revision: number;
        to: string;
        reasons: { kind: string; label: string }[];
      }[];
      projectFinish: string;
      originalProjectFinish: string;
    };
    const preview = await owner.ok<Preview>('POST', `${v}/leveling/preview`, {});
    expect(preview.moved).toHaveLength(1);
    expect(preview.moved[0]!.reasons[0]).toMatchObject({ kind: 'resource', label: 'БМ Бригада монтажников' });
    expect(preview.projectFinish > preview.originalProjectFinish).toBe(true);

    const applied = await owner.ok<{ count: number }>('POST', `${v}/leveling/apply`, {
      moves: preview.moved.map((m) => ({ workId: m.workId, revision: m.revision, start: m.to })),
    });
    expect(applied.count).toBe(1);
    const moved = await owner.ok<Work & { earlyStart: string }>(
      'GET',
      `${v}/wbs/${preview.moved[0]!.workId}`,
    );
    expect(moved.startLimit).toEqual({ type: 'not_earlier', date: preview.moved[0]!.to });
    expect(moved.earlyStart).toBe(preview.moved[0]!.to);
    const leveled = await owner.ok<Histogram>('GET', `${v}/histogram?period=day`);
    expect(leveled.overAllocations).toEqual([]);

    await owner.ok('POST', `${v}/undo-actions`, {});
    const back = await owner.ok<Work>('GET', `${v}/wbs/${preview.moved[0]!.workId}`);
    expect(back.startLimit).toBeNull();
  });

  it('spreads each assignment by period for the schedule node (distributions/by-eps-id) and saves distributions', async () => {
    const { v, scheduleId, versionId } = await scheduleWithVersion(owner.ok);
    await owner.ok('PATCH', `/versions/${versionId}`, {
      projectStart: '2025-03-03T08:00',
      revision: (await owner.ok<{ revision: number }>('GET', `/versions/${versionId}`)).revision,
    });
    const sand = await owner.ok<Resource>('POST', '/resources', { name: 'Песок', kind: 'volume', unit: 'т' });
    const w = await work(v, { name: 'Подсыпка', durationMinutes: 4 * 480 });
    const a = await owner.ok<Assignment>('POST', `${v}/assignment`, {
      workId: w.id,
      resourceId: sand.id,
      planQuantity: 40,
    });
    type Distributions = {
      periodLabels: string[];
      items: { id: string; plan: number[]; revision: number }[];
    };
    const even = await owner.ok<Distributions>('GET', `/distributions/by-eps-id/${scheduleId}?period=day`);
    expect(even.periodLabels).toEqual(['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06']);
    expect(even.items[0]!.plan).toEqual([10, 10, 10, 10]);
    await owner.ok('PUT', '/distributions/save', {
      versionId,
      items: [{ assignmentId: a.id, revision: a.revision, distribution: 'end' }],
    });
    const end = await owner.ok<Distributions>('GET', `/distributions/by-eps-id/${scheduleId}?period=day`);
    expect(end.items[0]!.plan).toEqual([0, 0, 0, 40]);
  });
});

describe('calculation scenarios', () => {
  it('applies scenario 6 by physical volume on the actual duration, lists works without a volume, undoes it', async () => {
    const { v, versionId } = await scheduleWithVersion(owner.ok);
    const version = await owner.ok<{ revision: number }>('GET', `/versions/${versionId}`);
    await owner.ok('PATCH', `/versions/${versionId}`, {
      projectStart: '2025-03-03T08:00',
      dataDate: '2025-03-10T08:00',
      revision: version.revision,
    });
    // Started on Tuesday 4 March, 25 of 100 m³ done by the data date (Monday 10 March): 4 working days.
    const laying = await work(v, {
      name: 'Кладка',
      code: 'K-1',
      durationMinutes: 10 * 480,
      planVolume: 100,
      factVolume: 25,
      factStart: '2025-03-04T08:00',
      progress: 10,
      status: 'in_progress',
    });
    await work(v, { name: 'Без объёма', code: 'N-1', durationMinutes: 480 });

    // Remaining durations by intensity: 25 m³ in 4 days is 6.25 m³ a day; 75 m³ more take 12 days.
    type Remains = { count: number; works: { workId: string; intensity: number; durationMinutes: number }[] };
    const remains = await owner.ok<Remains>('PATCH', `${v}/calculate-remains-duration-by-intensity`, {});
    expect(remains).toMatchObject({
      count: 1,
      works: [{ workId: laying.id, intensity: 6.25, durationMinutes: 7680 }],
    });
    await owner.ok('POST', `${v}/undo-actions`, {});

    const settings = await owner.ok<{ revision: number }>('GET', `${v}/resource-settings`);
    await owner.ok('PATCH', `${v}/resource-settings`, { scenario: 6, revision: settings.revision });

    type Applied = { scenario: number; count: number; skipped: { label: string; reason: string }[] };
    const applied = await owner.ok<Applied>('PATCH', `${v}/update/estimated-data`, {});
    expect(applied).toMatchObject({
      scenario: 6,
      count: 1,
      skipped: [{ label: 'N-1 Без объёма', reason: 'no_plan' }],
    });
    // At 25 % after 4 days the rest takes 12 more working days: from Monday 10 to Tuesday 25 March.
    const after = await owner.ok<Work & { progress: number; durationMinutes: number; earlyFinish: string }>(
      'GET',
      `${v}/wbs/${laying.id}`,
    );
    expect(after).toMatchObject({ progress: 25, durationMinutes: 7680, earlyFinish: '2025-03-25T17:00' });

    const actions = await owner.ok<{ action: string }[]>('GET', `${v}/undo-actions`);
    expect(actions[0]!.action).toBe('resources.scenario_6');
    await owner.ok('POST', `${v}/undo-actions`, {});
    const back = await owner.ok<{ progress: number; durationMinutes: number }>(
      'GET',
      `${v}/wbs/${laying.id}`,
    );
    expect(back).toMatchObject({ progress: 10, durationMinutes: 4800 });
  });
});

describe('permissions', () => {
  it('lets a viewer read the directory but not change it or the assignments', async () => {
    const { v } = await scheduleWithVersion(owner.ok);
    const viewer = await spaceMember(t, owner, 'res-viewer', 'viewer');
    const as = viewer.call;
    expect((await as('GET', '/resources')).status).toBe(200);
    expect((await as('POST', '/resources', { name: 'X', kind: 'cost' })).body.error_code).toBe('Forbidden');
    const w = await work(v, { name: 'Работа' });
    const r = await owner.ok<Resource>('POST', '/resources', { name: 'Y', kind: 'cost' });
    expect((await as('POST', `${v}/assignment`, { workId: w.id, resourceId: r.id })).body.error_code).toBe(
      'Forbidden',
    );
  });
});
