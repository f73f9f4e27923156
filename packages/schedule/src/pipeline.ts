/**
 * The project pipeline's generation (docs/product-rules.md, "Pipeline"): from the flows of a project and
 * its locations, the works and relations each target version should hold, compared with what an earlier
 * generation left there — what to create, update and remove, so regenerating aligns instead of
 * duplicating. Pure: ids of new rows come from the caller's `newId`.
 */

export interface PipelineLocationSpec {
  id: string;
  name: string;
}

export interface PipelineFlowSpec {
  id: string;
  name: string;
  code: string;
  /** The version its works go to; null: the flow has no works (those it had are removed). */
  versionId: string | null;
  /** The flow's locations in the order it goes through them. */
  locationIds: readonly string[];
  /** Working days at each location. */
  days: number;
  /** Working days between this flow leaving a location and its followers entering it. */
  bufferDays: number;
  /** The flow this one follows through each location. */
  afterId: string | null;
}

/** A work an earlier generation made: a flow's summary (no location) or the flow's work at a location. */
export interface PipelineExistingWork {
  pipeId: string;
  locationId: string | null;
  versionId: string;
  workId: string;
  name: string;
  code: string | null;
  durationMinutes: number;
  /** The parent's id and the order among siblings, to see whether a work moved. */
  parentId: string | null;
  sortKey: number;
}

/** A relation between two works of the pipeline, as stored. */
export interface PipelineExistingRelation {
  id: string;
  predecessorId: string;
  successorId: string;
  type: string;
  lagMinutes: number;
  /** Made by a generation (aligned by the next one); false: a link a user drew, which is left as it is. */
  own: boolean;
}

export interface PipelineInput {
  locations: readonly PipelineLocationSpec[];
  flows: readonly PipelineFlowSpec[];
  existingWorks: readonly PipelineExistingWork[];
  existingRelations: readonly PipelineExistingRelation[];
  /** Working minutes of a day in a version (its calendar's). */
  minutesPerDay: (versionId: string) => number;
  newId: () => string;
}

/** A work as the pipeline wants it; `sortKey` only for the works under a summary (a summary keeps its place). */
export interface PipelineWork {
  id: string;
  pipeId: string;
  locationId: string | null;
  versionId: string;
  parentId: string | null;
  name: string;
  code: string;
  type: 'sum' | 'task';
  durationMinutes: number;
  sortKey: number | null;
}

export interface PipelineRelation {
  id: string;
  /** The successor's version: a relation belongs to it, its predecessor may be in another one. */
  versionId: string;
  predecessorId: string;
  successorId: string;
  lagMinutes: number;
}

/** Where a flow is at a location, in working days from the pipeline's start (no calendars). */
export interface PipelineSlot {
  pipeId: string;
  locationId: string;
  start: number;
  finish: number;
}

export interface PipelinePlan {
  create: PipelineWork[];
  update: PipelineWork[];
  /** Ids of works to remove: those of flows or locations gone, or moved to another version. */
  remove: string[];
  createRelations: PipelineRelation[];
  updateRelations: PipelineRelation[];
  removeRelations: string[];
  /** Every work the pipeline holds now (created, updated or left as it was). */
  works: PipelineWork[];
  timeline: PipelineSlot[];
  /** Flows whose `afterId` would close a loop: that order is ignored. */
  loops: string[];
}

/** Gap between the sort keys of a summary's works (as the works' own ordering keys). */
const PIPELINE_ORDER_GAP = 1024;

/** The days a flow stays at a location: its takt, or the quantity of a location at its output rate. */
export function pipeDays(pipe: {
  mode: 'takt' | 'rate';
  taktDays: number;
  ratePerDay: number | null;
  quantityPerLocation: number | null;
}): number {
  if (pipe.mode === 'rate') {
    const rate = pipe.ratePerDay ?? 0;
    const quantity = pipe.quantityPerLocation ?? 0;
    if (rate <= 0 || quantity <= 0) return 0;
    // to a hundredth of a day, rounded up: a location takes at least what its quantity needs
    return Math.ceil((quantity / rate) * 100 - 1e-9) / 100;
  }
  return pipe.taktDays;
}

