import { EngineError } from './engine-error.js';
import {
  projectCompile,
  projectCompileAlapOrder,
  projectCompileEdge,
  projectCompileRelation,
  projectCompileWork,
  projectRelink,
  projectResolveRelations,
  relationIdOf,
} from './project-compile.js';
import type { ProjectModel } from './project-model.js';
import { KIND_LEAF, NO_TIME } from './project-model.js';
import type { RankHeap } from './rank-heap.js';
import { rankHeapCreate, rankHeapPop, rankHeapPush } from './rank-heap.js';
import type { ScheduleResult } from './result.js';
import { resultCreate } from './result.js';
import {
  scheduleAlap,
  scheduleEarly,
  scheduleEdgeDriving,
  scheduleFromLate,
  scheduleFull,
  scheduleLate,
  scheduleLevelOfEffort,
  scheduleLongestPath,
  scheduleProjectFinish,
  scheduleSummary,
  scheduleWbsSummaries,
  scheduleWorkInstants,
  scheduleWorkResults,
} from './schedule-passes.js';
import type { ScheduleState } from './schedule-state.js';
import { scheduleStateCreate } from './schedule-state.js';
import type { CalculateOptions, EngineProject, Minutes, RelationInput, WorkInput } from './types.js';

/** New values for some fields of a work (a new type or parent rebuilds the network). */
export type WorkPatch = Partial<Omit<WorkInput, 'id'>>;
export type RelationPatch = Partial<Pick<RelationInput, 'type' | 'lagMinutes' | 'lagCalendar'>>;

/**
 * Incremental scheduling: keeps the compiled project and its calculated arrays between edits. After an
 * edit of a work's duration, calendar, constraint or progress, or of a relation's type or lag, only the
 * affected works are recalculated: forward from the edited work through its successors until values stop
 * changing, backward likewise through its predecessors — unless the early project finish moves, which
 * changes every late date. Adding or removing a relation relinks the edges and recalculates from its ends;
 * adding or removing works, or changing a type or parent, rebuilds the network. Results are identical to
 * `calculate` on the edited project (with `deferLateDates`, once the late dates are settled).
 */
export class Scheduler {
  /**
   * While true, an edit that moves the early project finish — which changes every late date, a pass over
   * the whole network — recalculates only the early side: the dates, driving flags and summaries of the
   * works it moves. Late dates, floats, criticality and conflicts stay as they were (`lateDatesStale`) until
   * `settleLateDates`, and later edits keep to the early side until then; so do the shifts of
   * as-late-as-possible works, which hang on late dates. A drag shows its bars at once and its critical
   * path when it pauses. Off by default.
   */
  deferLateDates = false;
  #lateStale = false;
  #options: CalculateOptions | undefined;
  #model: ProjectModel;
  #state: ScheduleState;
  #forward: RankHeap;
  #backward: RankHeap;
  #mark: Int32Array;
  #epoch = 0;
  #relationIndexCache: Map<string, RelationInput> | null = null;

