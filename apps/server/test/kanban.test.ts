import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Failure, scheduleWithVersion, spaceForFile, spaceMember, uploadForm } from './fixtures';

const { t, s } = spaceForFile('kanban-owner', 'Канбан');

/** One executor and one viewer of the space for the whole file (a free space holds few members). */
const members = new Map<string, ReturnType<typeof spaceMember>>();
const member = (roleKey: 'executor' | 'viewer') => {
  if (!members.has(roleKey)) members.set(roleKey, spaceMember(t, s, `kanban-${roleKey}`, roleKey));
  return members.get(roleKey)!;
};

interface Column {
  id: string;
  name: string;
  wipLimit: number | null;
  workStatus: string | null;
  revision: number;
}
interface Board {
  id: string;
  scheduleId: string;
  name: string;
  versionId: string | null;
  revision: number;
  columns: Column[];
  labels: { id: string; name: string; color: string }[];
}
interface Card {
  id: string;
  columnId: string;
  title: string;
  revision: number;
  workId: string | null;
  workStatus: string | null;
  labelIds: string[];
  assigneeIds: string[];
  checklistDone: number;
  checklistTotal: number;
  dueDate: string | null;
}

async function boardWithWork() {
  const { scheduleId, versionId, v } = await scheduleWithVersion(s.ok);
  const work = await s.ok<{ id: string; revision: number }>('POST', `${v}/wbs`, { name: 'Кладка стен' });
  const board = await s.ok<Board>('POST', `/schedules/${scheduleId}/kanban`, {
    name: `Доска ${Math.random()}`,
  });
  return { scheduleId, versionId, v, work, board };
}

