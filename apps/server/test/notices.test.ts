import type { LiveEventDto, NoticeDto, NoticeKind } from '@takt/contracts';
import { generatedXer } from '@takt/interchange/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/sql';
import { notify } from '../src/domains/notices';
import { EventStream } from './event-stream';
import { type Failure, importedVersion, scheduleWithVersion, spaceForFile, spaceMember } from './fixtures';

/**
 * Notices (API notices, notices/personal-area, notices-status, actual-version-and-set-checked and the four
 * deletions): each user sees only their own notices of the space, in the area of their kind; a new notice is
 * told live on the user's topic, and so is a check or a deletion (for the user's other tabs).
 */
const { t, s } = spaceForFile('notices-owner', 'Уведомления');
let me = '';
let scheduleId = '';
let versionId = '';
const streams: EventStream<LiveEventDto>[] = [];

async function userId(login: string) {
  return (await t.sql<{ id: string }>('SELECT id FROM users WHERE login = $1', [login]))[0]!.id;
}

const tell = (userIds: string[], kind: NoticeKind, params: Record<string, unknown> = {}) =>
  inTransaction(t.server.services.db.pool, (tx) => notify(tx, { spaceId: s.spaceId, userIds, kind, params }));

const list = (path: string) => s.ok<NoticeDto[]>('GET', path);

async function openStream(token = s.token) {
  const input = encodeURIComponent(JSON.stringify({ spaceId: s.spaceId }));
  const params = encodeURIComponent(JSON.stringify({ token }));
  const stream = await EventStream.open<LiveEventDto>(
    `${t.url}/trpc/live.events?input=${input}&connectionParams=${params}`,
  );
  streams.push(stream);
  await stream.next();
  return stream;
}

beforeAll(async () => {
  me = await userId('notices-owner');
  ({ versionId } = await scheduleWithVersion(s.ok));
  scheduleId = (
    await t.sql<{ scheduleId: string }>('SELECT "scheduleId" FROM versions WHERE id = $1', [versionId])
  )[0]!.scheduleId;
});

afterAll(() => {
  for (const stream of streams) stream.close();
});