/** The code of a flow's work at its `index`-th location (0-based): F1.01, F1.02, … */
function pipelineWorkCode(flowCode: string, index: number, count: number): string {
  return `${flowCode}.${String(index + 1).padStart(Math.max(2, String(count).length), '0')}`;
}

/** The order of the flows with every flow after the one it follows; flows of a loop keep no order. */
function flowOrder(flows: readonly PipelineFlowSpec[]): { order: PipelineFlowSpec[]; loops: Set<string> } {
  const byId = new Map(flows.map((f) => [f.id, f]));
  const loops = new Set<string>();
  for (const flow of flows) {
    const seen = new Set<string>([flow.id]);
    for (let at = flow.afterId ? byId.get(flow.afterId) : undefined; at; ) {
      if (seen.has(at.id)) {
        loops.add(flow.id);
        break;
      }
      seen.add(at.id);
      at = at.afterId ? byId.get(at.afterId) : undefined;
    }
  }
  const placed = new Set<string>();
  const order: PipelineFlowSpec[] = [];
  const place = (flow: PipelineFlowSpec) => {
    if (placed.has(flow.id)) return;
    placed.add(flow.id);
    const after = flow.afterId && !loops.has(flow.id) ? byId.get(flow.afterId) : undefined;
    if (after) place(after);
    order.push(flow);
  };
  for (const flow of flows) place(flow);
  return { order, loops };
}

