import { describe, expect, it } from 'vitest';
import { type Failure, ownSpace, scheduleWithVersion, spaceForFile, spaceMember } from './fixtures';

const { t, s } = spaceForFile('version-templates', 'Шаблоны');

const day = [{ start: '08:00', finish: '17:00' }];
const week = [day, day, day, day, day, [], []];

interface Summary {
  id: string;
  name: string;
  wbs: string;
  workCount: number;
  relationCount: number;
  calendars: string[];
  attributes: string[];
  hasNumbering: boolean;
  revision: number;
}

/** A version with a calendar of its own, a schedule attribute with a value, code numbering and a WBS of a summary over two linked works. */
async function richVersion() {
  const source = await scheduleWithVersion(s.ok);
  const calendar = await s.ok<{ id: string }>('POST', '/calendars', {
    name: 'Пятидневка',
    week,
    exceptions: [{ date: '2026-01-01', intervals: [] }],
  });
  const version = await s.ok<{ revision: number }>('GET', source.v);
  await s.ok('PATCH', source.v, { calendarId: calendar.id, revision: version.revision });
  const attribute = await s.ok<{ id: string }>('POST', '/attributes', {
    name: 'Захватка',
    valueType: 'string',
    scheduleId: source.scheduleId,
  });
  await s.ok('PUT', `/schedules/${source.scheduleId}/code-numbering`, {
    prefix: 'TPL-',
    start: '0100',
    increment: 10,
  });
  const summary = await s.ok<{ id: string }>('POST', `${source.v}/wbs`, { name: 'Каркас' });
  const a = await s.ok<{ id: string }>('POST', `${source.v}/wbs`, { name: 'Бетон', parentId: summary.id });
  const b = await s.ok<{ id: string }>('POST', `${source.v}/wbs`, { name: 'Кладка', parentId: summary.id });
  await s.ok('POST', `${source.v}/relations`, { predecessorId: a.id, successorId: b.id });
  await t.sql(
    `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value) VALUES ($1, $2, $3, '"З-1"')`,
    [s.spaceId, summary.id, attribute.id],
  );
  return { ...source, calendarId: calendar.id, attributeId: attribute.id };
}

