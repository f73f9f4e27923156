import { readSheetRows, writeGridXlsx } from '@takt/interchange';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Failure, scheduleWithVersion, spaceForFile, spaceMember, uploadForm } from './fixtures';

/**
 * Complex relations of directories (docs/product-rules.md, "Complex relations of directories"), worked by hand:
 * work type → trade → crew, three directories with an attribute each in the schedule.
 *
 * Rows: Masonry → Mason → Crew 3; Concrete → Concretor → Crew 1; Finishing → Plasterer → (no crew).
 * Works of the version: W1 "Masonry" (nothing else), W2 "concrete" (lower case; trade "Mason", crew "Crew 1"),
 * W3 "Finishing" (crew "Crew 9", a text no directory has), W4 with no work type, W5 "Roofing" (no row).
 */
interface Relation {
  id: string;
  name: string;
  mode: string;
  revision: number;
  directories: { directoryId: string; name: string; role: string }[];
  scheduleIds: string[];
  rowCount: number;
}
interface Rows {
  relation: Relation;
  rows: { id: string; values: Record<string, string> }[];
}
interface Work {
  id: string;
  revision: number;
  attributes: Record<string, unknown>;
}

const { t, s } = spaceForFile('complex-relator', 'Связи');
const R = '/directory-complex-relations';
const dirs: Record<string, string> = {};
const attrs: Record<string, string> = {};
const values: Record<string, string> = {};
let scheduleId: string;
let versionId: string;
let v: string;
let relation: Relation;
const works: Record<string, string> = {};

async function directory(name: string, items: [string, string?][]) {
  const d = await s.ok<{ id: string }>('POST', '/directories', { name });
  dirs[name] = d.id;
  for (const [value, code] of items)
    values[value] = (
      await s.ok<{ id: string }>('POST', `/directories/${d.id}/values`, { name: value, code: code ?? null })
    ).id;
  attrs[name] = (
    await s.ok<{ id: string }>('POST', '/attributes', { name, valueType: 'string', directoryId: d.id })
  ).id;
}

const work = async (name: string, type?: string, trade?: string, crew?: string) => {
  const attributes: Record<string, string> = {};
  if (type) attributes[attrs.Type!] = type;
  if (trade) attributes[attrs.Trade!] = trade;
  if (crew) attributes[attrs.Crew!] = crew;
  works[name] = (await s.ok<{ id: string }>('POST', `${v}/wbs`, { name, attributes })).id;
};

/** Each work's (type, trade, crew) as stored. */
async function table() {
  const list = await s.ok<(Work & { name: string })[]>('GET', `${v}/wbs`);
  return Object.fromEntries(
    list.map((w) => [
      w.name,
      [
        w.attributes[attrs.Type!] ?? null,
        w.attributes[attrs.Trade!] ?? null,
        w.attributes[attrs.Crew!] ?? null,
      ],
    ]),
  );
}

const indicator = () =>
  s.ok<{ outOfLine: number; relations: { complexRelationId: string; outOfLine: number }[] }>(
    'GET',
    `${R}/version-indicator/${versionId}`,
  );

beforeAll(async () => {
  await directory('Type', [['Masonry', 'MS'], ['Concrete'], ['Finishing'], ['Roofing']]);
  await directory('Trade', [['Mason'], ['Concretor'], ['Plasterer']]);
  await directory('Crew', [['Crew 1'], ['Crew 3']]);
  ({ scheduleId, versionId, v } = await scheduleWithVersion(s.ok));
  await work('W1', 'Masonry');
  await work('W2', 'concrete', 'Mason', 'Crew 1');
  await work('W3', 'Finishing', undefined, 'Crew 9');
  await work('W4', undefined, 'Mason');
  await work('W5', 'Roofing');
});