describe('kanban boards', () => {
  it('makes a board with a column per work status in the caller’s language, linked to the actual version', async () => {
    const { versionId, board, scheduleId } = await boardWithWork();
    expect(board.versionId).toBe(versionId);
    expect(board.columns.map((c) => c.workStatus)).toEqual(['not_started', 'in_progress', 'completed']);
    expect(board.columns.map((c) => c.name)).toEqual(['To do', 'In progress', 'Done']);
    const list = await s.ok<{ id: string; cards: number }[]>('GET', `/schedules/${scheduleId}/kanban`);
    expect(list.map((b) => b.id)).toContain(board.id);
    // The same name twice on one schedule is refused.
    const again = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/schedules/${scheduleId}/kanban`,
      { name: board.name },
      { token: s.token },
    );
    expect(again.status).toBe(400);
  });

  it('adds, renames, limits, reorders and deletes columns; an edit at a stale revision is a conflict', async () => {
    const { board } = await boardWithWork();
    const review = await s.ok<Column>('POST', `/kanban/boards/${board.id}/columns`, {
      name: 'Проверка',
      wipLimit: 2,
      afterId: board.columns[1]!.id,
    });
    let got = await s.ok<Board>('GET', `/kanban/boards/${board.id}`);
    expect(got.columns.map((c) => c.name)).toEqual(['To do', 'In progress', 'Проверка', 'Done']);
    const renamed = await s.ok<Column>('PATCH', `/kanban/columns/${review.id}`, {
      revision: review.revision,
      name: 'Приёмка',
      wipLimit: 3,
    });
    expect(renamed).toMatchObject({ name: 'Приёмка', wipLimit: 3 });
    const stale = await t.api(
      'PATCH',
      `/space/${s.spaceId}/kanban/columns/${review.id}`,
      { revision: review.revision, name: 'X' },
      { token: s.token },
    );
    expect(stale.status).toBe(409);
    const order = [...got.columns.map((c) => c.id)].reverse();
    got = await s.ok<Board>('PUT', `/kanban/boards/${board.id}/columns/order`, { columnIds: order });
    expect(got.columns.map((c) => c.id)).toEqual(order);
    // An order that leaves a column out is refused.
    const partial = await t.api(
      'PUT',
      `/space/${s.spaceId}/kanban/boards/${board.id}/columns/order`,
      { columnIds: order.slice(1) },
      { token: s.token },
    );
    expect(partial.status).toBe(400);
    await s.ok('DELETE', `/kanban/columns/${review.id}`);
    got = await s.ok<Board>('GET', `/kanban/boards/${board.id}`);
    expect(got.columns).toHaveLength(3);
  });

  it('creates, orders, moves, filters and deletes cards; a move at a stale revision is a conflict', async () => {
    const { board } = await boardWithWork();
    const [todo, doing] = board.columns;
    const label = await s.ok<{ id: string }>('POST', `/kanban/boards/${board.id}/labels`, {
      name: 'Срочно',
      color: '#ff0000',
    });
    const a = await s.ok<Card>('POST', `/kanban/columns/${todo!.id}/items`, {
      title: 'A',
      labelIds: [label.id],
      dueDate: '2026-01-10',
    });
    const b = await s.ok<Card>('POST', `/kanban/columns/${todo!.id}/items`, { title: 'B' });
    const c = await s.ok<Card>('POST', `/kanban/columns/${todo!.id}/items`, { title: 'C' });
    const titles = async () =>
      (await s.ok<Card[]>('GET', `/kanban/boards/${board.id}/items`)).map(
        (x) => `${x.columnId === todo!.id ? 't' : 'd'}${x.title}`,
      );
    expect(await titles()).toEqual(['tA', 'tB', 'tC']);
    // C between A and B, then B first.
    const movedC = await s.ok<Card>('POST', `/kanban/items/${c.id}/move`, {
      revision: c.revision,
      columnId: todo!.id,
      afterId: a.id,
    });
    await s.ok('POST', `/kanban/items/${b.id}/move`, {
      revision: b.revision,
      columnId: todo!.id,
      afterId: null,
    });
    expect(await titles()).toEqual(['tB', 'tA', 'tC']);
    await s.ok('POST', `/kanban/items/${a.id}/move`, { revision: a.revision, columnId: doing!.id });
    const stale = await t.api(
      'POST',
      `/space/${s.spaceId}/kanban/items/${a.id}/move`,
      { revision: a.revision, columnId: todo!.id },
      { token: s.token },
    );
    expect(stale.status).toBe(409);
    expect(movedC.revision).toBe(c.revision + 1);
    // Filters: label, due, text.
    const byLabel = await s.ok<Card[]>('POST', `/kanban/boards/${board.id}/filters`, {
      labelIds: [label.id],
    });
    expect(byLabel.map((x) => x.title)).toEqual(['A']);
    const overdue = await s.ok<Card[]>('POST', `/kanban/boards/${board.id}/filters`, {
      due: 'overdue',
      today: '2026-02-01',
    });
    expect(overdue.map((x) => x.title)).toEqual(['A']);
    const none = await s.ok<Card[]>('POST', `/kanban/boards/${board.id}/filters`, { due: 'none' });
    expect(none.map((x) => x.title).sort()).toEqual(['B', 'C']);
    const text = await s.ok<Card[]>('POST', `/kanban/boards/${board.id}/filters`, { text: 'c' });
    expect(text.map((x) => x.title)).toEqual(['C']);
    // History of a card records its move.
    const card = await s.ok<{ history: { kind: string }[] }>('GET', `/kanban/items/${a.id}`);
    expect(card.history.map((h) => h.kind)).toEqual(['moved', 'created']);
    await s.ok('DELETE', `/kanban/items/${b.id}`);
    expect((await titles()).sort()).toEqual(['dA', 'tC']);
    const gone = await t.api('GET', `/space/${s.spaceId}/kanban/items/${b.id}`, undefined, {
      token: s.token,
    });
    expect(gone.status).toBe(404);
  });

  it('moving a linked card to Done completes its work through the works’ edit; a work completed elsewhere moves its card', async () => {
    const { board, v, work } = await boardWithWork();
    const [todo, , done] = board.columns;
    const card = await s.ok<Card>('POST', `/kanban/columns/${todo!.id}/items`, { workId: work.id });
    expect(card.title).toBe('Кладка стен');
    const moved = await s.ok<Card>('POST', `/kanban/items/${card.id}/move`, {
      revision: card.revision,
      columnId: done!.id,
    });
    expect(moved.columnId).toBe(done!.id);
    const completed = await s.ok<{ status: string; progress: number; factFinish: string | null }>(
      'GET',
      `${v}/wbs/${work.id}`,
    );
    expect(completed).toMatchObject({ status: 'completed', progress: 100 });
    expect(completed.factFinish).not.toBeNull();
    // The edit is the works' own: it can be undone.
    const undo = await t.sql<{ action: string }>(
      `SELECT action FROM undo_actions WHERE "versionId" = $1 ORDER BY "createdAt" DESC LIMIT 1`,
      [board.versionId],
    );
    expect(undo[0]?.action).toBe('works.update');

    // The grid sets the work back in progress: the card follows.
    const current = await s.ok<{ revision: number }>('GET', `${v}/wbs/${work.id}`);
    await s.ok('PATCH', `${v}/wbs/${work.id}`, {
      revision: current.revision,
      status: 'in_progress',
      progress: 50,
      factFinish: null,
    });
    const cards = await s.ok<Card[]>('GET', `/kanban/boards/${board.id}/items`);
    expect(cards.find((c) => c.id === card.id)).toMatchObject({
      columnId: board.columns[1]!.id,
      workStatus: 'in_progress',
    });
  });

  it('moves a card with its work’s undo and redo; a linked card made in Done completes its work', async () => {
    const { board, v, work } = await boardWithWork();
    const [todo, , done] = board.columns;
    const card = await s.ok<Card>('POST', `/kanban/columns/${todo!.id}/items`, { workId: work.id });
    await s.ok('POST', `/kanban/items/${card.id}/move`, { revision: card.revision, columnId: done!.id });
    const columnOf = async (id: string) =>
      (await s.ok<Card[]>('GET', `/kanban/boards/${board.id}/items`)).find((c) => c.id === id)?.columnId;
    // Undoing the work's completion (the move's own edit) takes the card back to the work's status.
    await s.ok('POST', `${v}/undo-actions`, {});
    expect((await s.ok<{ status: string }>('GET', `${v}/wbs/${work.id}`)).status).toBe('not_started');
    expect(await columnOf(card.id)).toBe(todo!.id);
    await s.ok('POST', `${v}/redo`, {});
    expect(await columnOf(card.id)).toBe(done!.id);

    const other = await s.ok<{ id: string }>('POST', `${v}/wbs`, { name: 'Штукатурка' });
    const made = await s.ok<Card>('POST', `/kanban/columns/${done!.id}/items`, { workId: other.id });
    expect(made).toMatchObject({ columnId: done!.id, workStatus: 'completed' });
    expect(await s.ok<{ progress: number }>('GET', `${v}/wbs/${other.id}`)).toMatchObject({ progress: 100 });
    // One who may not edit the schedule makes linked cards only where no status is set.
    const executor = await member('executor');
    const third = await s.ok<{ id: string }>('POST', `${v}/wbs`, { name: 'Окраска' });
    const refused = await executor.call('POST', `/kanban/columns/${done!.id}/items`, { workId: third.id });
    expect(refused.status).toBe(403);
    expect((await s.ok<{ status: string }>('GET', `${v}/wbs/${third.id}`)).status).toBe('not_started');
  });

  it('puts back a card whose work cannot be completed by the caller', async () => {
    const { board, work } = await boardWithWork();
    const [todo, , done] = board.columns;
    const card = await s.ok<Card>('POST', `/kanban/columns/${todo!.id}/items`, { workId: work.id });
    const executor = await member('executor');
    const refused = await executor.call('POST', `/kanban/items/${card.id}/move`, {
      revision: card.revision,
      columnId: done!.id,
    });
    expect(refused.status).toBe(403);
    const cards = await s.ok<Card[]>('GET', `/kanban/boards/${board.id}/items`);
    expect(cards[0]!.columnId).toBe(todo!.id);
    // A free card the executor may move anywhere.
    const free = await s.ok<Card>('POST', `/kanban/columns/${todo!.id}/items`, { title: 'Свободная' });
    const movedFree = await executor.call<Card>('POST', `/kanban/items/${free.id}/move`, {
      revision: free.revision,
      columnId: done!.id,
    });
    expect(movedFree.status).toBe(200);
    // Managing the board is not theirs.
    const column = await executor.call('POST', `/kanban/boards/${board.id}/columns`, { name: 'Моя' });
    expect(column.status).toBe(403);
    // A viewer reads the board but moves nothing.
    const viewer = await member('viewer');
    expect((await viewer.call('GET', `/kanban/boards/${board.id}`)).status).toBe(200);
    expect(
      (await viewer.call('POST', `/kanban/items/${free.id}/move`, { revision: 2, columnId: todo!.id }))
        .status,
    ).toBe(403);
  });

  it('assigns and revokes members, with a notice to the assignee; comments and attachments', async () => {
    const { board } = await boardWithWork();
    const card = await s.ok<Card>('POST', `/kanban/columns/${board.columns[0]!.id}/items`, {
      title: 'Опалубка',
    });
    const assignee = await member('executor');
    const assigned = await s.ok<Card>('POST', `/kanban/items/${card.id}/assign`, {
      userId: assignee.user.id,
    });
    expect(assigned.assigneeIds).toEqual([assignee.user.id]);
    const notices = await t.sql<{ kind: string; params: { boardId: string; scheduleId: string } }>(
      `SELECT kind, params FROM notices WHERE "userId" = $1 AND kind = 'card_assigned'`,
      [assignee.user.id],
    );
    // The notice names the card's board and schedule, so that it opens the card.
    expect(notices.at(-1)?.params).toMatchObject({ boardId: board.id, scheduleId: board.scheduleId });
    const byAssignee = await s.ok<Card[]>('POST', `/kanban/boards/${board.id}/filters`, {
      assigneeIds: [assignee.user.id],
    });
    expect(byAssignee.map((c) => c.id)).toEqual([card.id]);
    const revoked = await s.ok<Card>('POST', `/kanban/items/${card.id}/revoke`, { userId: assignee.user.id });
    expect(revoked.assigneeIds).toEqual([]);

    const comment = await s.ok<{ id: string }>('POST', `/kanban/items/${card.id}/comments`, {
      text: 'Готово к приёмке',
    });
    // Another member's comment is theirs to delete, not an executor's.
    expect((await assignee.call('DELETE', `/kanban/comments/${comment.id}`)).status).toBe(403);
    await s.ok('DELETE', `/kanban/comments/${comment.id}`);

    const attached = await t.api<{ id: string; size: number }>(
      'POST',
      `/space/${s.spaceId}/kanban/items/${card.id}/files`,
      undefined,
      {
        token: s.token,
        form: (() => {
          const f = new FormData();
          f.append('file', new Blob([new TextEncoder().encode('акт')], { type: 'text/plain' }), 'act.txt');
          return f;
        })(),
      },
    );
    expect(attached.status).toBe(200);
    const file = await t.api('GET', `/space/${s.spaceId}/kanban/files/${attached.body.id}`, undefined, {
      token: s.token,
    });
    expect(file.status).toBe(200);
    const refused = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/kanban/items/${card.id}/files`,
      undefined,
      {
        token: s.token,
        form: uploadForm('run.exe', 'MZ'),
      },
    );
    expect(refused.status).toBe(415);
    const detail = await s.ok<{ files: unknown[]; history: { kind: string }[] }>(
      'GET',
      `/kanban/items/${card.id}`,
    );
    expect(detail.files).toHaveLength(1);
    expect(detail.history.map((h) => h.kind)).toEqual(
      expect.arrayContaining(['assigned', 'revoked', 'commented', 'attached']),
    );
    // Deleting the board deletes its cards' attachments, bytes and all.
    const [stored] = await t.sql<{ key: string }>(`SELECT key FROM kanban_item_files WHERE id = $1`, [
      attached.body.id,
    ]);
    const path = join(t.server.services.config.filesDir, stored!.key);
    expect(existsSync(path)).toBe(true);
    await s.ok('DELETE', `/kanban/boards/${board.id}`);
    expect(existsSync(path)).toBe(false);
  });

  it('copies a board with its cards, labels and checklists; statistics count cards, cycle time and throughput', async () => {
    const { board } = await boardWithWork();
    const [todo, , done] = board.columns;
    const label = await s.ok<{ id: string }>('POST', `/kanban/boards/${board.id}/labels`, {
      name: 'Бетон',
      color: '#00aa00',
    });
    const card = await s.ok<Card>('POST', `/kanban/columns/${todo!.id}/items`, {
      title: 'Заливка',
      labelIds: [label.id],
    });
    await s.ok('POST', '/checklists', { cardId: card.id, name: 'Приёмка', items: ['Арматура', 'Опалубка'] });
    await s.ok('POST', `/kanban/items/${card.id}/move`, { revision: card.revision, columnId: done!.id });
    const copy = await s.ok<Board>('POST', `/kanban/boards/${board.id}/copy`, {
      name: `Копия ${Math.random()}`,
      withCards: true,
    });
    expect(copy.columns.map((c) => c.name)).toEqual(board.columns.map((c) => c.name));
    expect(copy.labels.map((l) => l.name)).toEqual(['Бетон']);
    const copied = await s.ok<Card[]>('GET', `/kanban/boards/${copy.id}/items`);
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatchObject({ title: 'Заливка', columnId: copy.columns[2]!.id, checklistTotal: 2 });
    expect(copied[0]!.labelIds).toEqual([copy.labels[0]!.id]);

    const stats = await s.ok<{
      columns: { cards: number }[];
      cycleTime: { cards: number; averageHours: number | null };
      throughput: { cards: number }[];
    }>('GET', `/kanban/boards/${board.id}/stats`);
    expect(stats.columns.map((c) => c.cards)).toEqual([0, 0, 1]);
    expect(stats.cycleTime.cards).toBe(1);
    expect(stats.cycleTime.averageHours).toBeGreaterThanOrEqual(0);
    expect(stats.throughput.at(-1)!.cards).toBe(1);
  });
});

