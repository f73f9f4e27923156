import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bimGeometryDecode } from '@takt/bim';
import { bimDemoIfc, bimIfcApiCreate } from '@takt/bim/ifc';
import { describe, expect, it } from 'vitest';
import { ownSpace, type Space, scheduleWithVersion, serverForFile } from './fixtures';

const t = serverForFile();
const TESTDATA = join(import.meta.dirname, '../../../../shared/testdata/ifc');

type Ok = Space['ok'];
type Work = { id: string; code: string; revision: number };
type Model = {
  id: string;
  status: string;
  progress: number;
  elementCount: number;
  schema: string;
  revision: number;
};

/** Engine minutes (since 2000-01-01T00:00) of a local date-time. */
const at = (iso: string) => (Date.parse(`${iso}:00Z`) - Date.UTC(2000, 0, 1)) / 60_000;

/**
 * facility → project → schedule with a version whose WBS mirrors the demo building of one section and
 * two storeys: Секция 1 → Этаж N → Монолитный каркас → Бетонирование перекрытия, and Секция 1 → Фасад.
 */
async function setup(ok: Ok) {
  const { projectId, scheduleId, versionId, v } = await scheduleWithVersion(ok);
  const section = await ok<Work>('POST', `${v}/wbs`, { name: 'Секция 1', type: 'sum' });
  const pours: Work[] = [];
  for (const [f, start, finish] of [
    [1, '2025-03-03T08:00', '2025-03-07T17:00'],
    [2, '2025-03-10T08:00', '2025-03-14T17:00'],
  ] as const) {
    const floor = await ok<Work>('POST', `${v}/wbs`, {
      name: `Этаж ${f}`,
      type: 'sum',
      parentId: section.id,
    });
    const frame = await ok<Work>('POST', `${v}/wbs`, {
      name: 'Монолитный каркас',
      type: 'sum',
      parentId: floor.id,
    });
    pours.push(
      await ok<Work>('POST', `${v}/wbs`, {
        name: 'Бетонирование перекрытия',
        code: `1.${f}.1.1`,
        parentId: frame.id,
        durationMinutes: 2400,
        planStart: start,
        planFinish: finish,
      }),
    );
  }
  const facade = await ok<Work>('POST', `${v}/wbs`, { name: 'Фасад', type: 'sum', parentId: section.id });
  const cladding = await ok<Work>('POST', `${v}/wbs`, {
    name: 'Облицовка фасада',
    parentId: facade.id,
    durationMinutes: 4800,
    planStart: '2025-03-17T08:00',
    planFinish: '2025-03-28T17:00',
  });
  return {
    projectId,
    scheduleId,
    versionId,
    v,
    p: `/projects/${projectId}/3d`,
    section,
    pours,
    cladding,
  };
}

async function upload(spaceId: string, token: string, projectId: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return t.api<Model & { error_code?: string }>(
    'POST',
    `/space/${spaceId}/projects/${projectId}/3d/upload`,
    undefined,
    {
      token,
      form,
    },
  );
}

