import { describe, expect, it } from 'vitest';
import { type Failure, scheduleWithVersion, setEditingPeriod, spaceForFile, spaceMember } from './fixtures';

const { t, s: owner } = spaceForFile('wdp-owner', 'Суточный план');

type Row = {
  workId: string;
  planning: boolean;
  revision: number;
  plannedTotal: number;
  factTotal: number;
  values: { date: string; planVolume: number | null; factVolume: number | null }[];
};
type List = { editing: { days: number; firstEditableDate: string | null }; rows: Row[] };

const call = <T = Failure>(method: string, path: string, body?: unknown, lang: 'en' | 'ru' = 'en') =>
  t.api<T>(method, `/space/${owner.spaceId}${path}`, body, { token: owner.token, lang });

const isoDay = (offset: number) => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** Days from today to the next Monday (today when it is one). */
const toMonday = (() => {
  const weekday = (new Date().getUTCDay() + 6) % 7;
  return weekday === 0 ? 0 : 7 - weekday;
})();

async function scheduleWithWork(planVolume = 100) {
  const { v, versionId, scheduleId } = await scheduleWithVersion(owner.ok);
  await owner.ok('PATCH', `/versions/${versionId}`, {
    projectStart: `${isoDay(toMonday)}T08:00`,
    revision: (await owner.ok<{ revision: number }>('GET', `/versions/${versionId}`)).revision,
  });
  const work = await owner.ok<{ id: string; code: string }>('POST', `${v}/wbs`, {
    name: 'Кладка стен',
    code: 'K-1',
    durationMinutes: 5 * 480,
    planVolume,
    unit: 'м³',
  });
  await owner.ok('POST', `${v}/calculate`, {});
  return { v, versionId, scheduleId, work };
}