describe('complex relations', () => {
  it('creates a relation of three directories, the first the driver, and lists it', async () => {
    relation = await s.ok<Relation>('POST', `${R}/create`, {
      name: 'Type → trade → crew',
      directoryIds: [dirs.Type, dirs.Trade, dirs.Crew],
    });
    expect(relation.directories.map((d) => [d.name, d.role])).toEqual([
      ['Type', 'driver'],
      ['Trade', 'dependent'],
      ['Crew', 'dependent'],
    ]);
    expect(relation).toMatchObject({ mode: 'overwrite', rowCount: 0, scheduleIds: [] });
    const all = await s.ok<Relation[]>('GET', `${R}/all`);
    expect(all.map((r) => r.id)).toEqual([relation.id]);
  });

  it('refuses a directory twice, a driver outside the relation and a directory of another space', async () => {
    const twice = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}${R}/create`,
      {
        name: 'x',
        directoryIds: [dirs.Type, dirs.Type],
      },
      { token: s.token, lang: 'en' },
    );
    expect(twice.status).toBe(400);
    expect(twice.body.issues?.[0]?.message).toBe('complex_relations.error.directory_twice');
    expect(twice.body.error_message).toEqual(['directoryIds: A directory is chosen twice']);
    const driver = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}${R}/create`,
      {
        name: 'x',
        directoryIds: [dirs.Type, dirs.Trade],
        driverDirectoryId: dirs.Crew,
      },
      { token: s.token, lang: 'en' },
    );
    expect(driver.status).toBe(400);
    expect(driver.body.issues).toEqual([
      expect.objectContaining({
        path: 'driverDirectoryId',
        message: 'complex_relations.error.not_in_relation',
      }),
    ]);
    const missing = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}${R}/create`,
      {
        name: 'x',
        directoryIds: [dirs.Type, '00000000-0000-4000-8000-000000000000'],
      },
      { token: s.token },
    );
    expect(missing.status).toBe(404);
  });

  it('changes its directories freely while it has no rows', async () => {
    const options = (body: Record<string, unknown>) =>
      s.ok<Relation>('PATCH', `${R}/${relation.id}/options`, { revision: relation.revision, ...body });
    relation = await options({ directoryIds: [dirs.Crew, dirs.Type] });
    expect(relation.directories.map((d) => [d.name, d.role])).toEqual([
      ['Crew', 'dependent'],
      ['Type', 'driver'],
    ]);
    relation = await options({ directoryIds: [dirs.Type, dirs.Trade, dirs.Crew] });
    expect(relation.directories.map((d) => [d.name, d.role])).toEqual([
      ['Type', 'driver'],
      ['Trade', 'dependent'],
      ['Crew', 'dependent'],
    ]);
  });

  it('saves rows, refusing a value of another directory and a driver value twice', async () => {
    const saved = await s.ok<Rows>('PATCH', `${R}/${relation.id}/rows`, {
      rows: [
        {
          values: {
            [dirs.Type!]: values.Masonry,
            [dirs.Trade!]: values.Mason,
            [dirs.Crew!]: values['Crew 3'],
          },
        },
        {
          values: {
            [dirs.Type!]: values.Concrete,
            [dirs.Trade!]: values.Concretor,
            [dirs.Crew!]: values['Crew 1'],
          },
        },
        { values: { [dirs.Type!]: values.Finishing, [dirs.Trade!]: values.Plasterer, [dirs.Crew!]: null } },
      ],
    });
    expect(saved.rows).toHaveLength(3);
    expect(saved.relation.rowCount).toBe(3);
    const call = (body: unknown) =>
      t.api<Failure>('PATCH', `/space/${s.spaceId}${R}/${relation.id}/rows`, body, {
        token: s.token,
        lang: 'en',
      });
    const wrong = await call({
      rows: [{ values: { [dirs.Type!]: values.Roofing, [dirs.Trade!]: values['Crew 1'] } }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues?.[0]?.message).toBe('complex_relations.error.value_not_in_directory');
    const repeated = await call({ rows: [{ values: { [dirs.Type!]: values.Masonry } }] });
    expect(repeated.status).toBe(400);
    expect(repeated.body.error_message).toEqual([
      'driverDirectoryId: The driver value “Masonry” is in two rows',
    ]);
    const noDriver = await call({ rows: [{ values: { [dirs.Trade!]: values.Mason } }] });
    expect(noDriver.status).toBe(400);
    expect((await s.ok<Rows>('GET', `${R}/${relation.id}/rows`)).rows).toHaveLength(3);
  });

  it('tells the dependent directories of a driver', async () => {
    const dependent = await s.ok<{ name: string }[]>('GET', `${R}/dependent-directories/${dirs.Type}`);
    expect(dependent.map((d) => d.name)).toEqual(['Trade', 'Crew']);
    expect(await s.ok('GET', `${R}/dependent-directories/${dirs.Crew}`)).toEqual([]);
  });

  it('counts nothing out of line until the relation is assigned to the schedule', async () => {
    expect((await indicator()).outOfLine).toBe(0);
    const assigned = await s.ok<Relation>('PUT', `${R}/${relation.id}/assign`, { scheduleIds: [scheduleId] });
    expect(assigned.scheduleIds).toEqual([scheduleId]);
    expect((await s.ok<Relation[]>('GET', `${R}/all-relations/${scheduleId}`)).map((r) => r.id)).toEqual([
      relation.id,
    ]);
  });

  it('fill-empty mode: the indicator counts the works with an empty dependent value; recalculation fills them only', async () => {
    const options = await s.ok<Relation>('PATCH', `${R}/${relation.id}/options`, {
      revision: (await s.ok<Rows>('GET', `${R}/${relation.id}/rows`)).relation.revision,
      mode: 'fill_empty',
    });
    expect(options.mode).toBe('fill_empty');
    // W1 has no trade nor crew; W3 no trade (its crew "Crew 9" is kept); W2 is full; W4 and W5 have no row.
    expect(await indicator()).toEqual({
      versionId,
      outOfLine: 2,
      relations: [{ complexRelationId: relation.id, name: relation.name, outOfLine: 2 }],
    });
    const done = await s.ok<{ works: number; values: number }>('POST', `${R}/recalculation/${versionId}`, {});
    expect(done).toEqual({ success: true, works: 2, values: 3 });
    expect(await table()).toMatchObject({
      W1: ['Masonry', 'Mason', 'Crew 3'],
      W2: ['concrete', 'Mason', 'Crew 1'],
      W3: ['Finishing', 'Plasterer', 'Crew 9'],
      W4: [null, 'Mason', null],
      W5: ['Roofing', null, null],
    });
    expect((await indicator()).outOfLine).toBe(0);
  });

  it('overwrite mode: differing values are replaced, in one undo action', async () => {
    const { relation: current } = await s.ok<Rows>('GET', `${R}/${relation.id}/rows`);
    await s.ok('PATCH', `${R}/${relation.id}/options`, { revision: current.revision, mode: 'overwrite' });
    // W2 "concrete" matches Concrete by name in any case: its trade Mason is out of line (crew Crew 1 is right);
    // W3's crew "Crew 9" differs from the row's none: an empty cell leaves a value as it is.
    expect((await indicator()).outOfLine).toBe(1);
    const done = await s.ok<{ works: number; values: number }>('POST', `${R}/recalculation/${versionId}`, {});
    expect(done).toEqual({ success: true, works: 1, values: 1 });
    expect((await table()).W2).toEqual(['concrete', 'Concretor', 'Crew 1']);
    const undo = await s.ok<{ action: string }[]>('GET', `${v}/undo-actions`);
    expect(undo[0]?.action).toBe('complex_relations.recalculate');
    await s.ok('POST', `${v}/undo-actions`, {});
    expect((await table()).W2).toEqual(['concrete', 'Mason', 'Crew 1']);
    await s.ok('POST', `${R}/recalculation/${versionId}`, {});
  });

  it('a driver value edited in the grid takes its row’s values along; a code matches too', async () => {
    const w5 = await s.ok<Work>('GET', `${v}/wbs/${works.W5}`);
    const edited = await s.ok<Work>('PATCH', `${v}/wbs/${works.W5}`, {
      revision: w5.revision,
      attributes: { [attrs.Type!]: 'MS' },
    });
    expect(edited.attributes).toMatchObject({ [attrs.Trade!]: 'Mason', [attrs.Crew!]: 'Crew 3' });
    // An edit of another attribute changes nothing else.
    const w1 = await s.ok<Work>('GET', `${v}/wbs/${works.W1}`);
    const other = await s.ok<Work>('PATCH', `${v}/wbs/${works.W1}`, {
      revision: w1.revision,
      attributes: { [attrs.Crew!]: 'Crew 1' },
    });
    expect(other.attributes[attrs.Crew!]).toBe('Crew 1');
    expect((await indicator()).outOfLine).toBe(1);
  });

  it('a work made with a driver value takes its row’s values at once, in its own undo action', async () => {
    const made = await s.ok<Work>('POST', `${v}/wbs`, {
      name: 'W6',
      attributes: { [attrs.Type!]: 'Concrete' },
    });
    expect(made.attributes).toMatchObject({ [attrs.Trade!]: 'Concretor', [attrs.Crew!]: 'Crew 1' });
    const undo = await s.ok<{ action: string }[]>('GET', `${v}/undo-actions`);
    expect(undo[0]?.action).toBe('works.create');
    await s.ok('POST', `${v}/undo-actions`, {});
    expect((await table()).W6).toBeUndefined();
  });

  it('exports the rows and imports them back as they were', async () => {
    const before = (await s.ok<Rows>('GET', `${R}/${relation.id}/rows`)).rows.map((r) => r.values);
    const file = await t.api<Uint8Array>('GET', `/space/${s.spaceId}${R}/${relation.id}/export`, undefined, {
      token: s.token,
    });
    expect(file.status).toBe(200);
    const lines: string[][] = [];
    for await (const row of readSheetRows(file.body, { format: 'xlsx' }))
      lines.push(row.cells.map((c) => (c === null ? '' : String(c))));
    expect(lines).toEqual([
      ['Type', 'Trade', 'Crew'],
      ['Masonry', 'Mason', 'Crew 3'],
      ['Concrete', 'Concretor', 'Crew 1'],
      ['Finishing', 'Plasterer'],
    ]);
    await s.ok('DELETE', `${R}/${relation.id}/rows`, {
      complexRelationRowIds: (await s.ok<Rows>('GET', `${R}/${relation.id}/rows`)).rows.map((r) => r.id),
    });
    expect((await s.ok<Rows>('GET', `${R}/${relation.id}/rows`)).rows).toEqual([]);
    const reply = await t.api<{ rows: number }>(
      'POST',
      `/space/${s.spaceId}${R}/${relation.id}/import`,
      undefined,
      {
        token: s.token,
        form: uploadForm('relation.xlsx', file.body),
      },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.rows).toBe(3);
    expect((await s.ok<Rows>('GET', `${R}/${relation.id}/rows`)).rows.map((r) => r.values)).toEqual(before);
  });

  it('a bad file is refused with every problem named and nothing changed', async () => {
    const before = await s.ok<Rows>('GET', `${R}/${relation.id}/rows`);
    const bad = await writeGridXlsx({
      columns: [
        { id: 'a', header: 'Type', kind: 'text' },
        { id: 'b', header: 'Trade', kind: 'text' },
      ],
      rows: [
        { level: 0, values: { a: 'Masonry', b: 'Mason' } },
        { level: 0, values: { a: 'Gardening', b: 'Mason' } },
        { level: 0, values: { a: 'MS', b: 'Plasterer' } },
      ],
    });
    const reply = await t.api<Failure>('POST', `/space/${s.spaceId}${R}/${relation.id}/import`, undefined, {
      token: s.token,
      lang: 'en',
      form: uploadForm('bad.xlsx', bad),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error_message).toEqual([
      'file: Row 3, column A: “Gardening” is not a value of “Type”',
      'file: Row 3: no value of the driver directory',
      'file: Row 4: the driver value is already in row 2',
    ]);
    const csv = await t.api<Failure>('POST', `/space/${s.spaceId}${R}/${relation.id}/import`, undefined, {
      token: s.token,
      form: uploadForm('rows.csv', 'Type;Trade\nMasonry;Mason\n'),
    });
    expect(csv.status).toBe(415);
    expect(await s.ok<Rows>('GET', `${R}/${relation.id}/rows`)).toEqual(before);
  });

  it('reading needs schedule.view, editing directories.edit, recalculating schedule.edit', async () => {
    const viewer = await spaceMember(t, s, 'relation-viewer', 'viewer');
    expect((await viewer.call('GET', `${R}/all`)).status).toBe(200);
    expect(
      (await viewer.call('POST', `${R}/create`, { name: 'x', directoryIds: [dirs.Type, dirs.Crew] })).status,
    ).toBe(403);
    expect((await viewer.call('POST', `${R}/recalculation/${versionId}`, {})).status).toBe(403);
  });

  it('with rows: the same directories reordered keep them; others only with the rows cleared, asked for', async () => {
    const current = async () => (await s.ok<Rows>('GET', `${R}/${relation.id}/rows`)).relation;
    const reordered = await s.ok<Relation>('PATCH', `${R}/${relation.id}/options`, {
      revision: (await current()).revision,
      directoryIds: [dirs.Type, dirs.Crew, dirs.Trade],
    });
    expect(reordered.directories.map((d) => d.name)).toEqual(['Type', 'Crew', 'Trade']);
    expect(reordered.rowCount).toBe(3);
    const other = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}${R}/${relation.id}/options`,
      { revision: reordered.revision, directoryIds: [dirs.Type, dirs.Trade] },
      { token: s.token, lang: 'en' },
    );
    expect(other.status).toBe(400);
    expect(other.body.issues?.[0]).toMatchObject({
      path: 'directoryIds',
      message: 'complex_relations.error.directories_have_rows',
    });
    expect(other.body.error_message).toEqual([
      'directoryIds: The relation has 3 rows: other directories can be chosen only with its rows deleted',
    ]);
    expect((await current()).rowCount).toBe(3);
    const cleared = await s.ok<Relation>('PATCH', `${R}/${relation.id}/options`, {
      revision: reordered.revision,
      directoryIds: [dirs.Type, dirs.Trade],
      clearRows: true,
    });
    expect(cleared).toMatchObject({ rowCount: 0 });
    expect(cleared.directories.map((d) => [d.name, d.role])).toEqual([
      ['Type', 'driver'],
      ['Trade', 'dependent'],
    ]);
  });

  it('deletes the relation: the schedule has none left', async () => {
    await s.ok('DELETE', `${R}/${relation.id}`);
    expect(await s.ok('GET', `${R}/all-relations/${scheduleId}`)).toEqual([]);
    expect((await indicator()).outOfLine).toBe(0);
  });
});