  constructor(project: EngineProject, options?: CalculateOptions) {
    this.#options = options;
    this.#model = projectCompile(project, options);
    this.#state = scheduleStateCreate(this.#model);
    this.#full();
    [this.#forward, this.#backward, this.#mark] = this.#workLists();
  }

  /**
   * The compiled project as it stands (for readers inside the engine, such as the schedule analysis,
   * which read its network and calendars instead of compiling the project again). Not to be changed.
   */
  get model(): ProjectModel {
    return this.#model;
  }

  /** Whether late dates, floats, criticality and conflicts wait for `settleLateDates` (see `deferLateDates`). */
  get lateDatesStale(): boolean {
    return this.#lateStale;
  }

  /** Brings late dates, floats, criticality and conflicts up to date after edits that deferred them. */
  settleLateDates(): void {
    if (!this.#lateStale) return;
    scheduleFromLate(this.#state);
    this.#lateStale = false;
  }

  /** The current input, with all edits applied. */
  get project(): EngineProject {
    const model = this.#model;
    return {
      calendars: [...model.calendarInputs],
      defaultCalendarId: model.defaultCalendarId,
      works: [...model.works],
      relations: [...model.relations],
      projectStart: model.projectStart as Minutes,
      dataDate: model.dataDate as Minutes,
      projectFinish: model.projectFinishLimit === NO_TIME ? null : (model.projectFinishLimit as Minutes),
    };
  }

  /**
   * A snapshot of the current results (later edits do not change it). With `deferLateDates` on, its late
   * side may wait (`lateDatesStale`); otherwise it is always settled first.
   */
  result(): ScheduleResult {
    if (!this.deferLateDates) this.settleLateDates();
    return resultCreate(this.#state, true);
  }

  /** Recalculates everything from scratch. */
  recalculate(): void {
    this.#full();
  }

  /** Calculates the current model from scratch: nothing waits afterwards. */
  #full(state: ScheduleState = this.#state): void {
    scheduleFull(state);
    this.#lateStale = false;
  }

  updateWork(workId: string, patch: WorkPatch): void {
    const model = this.#model;
    const i = this.#workIndex(workId);
    const previous = model.works[i]!;
    const next: WorkInput = { ...previous, ...patch, id: previous.id };
    if (next.type !== previous.type || (next.parentId ?? null) !== (previous.parentId ?? null)) {
      this.#rebuild(
        model.works.map((work, k) => (k === i ? next : work)),
        model.relations,
      );
      return;
    }
    this.#attempt(
      () => {
        model.works[i] = next;
        this.#updateWorkArrays(i);
      },
      () => {
        model.works[i] = previous;
        this.#updateWorkArrays(i);
      },
    );
  }

  /** Re-derives a work's arrays and its edges' flags, and recalculates from it. */
  #updateWorkArrays(i: number): void {
    const model = this.#model;
    projectCompileWork(model, i);
    if (model.kind[i] !== KIND_LEAF) return;
    const { inStart, inEdges, outStart, outEdges, edgeFrom, edgeTo } = model.network;
    const forwardSeeds = [i];
    const backwardSeeds = [i];
    for (let k = inStart[i]!; k < inStart[i + 1]!; k++) {
      projectCompileEdge(model, inEdges[k]!);
      backwardSeeds.push(edgeFrom[inEdges[k]!]!);
    }
    for (let k = outStart[i]!; k < outStart[i + 1]!; k++) {
      projectCompileEdge(model, outEdges[k]!);
      forwardSeeds.push(edgeTo[outEdges[k]!]!);
    }
    if ((model.alap[i] === 1) !== model.alapOrder.includes(i)) {
      projectCompileAlapOrder(model);
      this.#state.delay[i] = 0;
    }
    this.#propagate(forwardSeeds, backwardSeeds);
  }

