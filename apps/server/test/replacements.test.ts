import { describe, expect, it } from 'vitest';
import { type Failure, ownSpace, type Space, serverForFile, spaceMember } from './fixtures';

const t = serverForFile();

const DAY = 480;

type Work = {
  id: string;
  code: string | null;
  name: string;
  type: string;
  parentId: string | null;
  durationMinutes: number;
  progress: number;
  calendarId: string | null;
  revision: number;
};
type Assignment = {
  id: string;
  workId: string;
  resourceId: string;
  planQuantity: number;
  reserved: string | null;
  followsId: string | null;
};
type Relation = { id: string; predecessorId: string; successorId: string; type: string; lagMinutes: number };
type Replacement = {
  id: string;
  workId: string;
  versionId: string;
  donorVersionId: string;
  donorScheduleName: string;
  name: string;
  comment: string | null;
  state: 'applied' | 'undone';
  works: number;
  createdBy: string | null;
  appliedAt: string | null;
  calculated?: boolean;
};

async function schedule(ok: Space['ok'], projectId: string, name: string) {
  const node = await ok<{ id: string }>('POST', '/eps', { kind: 'schedule', name, parentId: projectId });
  const [version] = await ok<{ id: string }[]>('GET', `/schedules/${node.id}/versions`);
  return { scheduleId: node.id, versionId: version!.id, v: `/versions/${version!.id}` };
}

/**
 * A master schedule: Разметка and Водопонижение before the section Секция (its works S1 → S2), Кровля after it;
 * links into the section's works and into the section itself, and out of them, of every kind. A donor
 * schedule of the section: D1 first, then D2 and D3 (under a summary) both after it, D2 and D3 last.
 */
async function setUp(space: Space) {
  const { ok } = space;
  const facility = await ok<{ id: string }>('POST', '/eps', { kind: 'facility', name: 'Ф' });
  const project = await ok<{ id: string }>('POST', '/eps', {
    kind: 'project',
    name: 'П',
    parentId: facility.id,
  });
  const master = await schedule(ok, project.id, 'Мастер');
  const donor = await schedule(ok, project.id, 'Подрядчик');
  const work = (v: string, name: string, fields: Record<string, unknown> = {}) =>
    ok<{ id: string }>('POST', `${v}/wbs`, {
      name,
      planStart: '2025-03-03T08:00',
      durationMinutes: DAY,
      ...fields,
    });
  const link = (v: string, predecessorId: string, successorId: string, type = 'fs', lagMinutes = 0) =>
    ok<{ id: string }>('POST', `${v}/relations`, { predecessorId, successorId, type, lagMinutes });

  const m = master.v;
  const before = await work(m, 'Разметка');
  const side = await work(m, 'Водопонижение', { durationMinutes: 3 * DAY });
  const section = await work(m, 'Секция', { type: 'sum' });
  const s1 = await work(m, 'S1', { parentId: section.id, durationMinutes: 2 * DAY });
  const s2 = await work(m, 'S2', { parentId: section.id, durationMinutes: 4 * DAY });
  const after = await work(m, 'Кровля');
  await link(m, s1.id, s2.id);
  await link(m, before.id, s1.id, 'fs', DAY);
  await link(m, before.id, section.id, 'ss', DAY / 2);
  await link(m, side.id, s2.id, 'ff', 2 * DAY);
  await link(m, s2.id, after.id, 'fs', 0);
  await link(m, s1.id, after.id, 'ss', DAY);

  const d = donor.v;
  const d1 = await work(d, 'Монтаж каркаса', { code: 'D-1', durationMinutes: 3 * DAY, progress: 50 });
  const group = await work(d, 'Отделка', { type: 'sum', code: 'D-G' });
  const d2 = await work(d, 'Штукатурка', { parentId: group.id, code: 'D-2', durationMinutes: 5 * DAY });
  const d3 = await work(d, 'Окраска', { parentId: group.id, code: 'D-3', durationMinutes: 2 * DAY });
  await link(d, d1.id, d2.id);
  await link(d, d1.id, d3.id, 'ss', DAY);
  // Calculated, so that the summaries are rolled up as an undo (and the calculation after it) leaves them.
  await ok('POST', `${m}/calculate`, {});
  return {
    master,
    donor,
    ids: { before: before.id, side: side.id, section: section.id, s1: s1.id, s2: s2.id, after: after.id },
    donorIds: { d1: d1.id, group: group.id, d2: d2.id, d3: d3.id },
  };
}

