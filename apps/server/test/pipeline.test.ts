import type { PipeDto, PipelineDto, PipelineGenerateDto, PipelineLocationDto } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import { type Failure, ownSpace, scheduleWithVersion, serverForFile, spaceMember } from './fixtures';

const t = serverForFile();

type Space = Awaited<ReturnType<typeof ownSpace>>;
interface Work {
  id: string;
  parentId: string | null;
  name: string;
  code: string | null;
  type: string;
  durationMinutes: number;
  planStart: string | null;
  planFinish: string | null;
}
interface Relation {
  predecessorId: string;
  successorId: string;
  type: string;
  lagMinutes: number;
}

/** A project with a schedule (version starting 2025-03-03) and ten floors. */
async function building(s: Space) {
  const { ok } = s;
  const { projectId, versionId, v, scheduleId } = await scheduleWithVersion(ok);
  const version = await ok<{ revision: number }>('GET', v);
  await ok('PATCH', v, { projectStart: '2025-03-03', revision: version.revision });
  const P = `/projects/${projectId}`;
  const floors = await ok<PipelineLocationDto[]>('POST', `${P}/pipeline-locations/generate`, {
    prefix: 'Floor',
    count: 10,
  });
  return { projectId, versionId, v, scheduleId, P, floors };
}

describe('pipeline', () => {
  it('builds three flows through ten floors, generates 30 works with their links, aligns on regeneration', async () => {
    const s = await ownSpace(t, 'pipe-owner', 'Pipeline');
    const { ok } = s;
    const { projectId, versionId, v, P, floors } = await building(s);
    expect(floors.map((f) => f.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Floor ${i + 1}`));
    expect(await ok<PipelineLocationDto[]>('GET', `${P}/pipeline-locations`)).toEqual(floors);

    const a = await ok<PipeDto>('POST', `${P}/pipes`, {
      name: 'Frame',
      taktDays: 3,
      bufferDays: 1,
      versionId,
    });
    // a new flow follows the last one, into its version, through all the locations
    const b = await ok<PipeDto>('POST', `${P}/pipes`, {
      name: 'Walls',
      mode: 'rate',
      ratePerDay: 50,
      quantityPerLocation: 100,
      unit: 'm2',
      crew: 'Masons',
      crewSize: 6,
    });
    expect(b).toMatchObject({ afterPipeId: a.id, versionId, code: 'F2', days: 2 });
    expect(b.locationIds).toHaveLength(10);
    const c = await ok<PipeDto>('POST', `${P}/pipes`, { name: 'Finishes', taktDays: 4 });

    const generated = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(generated.versions).toEqual([
      { versionId, created: 33, updated: 0, removed: 0, relations: 27 + 20, calculated: true },
    ]);
    const works = await ok<Work[]>('GET', `${v}/wbs`);
    expect(works.filter((w) => w.type === 'sum').map((w) => w.name)).toEqual(['Frame', 'Walls', 'Finishes']);
    const at = (name: string) => works.find((w) => w.name === name)!;
    expect(works.filter((w) => w.type === 'task')).toHaveLength(30);
    expect(at('Walls — Floor 3')).toMatchObject({ code: 'F2.03', durationMinutes: 960 });
    // dates after the calculation: Frame floor 1 from the start, Walls after Frame and its one-day buffer
    expect(at('Frame — Floor 1')).toMatchObject({
      planStart: '2025-03-03T08:00',
      planFinish: '2025-03-05T17:00',
    });
    expect(at('Walls — Floor 1').planStart).toBe('2025-03-07T08:00');
    const relations = await ok<Relation[]>('GET', `${v}/relations`);
    expect(relations).toHaveLength(47);
    expect(
      relations.find(
        (r) => r.predecessorId === at('Frame — Floor 4').id && r.successorId === at('Walls — Floor 4').id,
      ),
    ).toMatchObject({ type: 'fs', lagMinutes: 480 });

    // the pipeline answers its flows, the planned working days and the generated dates
    const pipeline = await ok<PipelineDto>('GET', `/pipeline/${projectId}`);
    expect(pipeline.pipes.map((p) => p.name)).toEqual(['Frame', 'Walls', 'Finishes']);
    expect(pipeline.cells).toHaveLength(30);
    const cell = pipeline.cells.find((x) => x.pipeId === c.id && x.locationId === floors[0]!.id)!;
    expect(cell).toMatchObject({ startDay: 6, finishDay: 10, planStart: '2025-03-11T08:00' });

    // the cyclogram shows the floors and the flows
    const cyclogram = await ok<{ locations: string[]; trades: { key: string }[] }>('GET', `${v}/cyclogram`);
    expect(cyclogram.locations).toEqual(floors.map((f) => f.name));
    expect(cyclogram.trades.map((x) => x.key)).toEqual(['Frame', 'Walls', 'Finishes']);

    // regenerating changes nothing
    const again = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(again.versions[0]).toMatchObject({ created: 0, updated: 0, removed: 0, relations: 0 });
    expect(await ok<Work[]>('GET', `${v}/wbs`)).toHaveLength(33);

    // floor 5 removed: its three works go, floors 4 and 6 are linked in each flow
    const kept = floors.filter((_, i) => i !== 4).map((f) => ({ id: f.id, name: f.name }));
    await ok('PUT', `${P}/pipeline-locations`, { locations: kept });
    const trimmed = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(trimmed.versions[0]).toMatchObject({ created: 0, removed: 3, relations: 3 });
    const after = await ok<Work[]>('GET', `${v}/wbs`);
    expect(after).toHaveLength(30);
    expect(after.some((w) => w.name.endsWith('Floor 5'))).toBe(false);
    expect(after.find((w) => w.name === 'Frame — Floor 6')?.code).toBe('F1.05');

    // one undo action takes the generation back
    const actions = await ok<{ action: string }[]>('GET', `${v}/undo-actions`);
    expect(actions[0]!.action).toBe('pipeline.generate');
    await ok('POST', `${v}/undo-actions`, {});
    expect(await ok<Work[]>('GET', `${v}/wbs`)).toHaveLength(33);
  });

  it("keeps the links a user drew between the pipeline's works, and removes its own it no longer wants", async () => {
    const s = await ownSpace(t, 'pipe-links', 'Pipeline links');
    const { ok } = s;
    const { versionId, v, P } = await building(s);
    await ok<PipeDto>('POST', `${P}/pipes`, { name: 'Frame', taktDays: 2, versionId });
    const walls = await ok<PipeDto>('POST', `${P}/pipes`, { name: 'Walls', taktDays: 2 });
    await ok('POST', `${P}/pipes/generate`, {});
    const works = await ok<Work[]>('GET', `${v}/wbs`);
    const at = (name: string) => works.find((w) => w.name === name)!.id;
    // a user's links: one across the flows, one beside a generated link (of another type)
    await ok('POST', `${v}/relations`, {
      predecessorId: at('Frame — Floor 3'),
      successorId: at('Walls — Floor 1'),
      type: 'ss',
      lagMinutes: 120,
    });
    await ok('POST', `${v}/relations`, {
      predecessorId: at('Frame — Floor 1'),
      successorId: at('Frame — Floor 2'),
      type: 'ff',
      lagMinutes: 0,
    });
    expect(await ok<Relation[]>('GET', `${v}/relations`)).toHaveLength(9 + 9 + 10 + 2);

    const again = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(again.versions[0]).toMatchObject({ created: 0, removed: 0, relations: 0 });
    const kept = await ok<Relation[]>('GET', `${v}/relations`);
    expect(kept).toHaveLength(30);
    expect(
      kept
        .filter((r) => r.predecessorId === at('Frame — Floor 1'))
        .map((r) => r.type)
        .sort(),
    ).toEqual(['ff', 'fs', 'fs']);
    expect(
      kept.find((r) => r.predecessorId === at('Frame — Floor 3') && r.successorId === at('Walls — Floor 1')),
    ).toMatchObject({ type: 'ss', lagMinutes: 120 });

    // walls no longer follow the frame: the generation's ten links between them go, the user's stays
    await ok('PATCH', `/pipes/${walls.id}`, { afterPipeId: null, revision: walls.revision });
    await ok('POST', `${P}/pipes/generate`, {});
    const loose = await ok<Relation[]>('GET', `${v}/relations`);
    expect(loose).toHaveLength(20);
    expect(loose.filter((r) => r.type !== 'fs')).toHaveLength(2);

    // a location gone takes the user's link of its work with it, as any link of a removed work
    const floors = await ok<PipelineLocationDto[]>('GET', `${P}/pipeline-locations`);
    await ok('PUT', `${P}/pipeline-locations`, {
      locations: floors.filter((f) => f.name !== 'Floor 3').map((f) => ({ id: f.id, name: f.name })),
    });
    await ok('POST', `${P}/pipes/generate`, {});
    const trimmed = await ok<Relation[]>('GET', `${v}/relations`);
    expect(trimmed.filter((r) => r.type !== 'fs').map((r) => r.type)).toEqual(['ff']);
    expect(trimmed).toHaveLength(8 + 8 + 1);
  });

  it('keeps tracking the works an undo of a generation brings back, and redo keeps them too', async () => {
    const s = await ownSpace(t, 'pipe-undo', 'Pipeline undo');
    const { ok } = s;
    const { projectId, versionId, v, P, floors } = await building(s);
    let frame = await ok<PipeDto>('POST', `${P}/pipes`, { name: 'Frame', taktDays: 2, versionId });
    await ok('POST', `${P}/pipes/generate`, {});
    const cellsOf = async () =>
      (await ok<PipelineDto>('GET', `/pipeline/${projectId}`)).cells.filter((c) => c.workId !== null);
    expect(await cellsOf()).toHaveLength(10);
    const through = async (count: number) => {
      frame = await ok<PipeDto>('PATCH', `/pipes/${frame.id}`, {
        locationIds: floors.slice(0, count).map((f) => f.id),
        revision: frame.revision,
      });
    };

    // the frame no longer goes to floor 10: the generation removes its work; the undo brings it back,
    // as the pipeline's work — its cell shows it, and regenerating makes no copy of it
    await through(9);
    await ok('POST', `${P}/pipes/generate`, {});
    expect(await ok<Work[]>('GET', `${v}/wbs`)).toHaveLength(10);
    await ok('POST', `${v}/undo-actions`, {});
    expect(await ok<Work[]>('GET', `${v}/wbs`)).toHaveLength(11);
    await through(10);
    expect(await cellsOf()).toHaveLength(10);
    const again = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(again.versions[0]).toMatchObject({ created: 0, removed: 0, relations: 0 });
    expect(await ok<Work[]>('GET', `${v}/wbs`)).toHaveLength(11);

    // a generation undone and redone: the works it removed are gone again, the ones it kept still its own
    await through(8);
    await ok('POST', `${P}/pipes/generate`, {});
    await ok('POST', `${v}/undo-actions`, {});
    await ok('POST', `${v}/redo`, {});
    expect(await ok<Work[]>('GET', `${v}/wbs`)).toHaveLength(9);
    expect(await cellsOf()).toHaveLength(8);
    const redone = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(redone.versions[0]).toMatchObject({ created: 0, removed: 0, relations: 0 });

    // a flow's first generation undone and redone: the works the redo brings back are the pipeline's
    const walls = await ok<PipeDto>('POST', `${P}/pipes`, { name: 'Walls', taktDays: 1 });
    await ok('POST', `${P}/pipes/generate`, {});
    await ok('POST', `${v}/undo-actions`, {});
    expect(await cellsOf()).toHaveLength(8);
    await ok('POST', `${v}/redo`, {});
    expect((await cellsOf()).filter((c) => c.pipeId === walls.id)).toHaveLength(10);
    const last = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(last.versions[0]).toMatchObject({ created: 0, removed: 0, relations: 0 });
  });

  it("assigns a flow's crew resource to its works, the crew size as man-hours, and aligns it", async () => {
    const s = await ownSpace(t, 'pipe-crew', 'Pipeline crew');
    const { ok, spaceId } = s;
    const { versionId, v, P } = await building(s);
    const masons = await ok<{ id: string }>('POST', '/resources', {
      name: 'Masons',
      kind: 'labour',
      price: 40,
    });
    const crane = await ok<{ id: string }>('POST', '/resources', {
      name: 'Crane',
      kind: 'volume',
      unit: 'pc',
    });
    let walls = await ok<PipeDto>('POST', `${P}/pipes`, {
      name: 'Walls',
      taktDays: 2,
      versionId,
      crew: 'Masons of the north gang',
      crewResourceId: masons.id,
      crewSize: 6,
    });
    expect(walls).toMatchObject({ crew: 'Masons of the north gang', crewResourceId: masons.id, crewSize: 6 });
    await ok('POST', `${P}/pipes/generate`, {});
    type Assignment = { workId: string; resourceId: string; planQuantity: number };
    const assignments = () => ok<Assignment[]>('GET', `${v}/assignment`);
    const works = await ok<Work[]>('GET', `${v}/wbs`);
    const tasks = new Set(works.filter((w) => w.type === 'task').map((w) => w.id));
    const first = await assignments();
    // ten works of two 8-hour days, six people each: 96 man-hours; the summary has none
    expect(first).toHaveLength(10);
    expect(
      first.every((a) => tasks.has(a.workId) && a.resourceId === masons.id && a.planQuantity === 96),
    ).toBe(true);
    const again = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(again.versions[0]).toMatchObject({ created: 0, updated: 0 });

    // another crew: the masons' assignments go, the crane's (the crew size in its units) come
    walls = await ok<PipeDto>('PATCH', `/pipes/${walls.id}`, {
      crewResourceId: crane.id,
      crewSize: 2,
      revision: walls.revision,
    });
    const swapped = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(swapped.versions[0]).toMatchObject({ created: 0, updated: 10 });
    const second = await assignments();
    expect(second).toHaveLength(10);
    expect(second.every((a) => a.resourceId === crane.id && a.planQuantity === 2)).toBe(true);

    // the undo of that generation gives the masons back, and the pipeline knows it assigned them
    await ok('POST', `${v}/undo-actions`, {});
    expect((await assignments()).every((a) => a.resourceId === masons.id && a.planQuantity === 96)).toBe(
      true,
    );
    walls = (await ok<PipeDto[]>('GET', `${P}/pipes`))[0]!;
    walls = await ok<PipeDto>('PATCH', `/pipes/${walls.id}`, {
      crewResourceId: masons.id,
      crewSize: 6,
      revision: walls.revision,
    });
    const back = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(back.versions[0]).toMatchObject({ created: 0, updated: 0 });

    // the text alone: the pipeline's assignments go; a resource of another space is refused
    await ok('PATCH', `/pipes/${walls.id}`, { crewResourceId: null, revision: walls.revision });
    await ok('POST', `${P}/pipes/generate`, {});
    expect(await assignments()).toEqual([]);
    const foreign = await ownSpace(t, 'pipe-crew-foreign', 'Foreign crew');
    const theirs = await foreign.ok<{ id: string }>('POST', '/resources', { name: 'Theirs', kind: 'labour' });
    const refused = await t.api<Failure>(
      'POST',
      `/space/${spaceId}${P}/pipes`,
      { name: 'X', crewResourceId: theirs.id },
      { token: s.token, lang: 'en' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'crewResourceId', message: 'pipeline.error.crew_unknown' }]);
  });

  it('sends a flow into another schedule of the project, linked across the versions', async () => {
    const s = await ownSpace(t, 'pipe-two', 'Pipeline two');
    const { ok } = s;
    const { projectId, versionId, v, P } = await building(s);
    const other = await ok<{ id: string }>('POST', '/eps', {
      kind: 'schedule',
      name: 'Fit-out',
      parentId: projectId,
    });
    const [otherVersion] = await ok<{ id: string }[]>('GET', `/schedules/${other.id}/versions`);
    const a = await ok<PipeDto>('POST', `${P}/pipes`, { name: 'Frame', taktDays: 2, versionId });
    await ok<PipeDto>('POST', `${P}/pipes`, { name: 'Fit-out', taktDays: 2, versionId: otherVersion!.id });
    const generated = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(generated.versions.map((x) => [x.versionId, x.created, x.relations])).toEqual([
      [versionId, 11, 9],
      [otherVersion!.id, 11, 19],
    ]);
    // the follower's links belong to its version; their predecessors are the frame's works in the first
    const links = await ok<Relation[]>('GET', `/versions/${otherVersion!.id}/relations`);
    const frame = new Set((await ok<Work[]>('GET', `${v}/wbs`)).map((w) => w.id));
    expect(links.filter((r) => frame.has(r.predecessorId))).toHaveLength(10);

    // moving the flow back into the first version moves its works
    const [, fit] = await ok<PipeDto[]>('GET', `${P}/pipes`);
    await ok('PATCH', `/pipes/${fit!.id}`, { versionId, revision: fit!.revision });
    const moved = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(moved.versions.find((x) => x.versionId === otherVersion!.id)).toMatchObject({ removed: 11 });
    expect(await ok<Work[]>('GET', `${v}/wbs`)).toHaveLength(22);

    // deleting a flow: the next generation removes its works; the flows after it follow the one before
    await ok('DELETE', `/pipes/${a.id}`);
    const [left] = await ok<PipeDto[]>('GET', `${P}/pipes`);
    expect(left!.afterPipeId).toBeNull();
    await ok('POST', `${P}/pipes/generate`, {});
    expect(await ok<Work[]>('GET', `${v}/wbs`)).toHaveLength(11);
  });

  it('refuses what does not hold together, locked versions and callers without rights, as their translated errors', async () => {
    const s = await ownSpace(t, 'pipe-rules', 'Pipeline rules');
    const { ok, spaceId } = s;
    const { projectId, versionId, v, P, floors } = await building(s);
    const call = (method: string, path: string, body?: unknown) =>
      t.api<Failure>(method, `/space/${spaceId}${path}`, body, { token: s.token, lang: 'en' });

    const rate = await call('POST', `${P}/pipes`, { name: 'X', mode: 'rate', ratePerDay: 5 });
    expect(rate.status).toBe(400);
    expect(rate.body.issues).toEqual([
      { path: 'quantityPerLocation', message: 'pipeline.error.rate_needed' },
    ]);
    const foreign = await ownSpace(t, 'pipe-foreign', 'Foreign');
    const theirs = await scheduleWithVersion(foreign.ok);
    const outside = await call('POST', `${P}/pipes`, { name: 'X', versionId: theirs.versionId });
    expect(outside.body.issues?.[0]?.path).toBe('versionId');
    const unknown = await call('POST', `${P}/pipes`, { name: 'X', locationIds: [theirs.projectId] });
    expect(unknown.status).toBe(400);
    const notProject = await call('GET', `/pipeline/${theirs.projectId}`);
    expect(notProject.status).toBe(404);
    const schedule = await call('GET', `/pipeline/${(await scheduleWithVersion(ok)).scheduleId}`);
    expect(schedule.status).toBe(400);

    const a = await ok<PipeDto>('POST', `${P}/pipes`, { name: 'A', versionId });
    const b = await ok<PipeDto>('POST', `${P}/pipes`, { name: 'B' });
    const loop = await call('PATCH', `/pipes/${a.id}`, { afterPipeId: b.id, revision: a.revision });
    expect(loop.body.issues).toEqual([{ path: 'afterPipeId', message: 'pipeline.error.loop' }]);
    const stale = await call('PATCH', `/pipes/${b.id}`, { name: 'B2', revision: b.revision + 5 });
    expect(stale.status).toBe(409);
    const twice = await call('PUT', `${P}/pipeline-locations`, {
      locations: [floors[0], floors[0]].map((f) => ({ id: f!.id, name: f!.name })),
    });
    expect(twice.status).toBe(400);

    const viewer = await spaceMember(t, s, 'pipe-viewer', 'viewer');
    expect((await viewer.call('GET', `/pipeline/${projectId}`)).status).toBe(200);
    const refused = await viewer.call('POST', `${P}/pipes/generate`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('Forbidden');

    await ok('POST', `${v}/setLocked`, { locked: true });
    const locked = await call('POST', `${P}/pipes/generate`, {});
    expect(locked.status).toBe(409);
    expect(locked.body.error_code).toBe('VersionLocked');
    await ok('POST', `${v}/setLocked`, { locked: false });
    const done = await ok<PipelineGenerateDto>('POST', `${P}/pipes/generate`, {});
    expect(done.versions[0]!.created).toBe(22);
  });
});