describe('version templates', () => {
  it('are saved from a version, listed, renamed and deleted', async () => {
    const source = await richVersion();
    const saved = await s.ok<Summary>('POST', '/version-templates', {
      versionId: source.versionId,
      name: 'Жилой дом',
      description: 'Секция, этажи',
      wbs: 'all',
      relations: true,
    });
    expect(saved).toMatchObject({
      name: 'Жилой дом',
      wbs: 'all',
      workCount: 3,
      relationCount: 1,
      calendars: ['Пятидневка'],
      attributes: ['Захватка'],
      hasNumbering: true,
    });
    const taken = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/version-templates`,
      { versionId: source.versionId, name: 'жилой дом' },
      { token: s.token, lang: 'en' },
    );
    expect(taken.status).toBe(400);
    expect(taken.body.error_message).toEqual(['name: A template with this name already exists']);

    const skeleton = await s.ok<Summary>('POST', '/version-templates', {
      versionId: source.versionId,
      name: 'Каркас',
    });
    expect(skeleton).toMatchObject({ wbs: 'summaries', workCount: 1, relationCount: 0 });

    const list = await s.ok<Summary[]>('GET', '/version-templates');
    expect(list.map((x) => x.name)).toEqual(['Жилой дом', 'Каркас']);
    const renamed = await s.ok<Summary>('PATCH', `/version-templates/${skeleton.id}`, {
      name: 'Скелет',
      revision: skeleton.revision,
    });
    expect(renamed.name).toBe('Скелет');
    expect(
      (
        await t.api(
          'PATCH',
          `/space/${s.spaceId}/version-templates/${skeleton.id}`,
          { name: 'Y', revision: 1 },
          { token: s.token },
        )
      ).status,
    ).toBe(409);
    expect((await s.ok<Summary>('GET', `/version-templates/${skeleton.id}`)).name).toBe('Скелет');
    await s.ok('DELETE', `/version-templates/${skeleton.id}`);
    expect(
      (
        await t.api('GET', `/space/${s.spaceId}/version-templates/${skeleton.id}`, undefined, {
          token: s.token,
        })
      ).status,
    ).toBe(404);
  });

  it('start a new schedule with the template’s calendar, attributes, codes, numbering and works', async () => {
    const source = await richVersion();
    const template = await s.ok<Summary>('POST', '/version-templates', {
      versionId: source.versionId,
      name: 'Полный',
      wbs: 'all',
      relations: true,
    });
    const project = await s.ok<{ id: string }[]>('GET', '/eps');
    const parentId = (project as unknown as { id: string; kind: string }[]).find(
      (n) => n.kind === 'project',
    )!.id;
    const schedule = await s.ok<{ id: string }>('POST', '/eps', {
      kind: 'schedule',
      name: 'Из шаблона',
      parentId,
      templateId: template.id,
    });
    const [version] = await s.ok<{ id: string; calendarId: string | null }[]>(
      'GET',
      `/schedules/${schedule.id}/versions`,
    );
    expect(version!.calendarId).toBe(source.calendarId);

    const works = await t.sql<{ id: string; name: string; parentId: string | null; originId: string }>(
      `SELECT id, name, "parentId", "originId" FROM works WHERE "versionId" = $1 ORDER BY "sortKey", name`,
      [version!.id],
    );
    expect(works.map((w) => w.name).sort()).toEqual(['Бетон', 'Каркас', 'Кладка']);
    const top = works.find((w) => w.name === 'Каркас')!;
    expect(works.filter((w) => w.parentId === top.id)).toHaveLength(2);
    expect(works.every((w) => w.originId === w.id)).toBe(true);
    const relations = await t.sql('SELECT 1 FROM relations WHERE "versionId" = $1', [version!.id]);
    expect(relations).toHaveLength(1);

    // The source schedule's own attribute is created in the new schedule, with the value of the work.
    const attributes = await t.sql<{ id: string; name: string }>(
      `SELECT id, name FROM attributes WHERE "scheduleId" = $1`,
      [schedule.id],
    );
    expect(attributes.map((a) => a.name)).toEqual(['Захватка']);
    expect(attributes[0]!.id).not.toBe(source.attributeId);
    const values = await t.sql<{ value: unknown }>(
      `SELECT value FROM attribute_values WHERE "attributeId" = $1 AND "workId" = $2`,
      [attributes[0]!.id, top.id],
    );
    expect(values.map((v) => v.value)).toEqual(['З-1']);
    const numbering = await t.sql<{ prefix: string; start: number; width: number }>(
      'SELECT prefix, start, width FROM code_numberings WHERE "scheduleId" = $1',
      [schedule.id],
    );
    expect(numbering).toEqual([{ prefix: 'TPL-', start: 100, width: 4 }]);

    // A deleted calendar is recreated from the template, for a new version of an existing schedule.
    await t.sql('UPDATE versions SET "calendarId" = NULL WHERE "calendarId" = $1', [source.calendarId]);
    await s.ok('DELETE', `/calendars/${source.calendarId}`);
    const next = await s.ok<{ id: string; calendarId: string }>(
      'POST',
      `/schedules/${schedule.id}/versions/create`,
      {
        name: 'Вторая',
        templateId: template.id,
      },
    );
    expect(next.calendarId).not.toBe(source.calendarId);
    const recreated = await s.ok<{ name: string; exceptions: unknown[] }>(
      'GET',
      `/calendars/${next.calendarId}`,
    );
    expect(recreated).toMatchObject({ name: 'Пятидневка' });
    expect(recreated.exceptions).toHaveLength(1);
    // The attribute found by name in the schedule is reused, not made twice.
    const again = await t.sql('SELECT 1 FROM attributes WHERE "scheduleId" = $1', [schedule.id]);
    expect(again).toHaveLength(1);
  });

  it('is all or nothing, and refuses what it cannot do with translated errors', async () => {
    const source = await scheduleWithVersion(s.ok);
    const missing = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/schedules/${source.scheduleId}/versions/create`,
      { name: 'X', templateId: crypto.randomUUID() },
      { token: s.token },
    );
    expect(missing.status).toBe(404);
    // Nothing of the failed call stays: the schedule still has its one version.
    expect(await s.ok<unknown[]>('GET', `/schedules/${source.scheduleId}/versions`)).toHaveLength(1);

    const template = await s.ok<Summary>('POST', '/version-templates', {
      versionId: source.versionId,
      name: 'Пустой',
    });
    const both = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/schedules/${source.scheduleId}/versions/create`,
      { name: 'X', templateId: template.id, copyFromVersionId: source.versionId },
      { token: s.token, lang: 'ru' },
    );
    expect(both.status).toBe(400);
    expect(both.body.error_message).toEqual([
      'templateId: Начните либо с шаблона, либо с копии версии, но не с обоих',
    ]);

    // Another space's template or version is not found; a viewer saves none.
    const other = await ownSpace(t, 'version-templates-other', 'Чужое');
    const foreign = await scheduleWithVersion(other.ok);
    const theirs = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/version-templates`,
      { versionId: foreign.versionId, name: 'Чужой' },
      { token: s.token },
    );
    expect(theirs.status).toBe(404);
    const viewer = await spaceMember(t, s, 'version-templates-viewer', 'viewer');
    expect((await viewer.call('GET', '/version-templates')).status).toBe(200);
    expect(
      (await viewer.call('POST', '/version-templates', { versionId: source.versionId, name: 'В' })).status,
    ).toBe(403);
    expect((await viewer.call('DELETE', `/version-templates/${template.id}`)).status).toBe(403);
  });
});
