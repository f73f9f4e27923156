import { describe, expect, it } from 'vitest';
import { scheduleWithVersion, spaceForFile } from './fixtures';

const { t, s } = spaceForFile('work-insert', 'Вставка');

interface Work {
  id: string;
  code: string | null;
  name: string;
  parentId: string | null;
}

const names = async (v: string) => (await s.ok<Work[]>('GET', `${v}/wbs`)).map((w) => w.name);

describe('new works', () => {
  it('go right after the given sibling, or right before one, at the parent’s level', async () => {
    const { v } = await scheduleWithVersion(s.ok);
    const top = await s.ok<Work>('POST', `${v}/wbs`, { name: 'Этап' });
    const a = await s.ok<Work>('POST', `${v}/wbs`, { name: 'a', parentId: top.id });
    await s.ok<Work>('POST', `${v}/wbs`, { name: 'c', parentId: top.id });
    await s.ok<Work>('POST', `${v}/wbs`, { name: 'b', parentId: top.id, afterId: a.id });
    await s.ok<Work>('POST', `${v}/wbs`, { name: 'first', parentId: top.id, beforeId: a.id });
    const last = await s.ok<Work>('POST', `${v}/wbs`, { name: 'Следующий этап' });
    await s.ok<Work>('POST', `${v}/wbs`, { name: 'between', beforeId: last.id });
    expect(await names(v)).toEqual(['Этап', 'first', 'a', 'b', 'c', 'between', 'Следующий этап']);
    const wrong = await t.api(
      'POST',
      `/space/${s.spaceId}${v}/wbs`,
      { name: 'x', beforeId: a.id },
      { token: s.token },
    );
    expect(wrong.status).toBe(400);
    expect((wrong.body as { error_code: string }).error_code).toBe('InvalidHierarchy');
  });

  it('are coded by the schedule’s numbering, read once from its codes', async () => {
    const { v } = await scheduleWithVersion(s.ok);
    const first = await s.ok<Work>('POST', `${v}/wbs`, { name: 'без кода' });
    expect(first.code).toBe('A1000');
    const second = await s.ok<Work>('POST', `${v}/wbs`, { name: 'второй', afterId: first.id });
    expect(second.code).toBe('A1010');
    // The numbering is the schedule's now: a row coded otherwise does not change it.
    const wbs = await s.ok<Work>('POST', `${v}/wbs`, { name: 'Раздел', code: 'EX-0040' });
    const inside = await s.ok<Work>('POST', `${v}/wbs`, { name: 'в разделе', afterId: wbs.id });
    expect(inside.code).toBe('A1020');
    // A code typed meanwhile is passed over, never repeated.
    await s.ok<Work>('POST', `${v}/wbs`, { name: 'занят', code: 'A1030' });
    const middle = await s.ok<Work>('POST', `${v}/wbs`, { name: 'между', afterId: first.id });
    expect(middle.code).toBe('A1040');
    const given = await s.ok<Work>('POST', `${v}/wbs`, { name: 'свой код', code: 'Z-1' });
    expect(given.code).toBe('Z-1');
  });

  it('continue an imported schedule’s own numbering', async () => {
    const { v } = await scheduleWithVersion(s.ok);
    await s.ok<Work>('POST', `${v}/wbs`, { name: 'a', code: 'EX-0030' });
    const b = await s.ok<Work>('POST', `${v}/wbs`, { name: 'b', code: 'EX-0040' });
    const next = await s.ok<Work>('POST', `${v}/wbs`, { name: 'c', afterId: b.id });
    expect(next.code).toBe('EX-0050');
  });
});

describe('redo', () => {
  it('brings back what an undo took away, and an undo takes it away again', async () => {
    const { v } = await scheduleWithVersion(s.ok);
    const a = await s.ok<Work>('POST', `${v}/wbs`, { name: 'a' });
    await s.ok('PATCH', `${v}/wbs/${a.id}`, { name: 'a2', revision: 1 });
    const b = await s.ok<Work>('POST', `${v}/wbs`, { name: 'b' });
    await s.ok('POST', `${v}/wbs/delete`, { workIds: [b.id] });
    expect(await names(v)).toEqual(['a2']);
    expect(await s.ok('GET', `${v}/redo`)).toEqual({ redoable: false });

    await s.ok('POST', `${v}/undo-actions`, {}); // the delete
    await s.ok('POST', `${v}/undo-actions`, {}); // the creation of b
    await s.ok('POST', `${v}/undo-actions`, {}); // the rename
    expect(await names(v)).toEqual(['a']);
    expect(await s.ok('GET', `${v}/redo`)).toEqual({ redoable: true });

    await s.ok('POST', `${v}/redo`, {});
    expect(await names(v)).toEqual(['a2']);
    await s.ok('POST', `${v}/redo`, {});
    expect(await names(v)).toEqual(['a2', 'b']);
    await s.ok('POST', `${v}/redo`, {});
    expect(await names(v)).toEqual(['a2']);
    const none = await t.api('POST', `/space/${s.spaceId}${v}/redo`, {}, { token: s.token });
    expect(none.status).toBe(409);
    expect((none.body as { error_code: string }).error_code).toBe('NothingToRedo');

    // Redone actions are on the undo list again.
    await s.ok('POST', `${v}/undo-actions`, {});
    expect(await names(v)).toEqual(['a2', 'b']);
  });

  it('ends when a new edit follows an undo', async () => {
    const { v } = await scheduleWithVersion(s.ok);
    await s.ok<Work>('POST', `${v}/wbs`, { name: 'a' });
    await s.ok<Work>('POST', `${v}/wbs`, { name: 'b' });
    await s.ok('POST', `${v}/undo-actions`, {});
    await s.ok<Work>('POST', `${v}/wbs`, { name: 'c' });
    expect(await s.ok('GET', `${v}/redo`)).toEqual({ redoable: false });
    await s.ok('POST', `${v}/undo-actions`, {});
    // Only the undo of c can be redone, never the abandoned b.
    await s.ok('POST', `${v}/redo`, {});
    expect(await names(v)).toEqual(['a', 'c']);
    expect(await s.ok('GET', `${v}/redo`)).toEqual({ redoable: false });
  });
});