describe('notices of a user', () => {
  it('lists each area, newest first, with the status of both', async () => {
    await t.sql('DELETE FROM notices WHERE "userId" = $1', [me]);
    await tell([me], 'calculation_finished', { scheduleId, versionId, scheduleName: 'График' });
    await tell([me], 'import_finished', { scheduleId, versionId, fileName: 'a.xer' });
    await tell([me], 'assignment', { scheduleId, versionId, workId: 'w', role: 'executor' });
    await tell([me, me], 'mention', { chatId: 'c' });

    const notices = await list('/notices');
    expect(notices.map((n) => n.kind)).toEqual(['import_finished', 'calculation_finished']);
    expect(notices.every((n) => n.area === 'notices' && n.checkedAt === null)).toBe(true);
    const personal = await list('/notices/personal-area');
    // One notice per user even when named twice.
    expect(personal.map((n) => n.kind)).toEqual(['mention', 'assignment']);
    expect(await s.ok('GET', '/notices/notices-status')).toEqual({
      notices: { total: 2, unchecked: 2 },
      personal: { total: 2, unchecked: 2 },
      unchecked: 4,
    });
    expect(await list('/notices?limit=1')).toHaveLength(1);
  });

  it('opens a personal notice: its schedule’s actual version, and the notice checked', async () => {
    const [assignment] = (await list('/notices/personal-area')).filter((n) => n.kind === 'assignment');
    const opened = await s.ok<{ notice: NoticeDto; scheduleId: string; versionId: string }>(
      'GET',
      `/notices/personal-area/${assignment!.id}/actual-version-and-set-checked`,
    );
    expect(opened).toMatchObject({ scheduleId, versionId, notice: { id: assignment!.id } });
    expect(opened.notice.checkedAt).not.toBeNull();
    expect(await list('/notices/personal-area?unchecked=true')).toHaveLength(1);
    // Opened again, it stays checked at the time it was first.
    const again = await s.ok<{ notice: NoticeDto }>(
      'GET',
      `/notices/personal-area/${assignment!.id}/actual-version-and-set-checked`,
    );
    expect(again.notice.checkedAt).toBe(opened.notice.checkedAt);
  });

  it('marks notices checked, named or all', async () => {
    const [first] = await list('/notices');
    expect(await s.ok('PATCH', '/notices/checked', { noticeIds: [first!.id] })).toEqual({
      success: true,
      checked: 1,
    });
    expect(await s.ok('PATCH', '/notices/checked', {})).toEqual({ success: true, checked: 2 });
    expect((await s.ok<{ unchecked: number }>('GET', '/notices/notices-status')).unchecked).toBe(0);
  });

  it('deletes one notice of an area, not through the other area’s call', async () => {
    const [notice] = await list('/notices');
    const [personal] = await list('/notices/personal-area');
    const wrongArea = await t.api<Failure>(
      'DELETE',
      `/space/${s.spaceId}/notices/${personal!.id}`,
      undefined,
      {
        token: s.token,
      },
    );
    expect(wrongArea.status).toBe(404);
    expect(await s.ok('DELETE', `/notices/${notice!.id}`)).toEqual({ success: true });
    expect(await s.ok('DELETE', `/notices/${personal!.id}/personal-area`)).toEqual({ success: true });
    const gone = await t.api<Failure>('DELETE', `/space/${s.spaceId}/notices/${notice!.id}`, undefined, {
      token: s.token,
    });
    expect(gone.status).toBe(404);
    expect(await list('/notices')).toHaveLength(1);
    expect(await list('/notices/personal-area')).toHaveLength(1);
  });

  it('deletes all of one area, leaving the other', async () => {
    await tell([me], 'calculation_failed', { scheduleId, versionId });
    expect(await s.ok('DELETE', '/notices/all')).toEqual({ success: true, deleted: 2 });
    expect(await list('/notices')).toEqual([]);
    expect(await list('/notices/personal-area')).toHaveLength(1);
    expect(await s.ok('DELETE', '/notices/all/personal-area')).toEqual({ success: true, deleted: 1 });
    expect(await s.ok('GET', '/notices/notices-status')).toEqual({
      notices: { total: 0, unchecked: 0 },
      personal: { total: 0, unchecked: 0 },
      unchecked: 0,
    });
  });

  it('never shows, checks or deletes another user’s notice', async () => {
    const member = await spaceMember(t, s, 'notices-member', 'viewer');
    await tell([member.user.id], 'card_assigned', { cardId: 'k' });
    const [theirs] = (await member.call<NoticeDto[]>('GET', '/notices/personal-area')).body;
    expect(theirs!.kind).toBe('card_assigned');
    expect(await list('/notices/personal-area')).toEqual([]);
    const open = await t.api<Failure>(
      'GET',
      `/space/${s.spaceId}/notices/personal-area/${theirs!.id}/actual-version-and-set-checked`,
      undefined,
      { token: s.token },
    );
    expect(open.status).toBe(404);
    const remove = await t.api<Failure>(
      'DELETE',
      `/space/${s.spaceId}/notices/${theirs!.id}/personal-area`,
      undefined,
      { token: s.token },
    );
    expect(remove.status).toBe(404);
    expect(await s.ok('DELETE', '/notices/all/personal-area')).toEqual({ success: true, deleted: 0 });
    expect((await member.call<NoticeDto[]>('GET', '/notices/personal-area')).body).toHaveLength(1);
  });

  it('keeps the timesheet notices where they were (users/timesheet-notification)', async () => {
    await tell([me], 'timesheet_submitted', { scheduleId, versionId, hours: 8 });
    const timesheet = await s.ok<{ id: string; kind: string }[]>('GET', '/users/timesheet-notification');
    expect(timesheet.map((n) => n.kind)).toEqual(['timesheet_submitted']);
    expect((await list('/notices/personal-area')).map((n) => n.id)).toEqual([timesheet[0]!.id]);
  });
});