  updateRelation(relationId: string, patch: RelationPatch): void {
    const model = this.#model;
    const r = this.#relationIndex(relationId);
    const relations = model.relations as RelationInput[];
    const previous = relations[r]!;
    const next = { ...previous, ...patch };
    this.#attempt(
      () => {
        relations[r] = next;
        this.#updateRelationArrays(r);
      },
      () => {
        relations[r] = previous;
        this.#updateRelationArrays(r);
      },
    );
    this.#relationsById().set(relationId, next);
  }

  #updateRelationArrays(r: number): void {
    const model = this.#model;
    projectCompileRelation(model, r);
    this.#propagate(...this.#relationSeeds(model, r));
  }

  /**
   * Applies an edit; when it is invalid (bad input, or dates beyond 2199 found while propagating) the
   * edit is reverted and everything recalculated, so the scheduler stays as it was before the edit.
   */
  #attempt(apply: () => void, revert: () => void): void {
    try {
      apply();
    } catch (error) {
      revert();
      this.#full();
      throw error;
    }
  }

  /** Adds a relation: the network is relinked, the works keep their values and only the affected recalculate. */
  addRelation(relation: RelationInput): void {
    const model = this.#model;
    const id = relationIdOf(relation);
    const byId = this.#relationsById();
    if (byId.has(id))
      throw new EngineError('duplicate_id', `relation id "${id}" is used twice`, { relationId: id });
    const count = model.relations.length;
    const ends = projectResolveRelations([relation], model.workIndex);
    const predecessor = new Int32Array(count + 1);
    const successor = new Int32Array(count + 1);
    const previous = new Int32Array(count + 1);
    predecessor.set(model.relationPredecessor);
    successor.set(model.relationSuccessor);
    for (let r = 0; r < count; r++) previous[r] = r;
    predecessor[count] = ends.predecessor[0]!;
    successor[count] = ends.successor[0]!;
    previous[count] = -1;
    this.#relink([...model.relations, relation], { predecessor, successor }, previous, count);
    byId.set(id, relation);
  }

  /** Removes a relation; like `addRelation`, only the affected works recalculate. */
  removeRelation(relationId: string): void {
    const model = this.#model;
    const removed = this.#relationIndex(relationId);
    const count = model.relations.length - 1;
    const relations = model.relations.slice(0, removed).concat(model.relations.slice(removed + 1));
    const predecessor = new Int32Array(count);
    const successor = new Int32Array(count);
    const previous = new Int32Array(count);
    for (let r = 0; r < count; r++) {
      const before = r < removed ? r : r + 1;
      previous[r] = before;
      predecessor[r] = model.relationPredecessor[before]!;
      successor[r] = model.relationSuccessor[before]!;
    }
    this.#relink(relations, { predecessor, successor }, previous, -1, this.#relationSeeds(model, removed));
    this.#relationsById().delete(relationId);
  }

  /** The works at the ends of relation r's edges: where a change to it starts propagating. */
  #relationSeeds(model: ProjectModel, r: number): [number[], number[]] {
    const forwardSeeds: number[] = [];
    const backwardSeeds: number[] = [];
    for (let k = model.relationEdgeStart[r]!; k < model.relationEdgeStart[r + 1]!; k++) {
      const e = model.relationEdges[k]!;
      forwardSeeds.push(model.network.edgeTo[e]!);
      backwardSeeds.push(model.network.edgeFrom[e]!);
    }
    return [forwardSeeds, backwardSeeds];
  }

  /**
   * Switches to the relinked model: work values stay, edge values of kept relations move to their new
   * edge numbers, and the works at the ends of the added (`added` ≥ 0) or removed relation recalculate.
   */
  #relink(
    relations: readonly RelationInput[],
    ends: { predecessor: Int32Array; successor: Int32Array },
    previous: Int32Array,
    added: number,
    removedSeeds: [number[], number[]] = [[], []],
  ): void {
    const old = this.#model;
    const oldState = this.#state;
    const { model, previousEdge } = projectRelink(old, relations, ends, previous);
    const state = scheduleStateCreate(model, oldState);
    for (let e = 0; e < model.edgeCount; e++) {
      const before = previousEdge[e]!;
      if (before < 0) continue;
      state.edgeTarget[e] = oldState.edgeTarget[before]!;
      state.edgeDriving[e] = oldState.edgeDriving[before]!;
    }
    this.#model = model;
    this.#state = state;
    if (model.rank !== old.rank) [this.#forward, this.#backward, this.#mark] = this.#workLists();
    const [forwardSeeds, backwardSeeds] = added >= 0 ? this.#relationSeeds(model, added) : removedSeeds;
    try {
      this.#propagate(forwardSeeds, backwardSeeds);
    } catch (error) {
      // Dates beyond 2199: go back to the old network and recalculate its shared work arrays.
      this.#model = old;
      this.#state = oldState;
      [this.#forward, this.#backward, this.#mark] = this.#workLists();
      this.#full(oldState);
      throw error;
    }
  }

  addWork(work: WorkInput): void {
    this.#rebuild([...this.#model.works, work], this.#model.relations);
  }

  /** Removes a work and its relations (a summary must be empty first). */
  removeWork(workId: string): void {
    const model = this.#model;
    const i = this.#workIndex(workId);
    if (model.childStart[i + 1]! > model.childStart[i]!) {
      throw new EngineError('invalid_parent', `work "${workId}" has children: remove or move them first`, {
        workIds: [workId],
      });
    }
    this.#rebuild(
      model.works.filter((_, k) => k !== i),
      model.relations.filter(
        (relation) => relation.predecessorId !== workId && relation.successorId !== workId,
      ),
    );
  }

  #workIndex(workId: string): number {
    const i = this.#model.workIndex.get(workId);
    if (i === undefined)
      throw new EngineError('unknown_work', `unknown work "${workId}"`, { workIds: [workId] });
    return i;
  }

  /**
   * Relations by id, built on first use and kept up to date by relation edits. It maps to the relation
   * objects, whose positions shift when one is removed; finding a position is a scan over references.
   */
  #relationsById(): Map<string, RelationInput> {
    if (!this.#relationIndexCache) {
      this.#relationIndexCache = new Map(
        this.#model.relations.map((relation) => [relationIdOf(relation), relation]),
      );
    }
    return this.#relationIndexCache;
  }

  #relationIndex(relationId: string): number {
    const relation = this.#relationsById().get(relationId);
    if (relation === undefined) {
      throw new EngineError('unknown_relation', `unknown relation "${relationId}"`, { relationId });
    }
    return this.#model.relations.indexOf(relation);
  }

  #workLists(): [RankHeap, RankHeap, Int32Array] {
    const rank = this.#model.rank;
    return [rankHeapCreate(rank), rankHeapCreate(rank.map((value) => -value)), new Int32Array(rank.length)];
  }

  /** Recompiles the network; the current model stays in place when the new input is invalid. */
  #rebuild(works: readonly WorkInput[], relations: readonly RelationInput[]): void {
    const project = { ...this.project, works: [...works], relations: [...relations] };
    this.#model = projectCompile(project, this.#options);
    this.#relationIndexCache = null;
    this.#state = scheduleStateCreate(this.#model);
    this.#full();
    [this.#forward, this.#backward, this.#mark] = this.#workLists();
  }

  /** Re-runs the scheduling steps over the works reachable from the seeds whose values change. */
  #propagate(forwardSeeds: readonly number[], backwardSeeds: readonly number[]): void {
    const model = this.#model;
    const state = this.#state;
    const { inStart, inEdges, outStart, outEdges, edgeFrom } = model.network;
    const mark = this.#mark;
    const epoch = ++this.#epoch;
    const touched: number[] = [];
    const touch = (v: number) => {
      if (mark[v] !== epoch) {
        mark[v] = epoch;
        touched.push(v);
      }
    };

    const forward = this.#forward;
    for (const v of forwardSeeds) {
      touch(v);
      rankHeapPush(forward, v);
    }
    // Late dates that hang on the work's own early dates (open ends made critical, durations fitted to
    // an expected finish): every work the forward step changes is a backward seed too.
    const lateFollowsEarly = model.options.openEndsCritical || model.options.useExpectedFinish;
    const movedEarly: number[] = [];
    while (forward.size > 0) {
      const v = rankHeapPop(forward);
      if (!scheduleEarly(state, v)) continue;
      touch(v);
      if (lateFollowsEarly) movedEarly.push(v);
      for (let k = outStart[v]!; k < outStart[v + 1]!; k++) rankHeapPush(forward, model.outTo[k]!);
    }
    // Every late date hangs on the project finish: when it moved (or late dates already wait), redo
    // everything after the forward pass — or, deferred, only the early side of what moved.
    if (scheduleProjectFinish(state) || this.#lateStale) {
      if (this.deferLateDates) {
        this.#lateStale = true;
        this.#earlyResults(touched);
      } else {
        scheduleFromLate(state);
        this.#lateStale = false;
      }
      return;
    }
    const backward = this.#backward;
    for (const v of [...backwardSeeds, ...movedEarly]) {
      touch(v);
      rankHeapPush(backward, v);
    }
    while (backward.size > 0) {
      const v = rankHeapPop(backward);
      if (!scheduleLate(state, v)) continue;
      touch(v);
      for (let k = inStart[v]!; k < inStart[v + 1]!; k++) rankHeapPush(backward, edgeFrom[inEdges[k]!]!);
    }
    for (const v of scheduleAlap(state)) touch(v);
    // Level of effort and WBS summary works read their neighbours' final dates: redo them all.
    if (model.spanOrder.length > 0) {
      scheduleLevelOfEffort(state);
      for (const v of model.spanOrder) touch(v);
    }

    // Results of a work read its own values and its successors' (free float): redo the changed works
    // and their predecessors; driving flags read both ends of an edge.
    const changedCount = touched.length;
    for (let t = 0; t < changedCount; t++) {
      const v = touched[t]!;
      for (let k = inStart[v]!; k < inStart[v + 1]!; k++) touch(edgeFrom[inEdges[k]!]!);
      for (let k = outStart[v]!; k < outStart[v + 1]!; k++) scheduleEdgeDriving(state, outEdges[k]!);
    }
    for (const v of touched) {
      scheduleWorkResults(state, v);
      for (let k = inStart[v]!; k < inStart[v + 1]!; k++) scheduleEdgeDriving(state, inEdges[k]!);
    }
    if (model.options.critical.kind === 'longest_path') {
      // Criticality along the longest path is global: redo it and every summary.
      scheduleLongestPath(state);
      scheduleWbsSummaries(state);
      for (const s of model.sumOrder) scheduleSummary(state, s);
    } else {
      scheduleWbsSummaries(state);
      this.#rollUp(touched);
    }
  }

  /**
   * The early side of the works a deferred edit moved: their instants, the driving flags of their
   * relations, level of effort works (their early dates follow their neighbours') and the summaries above.
   */
  #earlyResults(touched: number[]): void {
    const model = this.#model;
    const state = this.#state;
    const { inStart, inEdges, outStart, outEdges } = model.network;
    if (model.spanOrder.length > 0) {
      scheduleLevelOfEffort(state);
      touched.push(...model.spanOrder);
    }
    for (const v of touched) {
      scheduleWorkInstants(state, v);
      for (let k = inStart[v]!; k < inStart[v + 1]!; k++) scheduleEdgeDriving(state, inEdges[k]!);
      for (let k = outStart[v]!; k < outStart[v + 1]!; k++) scheduleEdgeDriving(state, outEdges[k]!);
    }
    scheduleWbsSummaries(state);
    this.#rollUp(touched);
  }

  /** Re-rolls the summaries above the given works, deepest first. */
  #rollUp(works: readonly number[]): void {
    const model = this.#model;
    if (model.sumOrder.length === 0) return;
    const mark = this.#mark;
    const epoch = ++this.#epoch;
    for (const v of works) {
      for (let s = model.parent[v]!; s >= 0 && mark[s] !== epoch; s = model.parent[s]!) mark[s] = epoch;
    }
    for (const s of model.sumOrder) if (mark[s] === epoch) scheduleSummary(this.#state, s);
  }
}
