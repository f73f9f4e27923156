import { afterAll, describe, expect, it } from 'vitest';
import { fakeModel } from './fake-model';
import { type Failure, ownSpace, scheduleWithVersion, serverForFile, spaceMember } from './fixtures';

const t = serverForFile();

const DAY = 480;

type Item = {
  key: string;
  name: string;
  durationDays: number;
  volume: number | null;
  unit: string | null;
  trade: string | null;
};
type Proposal = {
  source: string;
  templateKey: string | null;
  items: Item[];
  relations: { from: string; to: string; type: string; lagDays: number }[];
};
type Answer = {
  work: { id: string; revision: number; days: number };
  candidates: { id: string; source: string; name: string; score: number; reasons: { kind: string }[] }[];
  template: string;
  proposal: Proposal;
  modelConfigured: boolean;
  model: { proposal: Proposal; adjusted: boolean } | { error: string } | null;
};
type Work = {
  id: string;
  name: string;
  type: string;
  parentId: string | null;
  durationMinutes: number;
  planVolume: number | null;
  revision: number;
};
type Relation = { id: string; predecessorId: string; successorId: string; type: string; lagMinutes: number };

const { fake, modelOn, reset } = fakeModel();
afterAll(reset);

/** Before → Котлован (10 days, 1000 m³) → After, with a finish-to-finish link into it too. */
async function excavation(space: Awaited<ReturnType<typeof ownSpace>>) {
  const { ok } = space;
  const { versionId, v, scheduleId } = await scheduleWithVersion(ok);
  const work = (name: string, fields: Record<string, unknown>) =>
    ok<{ id: string }>('POST', `${v}/wbs`, { name, planStart: '2025-03-03T08:00', ...fields });
  const before = await work('Разметка', { durationMinutes: 2 * DAY });
  const pit = await work('Разработка котлована', { durationMinutes: 10 * DAY, planVolume: 1000, unit: 'м3' });
  const after = await work('Свайное поле', { durationMinutes: 5 * DAY });
  const side = await work('Водопонижение', { durationMinutes: 3 * DAY });
  await ok('POST', `${v}/relations`, { predecessorId: before.id, successorId: pit.id });
  await ok('POST', `${v}/relations`, {
    predecessorId: side.id,
    successorId: pit.id,
    type: 'ff',
    lagMinutes: DAY,
  });
  await ok('POST', `${v}/relations`, { predecessorId: pit.id, successorId: after.id });
  return {
    versionId,
    v,
    scheduleId,
    ids: { before: before.id, pit: pit.id, after: after.id, side: side.id },
  };
}

const strip = (rows: Work[]) =>
  rows.map(({ id, name, type, parentId, durationMinutes, planVolume }) => ({
    id,
    name,
    type,
    parentId,
    durationMinutes,
    planVolume,
  }));
const pairs = (rows: Relation[]) =>
  rows.map((r) => `${r.predecessorId}>${r.successorId}:${r.type}:${r.lagMinutes}`).sort();

