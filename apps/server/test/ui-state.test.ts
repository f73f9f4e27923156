import { UI_STATE_LIMITS } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import { type Failure, ownSpace, scheduleWithVersion, spaceForFile, spaceMember } from './fixtures';

const { t, s } = spaceForFile('ui-state', 'Виды');

const columns = [
  { key: 'code', visible: true, width: 90 },
  { key: 'name', visible: true, width: 300 },
  { key: 'startVariance', visible: true, width: 110 },
];
const filter = {
  match: 'any',
  conditions: [
    { field: 'status', op: 'eq', value: 'in_progress' },
    { field: 'totalFloat', op: 'lt', value: '0' },
  ],
};

/** Another member of the owner's space, with the given built-in role. */
const member = (login: string, roleKey: string) => spaceMember(t, s, login, roleKey);

describe('ui-state-config', () => {
  it('keeps a state per schedule and a default, and forgets them on null', async () => {
    const { scheduleId } = await scheduleWithVersion(s.ok);
    const empty = await s.ok('GET', `/ui-state-config?scheduleId=${scheduleId}`);
    expect(empty).toEqual({ scope: null, state: null });

    // The default answers for a schedule the user has not arranged.
    const fallback = { v: 1, columns, zoom: 'week' };
    expect(await s.ok('POST', '/ui-state-config', { state: fallback })).toEqual({
      scope: 'default',
      state: fallback,
    });
    expect(await s.ok('GET', `/ui-state-config?scheduleId=${scheduleId}`)).toEqual({
      scope: 'default',
      state: fallback,
    });

    const own = {
      v: 1,
      columns: columns.slice(0, 2),
      splitter: 0.4,
      filter,
      grouping: { by: 'wbs', level: 2 },
      foldedGroups: ['x'],
    };
    await s.ok('POST', '/ui-state-config', { scheduleId, state: own });
    expect(await s.ok('GET', `/ui-state-config?scheduleId=${scheduleId}`)).toEqual({
      scope: 'schedule',
      state: own,
    });
    // Saving again replaces the state (one row per user and schedule).
    const next = { ...own, grouping: { by: 'status' } };
    await s.ok('POST', '/ui-state-config', { scheduleId, state: next });
    expect(await s.ok('GET', `/ui-state-config?scheduleId=${scheduleId}`)).toMatchObject({ state: next });
    const rows = await t.sql<{ n: string }>('SELECT count(*) AS n FROM ui_states WHERE "spaceId" = $1', [
      s.spaceId,
    ]);
    expect(Number(rows[0]!.n)).toBe(2);

    await s.ok('POST', '/ui-state-config', { scheduleId, state: null });
    expect(await s.ok('GET', `/ui-state-config?scheduleId=${scheduleId}`)).toEqual({
      scope: 'default',
      state: fallback,
    });
    await s.ok('POST', '/ui-state-config', { state: null });
    expect(await s.ok('GET', '/ui-state-config')).toEqual({ scope: null, state: null });
  });

  it('shows no user another user’s state', async () => {
    const { scheduleId } = await scheduleWithVersion(s.ok);
    await s.ok('POST', '/ui-state-config', { scheduleId, state: { v: 1, columns } });
    const viewer = await member('ui-state-viewer', 'viewer');
    const theirs = await viewer.call('GET', `/ui-state-config?scheduleId=${scheduleId}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ scope: null, state: null });
    // A viewer keeps a view of their own without touching the owner's.
    const saved = await viewer.call('POST', '/ui-state-config', { scheduleId, state: { v: 1, zoom: 'day' } });
    expect(saved.status).toBe(200);
    expect(await s.ok('GET', `/ui-state-config?scheduleId=${scheduleId}`)).toEqual({
      scope: 'schedule',
      state: { v: 1, columns },
    });

    // A schedule of another space is not found, and nothing is stored for it.
    const other = await ownSpace(t, 'ui-state-other', 'Чужое');
    const foreign = await scheduleWithVersion(other.ok);
    const read = await t.api<Failure>(
      'GET',
      `/space/${s.spaceId}/ui-state-config?scheduleId=${foreign.scheduleId}`,
      undefined,
      {
        token: s.token,
      },
    );
    expect(read.status).toBe(404);
    const write = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/ui-state-config`,
      { scheduleId: foreign.scheduleId, state: { v: 1 } },
      { token: s.token },
    );
    expect(write.status).toBe(404);
    const stored = await t.sql('SELECT 1 FROM ui_states WHERE "scheduleId" = $1', [foreign.scheduleId]);
    expect(stored).toHaveLength(0);
  });

  it('answers bad and oversized states with a translated 400', async () => {
    const bad = async (state: unknown) => {
      const reply = await t.api<Failure>(
        'POST',
        `/space/${s.spaceId}/ui-state-config`,
        { state },
        {
          token: s.token,
          lang: 'en',
        },
      );
      expect(reply.status).toBe(400);
      expect(reply.body.error_code).toBe('ValidationError');
      return reply.body;
    };
    await bad({ v: 2 });
    await bad({ v: 1, columns: [{ key: 'name', visible: true, width: 5 }] });
    await bad({ v: 1, splitter: 3 });
    await bad({ v: 1, grouping: { by: 'nothing' } });
    await bad({ v: 1, filter: { match: 'all', conditions: [{ field: 'salary', op: 'eq', value: '1' }] } });
    await bad({
      v: 1,
      filter: {
        match: 'all',
        conditions: Array.from({ length: UI_STATE_LIMITS.maxConditions + 1 }, () => ({
          field: 'name',
          op: 'contains',
          value: 'x',
        })),
      },
    });
    const huge = await bad({
      v: 1,
      foldedGroups: Array.from({ length: 400 }, (_, i) => `${i}`.padEnd(UI_STATE_LIMITS.valueMaxLength, 'x')),
    });
    expect(huge.error_message).toEqual(['state: The view settings are too large']);
  });
});

