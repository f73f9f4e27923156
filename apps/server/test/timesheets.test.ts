import { describe, expect, it } from 'vitest';
import { type Failure, scheduleWithVersion, setEditingPeriod, spaceForFile, spaceMember } from './fixtures';

const { t, s: owner } = spaceForFile('ts-owner', 'Табели');

type Entry = { id: string; workId: string; date: string; hours: number; status: string; revision: number };
type Sheet = { userId: string; works: { workId: string }[]; entries: Entry[] };
type Notice = { id: string; kind: string; params: Record<string, unknown> };

const isoDay = (offset: number) => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const member = (login: string, roleKey: string) => spaceMember(t, owner, login, roleKey);

describe('timesheets', () => {
  it('takes an executor’s hours, submits them to the curator, who approves or declines the days', async () => {
    const { v } = await scheduleWithVersion(owner.ok);
    const executor = await member('ts-executor', 'executor');
    const curator = await member('ts-curator', 'curator');
    const stranger = await member('ts-other-curator', 'curator');
    const work = await owner.ok<{ id: string }>('POST', `${v}/wbs`, {
      name: 'Монтаж опалубки',
      code: 'O-1',
      executorId: executor.user.id,
      curatorId: curator.user.id,
    });
    const [d1, d2] = [isoDay(-2), isoDay(-1)];

    const sheet = await executor.call<Sheet>('GET', `${v}/timesheets?from=${d1}&to=${d2}`);
    expect(sheet.status).toBe(200);
    expect(sheet.body.works.map((w) => w.workId)).toEqual([work.id]);

    const saved = await executor.call<Sheet>('PUT', `${v}/timesheets`, {
      entries: [
        { workId: work.id, date: d1, hours: 8 },
        { workId: work.id, date: d2, hours: 6, comment: 'Дождь после обеда' },
      ],
    });
    expect(saved.body.entries.map((e) => [e.date, e.hours, e.status])).toEqual([
      [d1, 8, 'draft'],
      [d2, 6, 'draft'],
    ]);
    const tooMany = await executor.call('PUT', `${v}/timesheets`, {
      entries: [{ workId: work.id, date: d1, hours: 25 }],
    });
    expect(tooMany.status).toBe(400);
    const e1 = saved.body.entries[0]!;
    const resaved = await executor.call('PUT', `${v}/timesheets`, {
      entries: [{ workId: work.id, date: d1, hours: 8, revision: e1.revision }],
    });
    expect(resaved.status).toBe(200);

    const submitted = await executor.call<{ submitted: number; notified: number }>(
      'POST',
      `${v}/timesheets/submit`,
      { from: d1, to: d2 },
    );
    expect(submitted.body).toMatchObject({ submitted: 2, notified: 1 });
    const closed = await executor.call('PUT', `${v}/timesheets`, {
      entries: [{ workId: work.id, date: d1, hours: 7, revision: e1.revision + 2 }],
    });
    expect(closed.body.error_code).toBe('TimesheetSubmitted');
    expect(closed.body.error_message).toBe(
      `The timesheet for ${d1} is submitted and can no longer be changed`,
    );

    const notices = await curator.call<Notice[]>('GET', '/users/timesheet-notification');
    expect(notices.body).toEqual([
      expect.objectContaining({
        kind: 'timesheet_submitted',
        params: expect.objectContaining({ userId: executor.user.id, from: d1, to: d2, hours: 14 }),
      }),
    ]);
    const read = await curator.call<Notice>(
      'GET',
      `/notices/personal-area/${notices.body[0]!.id}/timesheet-notification`,
    );
    expect(read.body.kind).toBe('timesheet_submitted');
    expect((await curator.call<Notice[]>('GET', '/users/timesheet-notification')).body).toEqual([]);

    const curated = await curator.call<Sheet>('GET', `${v}/timesheets?from=${d1}&to=${d2}&curated=true`);
    expect(curated.body.entries.map((e) => e.status)).toEqual(['submitted', 'submitted']);
    const notMine = await stranger.call('PATCH', `${v}/accepted-curator-dates`, {
      userId: executor.user.id,
      dates: [d1],
      decision: 'APPROVED',
    });
    expect(notMine.body.error_code).toBe('NotCurator');
    const ownHoursOnly = await executor.call('PATCH', `${v}/accepted-curator-dates`, {
      userId: executor.user.id,
      dates: [d1],
      decision: 'APPROVED',
    });
    expect(ownHoursOnly.body.error_code).toBe('Forbidden');

    const approved = await curator.call<{ count: number }>('PATCH', `${v}/accepted-curator-dates`, {
      userId: executor.user.id,
      dates: [d1],
      decision: 'APPROVED',
    });
    expect(approved.body.count).toBe(1);
    await curator.call('PATCH', `${v}/accepted-curator-dates`, {
      userId: executor.user.id,
      dates: [d2],
      decision: 'DECLINED',
    });
    const decided = await executor.call<Notice[]>('GET', '/users/timesheet-notification');
    expect(decided.body.map((n) => n.params.decision).sort()).toEqual(['APPROVED', 'DECLINED']);

    // A declined day can be corrected and submitted again; an approved one stays closed.
    const mine = await executor.call<Sheet>('GET', `${v}/timesheets?from=${d1}&to=${d2}`);
    const declined = mine.body.entries.find((e) => e.date === d2)!;
    expect(declined.status).toBe('declined');
    const corrected = await executor.call<Sheet>('PUT', `${v}/timesheets`, {
      entries: [{ workId: work.id, date: d2, hours: 4, revision: declined.revision }],
    });
    expect(corrected.body.entries.find((e) => e.date === d2)).toMatchObject({ hours: 4, status: 'draft' });

    const users = await owner.ok<{ id: string; hours: number; approved: number; declined: number }[]>(
      'GET',
      `${v}/timesheet/users`,
    );
    expect(users).toEqual([
      expect.objectContaining({ id: executor.user.id, hours: 12, approved: 8, declined: 0 }),
    ]);
  });

  it('refuses days before the editing period and more than 24 hours a day across works', async () => {
    const { v } = await scheduleWithVersion(owner.ok);
    const a = await owner.ok<{ id: string }>('POST', `${v}/wbs`, { name: 'A' });
    const b = await owner.ok<{ id: string }>('POST', `${v}/wbs`, { name: 'B' });
    const day = isoDay(-1);
    await owner.ok('PUT', `${v}/timesheets`, { entries: [{ workId: a.id, date: day, hours: 14 }] });
    const over = await t.api<Failure>(
      'PUT',
      `/space/${owner.spaceId}${v}/timesheets`,
      { entries: [{ workId: b.id, date: day, hours: 12 }] },
      { token: owner.token, lang: 'ru' },
    );
    expect(over.body.error_message).toBe(`За ${day} введено больше 24 часов`);
    await setEditingPeriod(owner.ok, 2);
    try {
      const closed = await t.api<Failure>(
        'PUT',
        `/space/${owner.spaceId}${v}/timesheets`,
        { entries: [{ workId: b.id, date: isoDay(-5), hours: 1 }] },
        { token: owner.token },
      );
      expect(closed.body.error_code).toBe('EditingPeriodClosed');
    } finally {
      await setEditingPeriod(owner.ok, 0);
    }
  });
});