export function planPipeline(input: PipelineInput): PipelinePlan {
  const locationName = new Map(input.locations.map((l) => [l.id, l.name]));
  const { order, loops } = flowOrder(input.flows);
  const byId = new Map(input.flows.map((f) => [f.id, f]));
  const key = (pipeId: string, locationId: string | null) => `${pipeId}:${locationId ?? ''}`;
  const existing = new Map<string, PipelineExistingWork>();
  const remove: string[] = [];
  for (const work of input.existingWorks) {
    const k = key(work.pipeId, work.locationId);
    if (existing.has(k)) remove.push(work.workId);
    else existing.set(k, work);
  }

  const create: PipelineWork[] = [];
  const update: PipelineWork[] = [];
  const works: PipelineWork[] = [];
  const idAt = new Map<string, string>();
  const kept = new Set<string>();
  const want = (work: Omit<PipelineWork, 'id'>) => {
    const k = key(work.pipeId, work.locationId);
    const had = existing.get(k);
    if (had && had.versionId === work.versionId) {
      kept.add(k);
      const wanted = { ...work, id: had.workId, sortKey: work.sortKey ?? had.sortKey };
      if (
        had.name !== wanted.name ||
        had.code !== wanted.code ||
        (wanted.type === 'task' && had.durationMinutes !== wanted.durationMinutes) ||
        had.parentId !== wanted.parentId ||
        had.sortKey !== wanted.sortKey
      )
        update.push(wanted);
      works.push(wanted);
      idAt.set(k, had.workId);
      return had.workId;
    }
    const made = { ...work, id: input.newId() };
    create.push(made);
    works.push(made);
    idAt.set(k, made.id);
    return made.id;
  };

  for (const flow of input.flows) {
    const versionId = flow.versionId;
    if (!versionId) continue;
    const locations = flow.locationIds.filter((id) => locationName.has(id));
    if (locations.length === 0) continue;
    const minutes = Math.max(0, Math.round(flow.days * input.minutesPerDay(versionId)));
    const summaryId = want({
      pipeId: flow.id,
      locationId: null,
      versionId,
      parentId: null,
      name: flow.name,
      code: flow.code,
      type: 'sum',
      durationMinutes: 0,
      sortKey: null,
    });
    locations.forEach((locationId, index) => {
      want({
        pipeId: flow.id,
        locationId,
        versionId,
        parentId: summaryId,
        name: `${flow.name} — ${locationName.get(locationId)}`,
        code: pipelineWorkCode(flow.code, index, locations.length),
        type: 'task',
        durationMinutes: minutes,
        sortKey: (index + 1) * PIPELINE_ORDER_GAP,
      });
    });
  }
  for (const [k, work] of existing) if (!kept.has(k)) remove.push(work.workId);

  // Relations: a flow's locations one after another; a follower at each location after the flow ahead.
  const wanted: Omit<PipelineRelation, 'id'>[] = [];
  for (const flow of input.flows) {
    if (!flow.versionId) continue;
    const locations = flow.locationIds.filter((id) => idAt.has(key(flow.id, id)));
    for (let i = 1; i < locations.length; i++) {
      wanted.push({
        versionId: flow.versionId,
        predecessorId: idAt.get(key(flow.id, locations[i - 1]!))!,
        successorId: idAt.get(key(flow.id, locations[i]!))!,
        lagMinutes: 0,
      });
    }
    const ahead = flow.afterId && !loops.has(flow.id) ? byId.get(flow.afterId) : undefined;
    if (!ahead?.versionId) continue;
    for (const locationId of locations) {
      const predecessorId = idAt.get(key(ahead.id, locationId));
      if (!predecessorId) continue;
      wanted.push({
        versionId: flow.versionId,
        predecessorId,
        successorId: idAt.get(key(flow.id, locationId))!,
        lagMinutes: Math.round(ahead.bufferDays * input.minutesPerDay(ahead.versionId)),
      });
    }
  }
  const relationKey = (r: { predecessorId: string; successorId: string }) =>
    `${r.predecessorId}>${r.successorId}`;
  const stored = new Map<string, PipelineExistingRelation>();
  const removeRelations: string[] = [];
  const removed = new Set(remove);
  // a user's link stays as drawn; a finish-to-start one between the same two works stands in for the
  // generated link (no second one beside it)
  const drawn = new Set(input.existingRelations.filter((r) => !r.own && r.type === 'fs').map(relationKey));
  for (const relation of input.existingRelations) {
    if (!relation.own) continue;
    const k = relationKey(relation);
    if (stored.has(k) || drawn.has(k) || relation.type !== 'fs') removeRelations.push(relation.id);
    else stored.set(k, relation);
  }
  const createRelations: PipelineRelation[] = [];
  const updateRelations: PipelineRelation[] = [];
  const keptRelations = new Set<string>();
  for (const relation of wanted) {
    const k = relationKey(relation);
    if (drawn.has(k)) continue;
    const had = stored.get(k);
    if (had) {
      keptRelations.add(k);
      if (had.lagMinutes !== relation.lagMinutes) updateRelations.push({ ...relation, id: had.id });
    } else createRelations.push({ ...relation, id: input.newId() });
  }
  for (const [k, relation] of stored) {
    if (keptRelations.has(k)) continue;
    // a relation of a removed work goes with it
    if (removed.has(relation.predecessorId) || removed.has(relation.successorId)) continue;
    removeRelations.push(relation.id);
  }

  return {
    create,
    update,
    remove,
    createRelations,
    updateRelations,
    removeRelations,
    works,
    timeline: pipelineTimeline(order, loops, locationName),
    loops: [...loops],
  };
}

/** The flows in working days from 0: each location after the flow's previous one and the flow ahead there. */
function pipelineTimeline(
  order: readonly PipelineFlowSpec[],
  loops: ReadonlySet<string>,
  locationName: ReadonlyMap<string, string>,
): PipelineSlot[] {
  const finishAt = new Map<string, Map<string, number>>();
  const bufferOf = new Map(order.map((f) => [f.id, f.bufferDays]));
  const slots: PipelineSlot[] = [];
  for (const flow of order) {
    const own = new Map<string, number>();
    finishAt.set(flow.id, own);
    const ahead = flow.afterId && !loops.has(flow.id) ? finishAt.get(flow.afterId) : undefined;
    const aheadBuffer = flow.afterId ? (bufferOf.get(flow.afterId) ?? 0) : 0;
    let previous = 0;
    for (const locationId of flow.locationIds) {
      if (!locationName.has(locationId)) continue;
      const aheadFinish = ahead?.get(locationId);
      const start = Math.max(previous, aheadFinish === undefined ? 0 : aheadFinish + aheadBuffer);
      const finish = start + flow.days;
      own.set(locationId, finish);
      slots.push({ pipeId: flow.id, locationId, start, finish });
      previous = finish;
    }
  }
  return slots;
}
