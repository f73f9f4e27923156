import { describe, expect, it } from 'vitest';
import {
  type PipelineExistingRelation,
  type PipelineExistingWork,
  type PipelineFlowSpec,
  type PipelinePlan,
  pipeDays,
  planPipeline,
} from './pipeline';

const floors = Array.from({ length: 10 }, (_, i) => ({ id: `L${i + 1}`, name: `Floor ${i + 1}` }));
const allFloors = floors.map((f) => f.id);

const flow = (id: string, fields: Partial<PipelineFlowSpec> = {}): PipelineFlowSpec => ({
  id,
  name: id,
  code: id,
  versionId: 'V',
  locationIds: allFloors,
  days: 2,
  bufferDays: 0,
  afterId: null,
  ...fields,
});

const three = [
  flow('A', { days: 3, bufferDays: 1 }),
  flow('B', { days: 2, afterId: 'A', bufferDays: 2 }),
  flow('C', { days: 4, afterId: 'B' }),
];

let made = 0;
/** Ids unique across the plans of a test, as the database's would be. */
const newId = () => `id${++made}`;

function plan(
  flows: PipelineFlowSpec[],
  existingWorks: PipelineExistingWork[] = [],
  existingRelations: PipelineExistingRelation[] = [],
  locations = floors,
) {
  return planPipeline({
    locations,
    flows,
    existingWorks,
    existingRelations,
    minutesPerDay: () => 480,
    newId,
  });
}

/** What a generation leaves stored: its works and relations as the next one reads them. */
function stored(result: PipelinePlan): {
  works: PipelineExistingWork[];
  relations: PipelineExistingRelation[];
} {
  return {
    works: result.works.map((w) => ({
      pipeId: w.pipeId,
      locationId: w.locationId,
      versionId: w.versionId,
      workId: w.id,
      name: w.name,
      code: w.code,
      durationMinutes: w.durationMinutes,
      parentId: w.parentId,
      sortKey: w.sortKey ?? 0,
    })),
    relations: [...result.createRelations].map((r) => ({
      id: r.id,
      predecessorId: r.predecessorId,
      successorId: r.successorId,
      type: 'fs',
      lagMinutes: r.lagMinutes,
      own: true,
    })),
  };
}