const works = (ok: Space['ok'], v: string) => ok<Work[]>('GET', `${v}/wbs`);
const relations = (ok: Space['ok'], v: string) => ok<Relation[]>('GET', `${v}/relations`);
/** Works as they are, but for what a calculation or a roll-up moves. */
const shape = (rows: Work[]) =>
  rows
    .map(({ id, code, name, type, parentId, durationMinutes, progress, calendarId }) => ({
      id,
      code,
      name,
      type,
      parentId,
      durationMinutes,
      progress,
      calendarId,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
const exact = (rows: Relation[]) =>
  rows.map((r) => `${r.id}:${r.predecessorId}>${r.successorId}:${r.type}:${r.lagMinutes}`).sort();

describe('replacements', () => {
  it('applies a donor schedule in place of a section, re-attaches its links, and undoes it exactly', async () => {
    const space = await ownSpace(t, 'replace-owner', 'Замены');
    const { ok } = space;
    const { master, donor, ids, donorIds } = await setUp(space);
    const m = master.v;
    const worksBefore = shape(await works(ok, m));
    const relationsBefore = exact(await relations(ok, m));
    const donorBefore = shape(await works(ok, donor.v));

    const created = await ok<Replacement>('POST', `/schedules/${master.scheduleId}/replacements`, {
      versionId: master.versionId,
      workId: ids.section,
      donorVersionId: donor.versionId,
      comment: 'Детальный график подрядчика',
    });
    expect(created).toMatchObject({
      workId: ids.section,
      donorVersionId: donor.versionId,
      donorScheduleName: 'Подрядчик',
      state: 'applied',
      works: 4,
      comment: 'Детальный график подрядчика',
      calculated: true,
    });
    expect(created.name).toContain('Подрядчик');
    expect(created.appliedAt).not.toBeNull();

    // The section's own works are gone; the donor's copies stand under it, codes, durations and progress kept.
    const after = await works(ok, m);
    expect(after.find((w) => w.id === ids.s1)).toBeUndefined();
    expect(after.find((w) => w.id === ids.s2)).toBeUndefined();
    expect(after.find((w) => w.id === ids.section)!.type).toBe('sum');
    const byCode = new Map(after.filter((w) => w.code?.startsWith('D-')).map((w) => [w.code!, w]));
    expect([...byCode.keys()].sort()).toEqual(['D-1', 'D-2', 'D-3', 'D-G']);
    const [c1, cg, c2, c3] = ['D-1', 'D-G', 'D-2', 'D-3'].map((code) => byCode.get(code)!);
    expect(c1).toMatchObject({
      name: 'Монтаж каркаса',
      parentId: ids.section,
      durationMinutes: 3 * DAY,
      progress: 50,
    });
    expect(cg).toMatchObject({ type: 'sum', parentId: ids.section });
    expect(c2).toMatchObject({ parentId: cg!.id, durationMinutes: 5 * DAY });
    expect(c3).toMatchObject({ parentId: cg!.id, durationMinutes: 2 * DAY });
    expect(Object.values(donorIds)).not.toContain(c1!.id);

    // Exactly these relations: the donor's own two, and each one that crossed the section's border on the
    // copies' first (D1) or last (D2, D3) works by its kind, type and lag kept; S1 → S2 went with the section.
    const pairs = (await relations(ok, m))
      .map((r) => `${r.predecessorId}>${r.successorId}:${r.type}:${r.lagMinutes}`)
      .sort();
    expect(pairs).toEqual(
      [
        `${c1!.id}>${c2!.id}:fs:0`,
        `${c1!.id}>${c3!.id}:ss:${DAY}`,
        `${ids.before}>${c1!.id}:fs:${DAY}`,
        `${ids.before}>${c1!.id}:ss:${DAY / 2}`,
        `${ids.side}>${c2!.id}:ff:${2 * DAY}`,
        `${ids.side}>${c3!.id}:ff:${2 * DAY}`,
        `${c2!.id}>${ids.after}:fs:0`,
        `${c3!.id}>${ids.after}:fs:0`,
        `${c1!.id}>${ids.after}:ss:${DAY}`,
      ].sort(),
    );
    // The donor is untouched; the master was calculated.
    expect(shape(await works(ok, donor.v))).toEqual(donorBefore);
    const version = await ok<{ calcStatus: number }>('GET', m);
    expect(version.calcStatus).toBe(1);

    // One action of the version's undo list.
    const actions = await ok<{ action: string }[]>('GET', `${m}/undo-actions`);
    expect(actions[0]!.action).toBe('replacements.apply');

    // Listed per schedule; read per version.
    const listed = await ok<Replacement[]>('GET', `/schedules/${master.scheduleId}/replacements`);
    expect(listed.map((r) => [r.id, r.state])).toEqual([[created.id, 'applied']]);
    const read = await ok<Replacement>('GET', `${m}/replacements/${created.id}`);
    expect(read).toMatchObject({ id: created.id, state: 'applied', createdBy: expect.any(String) });

    // Undone: the section's works and their relations exactly as they were, ids and all.
    const undone = await ok<Replacement>(
      'POST',
      `/schedules/${master.scheduleId}/replacements/${created.id}/undo`,
    );
    expect(undone.state).toBe('undone');
    expect(shape(await works(ok, m))).toEqual(worksBefore);
    expect(exact(await relations(ok, m))).toEqual(relationsBefore);
    expect((await ok<{ action: string }[]>('GET', `${m}/undo-actions`))[0]!.action).toBe('replacements.undo');

    // The version's own undo of that undo applies it again; the replacement follows.
    await ok('POST', `${m}/undo-actions`, {});
    expect((await ok<Replacement>('GET', `${m}/replacements/${created.id}`)).state).toBe('applied');
    expect(shape(await works(ok, m)).filter((w) => w.code === 'D-1')).toHaveLength(1);
    // ... and its undo of the application brings the section back.
    await ok('POST', `${m}/undo-actions`, {});
    expect((await ok<Replacement>('GET', `${m}/replacements/${created.id}`)).state).toBe('undone');
    expect(shape(await works(ok, m))).toEqual(worksBefore);
    expect(exact(await relations(ok, m))).toEqual(relationsBefore);
  });

  it("copies the donor works' assignments and daily plans, and its undo removes exactly them", async () => {
    const space = await ownSpace(t, 'replace-resources', 'Замены ресурсы');
    const { ok } = space;
    const { master, donor, ids, donorIds } = await setUp(space);
    const m = master.v;
    const resource = (name: string, kind: string) => ok<{ id: string }>('POST', '/resources', { name, kind });
    const concrete = await resource('Бетон', 'volume');
    const crew = await resource('Бригада', 'labour');
    const assign = (v: string, body: Record<string, unknown>) =>
      ok<Assignment>('POST', `${v}/assignment`, body);
    // The donor: D1 takes concrete and a crew that follows its volume; D2 a crew. The master's S1 a crew.
    const volume = await assign(donor.v, { workId: donorIds.d1, resourceId: concrete.id, planQuantity: 30 });
    await assign(donor.v, {
      workId: donorIds.d1,
      resourceId: crew.id,
      planQuantity: 60,
      reserved: 'by_volume',
      followsId: volume.id,
    });
    await assign(donor.v, { workId: donorIds.d2, resourceId: crew.id, planQuantity: 40 });
    await assign(m, { workId: ids.s1, resourceId: crew.id, planQuantity: 16 });
    // A daily plan of D1 (stored as the daily plan screen stores it).
    await t.sql(
      `INSERT INTO wdp_values ("spaceId", "versionId", "workId", date, "planVolume", "factVolume")
       VALUES ($1, $2, $3, '2025-03-03', 5, 4)`,
      [space.spaceId, donor.versionId, donorIds.d1],
    );
    await t.sql(
      `INSERT INTO wdp_rows ("workId", "spaceId", "versionId", planning) VALUES ($1, $2, $3, true)`,
      [donorIds.d1, space.spaceId, donor.versionId],
    );
    const assignments = async (v: string) =>
      (await ok<Assignment[]>('GET', `${v}/assignment`))
        .map(({ id, workId, resourceId, planQuantity, reserved, followsId }) => ({
          id,
          workId,
          resourceId,
          planQuantity,
          reserved,
          followsId,
        }))
        .sort((a, b) => a.id.localeCompare(b.id));
    const dailyPlans = () =>
      t.sql<{ workId: string; planVolume: number; factVolume: number; planning: boolean | null }>(
        `SELECT v."workId", v."planVolume", v."factVolume", r.planning FROM wdp_values v
         LEFT JOIN wdp_rows r ON r."workId" = v."workId" WHERE v."versionId" = $1 ORDER BY v."workId"`,
        [master.versionId],
      );
    const masterBefore = await assignments(m);
    const donorBefore = await assignments(donor.v);
    expect(masterBefore).toHaveLength(1);

    const created = await ok<Replacement>('POST', `/schedules/${master.scheduleId}/replacements`, {
      versionId: master.versionId,
      workId: ids.section,
      donorVersionId: donor.versionId,
    });
    const copies = new Map((await works(ok, m)).map((w) => [w.code, w.id]));
    const [c1, c2] = [copies.get('D-1')!, copies.get('D-2')!];
    const applied = await assignments(m);
    // S1's assignment went with S1; the donor's three stand on the copies, new ids, the link between D1's kept.
    expect(applied).toHaveLength(3);
    const copyVolume = applied.find((a) => a.workId === c1 && a.resourceId === concrete.id)!;
    expect(copyVolume).toMatchObject({ planQuantity: 30, reserved: null, followsId: null });
    expect(applied.find((a) => a.workId === c1 && a.resourceId === crew.id)).toMatchObject({
      planQuantity: 60,
      reserved: 'by_volume',
      followsId: copyVolume.id,
    });
    expect(applied.find((a) => a.workId === c2)).toMatchObject({ resourceId: crew.id, planQuantity: 40 });
    expect(applied.map((a) => a.id).filter((id) => donorBefore.some((d) => d.id === id))).toEqual([]);
    expect(await dailyPlans()).toEqual([{ workId: c1, planVolume: 5, factVolume: 4, planning: true }]);
    // The donor keeps its own.
    expect(await assignments(donor.v)).toEqual(donorBefore);

    // Undone: the copies' assignments and daily plans are gone, S1's assignment is back as it was.
    await ok('POST', `/schedules/${master.scheduleId}/replacements/${created.id}/undo`);
    expect(await assignments(m)).toEqual(masterBefore);
    expect(await dailyPlans()).toEqual([]);
    // The version's undo of that undo brings the copies back with theirs; undone once more, gone again.
    await ok('POST', `${m}/undo-actions`, {});
    expect(await assignments(m)).toEqual(applied);
    expect(await dailyPlans()).toHaveLength(1);
    await ok('POST', `${m}/undo-actions`, {});
    expect(await assignments(m)).toEqual(masterBefore);
    expect(await dailyPlans()).toEqual([]);
  });

  it('re-applies from the donor as it is now, changes the donor, and a removal restores the section', async () => {
    const space = await ownSpace(t, 'replace-edit', 'Замены 2');
    const { ok } = space;
    const { master, donor, ids, donorIds } = await setUp(space);
    const m = master.v;
    const worksBefore = shape(await works(ok, m));
    const relationsBefore = exact(await relations(ok, m));
    const base = `/schedules/${master.scheduleId}/replacements`;
    const created = await ok<Replacement>('POST', base, {
      versionId: master.versionId,
      workId: ids.section,
      donorVersionId: donor.versionId,
      name: 'Секция по подрядчику',
    });
    expect(created.name).toBe('Секция по подрядчику');

    // The contractor adds a work after D2; the replacement is refreshed from the donor.
    const d4 = await ok<{ id: string }>('POST', `${donor.v}/wbs`, {
      name: 'Уборка',
      code: 'D-4',
      durationMinutes: DAY,
    });
    await ok('POST', `${donor.v}/relations`, { predecessorId: donorIds.d2, successorId: d4.id });
    const refreshed = await ok<Replacement>('PATCH', `${base}/${created.id}`, {
      reapply: true,
      comment: 'v2',
    });
    expect(refreshed).toMatchObject({ state: 'applied', works: 5, comment: 'v2' });
    const now = await works(ok, m);
    const code = (c: string) => now.find((w) => w.code === c)!.id;
    expect(now.filter((w) => w.code?.startsWith('D-'))).toHaveLength(5);
    const pairs = (await relations(ok, m))
      .map((r) => `${r.predecessorId}>${r.successorId}:${r.type}:${r.lagMinutes}`)
      .sort();
    // D2 is no longer last: D4 and D3 are.
    expect(pairs).toEqual(
      [
        `${code('D-1')}>${code('D-2')}:fs:0`,
        `${code('D-1')}>${code('D-3')}:ss:${DAY}`,
        `${code('D-2')}>${code('D-4')}:fs:0`,
        `${ids.before}>${code('D-1')}:fs:${DAY}`,
        `${ids.before}>${code('D-1')}:ss:${DAY / 2}`,
        `${ids.side}>${code('D-3')}:ff:${2 * DAY}`,
        `${ids.side}>${code('D-4')}:ff:${2 * DAY}`,
        `${code('D-3')}>${ids.after}:fs:0`,
        `${code('D-4')}>${ids.after}:fs:0`,
        `${code('D-1')}>${ids.after}:ss:${DAY}`,
      ].sort(),
    );

    // Another donor: a second version of the contractor's schedule with one work.
    const other = await ok<{ id: string }>('POST', `/schedules/${donor.scheduleId}/versions/create`, {
      name: 'Пустая',
    });
    await ok('POST', `/versions/${other.id}/wbs`, {
      name: 'Всё сразу',
      code: 'X-1',
      durationMinutes: 7 * DAY,
    });
    const moved = await ok<Replacement>('PATCH', `${base}/${created.id}`, { donorVersionId: other.id });
    expect(moved).toMatchObject({ donorVersionId: other.id, state: 'applied', works: 1 });
    const single = (await works(ok, m)).find((w) => w.code === 'X-1')!;
    expect(
      (await relations(ok, m))
        .map((r) => `${r.predecessorId}>${r.successorId}:${r.type}:${r.lagMinutes}`)
        .sort(),
    ).toEqual(
      [
        `${ids.before}>${single.id}:fs:${DAY}`,
        `${ids.before}>${single.id}:ss:${DAY / 2}`,
        `${ids.side}>${single.id}:ff:${2 * DAY}`,
        `${single.id}>${ids.after}:fs:0`,
        `${single.id}>${ids.after}:ss:${DAY}`,
      ].sort(),
    );

    // Removed: undone first, then gone from the list.
    const removed = await ok<{ undone: boolean }>('DELETE', `${base}/${created.id}`);
    expect(removed.undone).toBe(true);
    expect(shape(await works(ok, m))).toEqual(worksBefore);
    expect(exact(await relations(ok, m))).toEqual(relationsBefore);
    expect(await ok<Replacement[]>('GET', base)).toEqual([]);
  });

  it('replaces a single work, keeping the lags of its links, and undoes it', async () => {
    const space = await ownSpace(t, 'replace-task', 'Замены 3');
    const { ok } = space;
    const { master, donor, ids } = await setUp(space);
    const m = master.v;
    const worksBefore = shape(await works(ok, m));
    const relationsBefore = exact(await relations(ok, m));
    const created = await ok<Replacement>('POST', `/schedules/${master.scheduleId}/replacements`, {
      versionId: master.versionId,
      workId: ids.before,
      donorVersionId: donor.versionId,
    });
    const now = await works(ok, m);
    expect(now.find((w) => w.id === ids.before)!.type).toBe('sum');
    const code = (c: string) => now.find((w) => w.code === c)!.id;
    const pairs = (await relations(ok, m)).map(
      (r) => `${r.predecessorId}>${r.successorId}:${r.type}:${r.lagMinutes}`,
    );
    // Разметка → S1 (fs, a day) now leaves the last works; Разметка → Секция (ss) the first one.
    expect(pairs).toEqual(
      expect.arrayContaining([
        `${code('D-2')}>${ids.s1}:fs:${DAY}`,
        `${code('D-3')}>${ids.s1}:fs:${DAY}`,
        `${code('D-1')}>${ids.section}:ss:${DAY / 2}`,
      ]),
    );
    expect(pairs.filter((p) => p.includes(ids.before))).toEqual([]);
    await ok('DELETE', `/schedules/${master.scheduleId}/replacements/${created.id}`);
    expect(shape(await works(ok, m))).toEqual(worksBefore);
    expect(exact(await relations(ok, m))).toEqual(relationsBefore);
  });

  it('refuses the master itself, a cycle, an empty donor, a taken node, a locked version and a viewer, translated', async () => {
    const space = await ownSpace(t, 'replace-checks', 'Замены 4');
    const { ok, token, spaceId } = space;
    const { master, donor, ids } = await setUp(space);
    const call = (method: string, path: string, body: unknown, lang: 'en' | 'ru' = 'en') =>
      t.api<Failure>(method, `/space/${spaceId}${path}`, body, { token, lang });
    const base = `/schedules/${master.scheduleId}/replacements`;
    const input = { versionId: master.versionId, workId: ids.section, donorVersionId: donor.versionId };

    const self = await call('POST', base, { ...input, donorVersionId: master.versionId }, 'ru');
    expect(self.status).toBe(400);
    expect(self.body.issues).toEqual([
      expect.objectContaining({ path: 'donorVersionId', message: 'replacements.error.same_schedule' }),
    ]);
    expect(JSON.stringify(self.body.error_message)).toContain('другого графика');

    const empty = await ok<{ id: string }>('POST', `/schedules/${donor.scheduleId}/versions/create`, {
      name: 'Пустая',
    });
    const none = await call('POST', base, { ...input, donorVersionId: empty.id });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('no works');

    const created = await ok<Replacement>('POST', base, input);
    const again = await call('POST', base, input);
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('already');
    // A work among the copies lies inside the applied replacement.
    const copy = (await works(ok, master.v)).find((w) => w.code === 'D-1')!;
    const inside = await call('POST', base, { ...input, workId: copy.id });
    expect(inside.status).toBe(400);
    expect(JSON.stringify(inside.body)).toContain('inside another applied replacement');

    // The donor's schedule replacing one of its works by the master's: a cycle.
    const donorWorks = await works(ok, donor.v);
    const cycle = await call('POST', `/schedules/${donor.scheduleId}/replacements`, {
      versionId: donor.versionId,
      workId: donorWorks[0]!.id,
      donorVersionId: master.versionId,
    });
    expect(cycle.status).toBe(400);
    expect(JSON.stringify(cycle.body)).toContain('cycle');

    // A version of another schedule under this schedule's path.
    const wrong = await call('POST', base, { ...input, versionId: donor.versionId });
    expect(wrong.status).toBe(400);

    // Undoing what is undone; a locked version.
    await ok('POST', `${base}/${created.id}/undo`);
    expect((await call('POST', `${base}/${created.id}/undo`, {})).body.error_code).toBe('NothingToUndo');
    await ok('POST', `${master.v}/setLocked`, { locked: true });
    const locked = await call('PATCH', `${base}/${created.id}`, { reapply: true });
    expect(locked.status).toBe(409);
    expect(locked.body.error_code).toBe('VersionLocked');
    expect((await call('DELETE', `${base}/${created.id}`, {})).body.error_code).toBe('VersionLocked');
    await ok('POST', `${master.v}/setLocked`, { locked: false });

    // A viewer reads the list and may not change it.
    const viewer = await spaceMember(t, space, 'replace-viewer', 'viewer');
    expect((await viewer.call('GET', base)).status).toBe(200);
    expect((await viewer.call('POST', base, input)).status).toBe(403);
    expect((await viewer.call('DELETE', `${base}/${created.id}`)).status).toBe(403);

    // Bad ids and unknown replacements: 4xx, never 5xx.
    expect((await call('GET', `${master.v}/replacements/not-a-uuid`, undefined)).status).toBe(400);
    expect((await call('GET', `${donor.v}/replacements/${created.id}`, undefined)).status).toBe(404);
  });
});