describe('checklists', () => {
  it('keeps checklists of works with items ticked, assigned, reordered; templates; progress per work', async () => {
    const { versionId, work } = await boardWithWork();
    const template = await s.ok<{ id: string }>('POST', '/checklists/templates', {
      name: 'Приёмка',
      items: ['Осмотр', 'Акт'],
    });
    const list = await s.ok<{
      id: string;
      revision: number;
      items: { id: string; text: string; done: boolean }[];
    }>('POST', '/checklists', {
      workId: work.id,
      name: 'Приёмка этажа',
      templateId: template.id,
    });
    expect(list.items.map((i) => i.text)).toEqual(['Осмотр', 'Акт']);
    const added = await s.ok<typeof list>('POST', `/checklists/${list.id}/items`, {
      text: 'Фото',
      dueDate: '2026-03-01',
    });
    const [first, second, third] = added.items;
    const ticked = await s.ok<{ items: { done: boolean; doneById: string | null }[]; done: number }>(
      'PATCH',
      `/checklist-items/${first!.id}`,
      { done: true },
    );
    expect(ticked.done).toBe(1);
    expect(ticked.items[0]!.doneById).not.toBeNull();
    const reordered = await s.ok<typeof list>('PUT', `/checklists/${list.id}/items/order`, {
      itemIds: [third!.id, first!.id, second!.id],
    });
    expect(reordered.items.map((i) => i.text)).toEqual(['Фото', 'Осмотр', 'Акт']);
    const renamed = await s.ok<{ name: string }>('PATCH', `/checklists/${list.id}`, {
      revision: reordered.revision,
      name: 'Приёмка',
    });
    expect(renamed.name).toBe('Приёмка');
    const progress = await s.ok<{ workId: string; done: number; total: number }[]>(
      'GET',
      `/versions/${versionId}/checklists`,
    );
    expect(progress).toEqual([{ workId: work.id, done: 1, total: 3 }]);
    const lists = await s.ok<unknown[]>('GET', `/checklists?workId=${work.id}`);
    expect(lists).toHaveLength(1);
    await s.ok('DELETE', `/checklist-items/${second!.id}`);
    await s.ok('DELETE', `/checklists/${list.id}`);
    expect(await s.ok<unknown[]>('GET', `/checklists?workId=${work.id}`)).toEqual([]);
    await s.ok('DELETE', `/checklists/templates/${template.id}`);
  });

  it('lets a viewer read but not tick, and an executor tick but not manage templates', async () => {
    const { work } = await boardWithWork();
    const list = await s.ok<{ id: string; items: { id: string }[] }>('POST', '/checklists', {
      workId: work.id,
      name: 'Л',
      items: ['Один'],
    });
    const viewer = await member('viewer');
    expect((await viewer.call('GET', `/checklists?workId=${work.id}`)).status).toBe(200);
    expect((await viewer.call('PATCH', `/checklist-items/${list.items[0]!.id}`, { done: true })).status).toBe(
      403,
    );
    const executor = await member('executor');
    expect(
      (await executor.call('PATCH', `/checklist-items/${list.items[0]!.id}`, { done: true })).status,
    ).toBe(200);
    expect((await executor.call('POST', '/checklists/templates', { name: 'Мой', items: [] })).status).toBe(
      403,
    );
  });
});
