import { beforeAll, describe, expect, it } from 'vitest';
import { versionFields } from '../src/domains/versions';
import {
  datedXer,
  type Failure,
  importedVersion,
  scheduleWithVersion,
  spaceForFile,
  spaceMember,
} from './fixtures';

const { t, s } = spaceForFile('projects-owner', 'Проекты');
let facilityId: string;
let projectId: string;
let scheduleId: string;
let versionId: string;
let v: string;

type Work = { id: string; revision: number };

beforeAll(async () => {
  ({ projectId, scheduleId, versionId, v } = await scheduleWithVersion(s.ok));
  facilityId = (await s.ok<{ parentId: string }>('GET', `/eps/${projectId}`)).parentId;
});

describe('schedules', () => {
  it('GET schedules/{id}: the schedule, its path, settings and versions', async () => {
    await s.ok('POST', `/schedules/${scheduleId}/versions/create`, { name: 'Вторая' });
    const schedule = await s.ok<{
      name: string;
      path: { kind: string }[];
      actualVersionId: string;
      settings: { calendarId: string | null; description: string };
      versions: { count: number; list: { name: string; actual: boolean }[] };
    }>('GET', `/schedules/${scheduleId}`);
    expect(schedule.name).toBe('Г');
    expect(schedule.path.map((p) => p.kind)).toEqual(['facility', 'project', 'schedule']);
    expect(schedule.actualVersionId).toBe(versionId);
    expect(schedule.settings).toEqual({ description: '', calendarId: null, calculation: null });
    expect(schedule.versions.count).toBe(2);
    expect(schedule.versions.list.map((x) => x.actual)).toEqual([true, false]);
    // a project is not a schedule
    expect((await t.api('GET', `/space/${s.spaceId}/schedules/${projectId}`, undefined, s)).status).toBe(404);
  });

  it('GET actual/info: the actual version, its status, data date and last calculation', async () => {
    await s.ok('POST', `${v}/wbs`, { name: 'A', durationMinutes: 480, planStart: '2025-03-03T08:00' });
    let info = await s.ok<{ version: { id: string; status: string; lastCalculation: unknown } }>(
      'GET',
      `/schedules/${scheduleId}/actual/info`,
    );
    expect(info.version).toMatchObject({ id: versionId, status: 'not_calculated', lastCalculation: null });
    await s.ok('POST', `${v}/calculate`, {});
    info = await s.ok('GET', `/schedules/${scheduleId}/actual/info`);
    expect(info.version.status).toBe('calculated');
    expect(info.version.lastCalculation).toMatchObject({ ok: true, error: null });
  });

  it('PATCH settings: saved at a revision; a new version starts with the calendar; a stale save is refused', async () => {
    const calendars = [
      await s.ok<{ id: string }>('POST', '/calendars', {
        name: 'Шестидневка',
        week: [0, 1, 2, 3, 4, 5, 6].map((d) => (d < 6 ? [{ start: '07:00', finish: '15:00' }] : [])),
        hoursPerDay: 8,
      }),
    ];
    const before = await s.ok<{ revision: number }>('GET', `/schedules/${scheduleId}`);
    const after = await s.ok<{ revision: number; settings: { calendarId: string; description: string } }>(
      'PATCH',
      `/schedules/${scheduleId}/settings`,
      { settings: { description: 'Корпус 1', calendarId: calendars[0]!.id }, revision: before.revision },
    );
    expect(after.settings).toMatchObject({ description: 'Корпус 1', calendarId: calendars[0]!.id });
    const stale = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/schedules/${scheduleId}/settings`,
      { settings: { description: 'x' }, revision: before.revision },
      s,
    );
    expect(stale.status).toBe(409);
    const version = await s.ok<{ calendarId: string }>('POST', `/schedules/${scheduleId}/versions/create`, {
      name: 'Третья',
    });
    expect(version.calendarId).toBe(calendars[0]!.id);
    // a calendar of no one's is refused with the field named
    const bad = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/schedules/${scheduleId}/settings`,
      { settings: { calendarId: facilityId }, revision: after.revision },
      s,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.[0]?.path).toBe('settings.calendarId');
  });

  it('DELETE schedules/{id}: with its versions, confirmed, audited; a viewer may not', async () => {
    const other = await s.ok<{ id: string }>('POST', '/eps', {
      kind: 'schedule',
      name: 'Удалить',
      parentId: projectId,
    });
    const viewer = await spaceMember(t, s, 'projects-viewer', 'viewer');
    expect((await viewer.call('DELETE', `/schedules/${other.id}?confirm=true`)).status).toBe(403);
    expect((await t.api('DELETE', `/space/${s.spaceId}/schedules/${other.id}`, undefined, s)).status).toBe(
      400,
    );
    await s.ok('DELETE', `/schedules/${other.id}?confirm=true`);
    expect((await t.api('GET', `/space/${s.spaceId}/schedules/${other.id}`, undefined, s)).status).toBe(404);
    const [count] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM versions WHERE "scheduleId" = $1`,
      [other.id],
    );
    expect(count!.n).toBe(0);
    const audit = await t.sql<{ action: string }>(
      `SELECT action FROM audit_log WHERE "spaceId" = $1 AND details->>'scheduleId' = $2`,
      [s.spaceId, other.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['schedule.delete']);
  });
});

describe('facilities and projects', () => {
  it('details of a facility and of a project: where their schedules stand', async () => {
    const facility = await s.ok<{ children: { id: string }[]; totals: { schedules: number; works: number } }>(
      'GET',
      `/facilities/${facilityId}`,
    );
    expect(facility.children.map((c) => c.id)).toEqual([projectId]);
    expect(facility.totals).toMatchObject({ schedules: 1, works: 1 });
    const project = await s.ok<{
      path: { id: string }[];
      schedules: { id: string; valid: number }[];
      totals: { start: string; valid: number };
      groups: number;
      links: number;
    }>('GET', `/projects/${projectId}/details`);
    expect(project.path.map((p) => p.id)).toEqual([facilityId, projectId]);
    expect(project.schedules.map((x) => x.id)).toEqual([scheduleId]);
    expect(project.totals.start).toBe('2025-03-03T08:00:00.000Z');
    expect(project).toMatchObject({ groups: 0, links: 0 });
  });

  it('settings: the keys given change, a finish before the start is refused', async () => {
    const first = await s.ok<{ revision: number; settings: Record<string, unknown> }>(
      'GET',
      `/projects/${projectId}/settings`,
    );
    expect(first.settings).toMatchObject({ customer: '', plannedStart: null });
    const saved = await s.ok<{ revision: number; settings: Record<string, unknown> }>(
      'PATCH',
      `/projects/${projectId}/settings`,
      { settings: { customer: 'Заказчик', plannedStart: '2025-03-01' }, revision: first.revision },
    );
    expect(saved.settings).toMatchObject({ customer: 'Заказчик', plannedStart: '2025-03-01', address: '' });
    const bad = await t.api<Failure>(
      'PATCH',
      `/space/${s.spaceId}/projects/${projectId}/settings`,
      { settings: { plannedFinish: '2025-02-01' }, revision: saved.revision },
      { token: s.token, lang: 'en' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.[0]).toMatchObject({ path: 'settings.plannedFinish' });
  });

  it('calculation settings: the options versions without their own calculate with, and the scenario', async () => {
    const got = await s.ok<{ options: object; versions: { inheriting: number } }>(
      'GET',
      `/projects/${projectId}/calculate-settings`,
    );
    expect(got.options).toEqual({});
    expect(got.versions.inheriting).toBe(3);
    const saved = await s.ok<{ scenario: number; options: { openEndsCritical: boolean } }>(
      'PUT',
      `/projects/${projectId}/calculate-settings`,
      { settings: { scenario: 6, options: { openEndsCritical: true, totalFloat: 'smallest' } } },
    );
    expect(saved).toMatchObject({ scenario: 6, options: { openEndsCritical: true } });
    // the calculated actual version follows the project's options: calculated again, later
    const info = await s.ok<{ version: { status: string } }>('GET', `/schedules/${scheduleId}/actual/info`);
    expect(info.version.status).toBe('not_calculated');
    const [fields] = await t.sql<{ options: { openEndsCritical?: boolean } }>(
      `SELECT coalesce(v."scheduleOptions", p.settings#>'{calculate,options}') AS options
       FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId" JOIN eps_nodes p ON p.id = s."parentId" WHERE v.id = $1`,
      [versionId],
    );
    expect(fields!.options.openEndsCritical).toBe(true);
    // a new version of the project's schedules starts with the scenario
    const version = await s.ok<{ id: string }>('POST', `/schedules/${scheduleId}/versions/create`, {
      name: 'Сц',
    });
    const settings = await s.ok<{ scenario: number }>('GET', `/versions/${version.id}/resource-settings`);
    expect(settings.scenario).toBe(6);
    const bad = await t.api(
      'PUT',
      `/space/${s.spaceId}/projects/${projectId}/calculate-settings`,
      {
        settings: { scenario: 5, options: {} },
      },
      s,
    );
    expect(bad.status).toBe(400);
  });

  it("calculation options: a schedule in a group, or below another node, reads its nearest project's", async () => {
    const project = await s.ok<{ id: string }>('POST', '/eps', {
      kind: 'project',
      name: 'Опции',
      parentId: facilityId,
    });
    const schedule = await s.ok<{ id: string }>('POST', '/eps', {
      kind: 'schedule',
      name: 'В группе',
      parentId: project.id,
    });
    const [version] = await s.ok<{ id: string }[]>('GET', `/schedules/${schedule.id}/versions`);
    await s.ok('PUT', `/projects/${project.id}/calculate-settings`, {
      settings: { scenario: 6, options: { openEndsCritical: true } },
    });
    const options = async () =>
      (await versionFields(t.server.services.db.pool, s.spaceId, version!.id))?.scheduleOptions as {
        openEndsCritical?: boolean;
      } | null;
    expect((await options())?.openEndsCritical).toBe(true);
    // in a schedule group of the project
    const group = await s.ok<{ id: string }>('POST', '/schedule-group/create', {
      projectId: project.id,
      name: 'Группа',
    });
    await s.ok('POST', '/schedule-group/move-schedule', { scheduleId: schedule.id, groupId: group.id });
    expect((await options())?.openEndsCritical).toBe(true);
    // below a node that stands between the project and the schedule (the API makes none; stored by hand)
    const [between] = await t.sql<{ id: string }>(
      `INSERT INTO eps_nodes (id, "spaceId", "parentId", kind, name, "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, 'facility', 'Между', now()) RETURNING id`,
      [s.spaceId, project.id],
    );
    await t.sql(`UPDATE eps_nodes SET "parentId" = $2 WHERE id = $1`, [schedule.id, between!.id]);
    expect((await options())?.openEndsCritical).toBe(true);
    // ... and the project's settings count its versions among those inheriting
    const settings = await s.ok<{ versions: { inheriting: number } }>(
      'GET',
      `/projects/${project.id}/calculate-settings`,
    );
    expect(settings.versions.inheriting).toBe(1);
    // the schedule's own options come first
    await t.sql(
      `UPDATE eps_nodes SET settings = '{"calculation": {"openEndsCritical": false}}' WHERE id = $1`,
      [schedule.id],
    );
    expect((await options())?.openEndsCritical).toBe(false);
  });

  it('links between projects: once per pair, seen from both, gone with a project', async () => {
    const other = await s.ok<{ id: string }>('POST', '/eps', {
      kind: 'project',
      name: 'Сети',
      parentId: facilityId,
    });
    const links = await s.ok<{ id: string; kind: string; direction: string; project: { id: string } }[]>(
      'POST',
      `/projects/${projectId}/links`,
      { otherProjectId: other.id, kind: 'depends_on', comment: 'Сети до корпуса' },
    );
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ kind: 'depends_on', direction: 'outgoing', project: { id: other.id } });
    const seen = await s.ok<{ direction: string }[]>('GET', `/projects/${other.id}/links`);
    expect(seen[0]!.direction).toBe('incoming');
    const again = await t.api(
      'POST',
      `/space/${s.spaceId}/projects/${other.id}/links`,
      {
        otherProjectId: projectId,
        kind: 'related',
      },
      s,
    );
    expect(again.status).toBe(409);
    const self = await t.api(
      'POST',
      `/space/${s.spaceId}/projects/${projectId}/links`,
      {
        otherProjectId: projectId,
        kind: 'related',
      },
      s,
    );
    expect(self.status).toBe(400);
    await s.ok('DELETE', `/projects/links/${links[0]!.id}`);
    expect(await s.ok('GET', `/projects/${projectId}/links`)).toEqual([]);
    await s.ok('POST', `/projects/${projectId}/links`, { otherProjectId: other.id, kind: 'supplies' });
    await s.ok('DELETE', `/eps/${other.id}?confirm=true`);
    expect(await s.ok('GET', `/projects/${projectId}/links`)).toEqual([]);
  });

  it('gwbs: the summaries of the schedules by code, with where each occurs', async () => {
    const second = await s.ok<{ id: string }>('POST', '/eps', {
      kind: 'schedule',
      name: 'Г2',
      parentId: projectId,
    });
    const [v2] = await s.ok<{ id: string }[]>('GET', `/schedules/${second.id}/versions`);
    for (const vid of [versionId, v2!.id]) {
      const sum = await s.ok<Work>('POST', `/versions/${vid}/wbs`, {
        name: 'Каркас',
        code: 'K',
        type: 'sum',
      });
      await s.ok('POST', `/versions/${vid}/wbs`, { parentId: sum.id, name: 'Колонны', durationMinutes: 480 });
    }
    await s.ok('POST', `/versions/${v2!.id}/wbs`, { name: 'Кровля', code: 'R', type: 'sum' });
    const gwbs = await s.ok<{ rows: { code: string; works: number; schedules: { scheduleId: string }[] }[] }>(
      'GET',
      `/projects/${projectId}/gwbs`,
    );
    expect(gwbs.rows.map((r) => r.code)).toEqual(['K', 'R']);
    expect(gwbs.rows[0]!.works).toBe(2);
    expect(gwbs.rows[0]!.schedules.map((x) => x.scheduleId).sort()).toEqual([scheduleId, second.id].sort());
  });

  it('indicators of a project on the projects path', async () => {
    const indicators = await s.ok<object>('GET', `/projects/${projectId}/indicators`);
    expect(indicators).toBeTruthy();
  });

  it('copy: the project with its schedules, versions, settings and links', async () => {
    const linked = await s.ok<{ id: string }>('POST', '/eps', {
      kind: 'project',
      name: 'Соседний',
      parentId: facilityId,
    });
    await s.ok('POST', `/projects/${projectId}/links`, { otherProjectId: linked.id, kind: 'related' });
    const copy = await s.ok<{
      id: string;
      name: string;
      facilityId: string;
      settings: { customer: string };
      schedules: { id: string; name: string }[];
      links: number;
    }>('POST', `/projects/${projectId}/copy`, { name: 'Копия' });
    expect(copy).toMatchObject({ name: 'Копия', facilityId, settings: { customer: 'Заказчик' }, links: 1 });
    expect(copy.schedules.map((x) => x.name).sort()).toEqual(['Г', 'Г2']);
    const copied = await s.ok<{ settings: { description: string }; versions: { count: number } }>(
      'GET',
      `/schedules/${copy.schedules.find((x) => x.name === 'Г')!.id}`,
    );
    expect(copied.settings.description).toBe('Корпус 1');
    expect(copied.versions.count).toBe(4);
    const calc = await s.ok<{ scenario: number }>('GET', `/projects/${copy.id}/calculate-settings`);
    expect(calc.scenario).toBe(6);
  });
});

