import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile, setEditingPeriod } from './fixtures';

const t = serverForFile();
let token: string;
let spaceId: string;
beforeAll(async () => {
  const owner = await t.signUp('planner');
  token = owner.token;
  spaceId = (await t.api<{ id: string }>('POST', '/space/create', { name: 'График' }, { token })).body.id;
});

type Body = Record<string, unknown> & { error_code?: string; issues?: { path: string; message: string }[] };
const call = <T = Body>(method: string, path: string, body?: unknown) =>
  t.api<T>(method, `/space/${spaceId}${path}`, body, { token });
async function ok<T = Body>(method: string, path: string, body?: unknown): Promise<T> {
  const reply = await call<T>(method, path, body);
  if (reply.status !== 200)
    throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

type Node = { id: string; kind: string; name: string; revision: number; parentId: string | null };
type Version = {
  id: string;
  scheduleId: string;
  locked: boolean;
  actual: boolean;
  calcStatus: number;
  revision: number;
};
type Work = {
  id: string;
  name: string;
  code: string | null;
  parentId: string | null;
  type: string;
  revision: number;
  planStart: string | null;
  earlyStart: string | null;
  earlyFinish: string | null;
  critical: boolean;
  totalFloat: number | null;
};

async function newSchedule(name = 'График') {
  const facility = await ok<Node>('POST', '/eps', { kind: 'facility', name: 'ЖК Тест' });
  const project = await ok<Node>('POST', '/eps', {
    kind: 'project',
    name: 'Корпус 1',
    parentId: facility.id,
  });
  const schedule = await ok<Node>('POST', '/eps', { kind: 'schedule', name, parentId: project.id });
  const [version] = await ok<Version[]>('GET', `/schedules/${schedule.id}/versions`);
  return { facility, project, schedule, version: version! };
}

describe('EPS and schedule groups', () => {
  it('builds facility → project → schedule with a first actual version, refuses a wrong hierarchy', async () => {
    const { facility, project, schedule, version } = await newSchedule();
    expect(version).toMatchObject({ actual: true, locked: false, calcStatus: 0 });
    const wrong = await call('POST', '/eps', { kind: 'schedule', name: 'X', parentId: facility.id });
    expect(wrong.body.error_code).toBe('InvalidHierarchy');
    const bad = await call('POST', '/eps', { kind: 'facility', name: '<b>' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      expect.objectContaining({ path: 'name', message: 'validation.prohibited_characters' }),
    ]);
    const renamed = await ok<Node>('PATCH', `/eps/${schedule.id}`, {
      name: 'ГПР',
      revision: schedule.revision,
    });
    expect(renamed.name).toBe('ГПР');
    const stale = await call('PATCH', `/eps/${schedule.id}`, { name: 'ГПР 2', revision: schedule.revision });
    expect(stale.body.error_code).toBe('Conflict');
    const list = await ok<Node[]>('GET', '/eps');
    expect(list.map((n) => n.id)).toEqual(expect.arrayContaining([facility.id, project.id, schedule.id]));

    const group = await ok<{ id: string; revision: number }>('POST', '/schedule-group/create', {
      projectId: project.id,
      name: 'Основные',
    });
    await ok('POST', '/schedule-group/move-schedule', { scheduleId: schedule.id, groupId: group.id });
    const groups = await ok<{ id: string; scheduleIds: string[] }[]>(
      'GET',
      `/schedule-group?projectId=${project.id}`,
    );
    expect(groups[0]!.scheduleIds).toEqual([schedule.id]);
    await ok('PATCH', `/schedule-group/${group.id}`, { name: 'Главные', revision: group.revision });
    await ok('DELETE', `/schedule-group/${group.id}`);

    const copy = await ok<Node>('POST', `/eps/${project.id}/copy`, { name: 'Корпус 2' });
    const after = await ok<Node[]>('GET', '/eps');
    expect(after.filter((n) => n.parentId === copy.id).map((n) => n.name)).toEqual(['ГПР']);
    const info = await ok<{ tab: string; data: { path: unknown[] } }>(
      'GET',
      `/eps/${schedule.id}/info/node_info`,
    );
    expect(info.data.path).toHaveLength(3);
    const analytics = await ok<{ data: { works: number } }>('GET', `/eps/${facility.id}/info/analytics`);
    expect(analytics.data.works).toBe(0);
    const refused = await call('DELETE', `/eps/${copy.id}`, {});
    expect(refused.status).toBe(400);
    await ok('DELETE', `/eps/${copy.id}`, { confirm: true });
    const current = await ok<Node>('GET', `/eps/${schedule.id}`);
    await ok('PATCH', `/eps/${schedule.id}/move`, {
      parentId: project.id,
      afterId: null,
      revision: current.revision,
    });
    const stale2 = await call('PATCH', `/eps/${schedule.id}/move`, {
      parentId: project.id,
      revision: current.revision,
    });
    expect(stale2.body.error_code).toBe('Conflict');
  });

  it('copies a facility into itself once: the copy holds what the facility held before, not itself', async () => {
    const { facility, project, schedule } = await newSchedule();
    const copy = await ok<Node>('POST', `/eps/${facility.id}/copy`, { parentId: facility.id, name: 'Копия' });
    const nodes = await ok<Node[]>('GET', '/eps');
    const under = (id: string) => nodes.filter((n) => n.parentId === id);
    expect(copy.parentId).toBe(facility.id);
    expect(
      under(facility.id)
        .map((n) => n.id)
        .sort(),
    ).toEqual([copy.id, project.id].sort());
    const [copiedProject] = under(copy.id);
    expect(under(copy.id).map((n) => n.name)).toEqual([project.name]);
    expect(under(copiedProject!.id).map((n) => n.name)).toEqual([schedule.name]);
  });
});

describe('works, relations, undo, calculation', () => {
  it('edits the WBS with revisions, ordering, indent/outdent, bulk edit and undo that survives a reload', async () => {
    const { version } = await newSchedule();
    const v = `/versions/${version.id}`;
    const a = await ok<Work>('POST', `${v}/wbs`, { name: 'Этаж 1', code: '1' });
    const b = await ok<Work>('POST', `${v}/wbs`, { name: 'Кладка', code: '1.1', durationMinutes: 960 });
    const c = await ok<Work>('POST', `${v}/wbs`, { name: 'Штукатурка', code: '1.2', afterId: a.id });
    let list = await ok<Work[]>('GET', `${v}/wbs`);
    expect(list.map((w) => w.name)).toEqual(['Этаж 1', 'Штукатурка', 'Кладка']);

    const indented = await ok<Work>('PATCH', `${v}/wbs/${c.id}/indent`, { revision: c.revision });
    expect(indented.parentId).toBe(a.id);
    list = await ok<Work[]>('GET', `${v}/wbs`);
    expect(list.find((w) => w.id === a.id)!.type).toBe('sum');
    const moved = await ok<Work>('PATCH', `${v}/wbs/${b.id}/move`, {
      revision: b.revision,
      parentId: a.id,
      afterId: null,
    });
    list = await ok<Work[]>('GET', `${v}/wbs`);
    expect(list.map((w) => w.name)).toEqual(['Этаж 1', 'Кладка', 'Штукатурка']);
    const cycle = await call('PATCH', `${v}/wbs/${a.id}/move`, {
      revision: list[0]!.revision,
      parentId: b.id,
    });
    expect(cycle.body.error_code).toBe('InvalidHierarchy');
    const outdented = await ok<Work>('PATCH', `${v}/wbs/${c.id}/outdent`, { revision: indented.revision });
    expect(outdented.parentId).toBeNull();

    const updated = await ok<Work>('PATCH', `${v}/wbs/${b.id}`, {
      revision: moved.revision,
      name: 'Кладка стен',
      planStart: '2030-03-02',
      planFinish: '2030-03-04T17:00',
      planVolume: 12.5,
      unit: 'м³',
      progress: 40,
      status: 'in_progress',
      startLimit: { type: 'not_earlier', date: '2030-03-02' },
    });
    expect(updated).toMatchObject({ name: 'Кладка стен', planStart: '2030-03-02T00:00', planVolume: 12.5 });
    const stale = await call('PATCH', `${v}/wbs/${b.id}`, { revision: moved.revision, name: 'X' });
    expect(stale.status).toBe(409);
    expect(stale.body.error_code).toBe('Conflict');
    const badInput = await call('PATCH', `${v}/wbs/${b.id}`, {
      revision: updated.revision,
      name: '',
      progress: 120,
      planStart: '31.02.2030',
      type: 'epic',
    });
    expect(badInput.status).toBe(400);
    expect(badInput.body.issues!.map((i) => `${i.path}:${i.message}`).sort()).toEqual([
      'name:validation.required',
      'planStart:validation.invalid_date',
      'progress:validation.out_of_range',
      'type:Invalid option: expected one of "sum"|"task"|"work"|"milestone_start"|"milestone_finish"|"draft"',
    ]);
    const stranger = await call('PATCH', `${v}/wbs/${b.id}`, {
      revision: updated.revision,
      executorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(stranger.body.issues).toEqual([{ path: 'executorId', message: 'schedule.not_a_member' }]);

    const bulk = await ok<{ count: number }>('PATCH', `${v}/wbs/bulk`, {
      works: [
        { workId: b.id, revision: updated.revision },
        { workId: c.id, revision: outdented.revision },
      ],
      set: { status: 'completed', progress: 100 },
    });
    expect(bulk.count).toBe(2);
    await ok('POST', `${v}/wbs/check`, { workIds: [a.id], checked: true, expanded: false });
    list = await ok<Work[]>('GET', `${v}/wbs`);
    expect(list[0]).toMatchObject({ checked: true, expanded: false });

    await ok('POST', `${v}/wbs/delete`, { workIds: [a.id] });
    expect((await ok<Work[]>('GET', `${v}/wbs`)).map((w) => w.name)).toEqual(['Штукатурка']);
    // "Reload": a fresh request lists the undo actions stored in the database, and applying undoes the delete.
    const actions = await ok<{ id: string; action: string; kind: string }[]>('GET', `${v}/undo-actions`);
    expect(actions[0]).toMatchObject({ action: 'works.delete', kind: 'undo_wbs' });
    await ok('POST', `${v}/undo-actions`, {});
    list = await ok<Work[]>('GET', `${v}/wbs`);
    expect(list.map((w) => w.name)).toEqual(['Этаж 1', 'Кладка стен', 'Штукатурка']);
    // Undo back to the first creation: the version is empty again.
    const all = await ok<{ id: string }[]>('GET', `${v}/undo-actions`);
    await ok('POST', `${v}/undo-actions`, { undoActionId: all.at(-1)!.id });
    expect(await ok<Work[]>('GET', `${v}/wbs`)).toEqual([]);
    expect((await call('POST', `${v}/undo-actions`, {})).body.error_code).toBe('NothingToUndo');
  });

  it('serves plan details outside the payload and finds works of other schedules for external links', async () => {
    const trpc = async <T>(path: string, input: unknown): Promise<T> => {
      const query = encodeURIComponent(JSON.stringify(input));
      const response = await fetch(`${t.url}/trpc/${path}?input=${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { result?: { data: T }; error?: unknown };
      if (!body.result) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      return body.result.data;
    };
    const here = await newSchedule('Каркас');
    const there = await newSchedule('Фундаменты');
    const mine = await ok<Work>('POST', `/versions/${here.version.id}/wbs`, { name: 'Колонны', code: 'K1' });
    const plain = await ok<Work>('POST', `/versions/${there.version.id}/wbs`, {
      name: 'Разметка',
      code: 'F0',
    });
    const foreign = await ok<Work>('POST', `/versions/${there.version.id}/wbs`, {
      name: 'Фундаментная плита 50%',
      code: 'F1',
      approvedStart: '2030-03-02',
      approvedVolume: 120.5,
      finishLimit: { type: 'not_later', date: '2030-04-01' },
    });
    const details = await trpc<Record<string, unknown>[]>('works.planDetails', {
      spaceId,
      versionId: there.version.id,
    });
    expect(details).toEqual([
      {
        id: foreign.id,
        approvedStart: '2030-03-02T00:00',
        approvedFinish: null,
        approvedVolume: 120.5,
        startLimit: null,
        finishLimit: { type: 'not_later', date: '2030-04-01T00:00' },
      },
    ]);
    expect(details.some((d) => d.id === plain.id)).toBe(false);

    type Found = { id: string; code: string; scheduleName: string; versionId: string };
    const byName = await trpc<Found[]>('works.search', {
      spaceId,
      query: 'плита',
      excludeVersionId: here.version.id,
    });
    expect(byName).toEqual([
      expect.objectContaining({
        id: foreign.id,
        code: 'F1',
        scheduleName: 'Фундаменты',
        versionId: there.version.id,
      }),
    ]);
    expect((await trpc<Found[]>('works.search', { spaceId, query: 'f' })).map((w) => w.id)).toEqual(
      expect.arrayContaining([plain.id, foreign.id]),
    );
    // LIKE wildcards are literal; the version being edited is left out; ids look works up.
    expect(await trpc<Found[]>('works.search', { spaceId, query: '_' })).toEqual([]);
    expect(
      await trpc<Found[]>('works.search', { spaceId, query: 'K1', excludeVersionId: here.version.id }),
    ).toEqual([]);
    expect(
      (await trpc<Found[]>('works.search', { spaceId, workIds: [foreign.id] })).map((w) => w.id),
    ).toEqual([foreign.id]);
    expect(await trpc<Found[]>('works.search', { spaceId })).toEqual([]);

    await ok('POST', `/versions/${here.version.id}/relations`, {
      predecessorId: foreign.id,
      successorId: mine.id,
    });
    const relations = await ok<{ predecessorId: string; external: boolean }[]>(
      'GET',
      `/versions/${here.version.id}/relations`,
    );
    expect(relations).toEqual([expect.objectContaining({ predecessorId: foreign.id, external: true })]);
  });

  it('schedules what remains of a started work from the data date, all of it at 0 % progress', async () => {
    const { version } = await newSchedule();
    const v = `/versions/${version.id}`;
    await ok('PATCH', v, {
      revision: version.revision,
      projectStart: '2031-03-03T08:00',
      dataDate: '2031-03-13T08:00',
    });
    const day = 8 * 60;
    const started = async (name: string, progress: number) => {
      const w = await ok<Work & { revision: number }>('POST', `${v}/wbs`, {
        name,
        durationMinutes: 10 * day,
      });
      await ok('PATCH', `${v}/wbs/${w.id}`, {
        revision: w.revision,
        factStart: '2031-03-03T08:00',
        progress,
      });
      return w;
    };
    await started('Nothing done yet', 0);
    await started('Forty per cent', 40);
    await ok('POST', `${v}/calculate`, {});
    const works = await ok<Work[]>('GET', `${v}/wbs`);
    const finish = (name: string) => works.find((w) => w.name === name)!.earlyFinish;
    // Thu 13.03 08:00 + 10 working days (standard week) → Wed 26.03 17:00; 6 days remain at 40 % → Thu 20.03.
    expect(finish('Nothing done yet')).toBe('2031-03-26T17:00');
    expect(finish('Forty per cent')).toBe('2031-03-20T17:00');
  });

  it('calculates a hand-checked network, names the works of a cycle, and serves task_relations', async () => {
    const { version } = await newSchedule();
    const v = `/versions/${version.id}`;
    const cal = await ok<{ id: string }>('POST', '/calendars', {
      name: 'Пятидневка',
      week: [0, 1, 2, 3, 4, 5, 6].map((d) => (d < 5 ? [{ start: '08:00', finish: '17:00' }] : [])),
      hoursPerDay: 9,
      exceptions: [{ date: '2030-03-08', intervals: [], name: 'Праздник' }],
    });
    await ok('PATCH', v, { revision: version.revision, projectStart: '2030-03-04T08:00' });
    const day = 9 * 60;
    const mk = (code: string, days: number) =>
      ok<Work>('POST', `${v}/wbs`, { name: `Работа ${code}`, code, durationMinutes: days * day });
    const [A, B, C, D, E] = [
      await mk('A', 2),
      await mk('B', 3),
      await mk('C', 1),
      await mk('D', 2),
      await mk('E', 1),
    ];
    const link = (p: Work, s: Work, type = 'fs', lagMinutes = 0) =>
      ok<{ id: string; revision: number }>('POST', `${v}/relations`, {
        predecessorId: p.id,
        successorId: s.id,
        type,
        lagMinutes,
      });
    await link(A!, B!);
    await link(B!, D!);
    await link(A!, C!, 'ss', day);
    await link(C!, D!);
    await link(D!, E!);
    const run = await ok<{ calcStatus: number; inWorker: boolean }>('POST', `${v}/calculate`, {});
    expect(run).toMatchObject({ calcStatus: 1, inWorker: false });
    const works = await ok<Work[]>('GET', `${v}/wbs`);
    const w = (code: string) => works.find((x) => x.code === code)!;
    // Mon 04.03 A 2d → B Wed 06.03–Fri 08.03 is a holiday, so B runs 06, 07, 11; C starts a day after A (SS+1d).
    expect([w('A').earlyStart, w('A').earlyFinish]).toEqual(['2030-03-04T08:00', '2030-03-05T17:00']);
    expect([w('B').earlyStart, w('B').earlyFinish]).toEqual(['2030-03-06T08:00', '2030-03-11T17:00']);
    expect([w('C').earlyStart, w('C').earlyFinish]).toEqual(['2030-03-05T08:00', '2030-03-05T17:00']);
    expect([w('D').earlyStart, w('D').earlyFinish]).toEqual(['2030-03-12T08:00', '2030-03-13T17:00']);
    expect(w('E').earlyFinish).toBe('2030-03-14T17:00');
    expect(works.filter((x) => x.critical).map((x) => x.code)).toEqual(['A', 'B', 'D', 'E']);
    expect(w('C').totalFloat).toBe(3 * day);
    const status = await ok<{ calcStatus: number; calcStatusText: string }>('GET', `${v}/calculate`);
    expect(status).toMatchObject({ calcStatus: 1, calcStatusText: 'calculated' });
    const taskRelations = await ok<
      { predecessorCode: string; successorCode: string; onCriticalPath: boolean; freeReserve: number }[]
    >('GET', `${v}/task-relations`);
    const ab = taskRelations.find((r) => r.predecessorCode === 'A' && r.successorCode === 'B')!;
    expect(ab.onCriticalPath).toBe(true);
    expect(taskRelations.find((r) => r.predecessorCode === 'C')!.onCriticalPath).toBe(false);
    // An edit makes the version "not calculated" again.
    await link(E!, A!);
    expect((await ok<{ calcStatus: number }>('GET', `${v}/calculate`)).calcStatus).toBe(0);
    const failed = await call('POST', `${v}/calculate`, {});
    expect(failed.status).toBe(400);
    expect(failed.body.error_code).toBe('CalculationError');
    const reason = (failed.body.issues ?? []).map((i) => i.message).join(' ');
    // E → A closes two cycles, through B and through C; the engine names one of them (which one follows
    // the order the relations are read in, by their random ids).
    for (const code of ['A', 'D', 'E']) expect(reason).toContain(`${code} Работа ${code}`);
    expect(reason.includes('B Работа B') !== reason.includes('C Работа C')).toBe(true);
    expect((await ok<{ calcError: string }>('GET', `${v}/calculate`)).calcError).toMatch(/^cycle: /);
    // A calculation that is running holds the version under a lease its process renews; one whose process
    // died (its lease ran out) is recovered.
    const versionId = version.id;
    await t.sql(
      `INSERT INTO job_leases (key, owner, "expiresAt") VALUES ($1, gen_random_uuid(), now() + interval '1 minute')`,
      [`calculation:${versionId}`],
    );
    await t.sql(`UPDATE versions SET "calcStatus" = 2, "calcStartedAt" = now() WHERE id = $1`, [versionId]);
    expect((await call('POST', `${v}/calculate`, {})).body.error_code).toBe('CalculationRunning');
    expect((await ok<{ calcStatus: number }>('GET', `${v}/calculate`)).calcStatus).toBe(2);
    await t.sql(`UPDATE job_leases SET "expiresAt" = now() - interval '1 second' WHERE key = $1`, [
      `calculation:${versionId}`,
    ]);
    const recovered = await ok<{ calcStatus: number; calcError: string }>('GET', `${v}/calculate`);
    expect(recovered).toMatchObject({ calcStatus: 0, calcError: expect.stringMatching(/interrupted/) });
    await t.sql(`UPDATE versions SET "calcStatus" = 2, "calcStartedAt" = NULL WHERE id = $1`, [versionId]);
    expect((await call('POST', `${v}/calculate`, {})).body.error_code).toBe('CalculationError');
    expect(cal.id).toBeTruthy();
  });

  it('refuses every edit of a locked version with VersionLocked, and copies and compares versions', async () => {
    const { schedule, version } = await newSchedule();
    const v = `/versions/${version.id}`;
    const a = await ok<Work>('POST', `${v}/wbs`, {
      name: 'Фундамент',
      code: 'F',
      durationMinutes: 480,
      planStart: '2030-01-10',
    });
    const b = await ok<Work>('POST', `${v}/wbs`, { name: 'Каркас', code: 'K', durationMinutes: 480 });
    await ok('POST', `${v}/relations`, { predecessorId: a.id, successorId: b.id });
    const copy = await ok<Version>('POST', `/schedules/${schedule.id}/versions/create`, {
      name: 'Версия 2',
      copyFromVersionId: version.id,
    });
    expect(copy.actual).toBe(false);
    await ok('POST', `/versions/${copy.id}/setActualStatus`);
    expect((await ok<Version>('GET', v)).actual).toBe(false);

    const copied = await ok<Work[]>('GET', `/versions/${copy.id}/wbs`);
    const f2 = copied.find((w) => w.code === 'F')!;
    await ok('PATCH', `/versions/${copy.id}/wbs/${f2.id}`, {
      revision: f2.revision,
      planStart: '2030-01-13',
    });
    await ok('POST', `/versions/${copy.id}/wbs`, { name: 'Кровля', code: 'R' });
    await ok('POST', `/versions/${copy.id}/wbs/delete`, {
      workIds: [copied.find((w) => w.code === 'K')!.id],
    });
    const diff = await ok<{
      works: {
        added: { code: string }[];
        removed: { code: string }[];
        changed: { code: string; startDeltaDays: number }[];
      };
      relations: { removed: unknown[] };
    }>('POST', '/schedules/versions/compare', { versionId: version.id, otherVersionId: copy.id });
    expect(diff.works.added.map((w) => w.code)).toEqual(['R']);
    expect(diff.works.removed.map((w) => w.code)).toEqual(['K']);
    expect(diff.works.changed).toEqual([expect.objectContaining({ code: 'F', startDeltaDays: 3 })]);
    expect(diff.relations.removed).toHaveLength(1);
    const csv = await t.api<Uint8Array>(
      'POST',
      `/space/${spaceId}/schedules/versions/export-comparison`,
      { versionId: version.id, otherVersionId: copy.id },
      { token },
    );
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(new TextDecoder().decode(csv.body)).toContain('removed;K;Каркас');

    const other = await newSchedule('Другой');
    const moved = await ok<Version>('POST', `/versions/${version.id}/copy-to/${other.schedule.id}`, {});
    expect(moved.scheduleId).toBe(other.schedule.id);
    expect(await ok<Work[]>('GET', `/versions/${moved.id}/wbs`)).toHaveLength(2);

    await ok('POST', `${v}/setLocked`, { locked: true });
    const refusals = [
      await call('POST', `${v}/wbs`, { name: 'X' }),
      await call('PATCH', `${v}/wbs/${a.id}`, { revision: a.revision, name: 'X' }),
      await call('POST', `${v}/wbs/delete`, { workIds: [a.id] }),
      await call('POST', `${v}/relations`, { predecessorId: b.id, successorId: a.id }),
      await call('POST', `${v}/undo-actions`, {}),
      await call('POST', `${v}/calculate`, {}),
      await call('DELETE', v, { confirm: true }),
    ];
    for (const r of refusals) expect([r.status, r.body.error_code]).toEqual([409, 'VersionLocked']);
    await ok('POST', `${v}/setLocked`, { locked: false });
    await ok('DELETE', v, { confirm: true });
    expect((await call('GET', v)).status).toBe(404);
  });

  it('enforces the editing period for plan and fact dates', async () => {
    const { version } = await newSchedule();
    const v = `/versions/${version.id}`;
    await setEditingPeriod(ok, 10);
    const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const closed = await call('POST', `${v}/wbs`, { name: 'Старое', factStart: iso(-30) });
    expect([closed.status, closed.body.error_code]).toEqual([403, 'EditingPeriodClosed']);
    const open = await ok<Work>('POST', `${v}/wbs`, {
      name: 'Свежее',
      factStart: iso(-3),
      planStart: iso(5),
    });
    const late = await call('PATCH', `${v}/wbs/${open.id}`, {
      revision: open.revision,
      planFinish: iso(-20),
    });
    expect(late.body.error_code).toBe('EditingPeriodClosed');
    await ok('PATCH', `${v}/wbs/${open.id}`, { revision: open.revision, approvedStart: iso(-40) });
    await setEditingPeriod(ok, 0);
  });

  it('keeps calendars, attributes (with per-role access) and directories', async () => {
    const { schedule, version } = await newSchedule();
    const week = [0, 1, 2, 3, 4, 5, 6].map((d) => (d < 6 ? [{ start: '08:00', finish: '17:00' }] : []));
    const bad = await call('POST', '/calendars', { name: '', week: week.slice(0, 3) });
    expect(bad.body.issues!.map((i) => i.path).sort()).toEqual(['name', 'week']);
    const six = await ok<{ id: string; revision: number; isDefault: boolean }>('POST', '/calendars', {
      name: 'Шестидневка',
      week,
    });
    const updated = await ok<{ exceptions: unknown[]; revision: number }>('PUT', `/calendars/${six.id}`, {
      revision: six.revision,
      exceptions: [{ date: '2030-05-01', until: '2030-05-03', intervals: [] }],
    });
    expect(updated.exceptions).toHaveLength(1);
    expect(
      (await call('PUT', `/calendars/${six.id}`, { revision: six.revision, name: 'X' })).body.error_code,
    ).toBe('Conflict');
    await ok('POST', `/calendars/${six.id}/default`);
    expect(
      (await ok<{ id: string; isDefault: boolean }[]>('GET', '/calendars')).find((c) => c.isDefault)!.id,
    ).toBe(six.id);

    const directory = await ok<{ id: string }>('POST', '/directories', { name: 'Бригады' });
    const crew = await ok<{ id: string }>('POST', `/directories/${directory.id}/values`, {
      name: 'Бетонщики-1',
      code: 'Б1',
    });
    await ok('PATCH', `/versions/${version.id}/directory/${directory.id}/add-values-to-version`, {
      valueIds: [crew.id],
    });
    expect(await ok<unknown[]>('GET', `/versions/${version.id}/directory-values`)).toHaveLength(1);

    const size = await ok<{ id: string }>('POST', '/attributes', {
      name: 'Численность',
      valueType: 'number',
      scheduleId: schedule.id,
    });
    const work = await ok<Work & { attributes: Record<string, unknown> }>(
      'POST',
      `/versions/${version.id}/wbs`,
      {
        name: 'Бетонирование',
        attributes: { [size.id]: 6 },
      },
    );
    expect(work.attributes).toEqual({ [size.id]: 6 });
    const wrongType = await call('PATCH', `/versions/${version.id}/wbs/${work.id}`, {
      revision: work.revision,
      attributes: { [size.id]: 'шесть' },
    });
    expect(wrongType.body.issues).toEqual([
      { path: `attributes.${size.id}`, message: 'validation.out_of_range' },
    ]);
    const roles = await t.api<{ id: string; key: string }[]>('GET', `/space/${spaceId}/roles`, undefined, {
      token,
    });
    const admin = roles.body.find((r) => r.key === 'administrator')!;
    await ok('POST', `/schedules/${schedule.id}/attributes/access`, {
      attributeId: size.id,
      roleId: admin.id,
      canView: true,
      canEdit: false,
    });
    const forRole = await ok<{ id: string; canEdit: boolean }[]>(
      'GET',
      `/schedules/${schedule.id}/attributes/all/role/${admin.id}`,
    );
    expect(forRole.find((a) => a.id === size.id)!.canEdit).toBe(false);
    const refused = await call('PATCH', `/versions/${version.id}/wbs/${work.id}`, {
      revision: work.revision,
      attributes: { [size.id]: 7 },
    });
    expect(refused.body.error_code).toBe('Forbidden');
  });
});

describe('bulk paths', () => {
  it('fills the demo programme, serves the columnar payload and generates a large schedule in bulk', async () => {
    const { token: demoToken } = await t.signUp('demo-owner');
    const demo = await t.api<{ id: string }>('POST', '/space/create-demo', undefined, { token: demoToken });
    const demoId = demo.body.id;
    const nodes = await t.api<(Node & { actualVersionId: string | null })[]>(
      'GET',
      `/space/${demoId}/eps`,
      undefined,
      {
        token: demoToken,
      },
    );
    const schedule = nodes.body.find((n) => n.kind === 'schedule')!;
    const payload = await t.api<{
      count: number;
      works: { parent: number[]; name: number[]; earlyStart: number[]; critical: number[]; status: number[] };
      relations: { count: number; successor: number[] };
      strings: string[];
    }>('GET', `/space/${demoId}/versions/${schedule.actualVersionId}/payload`, undefined, {
      token: demoToken,
    });
    expect(payload.body.count).toBeGreaterThan(2800);
    expect(payload.body.count).toBeLessThan(3200);
    expect(payload.body.relations.count).toBeGreaterThan(2500);
    expect(payload.body.works.parent[0]).toBe(-1);
    expect(payload.body.works.parent.every((p, i) => p < i)).toBe(true);
    expect(payload.body.works.critical.some((c) => c === 1)).toBe(true);
    expect(new Set(payload.body.works.status)).toEqual(new Set([0, 1, 2]));
    expect(payload.body.strings[payload.body.works.name[0]!]).toBe('Подготовительный период');
    const recalculated = await t.api<{ calcStatus: number }>(
      'POST',
      `/space/${demoId}/versions/${schedule.actualVersionId}/calculate`,
      undefined,
      { token: demoToken },
    );
    expect(recalculated.body.calcStatus).toBe(1);

    const large = await ok<{ versionId: string; works: number; relations: number }>(
      'POST',
      '/demo/large-schedule',
      {
        works: 12_000,
      },
    );
    expect(large.works).toBe(12_000);
    const run = await ok<{ inWorker: boolean; works: number }>(
      'POST',
      `/versions/${large.versionId}/calculate`,
      {},
    );
    expect(run).toMatchObject({ inWorker: true, works: 12_000 });
    const big = await ok<{ count: number; works: { earlyStart: number[] } }>(
      'GET',
      `/versions/${large.versionId}/payload`,
    );
    expect(big.count).toBe(12_000);
    expect(big.works.earlyStart.filter((m) => m >= 0).length).toBe(12_000);
    const counted = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM works WHERE "versionId" = $1`,
      [large.versionId],
    );
    expect(counted).toEqual([{ n: 12_000 }]);
  });
});