describe('daily work plans', () => {
  it('saves plan and fact by day at the row revision, refuses a stale one, and undoes it (undo_wdp)', async () => {
    const { v, work } = await scheduleWithWork();
    const today = isoDay(toMonday);
    const tomorrow = isoDay(toMonday + 1);
    const empty = await owner.ok<List>('GET', `${v}/wdp?from=${today}&to=${tomorrow}`);
    expect(empty.rows.find((r) => r.workId === work.id)).toMatchObject({
      revision: 0,
      planning: false,
      values: [],
    });

    const saved = await owner.ok<List>('PUT', `${v}/wdp`, {
      rows: [
        {
          workId: work.id,
          revision: 0,
          values: [
            { date: today, planVolume: 20, factVolume: 18 },
            { date: tomorrow, planVolume: 20 },
          ],
        },
      ],
    });
    const row = saved.rows[0]!;
    expect(row).toMatchObject({ revision: 1, plannedTotal: 40, factTotal: 18 });
    expect(row.values).toEqual([
      { date: today, planVolume: 20, factVolume: 18 },
      { date: tomorrow, planVolume: 20, factVolume: null },
    ]);
    const stale = await call('PUT', `${v}/wdp`, {
      rows: [{ workId: work.id, revision: 0, values: [{ date: today, planVolume: 1 }] }],
    });
    expect(stale.body.error_code).toBe('Conflict');

    // A field left out keeps its value; null clears it; a day with nothing left goes.
    const edited = await owner.ok<List>('PUT', `${v}/wdp`, {
      rows: [
        {
          workId: work.id,
          revision: 1,
          values: [
            { date: today, factVolume: 19 },
            { date: tomorrow, planVolume: null },
          ],
        },
      ],
    });
    expect(edited.rows[0]!.values).toEqual([{ date: today, planVolume: 20, factVolume: 19 }]);

    const actions = await owner.ok<{ kind: string; action: string }[]>('GET', `${v}/undo-actions`);
    expect(actions.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'undo_wdp', action: 'wdp.save' }),
      expect.objectContaining({ kind: 'undo_wdp', action: 'wdp.save' }),
    ]);
    await owner.ok('POST', `${v}/undo-actions`, {});
    const undone = await owner.ok<List>('GET', `${v}/wdp?from=${today}&to=${tomorrow}`);
    const back = undone.rows.find((r) => r.workId === work.id)!;
    expect(back.values).toEqual([
      { date: today, planVolume: 20, factVolume: 18 },
      { date: tomorrow, planVolume: 20, factVolume: null },
    ]);
    // The restored plan has a new revision: a client holding the undone state's revision gets a Conflict.
    expect(back.revision).toBeGreaterThan(2);
    const afterUndo = await call('PUT', `${v}/wdp`, {
      rows: [{ workId: work.id, revision: 2, values: [{ date: today, planVolume: 5 }] }],
    });
    expect(afterUndo.body.error_code).toBe('Conflict');
  });

  it('toggles the planning status of one row and of many, each an undo action', async () => {
    const { v, work } = await scheduleWithWork();
    const other = await owner.ok<{ id: string }>('POST', `${v}/wbs`, { name: 'Штукатурка', planVolume: 10 });
    const one = await owner.ok<{
      changed: number;
      rows: { workId: string; planning: boolean; revision: number }[];
    }>('PATCH', `${v}/wdp/planning`, { rows: [{ workId: work.id, revision: 0 }], planning: true });
    expect(one).toMatchObject({ changed: 1, rows: [{ workId: work.id, planning: true, revision: 1 }] });
    const stale = await call('PATCH', `${v}/wdp/planning`, {
      rows: [{ workId: work.id, revision: 0 }],
      planning: false,
    });
    expect(stale.body.error_code).toBe('Conflict');
    const bulk = await owner.ok<{ changed: number }>('PATCH', `${v}/wdp/planning`, {
      rows: [{ workId: work.id }, { workId: other.id }],
      planning: true,
    });
    expect(bulk.changed).toBe(1);
    const list = await owner.ok<List>('GET', `${v}/wdp?from=${isoDay(30)}&to=${isoDay(31)}`);
    expect(
      list.rows
        .filter((r) => r.planning)
        .map((r) => r.workId)
        .sort(),
    ).toEqual([work.id, other.id].sort());
    await owner.ok('POST', `${v}/undo-actions`, {});
    const undone = await owner.ok<List>('GET', `${v}/wdp?from=${isoDay(30)}&to=${isoDay(31)}`);
    expect(undone.rows.filter((r) => r.planning).map((r) => r.workId)).toEqual([work.id]);
  });

  it('refuses days before the editing period and a plan above the work’s volume (limit-for-dp)', async () => {
    const { v, work, scheduleId } = await scheduleWithWork(30);
    await setEditingPeriod(owner.ok, 3);
    try {
      const closed = await call('PUT', `${v}/wdp`, {
        rows: [{ workId: work.id, revision: 0, values: [{ date: isoDay(-10), factVolume: 5 }] }],
      });
      expect(closed.status).toBe(403);
      expect(closed.body.error_message).toBe('The editing period for this date has closed');
      const open = await call('PUT', `${v}/wdp`, {
        rows: [{ workId: work.id, revision: 0, values: [{ date: isoDay(-3), factVolume: 5 }] }],
      });
      expect(open.status).toBe(200);

      const over = await call('PUT', `${v}/wdp`, {
        rows: [
          {
            workId: work.id,
            revision: 1,
            values: [
              { date: isoDay(0), planVolume: 20 },
              { date: isoDay(1), planVolume: 15 },
            ],
          },
        ],
      });
      expect(over.body.error_code).toBe('WdpLimitExceeded');
      expect(over.body.error_message).toBe(
        'The daily plan and facts of K-1 (40) exceed the planned volume of the work (30)',
      );
      const ru = await call(
        'PUT',
        `${v}/wdp`,
        {
          rows: [{ workId: work.id, revision: 1, values: [{ date: isoDay(0), planVolume: 31 }] }],
        },
        'ru',
      );
      expect(ru.body.error_message).toBe(
        'Суточный план и факт работы K-1 (36) превышают плановый объём работы (30)',
      );

      await owner.ok('PUT', `${v}/wdp`, {
        rows: [{ workId: work.id, revision: 1, values: [{ date: isoDay(0), planVolume: 12 }] }],
      });
      type Limit = {
        editing: { days: number; firstEditableDate: string };
        works: { workId: string; planVolume: number; planned: number; fact: number; remaining: number }[];
      };
      const limit = await owner.ok<Limit>('GET', `/schedules/${scheduleId}/limit-for-dp`);
      expect(limit.editing).toMatchObject({ days: 3, firstEditableDate: isoDay(-3) });
      expect(limit.works).toEqual([
        expect.objectContaining({ workId: work.id, planVolume: 30, planned: 12, fact: 5, remaining: 13 }),
      ]);
    } finally {
      await setEditingPeriod(owner.ok, 0);
    }
  });

  it('fills the volume plan at a day from what remains and the work’s calendar', async () => {
    const { v, work } = await scheduleWithWork(100);
    await owner.ok('PATCH', `${v}/wdp/planning`, { rows: [{ workId: work.id }], planning: true });
    // 100 m³ over the five working days from Monday: 20 a day; after 20 done on Monday, 80 over four days.
    const monday = isoDay(toMonday);
    const first = await owner.ok<{ count: number; rows: Row[] }>(
      'GET',
      `${v}/update-volume-plan-at-day?date=${monday}`,
    );
    expect(first.count).toBe(1);
    expect(first.rows[0]!.values).toEqual([{ date: monday, planVolume: 20, factVolume: null }]);
    await owner.ok('PUT', `${v}/wdp`, {
      rows: [
        { workId: work.id, revision: first.rows[0]!.revision, values: [{ date: monday, factVolume: 32 }] },
      ],
    });
    const tuesday = isoDay(toMonday + 1);
    const second = await owner.ok<{ rows: Row[] }>('GET', `${v}/update-volume-plan-at-day?date=${tuesday}`);
    expect(second.rows[0]!.values).toEqual([{ date: tuesday, planVolume: 17, factVolume: null }]);
    // A day after the work's finish gets the whole rest (the work is late), once Tuesday's plan is taken back.
    await owner.ok('PUT', `${v}/wdp`, {
      rows: [
        {
          workId: work.id,
          revision: second.rows[0]!.revision,
          values: [{ date: tuesday, planVolume: null }],
        },
      ],
    });
    const saturday = isoDay(toMonday + 5);
    const late = await owner.ok<{ rows: Row[] }>('GET', `${v}/update-volume-plan-at-day?date=${saturday}`);
    expect(late.rows[0]!.values).toEqual([{ date: saturday, planVolume: 68, factVolume: null }]);
    const actions = await owner.ok<{ kind: string; action: string }[]>('GET', `${v}/undo-actions`);
    expect(actions[0]).toMatchObject({ kind: 'undo_wdp', action: 'wdp.volume_plan_at_day' });
  });

  it('keeps daily plans with an undone work deletion and copies them with the version', async () => {
    const { v, work, scheduleId, versionId } = await scheduleWithWork();
    await owner.ok('PUT', `${v}/wdp`, {
      rows: [{ workId: work.id, revision: 0, values: [{ date: isoDay(0), planVolume: 7, factVolume: 6 }] }],
    });
    await owner.ok('PATCH', `${v}/wdp/planning`, { rows: [{ workId: work.id }], planning: true });
    await owner.ok('POST', `${v}/wbs/delete`, { workIds: [work.id] });
    await owner.ok('POST', `${v}/undo-actions`, {});
    const list = await owner.ok<List>('GET', `${v}/wdp?from=${isoDay(0)}&to=${isoDay(0)}`);
    expect(list.rows.find((r) => r.workId === work.id)).toMatchObject({
      planning: true,
      values: [{ date: isoDay(0), planVolume: 7, factVolume: 6 }],
    });
    const copy = await owner.ok<{ id: string }>('POST', `/schedules/${scheduleId}/versions/create`, {
      name: 'Копия',
      copyFromVersionId: versionId,
    });
    const copied = await owner.ok<List>('GET', `/versions/${copy.id}/wdp?from=${isoDay(0)}&to=${isoDay(0)}`);
    expect(copied.rows).toHaveLength(1);
    expect(copied.rows[0]).toMatchObject({ planning: true, values: [{ planVolume: 7, factVolume: 6 }] });
    expect(copied.rows[0]!.workId).not.toBe(work.id);
  });

  it('lets an executor edit the daily plan but not a viewer; a locked version refuses it', async () => {
    const { v, versionId, work } = await scheduleWithWork();
    const executor = await spaceMember(t, owner, 'wdp-executor', 'executor');
    const viewer = await spaceMember(t, owner, 'wdp-viewer', 'viewer');
    const body = { rows: [{ workId: work.id, revision: 0, values: [{ date: isoDay(0), factVolume: 3 }] }] };
    const byExecutor = await t.api('PUT', `/space/${owner.spaceId}${v}/wdp`, body, { token: executor.token });
    expect(byExecutor.status).toBe(200);
    const byViewer = await t.api<Failure>('PUT', `/space/${owner.spaceId}${v}/wdp`, body, {
      token: viewer.token,
    });
    expect(byViewer.body.error_code).toBe('Forbidden');
    await owner.ok('POST', `/versions/${versionId}/setLocked`, { locked: true });
    const locked = await call('PUT', `${v}/wdp`, {
      rows: [{ workId: work.id, revision: 1, values: [{ date: isoDay(0), factVolume: 4 }] }],
    });
    expect(locked.body.error_code).toBe('VersionLocked');
  });
});