describe('versions', () => {
  it('users: members who see the version and their rights; a locked version is edited by nobody', async () => {
    const viewer = await s.ok<{ users: { login: string; rights: string[] }[] }>('GET', `${v}/users`);
    const byLogin = new Map(viewer.users.map((u) => [u.login, u.rights]));
    expect(byLogin.get('projects-owner')).toContain('schedule.edit');
    expect(byLogin.get('projects-viewer')).toEqual(['schedule.view']);
    await s.ok('POST', `${v}/setLocked`, { locked: true });
    const locked = await s.ok<{ locked: boolean; users: { login: string; rights: string[] }[] }>(
      'GET',
      `${v}/users`,
    );
    expect(locked.locked).toBe(true);
    expect(locked.users.find((u) => u.login === 'projects-owner')!.rights).not.toContain('schedule.edit');
    await s.ok('POST', `${v}/setLocked`, { locked: false });
  });

  it('check-empty-works: counts and ids of the checks asked', async () => {
    const { v: w } = await scheduleWithVersion(s.ok);
    const a = await s.ok<Work>('POST', `${w}/wbs`, { name: 'A', durationMinutes: 480, planVolume: 5 });
    const b = await s.ok<Work>('POST', `${w}/wbs`, { name: 'B', durationMinutes: 0 });
    await s.ok('POST', `${w}/relations`, { predecessorId: a.id, successorId: b.id, type: 'fs' });
    const c = await s.ok<Work>('POST', `${w}/wbs`, { name: 'C', durationMinutes: 480 });
    const all = await s.ok<{ works: number; checks: { check: string; count: number; ids: string[] }[] }>(
      'GET',
      `${w}/check-empty-works`,
    );
    expect(all.works).toBe(3);
    const by = new Map(all.checks.map((x) => [x.check, x]));
    expect(by.get('duration')!.ids).toEqual([b.id]);
    expect(by.get('volume')!.ids).toEqual([b.id, c.id]);
    expect(by.get('resources')!.count).toBe(3);
    expect(by.get('relations')!.ids).toEqual([c.id]);
    const some = await s.ok<{ checks: { check: string }[] }>(
      'GET',
      `${w}/check-empty-works?checks=relations,duration`,
    );
    expect(some.checks.map((x) => x.check)).toEqual(['relations', 'duration']);
    const bad = await t.api('GET', `/space/${s.spaceId}${w}/check-empty-works?checks=colour`, undefined, s);
    expect(bad.status).toBe(400);
  });

  it('activities: the edits of a version and the audit entries naming it, newest first, a page at a time', async () => {
    const page = await s.ok<{
      items: { cursor: string; source: string; action: string; user: { name: string } }[];
      more: boolean;
    }>('GET', `${v}/activities?limit=2`);
    expect(page.items).toHaveLength(2);
    expect(page.more).toBe(true);
    expect(page.items[0]!.user).toBeTruthy();
    const next = await s.ok<{ items: { cursor: string }[] }>(
      'GET',
      `${v}/activities?limit=2&before=${encodeURIComponent(page.items[1]!.cursor)}`,
    );
    expect(next.items[0]!.cursor).not.toBe(page.items[1]!.cursor);
    const schedule = await s.ok<{ items: { action: string }[] }>(
      'GET',
      `/schedules/${scheduleId}/activities?limit=200`,
    );
    expect(schedule.items.map((i) => i.action)).toContain('schedule.settings');
    const bad = await t.api('GET', `/space/${s.spaceId}${v}/activities?before=x`, undefined, s);
    expect(bad.status).toBe(400);
  });
});