describe('notices of calculations and imports', () => {
  it('tells the one who calculated that the calculation finished, naming the schedule and version', async () => {
    await s.ok('DELETE', '/notices/all');
    await s.ok('POST', `/versions/${versionId}/wbs`, { name: 'Работа', durationMinutes: 480 });
    await s.ok('POST', `/versions/${versionId}/calculate`, {});
    const [notice] = await list('/notices');
    expect(notice).toMatchObject({
      kind: 'calculation_finished',
      area: 'notices',
      params: { scheduleId, versionId, works: 1 },
    });
    expect(typeof notice!.params.scheduleName).toBe('string');
  });

  it('tells a failed calculation with its reason', async () => {
    await s.ok('DELETE', '/notices/all');
    const works = await s.ok<{ id: string }[]>('GET', `/versions/${versionId}/wbs`);
    const second = await s.ok<{ id: string }>('POST', `/versions/${versionId}/wbs`, {
      name: 'Вторая',
      durationMinutes: 480,
    });
    const v = `/versions/${versionId}`;
    await s.ok('POST', `${v}/relations`, { predecessorId: works[0]!.id, successorId: second.id, type: 'fs' });
    await s.ok('POST', `${v}/relations`, { predecessorId: second.id, successorId: works[0]!.id, type: 'fs' });
    const failed = await t.api('POST', `/space/${s.spaceId}${v}/calculate`, {}, { token: s.token });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    const [notice] = await list('/notices');
    expect(notice).toMatchObject({ kind: 'calculation_failed', params: { versionId } });
    expect(String(notice!.params.reason)).not.toBe('');
  });

  it('tells the one who imported that the import finished, with the new version', async () => {
    await s.ok('DELETE', '/notices/all');
    const imported = await importedVersion(t, s, scheduleId, 'notice.xer', generatedXer(3));
    const [notice] = await list('/notices');
    expect(notice).toMatchObject({
      kind: 'import_finished',
      params: { scheduleId, versionId: imported, fileName: 'notice.xer' },
    });
  });
});

describe('notices of assignments', () => {
  it('tells a user made executor of a work by someone else, once, and not the one who did it', async () => {
    const member = await spaceMember(t, s, 'notices-executor', 'executor');
    const work = await s.ok<{ id: string; revision: number }>('POST', `/versions/${versionId}/wbs`, {
      name: 'Кладка',
      durationMinutes: 480,
    });
    const edited = await s.ok<{ revision: number }>('PATCH', `/versions/${versionId}/wbs/${work.id}`, {
      revision: work.revision,
      executorId: member.user.id,
      curatorId: me,
    });
    const [notice] = (await member.call<NoticeDto[]>('GET', '/notices/personal-area')).body;
    expect(notice).toMatchObject({
      kind: 'assignment',
      params: { role: 'executor', workId: work.id, workName: 'Кладка', works: 1, scheduleId, versionId },
    });
    // The caller made themselves curator: no notice for that.
    expect((await list('/notices/personal-area')).filter((n) => n.kind === 'assignment')).toEqual([]);
    // The same executor again is no new assignment.
    await s.ok('PATCH', `/versions/${versionId}/wbs/${work.id}`, {
      revision: edited.revision,
      executorId: member.user.id,
    });
    expect((await member.call<NoticeDto[]>('GET', '/notices/personal-area')).body).toHaveLength(1);
  });
});

describe('notices of assignments made any way', () => {
  it('tells the executor of a new work, and the one an undo makes executor again', async () => {
    const member = await spaceMember(t, s, 'notices-executor-2', 'executor');
    const assignments = async () =>
      (await member.call<NoticeDto[]>('GET', '/notices/personal-area')).body.filter(
        (n) => n.kind === 'assignment',
      );
    const work = await s.ok<{ id: string; revision: number }>('POST', `/versions/${versionId}/wbs`, {
      name: 'Монтаж окон',
      executorId: member.user.id,
    });
    expect(await assignments()).toMatchObject([{ params: { role: 'executor', workId: work.id, works: 1 } }]);
    await s.ok('PATCH', `/versions/${versionId}/wbs/${work.id}`, {
      revision: work.revision,
      executorId: null,
    });
    expect(await assignments()).toHaveLength(1);
    // Undoing the removal makes them executor again: they are told.
    await s.ok('POST', `/versions/${versionId}/undo-actions`, {});
    expect(await assignments()).toHaveLength(2);
  });
});

describe('notices told live', () => {
  it('tells a new notice, and a check or deletion, on the user’s own topic', async () => {
    const stream = await openStream();
    await tell([me], 'calculation_finished', { scheduleId, versionId });
    const created = await stream.next();
    expect(created.data).toMatchObject({ topic: `user:${me}`, kind: 'notice.created' });
    const notice = created.data.data as NoticeDto;
    expect(notice).toMatchObject({ kind: 'calculation_finished', area: 'notices', params: { versionId } });
    await s.ok('DELETE', `/notices/${notice.id}`);
    expect((await stream.next()).data).toMatchObject({ kind: 'notice.changed', data: { deleted: 1 } });
  });
});