describe('schedule assistant: WBS decomposition', () => {
  it('proposes the earthworks template, applies it as one undoable change and undoes it exactly', async () => {
    const space = await ownSpace(t, 'decompose-owner', 'Декомпозиция');
    const { ok } = space;
    const { versionId, v, ids } = await excavation(space);
    const path = `/ai/versions/${versionId}/works/${ids.pit}`;
    const answer = await ok<Answer>('GET', `${path}/decompose-wbs-item`);
    expect(answer.template).toBe('earthworks');
    expect(answer.candidates[0]).toMatchObject({
      id: 'earthworks',
      source: 'builtin',
      name: 'Земляные работы',
    });
    expect(answer.candidates[0]!.reasons.map((r) => r.kind)).toEqual(['word', 'word', 'unit', 'volume']);
    expect(answer.candidates).toHaveLength(8);
    expect(answer.modelConfigured).toBe(false);
    const { proposal } = answer;
    expect(proposal.items.map((i) => i.durationDays)).toEqual([1, 6, 1, 1, 1]);
    expect(proposal.items.map((i) => i.volume)).toEqual([null, 900, 100, null, null]);
    expect(proposal.items[1]).toMatchObject({
      name: 'Разработка грунта экскаватором',
      unit: 'м3',
      trade: 'Машинист экскаватора',
    });
    // English names when asked.
    const english = await ok<Answer>('GET', `${path}/decompose-wbs-item?language=en`);
    expect(english.proposal.items[0]!.name).toBe('Setting out');

    const beforeWorks = strip(await ok<Work[]>('GET', `${v}/wbs`));
    const beforeRelations = pairs(await ok<Relation[]>('GET', `${v}/relations`));

    // The planner renames a row and moves a day from one to another.
    const edited = structuredClone(proposal);
    edited.items[0]!.name = 'Вынос осей';
    edited.items[1]!.durationDays = 4;
    edited.items[2]!.durationDays = 3;
    const applied = await ok<{ workIds: string[]; relations: number; calculated: boolean }>(
      'POST',
      `${path}/apply-decompose-wbs-item`,
      { revision: answer.work.revision, proposal: edited },
    );
    expect(applied.workIds).toHaveLength(5);
    expect(applied.calculated).toBe(true);
    const works = await ok<Work[]>('GET', `${v}/wbs`);
    const pit = works.find((w) => w.id === ids.pit)!;
    expect(pit.type).toBe('sum');
    const children = works.filter((w) => w.parentId === ids.pit);
    expect(children.map((w) => w.name)).toEqual([
      'Вынос осей',
      'Разработка грунта экскаватором',
      'Доработка грунта вручную',
      'Уплотнение основания',
      'Обратная засыпка с уплотнением',
    ]);
    expect(children.map((w) => w.durationMinutes)).toEqual([1, 4, 3, 1, 1].map((d) => d * DAY));
    expect(children.map((w) => w.planVolume)).toEqual([null, 900, 100, null, null]);
    // The work's relations moved: Разметка → the first sub-work; the ff link into the finish → the last one;
    // the last one → Свайное поле. Four of the template's between the sub-works.
    const [first, , , , last] = applied.workIds;
    const relations = pairs(await ok<Relation[]>('GET', `${v}/relations`));
    expect(relations).toContain(`${ids.before}>${first}:fs:0`);
    expect(relations).toContain(`${ids.side}>${last}:ff:${DAY}`);
    expect(relations).toContain(`${last}>${ids.after}:fs:0`);
    expect(relations.filter((r) => r.includes(ids.pit))).toEqual([]);
    expect(relations).toHaveLength(7);

    // The history keeps the decomposition as an item of its own kind, apart from the analysis runs.
    const kept = await ok<{ id: string; kind: string; score: number | null; decomposition: unknown }[]>(
      'GET',
      `/ai/versions/${versionId}/history-list?kind=decomposition`,
    );
    expect(kept.map((r) => [r.kind, r.score])).toEqual([['decomposition', null]]);
    // the list names the work and counts its sub-works, so the panel needs no item to show it
    expect(kept[0]!.decomposition).toEqual({
      workId: ids.pit,
      workName: 'Разработка котлована',
      subWorks: applied.workIds.length,
      source: 'builtin',
    });
    expect(await ok<unknown[]>('GET', `/ai/versions/${versionId}/history-list`)).toEqual([]);
    const item = await ok<{
      analysis: null;
      comparison: null;
      decomposition: { workId: string; source: string; templateKey: string; subWorks: { id: string }[] };
    }>('GET', `/ai/history-item/${kept[0]!.id}`);
    expect(item).toMatchObject({
      analysis: null,
      comparison: null,
      decomposition: { workId: ids.pit, source: 'builtin', templateKey: 'earthworks', relations: 7 },
    });
    expect(item.decomposition.subWorks.map((w) => w.id)).toEqual(applied.workIds);

    // One undo action brings it all back.
    const actions = await ok<{ action: string }[]>('GET', `${v}/undo-actions`);
    expect(actions[0]!.action).toBe('assistant.decompose');
    await ok('POST', `${v}/undo-actions`, {});
    expect(strip(await ok<Work[]>('GET', `${v}/wbs`))).toEqual(beforeWorks);
    expect(pairs(await ok<Relation[]>('GET', `${v}/relations`))).toEqual(beforeRelations);
  });

  it('refuses a stale revision, durations that do not add up, a summary and bad input, translated', async () => {
    const space = await ownSpace(t, 'decompose-checks', 'Проверки');
    const { ok, token, spaceId } = space;
    const { versionId, v, ids } = await excavation(space);
    const path = `/space/${spaceId}/ai/versions/${versionId}/works/${ids.pit}`;
    const answer = await ok<Answer>('GET', `/ai/versions/${versionId}/works/${ids.pit}/decompose-wbs-item`);
    const call = (body: unknown, lang: 'en' | 'ru' = 'en') =>
      t.api<Failure>('POST', `${path}/apply-decompose-wbs-item`, body, { token, lang });

    const off = structuredClone(answer.proposal);
    off.items[0]!.durationDays = 3;
    const sum = await call({ revision: answer.work.revision, proposal: off });
    expect(sum.status).toBe(400);
    expect(JSON.stringify(sum.body)).toContain('must add up to the work’s 10 working days');

    const cycle = structuredClone(answer.proposal);
    cycle.relations.push({ from: 'backfill', to: 'setout', type: 'fs', lagDays: 0 });
    const looped = await call({ revision: answer.work.revision, proposal: cycle }, 'ru');
    expect(looped.status).toBe(400);
    expect(JSON.stringify(looped.body)).toContain('образуют цикл');

    const garbage = await call({ revision: 'x', proposal: { items: 'none' } });
    expect(garbage.status).toBe(400);

    // Someone renamed the work meanwhile: the proposal was made on an older revision.
    await ok('PATCH', `${v}/wbs/${ids.pit}`, { revision: answer.work.revision, name: 'Котлован' });
    const stale = await call({ revision: answer.work.revision, proposal: answer.proposal });
    expect(stale.status).toBe(409);
    expect(stale.body.error_code).toBe('Conflict');

    const fresh = await ok<Answer>('GET', `/ai/versions/${versionId}/works/${ids.pit}/decompose-wbs-item`);
    await ok('POST', `/ai/versions/${versionId}/works/${ids.pit}/apply-decompose-wbs-item`, {
      revision: fresh.work.revision,
      proposal: fresh.proposal,
    });
    const again = await t.api<Failure>('GET', `${path}/decompose-wbs-item`, undefined, { token, lang: 'en' });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('summary already');

    const unknown = await t.api<Failure>(
      'GET',
      `${path.replace(ids.pit, ids.after)}/decompose-wbs-item?template=nothing`,
      undefined,
      { token, lang: 'en' },
    );
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('no such template');

    // A viewer may ask for a proposal but not apply one.
    const viewer = await spaceMember(t, space, 'decompose-viewer', 'viewer');
    const asked = await viewer.call('GET', `/ai/versions/${versionId}/works/${ids.after}/decompose-wbs-item`);
    expect(asked.status).toBe(200);
    const refused = await viewer.call(
      'POST',
      `/ai/versions/${versionId}/works/${ids.after}/apply-decompose-wbs-item`,
      {
        revision: 1,
        proposal: fresh.proposal,
      },
    );
    expect(refused.status).toBe(403);
  });

  it('writes the trades to a text attribute when asked', async () => {
    const space = await ownSpace(t, 'decompose-trades', 'Специальности');
    const { ok } = space;
    const { versionId, v, ids } = await excavation(space);
    const attribute = await ok<{ id: string }>('POST', '/attributes', {
      name: 'Специальность',
      valueType: 'string',
    });
    const path = `/ai/versions/${versionId}/works/${ids.pit}`;
    const answer = await ok<Answer>('GET', `${path}/decompose-wbs-item`);
    await ok('POST', `${path}/apply-decompose-wbs-item`, {
      revision: answer.work.revision,
      proposal: answer.proposal,
      tradeAttributeId: attribute.id,
    });
    const works = await ok<(Work & { attributes: Record<string, unknown> })[]>('GET', `${v}/wbs`);
    expect(works.filter((w) => w.parentId === ids.pit).map((w) => w.attributes[attribute.id])).toEqual([
      'Геодезист',
      'Машинист экскаватора',
      'Землекоп',
      'Машинист катка',
      'Землекоп',
    ]);
  });

  it('space templates: added by an administrator, matched, refused when invalid or to others', async () => {
    const space = await ownSpace(t, 'decompose-admin', 'Шаблоны');
    const { ok, token, spaceId } = space;
    const { versionId, v } = await excavation(space);
    const template = {
      key: 'curtain_wall',
      name: { ru: 'Витражи', en: 'Curtain walls' },
      keywords: { ru: ['витраж'], en: ['curtain'] },
      units: ['м2'],
      volume: 'whole',
      steps: [
        {
          key: 'frames',
          name: { ru: 'Стойки и ригели', en: 'Mullions and transoms' },
          share: 60,
          trade: { ru: 'Монтажник', en: 'Glazier' },
        },
        {
          key: 'glass',
          name: { ru: 'Остекление', en: 'Glazing' },
          share: 40,
          trade: { ru: 'Стекольщик', en: 'Glazier' },
        },
      ],
      relations: [{ from: 'frames', to: 'glass', type: 'ss', lagDays: 2 }],
    };
    const created = await ok<{ id: string; revision: number }>('POST', '/ai/decomposition-templates', {
      template,
    });
    const wall = await ok<{ id: string }>('POST', `${v}/wbs`, {
      name: 'Витражи 2 этажа',
      durationMinutes: 10 * DAY,
      planVolume: 300,
      unit: 'м2',
    });
    const answer = await ok<Answer>('GET', `/ai/versions/${versionId}/works/${wall.id}/decompose-wbs-item`);
    expect(answer.template).toBe(created.id);
    expect(answer.candidates[0]).toMatchObject({ id: created.id, source: 'space', name: 'Витражи' });
    expect(answer.proposal.items.map((i) => [i.name, i.durationDays, i.volume])).toEqual([
      ['Стойки и ригели', 6, 300],
      ['Остекление', 4, 300],
    ]);
    expect(answer.proposal.relations).toEqual([{ from: 'frames', to: 'glass', type: 'ss', lagDays: 2 }]);

    const updated = await ok<{ revision: number }>('PUT', `/ai/decomposition-templates/${created.id}`, {
      revision: created.revision,
      template: { ...template, name: { ru: 'Витражи и двери', en: 'Curtain walls and doors' } },
    });
    expect(updated.revision).toBe(created.revision + 1);
    const stale = await t.api<Failure>(
      'PUT',
      `/space/${spaceId}/ai/decomposition-templates/${created.id}`,
      { revision: created.revision, template },
      { token },
    );
    expect(stale.status).toBe(409);
    const list = await ok<{ id: string; template: { name: { ru: string } } }[]>(
      'GET',
      '/ai/decomposition-templates',
    );
    expect(list.map((x) => x.template.name.ru)).toEqual(['Витражи и двери']);

    const broken = await t.api<Failure>(
      'POST',
      `/space/${spaceId}/ai/decomposition-templates`,
      { template: { ...template, steps: [{ ...template.steps[0], share: 50 }, template.steps[1]] } },
      { token, lang: 'en' },
    );
    expect(broken.status).toBe(400);
    expect(JSON.stringify(broken.body)).toContain('add up to 100');

    const planner = await spaceMember(t, space, 'decompose-planner', 'planner');
    expect((await planner.call('GET', '/ai/decomposition-templates')).status).toBe(200);
    expect((await planner.call('POST', '/ai/decomposition-templates', { template })).status).toBe(403);
    expect((await planner.call('DELETE', `/ai/decomposition-templates/${created.id}`)).status).toBe(403);
    const other = await ownSpace(t, 'decompose-stranger', 'Чужое');
    const foreign = await t.api<Failure>(
      'DELETE',
      `/space/${other.spaceId}/ai/decomposition-templates/${created.id}`,
      undefined,
      {
        token: other.token,
      },
    );
    expect(foreign.status).toBe(404);
    await ok('DELETE', `/ai/decomposition-templates/${created.id}`);
    expect(await ok('GET', '/ai/decomposition-templates')).toEqual([]);
  });

  it('a language model, when configured: a good answer offered beside the template, a bad one told', async () => {
    const space = await ownSpace(t, 'decompose-model', 'Модель');
    const { ok } = space;
    const { versionId, ids } = await excavation(space);
    const path = `/ai/versions/${versionId}/works/${ids.pit}/decompose-wbs-item`;
    // Off by default: asking says so, the template's proposal is there.
    const off = await ok<Answer>('GET', `${path}?model=true`);
    expect(off.model).toEqual({ error: 'assistant.decompose.model.off' });
    expect(off.proposal.items).toHaveLength(5);

    modelOn();
    fake.reply = JSON.stringify({
      items: [
        { key: 'dig', name: 'Копка', durationDays: 6, volume: 1000, unit: 'м3', trade: 'Машинист' },
        { key: 'haul', name: 'Вывоз грунта', durationDays: 6, volume: 1000, unit: 'м3', trade: 'Водитель' },
      ],
      relations: [{ from: 'dig', to: 'haul', type: 'ss', lagDays: 1 }],
    });
    const good = await ok<Answer>('GET', `${path}?model=true`);
    expect(good.modelConfigured).toBe(true);
    expect(fake.asked?.model).toBe('planner-1');
    expect(fake.asked?.messages[1]?.content).toContain('Разработка котлована');
    // Its 12 days scaled to the work's 10, checked by the same contract.
    expect(good.model).toMatchObject({
      adjusted: true,
      proposal: {
        source: 'model',
        templateKey: null,
        items: [
          { name: 'Копка', durationDays: 5 },
          { name: 'Вывоз грунта', durationDays: 5 },
        ],
      },
    });
    // Without asking, the model is not called.
    fake.asked = null;
    expect((await ok<Answer>('GET', path)).model).toBeNull();
    expect(fake.asked).toBeNull();

    fake.reply = 'Sure! Here is your plan: dig, then haul.';
    const prose = await ok<Answer>('GET', `${path}?model=true`);
    expect(prose.model).toEqual({ error: 'assistant.decompose.model.bad_answer' });
    expect(prose.proposal.templateKey).toBe('earthworks');
    fake.reply = JSON.stringify({
      items: [{ key: 'only', name: 'x', durationDays: 10, volume: null, unit: null, trade: null }],
      relations: [],
    });
    expect((await ok<Answer>('GET', `${path}?model=true`)).model).toEqual({
      error: 'assistant.decompose.model.bad_answer',
    });

    // The model's proposal is applied only as a proposal the planner sends, like any other.
    const applied = await ok<{ workIds: string[] }>(
      'POST',
      `/ai/versions/${versionId}/works/${ids.pit}/apply-decompose-wbs-item`,
      {
        revision: good.work.revision,
        proposal: (good.model as { proposal: Proposal }).proposal,
      },
    );
    expect(applied.workIds).toHaveLength(2);
    reset();
  });
});