async function waitParsed(ok: Ok, p: string, modelId: string) {
  for (let i = 0; i < 300; i++) {
    const model = await ok<Model>('GET', `${p}/info/${modelId}`);
    if (model.status !== 'uploading') return model;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the model was not parsed in time');
}

describe('BIM models, links and 4D', () => {
  it('uploads an IFC, parses it once in a job, and serves elements, geometry and the spatial tree', async () => {
    const { ok, spaceId, token } = await ownSpace(t, 'bim-owner', 'BIM');
    const s = await setup(ok);
    const api = await bimIfcApiCreate();
    const demo = bimDemoIfc(api, {
      sections: 1,
      floors: 2,
      // Process data names the pour of each storey by its work code.
      taskOf: (part) =>
        part.kind === 'slab'
          ? { identification: s.pours[part.floor - 1]!.code, name: 'Бетонирование перекрытия' }
          : null,
    });

    const bad = await upload(spaceId, token, s.projectId, new TextEncoder().encode('not an ifc'), 'x.ifc');
    expect(bad.status).toBe(415);
    expect(bad.body.error_code).toBe('UnsupportedFileType');

    const uploaded = await upload(spaceId, token, s.projectId, demo.bytes, 'demo.ifc');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ status: 'uploading', name: 'demo' });
    const model = await waitParsed(ok, s.p, uploaded.body.id);
    expect(model).toMatchObject({
      status: 'completed',
      progress: 100,
      schema: 'IFC4',
      elementCount: demo.elements,
    });
    const list = await ok<Model[]>('GET', `${s.p}/info`);
    expect(list.map((m) => m.id)).toEqual([model.id]);

    // Geometry cache: decodable, one range per element; ids in cache order.
    const geometry = await t.api<Uint8Array>('GET', `/space/${spaceId}${s.p}/model/${model.id}`, undefined, {
      token,
    });
    expect(geometry.headers.get('content-type')).toBe('application/octet-stream');
    const decoded = bimGeometryDecode(geometry.body);
    expect(decoded.elementCount).toBe(demo.elements);
    const ids = await ok<{ globalIds: string[]; classes: string[] }>(
      'GET',
      `${s.p}/elements/${model.id}/ids`,
    );
    expect(ids.globalIds).toHaveLength(demo.elements);

    const slabs = await ok<{ total: number; elements: { globalId: string; storey: string }[] }>(
      'GET',
      `${s.p}/elements/${model.id}?ifcClass=IfcSlab&storey=${encodeURIComponent('Этаж 2')}`,
    );
    expect(slabs.total).toBe(1);
    const slab = await ok<{ quantities: Record<string, Record<string, number>>; building: string }>(
      'GET',
      `${s.p}/attributes/${model.id}/${slabs.elements[0]!.globalId}`,
    );
    expect(slab.building).toBe('Секция 1');
    expect(slab.quantities.Qto_Base!.NetVolume).toBeCloseTo(24 * 15 * 0.22, 6);
    const keys = await ok<{ storeys: { value: string }[]; properties: { set: string; name: string }[] }>(
      'GET',
      `${s.p}/attributes/${model.id}`,
    );
    expect(keys.storeys.map((k) => k.value)).toEqual(['Подземная часть', 'Этаж 1', 'Этаж 2', 'Кровля']);
    expect(keys.properties).toContainEqual(
      expect.objectContaining({ set: 'Pset_WallCommon', name: 'IsExternal' }),
    );
    const pbs = await ok<{ tree: { children: { children: { name: string }[] }[] }[] }[]>(
      'GET',
      `${s.p}/pbs-list`,
    );
    expect(pbs[0]!.tree[0]!.children[0]!.children[0]!.name).toBe('Секция 1');

    // ── Links by rule: slabs of a storey ↔ the storey's pour; facade panels ↔ the cladding work.
    const rules = [
      {
        element: { ifcClasses: ['IfcSlab'], storey: 'Этаж *' },
        target: {
          kind: 'wbs',
          path: ['Секция {building#}', '{storey}', 'Монолитный каркас', 'Бетонирование перекрытия'],
        },
      },
      {
        element: { ifcClasses: ['IfcCovering'] },
        target: { kind: 'wbs', path: ['Секция {building#}', 'Фасад', '*'] },
      },
    ];
    const dry = await ok<{ proposed: number; created: number }>('POST', `${s.v}/3d/link/rules`, {
      rules,
      dryRun: true,
    });
    expect(dry).toMatchObject({ proposed: 2 + 16, created: 0 });
    expect((await ok<{ total: number }>('GET', `${s.v}/3d/link/relations`)).total).toBe(0);
    const applied = await ok<{ created: number; perRule: number[] }>('POST', `${s.v}/3d/link/rules`, {
      rules,
    });
    expect(applied).toMatchObject({ created: 18, perRule: [2, 16] });
    const again = await ok<{ created: number; removed: number }>('POST', `${s.v}/3d/link/rules`, {
      rules,
      replace: true,
    });
    expect(again).toMatchObject({ created: 18, removed: 18 });

    const relations = await ok<{
      total: number;
      relations: { workId: string; ifcClass: string; storey: string }[];
    }>('GET', `${s.v}/3d/link/relations?workId=${s.pours[1]!.id}`);
    expect(relations.total).toBe(1);
    expect(relations.relations[0]).toMatchObject({ ifcClass: 'IfcSlab', storey: 'Этаж 2' });
    const wbs = await ok<{ linked: { workId: string; elements: number }[]; worksWithoutElements: unknown[] }>(
      'GET',
      `${s.v}/3d/link/wbs`,
    );
    expect(wbs.linked).toContainEqual({ workId: s.cladding.id, elements: 16 });
    expect(wbs.worksWithoutElements).toEqual([]);
    // A sum work stands for its descendants: the section names every linked element.
    const nodeIds = await ok<{ modelId: string; globalIds: string[] }[]>('POST', `${s.v}/3d/link/node-ids`, {
      workIds: [s.section.id],
    });
    expect(nodeIds[0]!.globalIds).toHaveLength(18);
    const works = await ok<string[]>('POST', `${s.v}/3d/link/works`, {
      modelId: model.id,
      globalIds: [slabs.elements[0]!.globalId],
    });
    expect(works).toEqual([s.pours[1]!.id]);
    const unlinked = await ok<{ total: number }>(
      'GET',
      `${s.p}/elements/${model.id}?unlinkedInVersionId=${s.versionId}`,
    );
    expect(unlinked.total).toBe(demo.elements - 18);

    // ── By hand: link a column to the first pour, then unlink it.
    const column = (
      await ok<{ elements: { globalId: string }[] }>(
        'GET',
        `${s.p}/elements/${model.id}?ifcClass=IfcColumn&limit=1`,
      )
    ).elements[0]!;
    expect(
      await ok('POST', `${s.v}/3d/link`, {
        modelId: model.id,
        globalIds: [column.globalId],
        workIds: [s.pours[0]!.id],
      }),
    ).toEqual({ created: 1 });
    const missing = await t.api(
      'POST',
      `/space/${spaceId}${s.v}/3d/link`,
      {
        modelId: model.id,
        globalIds: ['no-such-element'],
        workIds: [s.pours[0]!.id],
      },
      { token },
    );
    expect(missing.status).toBe(404);
    expect(await ok('DELETE', `${s.v}/3d/link`, { modelId: model.id, globalIds: [column.globalId] })).toEqual(
      {
        deleted: 1,
      },
    );

    // ── Playback: the storey-2 slab before, during and after its pour; deviation once it finished late.
    const player = await ok<{
      models: { element: number[] }[];
      works: { ids: string[]; planStart: number[] };
    }>('GET', `${s.v}/3d/link/player`);
    expect(player.models[0]!.element).toHaveLength(18);
    expect(Math.min(...player.works.planStart)).toBe(at('2025-03-03T08:00'));
    const slab2 = slabs.elements[0]!.globalId;
    const lookAt = async (date: string, extra = '') => {
      const colors = await ok<{
        models: { elements: { globalId: string; phase: string; color: string | null; opacity: number }[] }[];
      }>('GET', `${s.v}/3d/link/colors?date=${date}${extra}`);
      return colors.models[0]!.elements.find((e) => e.globalId === slab2)!;
    };
    expect(await lookAt('2025-03-05')).toMatchObject({ phase: 'before', color: '#9aa5b1', opacity: 0.08 });
    expect(await lookAt('2025-03-12')).toMatchObject({ phase: 'during', color: '#f59e0b', opacity: 1 });
    expect(await lookAt('2025-03-20')).toMatchObject({ phase: 'after', color: null, opacity: 1 });
    await ok('PATCH', `${s.v}/wbs/${s.pours[1]!.id}`, {
      factStart: '2025-03-10T08:00',
      factFinish: '2025-03-19T17:00',
      revision: s.pours[1]!.revision,
    });
    expect(await lookAt('2025-03-20', '&mode=deviation')).toMatchObject({ phase: 'late', color: '#ef4444' });
    expect(await lookAt('2025-03-20', '&planKind=fact')).toMatchObject({ phase: 'after' });
    const deviations = await ok<{ workId: string; deviationDays: number | null; elements: number }[]>(
      'GET',
      `${s.v}/3d/link/deviation-dates`,
    );
    expect(deviations.find((d) => d.workId === s.pours[1]!.id)).toMatchObject({
      deviationDays: 5,
      elements: 1,
    });

    // ── Process data: the file's IfcTasks name the pours by code.
    await ok('DELETE', `${s.v}/3d/link`, { workIds: s.pours.map((w) => w.id) });
    const fromProcess = await ok<{ tasks: number; created: number; unmatched: unknown[] }>(
      'POST',
      `${s.v}/3d/link/process`,
      { modelId: model.id },
    );
    expect(fromProcess).toEqual({ tasks: 2, created: 2, unmatched: [] });

    // ── A version copy carries its links.
    const copy = await ok<{ id: string }>('POST', `/schedules/${s.scheduleId}/versions/create`, {
      name: 'Копия',
      copyFromVersionId: s.versionId,
    });
    const copied = await ok<{ total: number }>('GET', `/versions/${copy.id}/3d/link/relations`);
    expect(copied.total).toBe(18);

    // ── A locked version refuses link edits.
    await ok('POST', `/versions/${copy.id}/setLocked`, { locked: true });
    const locked = await t.api<{ error_code: string }>(
      'POST',
      `/space/${spaceId}/versions/${copy.id}/3d/link/rules`,
      { rules },
      { token },
    );
    expect(locked.body.error_code).toBe('VersionLocked');

    // ── Hiding a model keeps a revision; a stale update conflicts. Deleting it removes its links.
    const hidden = await ok<Model & { visible: boolean }>('PATCH', `${s.p}/model/${model.id}`, {
      visible: false,
      revision: model.revision,
    });
    expect(hidden.visible).toBe(false);
    const stale = await t.api(
      'PATCH',
      `/space/${spaceId}${s.p}/model/${model.id}`,
      { visible: true, revision: model.revision },
      { token },
    );
    expect(stale.status).toBe(409);
    await ok('DELETE', `${s.p}/model/${model.id}`);
    expect((await ok<{ total: number }>('GET', `${s.v}/3d/link/relations`)).total).toBe(0);
    const gone = await t.api('GET', `/space/${spaceId}${s.p}/model/${model.id}`, undefined, { token });
    expect(gone.status).toBe(404);
  });

  it('keeps appearance profiles, saved rules, view state and primitives with revisions', async () => {
    const { ok, spaceId, token } = await ownSpace(t, 'bim-profiles', 'BIM 2');
    const s = await setup(ok);
    const profiles = await ok<{ id: string; name: string; kind: string; revision: number }[]>(
      'GET',
      '/bim/appearance-profiles',
    );
    expect(profiles.map((p) => [p.kind, p.name])).toEqual([
      ['install', 'Installation'],
      ['remove', 'Removal'],
      ['temporary', 'Temporary'],
      ['maintain', 'Maintenance'],
      ['neutral', 'Neutral'],
    ]);
    const looks = {
      before: { color: null, opacity: 0 },
      during: { color: '#ff8800', opacity: 1 },
      after: { color: null, opacity: 1 },
    };
    const crane = await ok<{ id: string; revision: number }>('POST', '/bim/appearance-profiles', {
      name: 'Краны',
      kind: 'temporary',
      looks,
    });
    const dup = await t.api<{ error_code: string }>(
      'POST',
      `/space/${spaceId}/bim/appearance-profiles`,
      { name: 'краны', kind: 'install', looks },
      { token },
    );
    expect(dup.body.error_code).toBe('ValidationError');
    const badColor = await t.api(
      'POST',
      `/space/${spaceId}/bim/appearance-profiles`,
      {
        name: 'X',
        kind: 'install',
        looks: { ...looks, during: { color: 'red', opacity: 2 } },
      },
      { token },
    );
    expect(badColor.status).toBe(400);
    await ok('PATCH', `/bim/appearance-profiles/${crane.id}`, {
      revision: crane.revision,
      name: 'Башенные краны',
    });
    const stale = await t.api(
      'PATCH',
      `/space/${spaceId}/bim/appearance-profiles/${crane.id}`,
      { revision: crane.revision, name: 'Y' },
      { token },
    );
    expect(stale.status).toBe(409);
    await ok('DELETE', `/bim/appearance-profiles/${crane.id}`);

    // Saved rules of the schedule, applied without inline rules.
    const rule = await ok<{ id: string; revision: number }>('POST', `/schedules/${s.scheduleId}/3d/link`, {
      name: 'Перекрытия',
      rule: {
        element: { ifcClasses: ['IfcSlab'], storey: 'Этаж *' },
        target: { kind: 'wbs', path: ['{storey}', '*', 'Бетонирование перекрытия'] },
        profileId: profiles[0]!.id,
      },
    });
    const rules = await ok<{ id: string }[]>('GET', `/schedules/${s.scheduleId}/3d/link`);
    expect(rules.map((r) => r.id)).toEqual([rule.id]);
    const api = await bimIfcApiCreate();
    const uploaded = await upload(
      spaceId,
      token,
      s.projectId,
      bimDemoIfc(api, { sections: 1, floors: 2 }).bytes,
      'b.ifc',
    );
    await waitParsed(ok, s.p, uploaded.body.id);
    expect(await ok<{ created: number }>('POST', `${s.v}/3d/link/rules`, {})).toMatchObject({ created: 2 });
    const renamed = await ok<{ name: string; revision: number }>(
      'PATCH',
      `/schedules/${s.scheduleId}/3d/link/${rule.id}`,
      {
        revision: rule.revision,
        name: 'Плиты',
      },
    );
    expect(renamed).toMatchObject({ name: 'Плиты', revision: rule.revision + 1 });
    await ok('DELETE', `/schedules/${s.scheduleId}/3d/link/${rule.id}`);

    // View state per user and project, merged, with a revision.
    const first = await ok<{ revision: number }>('PUT', `/bim/state/${s.projectId}`, {
      state: { date: '2025-03-10', planKind: 'fact', speed: 7 },
    });
    const second = await ok<{ state: Record<string, unknown>; revision: number }>(
      'PUT',
      `/bim/state/${s.projectId}`,
      {
        state: { speed: 14 },
        revision: first.revision,
      },
    );
    expect(second.state).toEqual({ date: '2025-03-10', planKind: 'fact', speed: 14 });
    const conflict = await t.api(
      'PUT',
      `/space/${spaceId}/bim/state/${s.projectId}`,
      { state: { speed: 1 }, revision: first.revision },
      { token },
    );
    expect(conflict.status).toBe(409);

    // Primitives of an EPS node.
    const box = await ok<{ id: string; revision: number; size: number[] }>(
      'POST',
      `/primitivesModels/${s.projectId}`,
      {
        name: 'Кран 1',
        shape: 'cylinder',
        position: [10, 20, -5],
        size: [2, 40, 2],
        color: '#F5C400',
      },
    );
    expect(box).toMatchObject({ size: [2, 40, 2], rotationY: 0, color: '#f5c400', opacity: 1 });
    const tooSmall = await t.api(
      'POST',
      `/space/${spaceId}/primitivesModels/${s.projectId}`,
      {
        name: 'X',
        shape: 'box',
        position: [0, 0, 0],
        size: [0, 1, 1],
        color: '#000000',
      },
      { token },
    );
    expect(tooSmall.status).toBe(400);
    const moved = await ok<{ position: number[]; revision: number }>(
      'PATCH',
      `/primitivesModels/${s.projectId}/${box.id}`,
      {
        position: [11, 20, -5],
        revision: box.revision,
      },
    );
    expect(moved.position).toEqual([11, 20, -5]);
    expect(await ok<unknown[]>('GET', `/primitivesModels/${s.projectId}`)).toHaveLength(1);
    await ok('DELETE', `/primitivesModels/${s.projectId}/${box.id}`);
    expect(await ok<unknown[]>('GET', `/primitivesModels/${s.projectId}`)).toHaveLength(0);
  });

  it('keeps one space out of another space’s models', async () => {
    const a = await ownSpace(t, 'bim-a', 'A');
    const b = await ownSpace(t, 'bim-b', 'B');
    const s = await setup(a.ok);
    const api = await bimIfcApiCreate();
    const uploaded = await upload(
      a.spaceId,
      a.token,
      s.projectId,
      bimDemoIfc(api, { sections: 1, floors: 1 }).bytes,
      'a.ifc',
    );
    await waitParsed(a.ok, s.p, uploaded.body.id);
    // Through B's own space the model is simply not found; B has no access to A's space at all.
    const viaOwn = await t.api('GET', `/space/${b.spaceId}${s.p}/info/${uploaded.body.id}`, undefined, {
      token: b.token,
    });
    expect(viaOwn.status).toBe(404);
    const viaOther = await t.api('GET', `/space/${a.spaceId}${s.p}/info/${uploaded.body.id}`, undefined, {
      token: b.token,
    });
    expect(viaOther.status).toBe(403);
  });

  it('keeps where a real file puts itself (the FZK house site) and the user move of a model', async () => {
    const { ok, spaceId, token } = await ownSpace(t, 'bim-placer', 'BIM placement');
    const { projectId, p } = await setup(ok);
    const bytes = new Uint8Array(readFileSync(join(TESTDATA, 'AC20-FZK-Haus.ifc')));
    const uploaded = await upload(spaceId, token, projectId, bytes, 'AC20-FZK-Haus.ifc');
    expect(uploaded.status).toBe(200);
    type Placed = Model & {
      georeference: { kind: string; latitude: number; longitude: number; elevation: number } | null;
      offset: { x: number; y: number; z: number; rotation: number } | null;
    };
    const parsed = (await waitParsed(ok, p, uploaded.body.id)) as Placed;
    expect(parsed).toMatchObject({ status: 'completed', schema: 'IFC4', offset: null });
    expect(parsed.elementCount).toBeGreaterThan(50);
    expect(parsed.georeference).toMatchObject({ kind: 'site', elevation: 110 });
    expect(parsed.georeference!.latitude).toBeCloseTo(49.1004, 4);

    const moved = await ok<Placed>('PATCH', `${p}/model/${parsed.id}`, {
      revision: parsed.revision,
      offset: { x: 25, y: -4.5, z: 0, rotation: 90 },
    });
    expect(moved.offset).toEqual({ x: 25, y: -4.5, z: 0, rotation: 90 });
    // Renaming keeps the move; null takes it back.
    const renamed = await ok<Placed>('PATCH', `${p}/model/${parsed.id}`, {
      revision: moved.revision,
      name: 'Дом',
    });
    expect(renamed).toMatchObject({ name: 'Дом', offset: { x: 25 } });
    const tooFar = await t.api(
      'PATCH',
      `/space/${spaceId}${p}/model/${parsed.id}`,
      {
        revision: renamed.revision,
        offset: { x: 1e9, y: 0, z: 0, rotation: 0 },
      },
      { token },
    );
    expect(tooFar.status).toBe(400);
    const back = await ok<Placed>('PATCH', `${p}/model/${parsed.id}`, {
      revision: renamed.revision,
      offset: null,
    });
    expect(back.offset).toBeNull();
    const [listed] = await ok<Placed[]>('GET', `${p}/info`);
    expect(listed).toMatchObject({ id: parsed.id, offset: null, georeference: { kind: 'site' } });
  });

  it('gives the demo space its building model, linked storey by storey, showing 4D today', async () => {
    const { token } = await t.signUp('bim-demo');
    const space = await t.api<{ id: string }>('POST', '/space/create-demo', undefined, { token });
    const ok = async <T>(method: string, path: string, body?: unknown) => {
      const reply = await t.api<T>(method, `/space/${space.body.id}${path}`, body, { token });
      if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body;
    };
    const eps = await ok<{ id: string; kind: string; actualVersionId: string | null }[]>('GET', '/eps');
    const project = eps.find((n) => n.kind === 'project')!;
    const schedule = eps.find((n) => n.kind === 'schedule')!;
    const [model] = await ok<Model[]>('GET', `/projects/${project.id}/3d/info`);
    // 4 sections × (foundation + 4 basement walls + 19 storeys × 39 + roof).
    expect(model).toMatchObject({ status: 'completed', elementCount: 4 * (5 + 19 * 39 + 1) });
    const rules = await ok<{ name: string }[]>('GET', `/schedules/${schedule.id}/3d/link`);
    expect(rules.map((r) => r.name)).toContain('Перекрытия');
    const v = `/versions/${schedule.actualVersionId}`;
    const wbs = await ok<{ linked: unknown[] }>('GET', `${v}/3d/link/wbs`);
    // Every element is linked: foundation, basement walls, slabs, columns, walls, windows, facade, roof.
    expect(
      (
        await ok<{ total: number }>(
          'GET',
          `/projects/${project.id}/3d/elements/${model!.id}?unlinkedInVersionId=${schedule.actualVersionId}`,
        )
      ).total,
    ).toBe(0);
    expect(wbs.linked.length).toBeGreaterThan(4 * 19 * 5);
    // The programme started nine months ago: today some elements are built, some not yet.
    const today = new Date().toISOString().slice(0, 10);
    const colors = await ok<{ models: { elements: { phase: string }[] }[] }>(
      'GET',
      `${v}/3d/link/colors?date=${today}`,
    );
    const phases = new Set(colors.models[0]!.elements.map((e) => e.phase));
    expect(phases).toEqual(new Set(['before', 'during', 'after']));
  });
});
