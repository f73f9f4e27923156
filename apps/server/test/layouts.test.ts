import { describe, expect, it } from 'vitest';
import { type Failure, ownSpace, scheduleWithVersion, spaceForFile, spaceMember } from './fixtures';

const { t, s } = spaceForFile('layouts', 'Макеты');

const view = {
  v: 1,
  columns: [
    { key: 'code', visible: true, width: 90 },
    { key: 'name', visible: true, width: 320 },
    { key: 'start', visible: false, width: 110 },
  ],
  splitter: 0.45,
  zoom: 'week',
  filter: { match: 'all', conditions: [{ field: 'critical', op: 'eq', value: 'true' }] },
  grouping: { by: 'wbs', level: 2 },
  bars: { plan: true, approved_plan: false, fact: true },
};

interface Layout {
  id: string;
  name: string;
  shared: boolean;
  isDefault: boolean;
  own: boolean;
  canEdit: boolean;
  state: typeof view;
  revision: number;
}

describe('version layouts', () => {
  it('saves a view as a layout, lists it, renames and overwrites it, and deletes it', async () => {
    const { scheduleId } = await scheduleWithVersion(s.ok);
    const created = await s.ok<Layout>('POST', `/schedules/${scheduleId}/layouts`, {
      name: 'Критика',
      state: view,
    });
    expect(created).toMatchObject({
      name: 'Критика',
      shared: false,
      isDefault: false,
      own: true,
      canEdit: true,
    });
    expect(created.state).toEqual(view);

    const taken = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/schedules/${scheduleId}/layouts`,
      { name: ' критика ', state: view },
      { token: s.token, lang: 'en' },
    );
    expect(taken.status).toBe(400);
    expect(taken.body.error_message).toEqual([
      'name: You already have a layout with this name in this schedule',
    ]);

    const renamed = await s.ok<Layout>('PATCH', `/layouts/${created.id}`, {
      name: 'Критический путь',
      state: { v: 1, zoom: 'day' },
      revision: created.revision,
    });
    expect(renamed).toMatchObject({ name: 'Критический путь', revision: created.revision + 1 });
    expect(renamed.state).toEqual({ v: 1, zoom: 'day' });
    // A change at a revision since overtaken is a conflict.
    const stale = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/layouts/${created.id}`,
      { name: 'Иначе', revision: created.revision },
      { token: s.token },
    );
    expect(stale.status).toBe(409);

    expect((await s.ok<Layout[]>('GET', `/schedules/${scheduleId}/layouts`)).map((l) => l.name)).toEqual([
      'Критический путь',
    ]);
    await s.ok('DELETE', `/layouts/${created.id}`);
    expect(await s.ok('GET', `/schedules/${scheduleId}/layouts`)).toEqual([]);
  });

  it('shows a private layout to its owner only; a shared one to all, changed by its owner or a manager', async () => {
    const { scheduleId } = await scheduleWithVersion(s.ok);
    const viewer = await spaceMember(t, s, 'layouts-viewer', 'viewer');
    const planner = await spaceMember(t, s, 'layouts-planner', 'planner');
    await s.ok('POST', `/schedules/${scheduleId}/layouts`, { name: 'Мой', state: view });
    const shared = await s.ok<Layout>('POST', `/schedules/${scheduleId}/layouts`, {
      name: 'Общий',
      shared: true,
      state: view,
    });

    const seen = await viewer.call<Layout[]>('GET', `/schedules/${scheduleId}/layouts`);
    expect(seen.body.map((l) => [l.name, l.own, l.canEdit])).toEqual([['Общий', false, false]]);
    // A viewer saves layouts of their own, but changes nobody else's and chooses no default.
    const theirs = await viewer.call<Layout>('POST', `/schedules/${scheduleId}/layouts`, {
      name: 'Общий',
      state: { v: 1 },
    });
    expect(theirs.status).toBe(200);
    expect((await viewer.call('DELETE', `/layouts/${shared.id}`)).status).toBe(403);
    expect((await viewer.call('PATCH', `/layouts/${shared.id}`, { name: 'x', revision: 1 })).status).toBe(
      403,
    );
    expect(
      (
        await viewer.call('POST', `/schedules/${scheduleId}/layouts`, {
          name: 'Д',
          isDefault: true,
          state: view,
        })
      ).status,
    ).toBe(403);
    // Another's private layout is not found, even by a manager.
    expect((await planner.call('DELETE', `/layouts/${theirs.body.id}`)).status).toBe(404);

    // A manager of the schedule's versions changes and deletes a shared layout of someone else's.
    const renamed = await planner.call<Layout>('PATCH', `/layouts/${shared.id}`, {
      name: 'Общий 2',
      revision: 1,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ own: false, canEdit: true });
    expect((await planner.call('DELETE', `/layouts/${shared.id}`)).status).toBe(200);
  });

  it('gives the default layout to a user with no state of their own for the schedule', async () => {
    const { scheduleId } = await scheduleWithVersion(s.ok);
    const viewer = await spaceMember(t, s, 'layouts-default', 'viewer');
    // A default is shared, whatever was asked.
    const first = await s.ok<Layout>('POST', `/schedules/${scheduleId}/layouts`, {
      name: 'Стандарт',
      isDefault: true,
      state: view,
    });
    expect(first).toMatchObject({ shared: true, isDefault: true });
    const read = await viewer.call<{ scope: string; state: unknown; layoutId: string }>(
      'GET',
      `/ui-state-config?scheduleId=${scheduleId}`,
    );
    expect(read.body).toEqual({ scope: 'layout', state: view, layoutId: first.id });

    // One default per schedule: choosing another takes the mark off the first.
    const second = await s.ok<Layout>('POST', `/schedules/${scheduleId}/layouts`, {
      name: 'Второй',
      state: { v: 1 },
    });
    await s.ok('PATCH', `/layouts/${second.id}`, { isDefault: true, revision: second.revision });
    const list = await s.ok<Layout[]>('GET', `/schedules/${scheduleId}/layouts`);
    expect(list.map((l) => [l.name, l.isDefault, l.shared])).toEqual([
      ['Второй', true, true],
      ['Стандарт', false, true],
    ]);
    // The user's own state wins over the default.
    await viewer.call('POST', '/ui-state-config', { scheduleId, state: { v: 1, zoom: 'month' } });
    const own = await viewer.call<{ scope: string }>('GET', `/ui-state-config?scheduleId=${scheduleId}`);
    expect(own.body.scope).toBe('schedule');
  });

  it('refuses bad views with a translated 400 and a schedule of another space with 404', async () => {
    const { scheduleId } = await scheduleWithVersion(s.ok);
    const bad = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/schedules/${scheduleId}/layouts`,
      { name: '', state: { v: 1, splitter: 5 } },
      { token: s.token, lang: 'ru' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe('ValidationError');
    expect(bad.body.issues?.map((i) => i.path).sort()).toEqual(['name', 'state.splitter']);

    const other = await ownSpace(t, 'layouts-other', 'Чужое');
    const foreign = await scheduleWithVersion(other.ok);
    const reply = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/schedules/${foreign.scheduleId}/layouts`,
      { name: 'x', state: { v: 1 } },
      { token: s.token },
    );
    expect(reply.status).toBe(404);
  });
});

