import { NO_TIME } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import { type Failure, ownSpace, scheduleWithVersion, serverForFile, spaceMember } from './fixtures';

const t = serverForFile();

type Dates = { start: number[]; finish: number[] };
type Trade = {
  key: string;
  color: number | null;
  plan: Dates;
  approved_plan: Dates | null;
  fact: Dates | null;
};
type Clash = {
  leader: number;
  follower: number;
  location: number;
  kind: string;
  time: number;
  gapMinutes: number;
};
type Cyclogram = {
  settings: {
    locations: { kind: string; level?: number; attributeId?: string };
    trades: { kind: string; level?: number };
    bufferDays: number;
    revision: number | null;
  };
  levels: number;
  attributes: { id: string; name: string }[];
  locations: string[];
  trades: Trade[];
  clashes: Clash[];
  clashCount: number;
  dataDate: number;
};
type Work = { id: string; revision: number };
type Ok = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Engine minutes (since 2000-01-01T00:00) of a local date-time. */
const at = (iso: string) => (Date.parse(`${iso}:00Z`) - Date.UTC(2000, 0, 1)) / 60_000;

/**
 * Three sections, each with frame, walls and finishing. Walls are faster than the frame and cross it in
 * section 3; the frame has an approved plan in section 1 and facts in sections 1 (done) and 2 (open).
 */
async function lineOfBalance(ok: Ok, v: string) {
  const plan: Record<string, [string, string][]> = {
    Каркас: [
      ['2025-03-03T08:00', '2025-03-07T17:00'],
      ['2025-03-10T08:00', '2025-03-14T17:00'],
      ['2025-03-17T08:00', '2025-03-21T17:00'],
    ],
    Стены: [
      ['2025-03-10T08:00', '2025-03-12T17:00'],
      ['2025-03-13T08:00', '2025-03-15T17:00'],
      ['2025-03-17T12:00', '2025-03-20T17:00'],
    ],
    Отделка: [
      ['2025-03-24T08:00', '2025-03-28T17:00'],
      ['2025-03-31T08:00', '2025-04-04T17:00'],
      ['2025-04-07T08:00', '2025-04-11T17:00'],
    ],
  };
  const works: Record<string, Work> = {};
  for (let s = 0; s < 3; s++) {
    const section = await ok<Work>('POST', `${v}/wbs`, { name: `Секция ${s + 1}`, type: 'sum' });
    for (const [trade, dates] of Object.entries(plan)) {
      const [planStart, planFinish] = dates[s]!;
      works[`${trade} ${s + 1}`] = await ok<Work>('POST', `${v}/wbs`, {
        parentId: section.id,
        name: trade,
        durationMinutes: 960,
        planStart,
        planFinish,
        ...(trade === 'Каркас' && s === 0
          ? { approvedStart: '2025-03-03T08:00', approvedFinish: '2025-03-06T17:00' }
          : {}),
        ...(trade === 'Каркас' && s === 0
          ? { factStart: '2025-03-03T08:00', factFinish: '2025-03-08T12:00', progress: 100 }
          : {}),
        ...(trade === 'Каркас' && s === 1 ? { factStart: '2025-03-11T08:00', progress: 40 } : {}),
      });
    }
  }
  return works;
}