describe('storage', () => {
  const form = (name: string, text: string) => {
    const body = new FormData();
    body.append('file', new Blob([text], { type: 'application/pdf' }), name);
    return body;
  };

  it('a passport: uploaded, replaced, downloaded, removed', async () => {
    const upload = (name: string, text: string) =>
      t.api<{ passport: { name: string; size: number } }>(
        'POST',
        `/space/${s.spaceId}/storage/eps/${projectId}/passport`,
        undefined,
        { token: s.token, form: form(name, text) },
      );
    expect((await upload('паспорт.pdf', 'one')).body.passport).toMatchObject({
      name: 'паспорт.pdf',
      size: 3,
    });
    const replaced = await upload('паспорт-2.pdf', 'second');
    expect(replaced.body.passport.name).toBe('паспорт-2.pdf');
    const [count] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM stored_files WHERE "scheduleId" = $1 AND kind = 'passport'`,
      [projectId],
    );
    expect(count!.n).toBe(1);
    const file = await t.api<Uint8Array>(
      'GET',
      `/space/${s.spaceId}/storage/eps/${projectId}/passport`,
      undefined,
      s,
    );
    expect(Buffer.from(file.body).toString()).toBe('second');
    await s.ok('DELETE', `/storage/eps/${projectId}/passport`);
    expect(
      (await s.ok<{ passport: null }>('GET', `/storage/eps/${projectId}/passport/info`)).passport,
    ).toBeNull();
  });

  it("a version's file: the export of a version not uploaded, the original of one uploaded", async () => {
    const exported = await t.api<Uint8Array>(
      'POST',
      `/space/${s.spaceId}/storage/schedule/${scheduleId}/version/${versionId}/download`,
      {},
      s,
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('json');
    const wrong = await t.api(
      'POST',
      `/space/${s.spaceId}/storage/schedule/${projectId}/version/${versionId}/download`,
      {},
      s,
    );
    expect(wrong.status).toBe(404);
    const xer = datedXer('2025-03-03T08:00', 'ORIG');
    const imported = await importedVersion(t, s, scheduleId, 'orig.xer', xer);
    const original = await t.api<Uint8Array>(
      'POST',
      `/space/${s.spaceId}/storage/schedule/${scheduleId}/version/${imported}/download`,
      {},
      s,
    );
    expect(original.status).toBe(200);
    expect(Buffer.from(original.body).toString()).toBe(xer);
    // …or exported when a format is asked
    const json = await t.api<Uint8Array>(
      'POST',
      `/space/${s.spaceId}/storage/schedule/${scheduleId}/version/${imported}/download`,
      { format: 'json' },
      s,
    );
    expect(json.headers.get('content-type')).toContain('json');
  });
});

describe('delegation given and received', () => {
  it('each side on its own path', async () => {
    const member = await spaceMember(t, s, 'projects-planner', 'planner');
    const me = (await t.api<{ id: string }>('GET', '/users/who-am-i', undefined, s)).body;
    const given = await t.api<{ id: string }>(
      'POST',
      `/space/${s.spaceId}/delegation`,
      {
        toUserId: (await t.api<{ id: string }>('GET', '/users/who-am-i', undefined, member)).body.id,
        abilities: ['audit.view'],
      },
      s,
    );
    expect(given.status).toBe(200);
    expect((await s.ok<{ id: string }[]>('GET', '/delegation/given')).map((d) => d.id)).toEqual([
      given.body.id,
    ]);
    expect(await s.ok('GET', '/delegation/received')).toEqual([]);
    const received = await member.call<{ id: string; fromUser: { id: string } }[]>(
      'GET',
      '/delegation/received',
    );
    expect(received.body.map((d) => d.fromUser.id)).toEqual([me.id]);
  });
});