describe('WBS group settings', () => {
  it('answers the defaults, saves at a revision, and refuses a stale or bad save', async () => {
    const { scheduleId } = await scheduleWithVersion(s.ok);
    const path = `/schedules/${scheduleId}/wbs-group-settings`;
    const initial = await s.ok<{ revision: number; settings: { levels: unknown[] } }>('GET', path);
    expect(initial.revision).toBe(0);
    expect(initial.settings.levels.length).toBeGreaterThan(0);

    const settings = {
      levels: [
        { level: 2, colour: '#ffeecc', group: true, collapsed: true },
        { level: 1, colour: null, group: true, collapsed: false },
      ],
      boldHeaders: false,
    };
    const saved = await s.ok<{ revision: number; settings: typeof settings }>('PUT', path, {
      settings,
      revision: 0,
    });
    expect(saved.revision).toBe(1);
    expect(saved.settings.levels.map((l) => l.level)).toEqual([1, 2]);
    expect(await s.ok('GET', path)).toEqual(saved);

    const stale = await t.api<Failure>(
      'PUT',
      `/space/${s.spaceId}${path}`,
      { settings, revision: 0 },
      { token: s.token },
    );
    expect(stale.status).toBe(409);

    const bad = await t.api<Failure>(
      'PUT',
      `/space/${s.spaceId}${path}`,
      {
        settings: { levels: [{ level: 1, colour: 'red', group: true, collapsed: false }], boldHeaders: true },
        revision: 1,
      },
      { token: s.token, lang: 'en' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error_message).toEqual(['settings.levels.0.colour: Choose a colour']);

    // A viewer reads them but does not change them.
    const viewer = await spaceMember(t, s, 'wbs-groups-viewer', 'viewer');
    expect((await viewer.call('GET', path)).status).toBe(200);
    expect((await viewer.call('PUT', path, { settings, revision: 1 })).status).toBe(403);
  });
});