describe('cyclogram', () => {
  it('draws a line per trade through the locations, with approved and actual lines and the clash', async () => {
    const { ok } = await ownSpace(t, 'lob-owner', 'Циклограмма');
    const { v, versionId, scheduleId } = await scheduleWithVersion(ok);
    await lineOfBalance(ok, v);
    const [version] = await ok<{ id: string; revision: number }[]>(
      'GET',
      `/schedules/${scheduleId}/versions`,
    );
    await ok('PATCH', `/versions/${versionId}`, {
      dataDate: '2025-03-12T17:00',
      revision: version!.revision,
    });

    const lob = await ok<Cyclogram>('GET', `${v}/cyclogram`);
    expect(lob.levels).toBe(2);
    expect(lob.settings).toEqual({
      locations: { kind: 'wbs', level: 1 },
      trades: { kind: 'name' },
      bufferDays: 0,
      revision: null,
    });
    expect(lob.locations).toEqual(['Секция 1', 'Секция 2', 'Секция 3']);
    expect(lob.trades.map((trade) => trade.key)).toEqual(['Каркас', 'Стены', 'Отделка']);
    const [frame, walls, finishing] = lob.trades;
    expect(frame!.plan).toEqual({
      start: [at('2025-03-03T08:00'), at('2025-03-10T08:00'), at('2025-03-17T08:00')],
      finish: [at('2025-03-07T17:00'), at('2025-03-14T17:00'), at('2025-03-21T17:00')],
    });
    expect(frame!.approved_plan).toEqual({
      start: [at('2025-03-03T08:00'), NO_TIME, NO_TIME],
      finish: [at('2025-03-06T17:00'), NO_TIME, NO_TIME],
    });
    // Section 2 has started but not finished: its actual line runs to the data date.
    expect(frame!.fact).toEqual({
      start: [at('2025-03-03T08:00'), at('2025-03-11T08:00'), NO_TIME],
      finish: [at('2025-03-08T12:00'), at('2025-03-12T17:00'), NO_TIME],
    });
    expect(walls!.approved_plan).toBeNull();
    expect(finishing!.fact).toBeNull();
    expect(lob.dataDate).toBe(at('2025-03-12T17:00'));

    // The walls catch the frame inside section 3: one crossing, between their entries and exits.
    expect(lob.clashes).toHaveLength(1);
    expect(lob.clashCount).toBe(1);
    const clash = lob.clashes[0]!;
    expect(clash).toMatchObject({ leader: 0, follower: 1, location: 2, kind: 'cross' });
    expect(clash.time).toBeGreaterThan(at('2025-03-17T12:00'));
    expect(clash.time).toBeLessThan(at('2025-03-20T17:00'));

    // A buffer of 6 days also flags where the walls come closer than that behind the frame.
    const buffered = await ok<Cyclogram>('POST', `${v}/cyclogram`, {
      locations: { kind: 'wbs', level: 1 },
      trades: { kind: 'name' },
      bufferDays: 6,
      revision: null,
    });
    expect(buffered.settings.revision).toBe(1);
    expect(buffered.clashCount).toBe(3);
    // Listed earliest first.
    expect(buffered.clashes.map((c) => c.location)).toEqual([0, 1, 2]);
    expect(buffered.clashes.map((c) => [c.leader, c.follower, c.location, c.kind])).toEqual(
      expect.arrayContaining([
        [0, 1, 0, 'buffer'],
        [0, 1, 2, 'cross'],
      ]),
    );
    // Saved settings apply to the next read.
    expect((await ok<Cyclogram>('GET', `${v}/cyclogram`)).settings.bufferDays).toBe(6);
  });

  it('takes locations from an attribute in natural order and trades from a WBS level', async () => {
    const { ok } = await ownSpace(t, 'lob-attr', 'Захватки');
    const { v, scheduleId } = await scheduleWithVersion(ok);
    const attribute = await ok<{ id: string }>('POST', '/attributes', {
      name: 'Захватка',
      valueType: 'string',
      scheduleId,
    });
    // Group → works; each work carries its grip in the attribute.
    const grips = ['Захватка 10', 'Захватка 2', 'Захватка 1'];
    for (const [g, group] of ['Монолит', 'Кладка'].entries()) {
      const parent = await ok<Work>('POST', `${v}/wbs`, { name: group, type: 'sum' });
      for (const [i, grip] of grips.entries()) {
        const work = await ok<Work>('POST', `${v}/wbs`, {
          parentId: parent.id,
          name: `${group} ${grip}`,
          planStart: `2025-05-${String(5 + 7 * g + i * 2).padStart(2, '0')}T08:00`,
          planFinish: `2025-05-${String(6 + 7 * g + i * 2).padStart(2, '0')}T17:00`,
        });
        await ok('PATCH', `${v}/wbs/${work.id}`, {
          revision: work.revision,
          attributes: { [attribute.id]: grip },
        });
      }
    }
    const lob = await ok<Cyclogram>('POST', `${v}/cyclogram`, {
      locations: { kind: 'attribute', attributeId: attribute.id },
      trades: { kind: 'wbs', level: 1 },
      revision: null,
    });
    expect(lob.attributes.map((a) => a.name)).toContain('Захватка');
    expect(lob.locations).toEqual(['Захватка 1', 'Захватка 2', 'Захватка 10']);
    expect(lob.trades.map((trade) => trade.key)).toEqual(['Монолит', 'Кладка']);
    // "Захватка 10" was worked first by the frame (2025-05-05), "Захватка 1" last (2025-05-09).
    expect(lob.trades[0]!.plan.start).toEqual([
      at('2025-05-09T08:00'),
      at('2025-05-07T08:00'),
      at('2025-05-05T08:00'),
    ]);

    // Saved settings apply to the next read.
    expect((await ok<Cyclogram>('GET', `${v}/cyclogram`)).locations).toHaveLength(3);
    // Once the attribute is deleted, the saved settings fall back to the defaults instead of failing.
    await ok('DELETE', `/attributes/${attribute.id}`);
    const fallback = await ok<Cyclogram>('GET', `${v}/cyclogram`);
    expect(fallback.settings.locations).toEqual({ kind: 'wbs', level: 1 });
    expect(fallback.locations).toEqual(['Монолит', 'Кладка']);
  });

  it('saves settings with revisions and refuses a stale or duplicate save', async () => {
    const { ok, spaceId, token } = await ownSpace(t, 'lob-settings', 'Настройки циклограммы');
    const { v } = await scheduleWithVersion(ok);
    const sources = { locations: { kind: 'wbs', level: 1 }, trades: { kind: 'name' } };
    const first = await ok<Cyclogram>('POST', `${v}/cyclogram`, { ...sources, revision: null });
    expect(first.settings).toEqual({ ...sources, bufferDays: 0, revision: 1 });
    const duplicate = await t.api<Failure>(
      'POST',
      `/space/${spaceId}${v}/cyclogram`,
      { ...sources, revision: null },
      {
        token,
      },
    );
    expect(duplicate.body.error_code).toBe('Conflict');
    const second = await ok<Cyclogram>('POST', `${v}/cyclogram`, { ...sources, bufferDays: 2, revision: 1 });
    expect(second.settings).toMatchObject({ bufferDays: 2, revision: 2 });
    const stale = await t.api<Failure>(
      'POST',
      `/space/${spaceId}${v}/cyclogram`,
      { ...sources, revision: 1 },
      {
        token,
      },
    );
    expect(stale.body.error_code).toBe('Conflict');
    const negative = await t.api<Failure>(
      'POST',
      `/space/${spaceId}${v}/cyclogram`,
      { ...sources, bufferDays: -1, revision: 2 },
      { token },
    );
    expect(negative.body.error_code).toBe('ValidationError');
    const unknown = await t.api<Failure>(
      'POST',
      `/space/${spaceId}${v}/cyclogram`,
      {
        locations: { kind: 'attribute', attributeId: '00000000-0000-4000-8000-000000000000' },
        trades: { kind: 'name' },
        revision: 2,
      },
      { token },
    );
    expect(unknown.status).toBe(404);
  });

  it('keeps trade colours per schedule for everyone; viewers read them, editors set them', async () => {
    const owner = await ownSpace(t, 'lob-colors', 'Цвета');
    const { v, scheduleId } = await scheduleWithVersion(owner.ok);
    await lineOfBalance(owner.ok, v);
    expect(await owner.ok('GET', `${v}/cyclogram/color`)).toEqual([]);
    await owner.ok('POST', `${v}/cyclogram/color`, { trade: 'Стены', color: 0x00aa55 });
    const colors = await owner.ok('POST', `${v}/cyclogram/color`, { trade: 'Каркас', color: 0xff0000 });
    expect(colors).toEqual([
      { trade: 'Каркас', color: 0xff0000 },
      { trade: 'Стены', color: 0x00aa55 },
    ]);
    const overwritten = await owner.ok('POST', `${v}/cyclogram/color`, { trade: 'Каркас', color: 0x123456 });
    expect(overwritten).toContainEqual({ trade: 'Каркас', color: 0x123456 });
    const bad = await t.api<Failure>(
      'POST',
      `/space/${owner.spaceId}${v}/cyclogram/color`,
      { trade: 'Каркас', color: 0x1000000 },
      { token: owner.token },
    );
    expect(bad.body.error_code).toBe('ValidationError');

    // Another version of the schedule shows the same colours.
    const second = await owner.ok<{ id: string }>('POST', `/schedules/${scheduleId}/versions/create`, {
      name: 'Версия 2',
      copyFromVersionId: v.split('/')[2],
    });
    const lob = await owner.ok<Cyclogram>('GET', `/versions/${second.id}/cyclogram`);
    expect(lob.trades.map((trade) => [trade.key, trade.color])).toEqual([
      ['Каркас', 0x123456],
      ['Стены', 0x00aa55],
      ['Отделка', null],
    ]);

    const viewer = await spaceMember(t, owner, 'lob-viewer', 'viewer');
    const read = await t.api<Cyclogram>('GET', `/space/${owner.spaceId}${v}/cyclogram`, undefined, {
      token: viewer.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.trades).toHaveLength(3);
    const denied = await t.api<Failure>(
      'POST',
      `/space/${owner.spaceId}${v}/cyclogram/color`,
      { trade: 'Стены', color: 0 },
      { token: viewer.token },
    );
    expect(denied.status).toBe(403);
    // Removing a colour returns the trade to the palette.
    expect(await owner.ok('POST', `${v}/cyclogram/color`, { trade: 'Стены', color: null })).toEqual([
      { trade: 'Каркас', color: 0x123456 },
    ]);
    // A version of another space is not found.
    const stranger = await ownSpace(t, 'lob-stranger', 'Чужая');
    const cross = await t.api<Failure>('GET', `/space/${stranger.spaceId}${v}/cyclogram/color`, undefined, {
      token: stranger.token,
    });
    expect(cross.status).toBe(404);
  });
});