describe('saved filters', () => {
  it('keeps the author’s filters, shares those marked shared, and refuses a taken name', async () => {
    const mine = await s.ok<{ id: string; own: boolean }>('POST', '/ui-state-config/filters', {
      name: 'Отстающие',
      filter,
    });
    expect(mine.own).toBe(true);
    const shared = await s.ok<{ id: string }>('POST', '/ui-state-config/filters', {
      name: 'Критические',
      filter: { match: 'all', conditions: [{ field: 'critical', op: 'eq', value: 'true' }] },
      shared: true,
    });
    const taken = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/ui-state-config/filters`,
      { name: ' отстающие ', filter },
      { token: s.token, lang: 'en' },
    );
    expect(taken.status).toBe(400);
    expect(taken.body.error_message).toEqual(['name: A filter with this name already exists']);

    const list = await s.ok<{ name: string }[]>('GET', '/ui-state-config/filters');
    expect(list.map((f) => f.name)).toEqual(['Критические', 'Отстающие']);

    const planner = await member('ui-state-planner', 'planner');
    const theirs = await planner.call<{ id: string; name: string; own: boolean }[]>(
      'GET',
      '/ui-state-config/filters',
    );
    expect(theirs.body.map((f) => [f.name, f.own])).toEqual([['Критические', false]]);
    // Only the author deletes a filter, shared or not.
    const denied = await planner.call('DELETE', `/ui-state-config/filters/${shared.id}`);
    expect(denied.status).toBe(404);
    await s.ok('DELETE', `/ui-state-config/filters/${mine.id}`);
    expect((await s.ok<{ name: string }[]>('GET', '/ui-state-config/filters')).map((f) => f.name)).toEqual([
      'Критические',
    ]);
  });

  it('are changed by their author: conditions, name and sharing; a taken name or another’s filter refused', async () => {
    const a = await s.ok<{ id: string }>('POST', '/ui-state-config/filters', { name: 'Первый', filter });
    await s.ok('POST', '/ui-state-config/filters', { name: 'Второй', filter });
    const conditions = [{ field: 'progress', op: 'gte', value: '50' }];
    const changed = await s.ok<{ name: string; shared: boolean; filter: unknown; own: boolean }>(
      'PATCH',
      `/ui-state-config/filters/${a.id}`,
      { name: 'Наполовину', filter: { match: 'all', conditions }, shared: true },
    );
    expect(changed).toMatchObject({ name: 'Наполовину', shared: true, own: true });
    expect(changed.filter).toEqual({ match: 'all', conditions });
    // Only the sharing changes: name and conditions stay.
    const unshared = await s.ok<{ name: string; shared: boolean }>(
      'PATCH',
      `/ui-state-config/filters/${a.id}`,
      {
        shared: false,
      },
    );
    expect(unshared).toMatchObject({ name: 'Наполовину', shared: false });

    const taken = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/ui-state-config/filters/${a.id}`,
      { name: 'второй' },
      { token: s.token, lang: 'ru' },
    );
    expect(taken.status).toBe(400);
    expect(taken.body.error_message).toEqual(['name: Фильтр с таким названием уже есть']);
    const empty = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/ui-state-config/filters/${a.id}`,
      { name: '  ' },
      { token: s.token, lang: 'en' },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.issues?.[0]?.path).toBe('name');

    await s.ok('PATCH', `/ui-state-config/filters/${a.id}`, { shared: true });
    const planner = await member('ui-state-editor', 'planner');
    const denied = await planner.call('PATCH', `/ui-state-config/filters/${a.id}`, { name: 'Чужой' });
    expect(denied.status).toBe(404);
  });
});