describe('planPipeline', () => {
  it('gives 3 flows × 10 floors thirty works under three summaries, chained within and between flows', () => {
    const result = plan(three);
    const tasks = result.create.filter((w) => w.type === 'task');
    expect(tasks).toHaveLength(30);
    expect(result.create.filter((w) => w.type === 'sum').map((w) => w.name)).toEqual(['A', 'B', 'C']);
    expect(
      tasks.every((w) => w.durationMinutes === (w.pipeId === 'A' ? 1440 : w.pipeId === 'B' ? 960 : 1920)),
    ).toBe(true);
    expect(tasks.find((w) => w.pipeId === 'B' && w.locationId === 'L3')).toMatchObject({
      name: 'B — Floor 3',
      code: 'B.03',
    });
    // 9 links within each flow, 10 from A to B and 10 from B to C
    expect(result.createRelations).toHaveLength(27 + 20);
    const at = (pipe: string, floor: string) =>
      result.create.find((w) => w.pipeId === pipe && w.locationId === floor)!.id;
    const link = (from: string, to: string) =>
      result.createRelations.find((r) => r.predecessorId === from && r.successorId === to);
    expect(link(at('A', 'L1'), at('A', 'L2'))?.lagMinutes).toBe(0);
    // the buffer is the flow ahead's: A's 1 day before B, B's 2 days before C
    expect(link(at('A', 'L5'), at('B', 'L5'))?.lagMinutes).toBe(480);
    expect(link(at('B', 'L5'), at('C', 'L5'))?.lagMinutes).toBe(960);
    expect(link(at('A', 'L5'), at('C', 'L5'))).toBeUndefined();
  });

  it('places the flows in working days: B waits for A and its buffer at each floor', () => {
    const { timeline } = plan(three);
    const slot = (pipe: string, floor: string) =>
      timeline.find((s) => s.pipeId === pipe && s.locationId === floor)!;
    expect(slot('A', 'L1')).toMatchObject({ start: 0, finish: 3 });
    expect(slot('A', 'L10')).toMatchObject({ start: 27, finish: 30 });
    // B is faster than A: it waits for A at every floor (A's finish + 1)
    expect(slot('B', 'L1')).toMatchObject({ start: 4, finish: 6 });
    expect(slot('B', 'L10')).toMatchObject({ start: 31, finish: 33 });
    // C is slower than B: after its first floor it only waits for itself
    expect(slot('C', 'L1')).toMatchObject({ start: 8, finish: 12 });
    expect(slot('C', 'L10')).toMatchObject({ start: 44, finish: 48 });
  });

  it('regenerates without duplicating, and removes the works of a location that is gone', () => {
    const first = plan(three);
    const before = stored(first);
    const again = plan(three, before.works, before.relations);
    expect(again.create).toHaveLength(0);
    expect(again.update).toHaveLength(0);
    expect(again.remove).toHaveLength(0);
    expect(again.createRelations).toHaveLength(0);
    expect(again.removeRelations).toHaveLength(0);

    const withoutFloor5 = floors.filter((f) => f.id !== 'L5');
    const trimmed = plan(three, before.works, before.relations, withoutFloor5);
    const gone = before.works.filter((w) => w.locationId === 'L5').map((w) => w.workId);
    expect(trimmed.remove.sort()).toEqual(gone.sort());
    expect(trimmed.create).toHaveLength(0);
    // floor 4 now leads to floor 6 in each flow; the codes after floor 5 move up
    expect(trimmed.createRelations).toHaveLength(3);
    const code = (pipe: string, floor: string) =>
      trimmed.works.find((w) => w.pipeId === pipe && w.locationId === floor)!.code;
    expect(code('A', 'L6')).toBe('A.05');
    expect(trimmed.works.filter((w) => w.type === 'task')).toHaveLength(27);
    // links of the removed works go with them; none other is removed
    expect(trimmed.removeRelations).toHaveLength(0);
  });

  it("keeps the links a user drew between the pipeline's works, and removes its own it no longer wants", () => {
    const first = plan(three);
    const before = stored(first);
    const at = (pipe: string, floor: string) =>
      first.works.find((w) => w.pipeId === pipe && w.locationId === floor)!.id;
    const drawn = (id: string, from: string, to: string, type = 'ss') => ({
      id,
      predecessorId: from,
      successorId: to,
      type,
      lagMinutes: 60,
      own: false,
    });
    const user = [
      drawn('u1', at('A', 'L3'), at('C', 'L1')),
      // finish-to-start between the same works as a generated link: it stands in for that one
      drawn('u2', at('A', 'L1'), at('A', 'L2'), 'fs'),
      // of another type: the generated link stays beside it
      drawn('u3', at('A', 'L2'), at('A', 'L3')),
    ];
    const generatedAB = before.relations.find(
      (r) => r.predecessorId === at('A', 'L1') && r.successorId === at('A', 'L2'),
    )!;
    const again = plan(three, before.works, [...before.relations, ...user]);
    expect(again.removeRelations).toEqual([generatedAB.id]);
    expect(again.createRelations).toHaveLength(0);
    expect(again.updateRelations).toHaveLength(0);

    // C no longer follows B: its own links from B go, the user's stay
    const loose = [three[0]!, three[1]!, { ...three[2]!, afterId: null }];
    const left = plan(loose, before.works, [
      ...before.relations.filter((r) => r.id !== generatedAB.id),
      ...user,
    ]);
    expect(left.removeRelations).toHaveLength(10);
    expect(left.removeRelations).not.toContain('u1');
    expect(left.removeRelations).not.toContain('u2');
    expect(left.removeRelations).not.toContain('u3');
  });

  it('moves a flow to another version by new works there, and drops a flow left without a version', () => {
    const first = plan(three);
    const before = stored(first);
    const moved = plan(
      [three[0]!, { ...three[1]!, versionId: 'W' }, { ...three[2]!, versionId: null }],
      before.works,
      before.relations,
    );
    expect(moved.create.filter((w) => w.versionId === 'W')).toHaveLength(11);
    expect(moved.remove).toHaveLength(22);
    // B's links live in W, the version of their successors; A's predecessor stays in V
    const intoB = moved.createRelations.filter((r) => r.versionId === 'W');
    expect(intoB).toHaveLength(9 + 10);
  });

  it('ignores an order that closes a loop', () => {
    const result = plan([flow('A', { afterId: 'B' }), flow('B', { afterId: 'A' })]);
    expect(result.loops.sort()).toEqual(['A', 'B']);
    expect(result.createRelations).toHaveLength(18);
  });
});

describe('pipeDays', () => {
  it('takes the takt, or the quantity of a location at the output rate rounded up to a hundredth', () => {
    expect(pipeDays({ mode: 'takt', taktDays: 3, ratePerDay: 10, quantityPerLocation: 100 })).toBe(3);
    expect(pipeDays({ mode: 'rate', taktDays: 3, ratePerDay: 25, quantityPerLocation: 100 })).toBe(4);
    expect(pipeDays({ mode: 'rate', taktDays: 3, ratePerDay: 30, quantityPerLocation: 100 })).toBe(3.34);
    expect(pipeDays({ mode: 'rate', taktDays: 3, ratePerDay: null, quantityPerLocation: 100 })).toBe(0);
  });
});
