import type { Calendar } from './calendar.js';
import { calendarFinishInstant, calendarWorkingTime } from './calendar.js';
import { CALENDAR_24H_ID, calendarCompile, calendarCreate24Hour } from './calendar-compile.js';
import { EngineError } from './engine-error.js';
import { networkBuild, networkTopologicalOrder } from './network.js';
import { optionsResolve } from './options.js';
import type { EngineWarning, ProjectModel } from './project-model.js';
import {
  BOUND_HIGH,
  BOUND_LOW,
  EDGE_ACTIVE,
  EDGE_FAST,
  EDGE_LATE,
  EDGE_PRED_START,
  EDGE_SUCC_START,
  FINISH_LIMIT_HIGH,
  FINISH_LIMIT_LOW,
  INSTANTS_AT_FINISH,
  INSTANTS_AT_START,
  INSTANTS_NORMAL,
  KIND_DRAFT,
  KIND_LEAF,
  KIND_SUM,
  MANDATORY_FINISH,
  MANDATORY_START,
  NO_TIME,
  projectModelCreate,
  SPAN_LEVEL_OF_EFFORT,
  SPAN_NONE,
  SPAN_WBS_SUMMARY,
  STATUS_COMPLETED,
  STATUS_IN_PROGRESS,
  STATUS_NOT_STARTED,
} from './project-model.js';
import { timeFromDateInput } from './time.js';
import type {
  CalculateOptions,
  CalendarInput,
  ConstraintLimitInput,
  EngineProject,
  RelationInput,
  WorkInput,
  WorkType,
} from './types.js';

/** Every work type the engine takes. */
export const WORK_TYPES: readonly WorkType[] = [
  'sum',
  'task',
  'work',
  'milestone_start',
  'milestone_finish',
  'draft',
  'level_of_effort',
  'wbs_summary',
];
const WORK_TYPE_SET = new Set<string>(WORK_TYPES);
const RELATION_TYPES = new Set(['fs', 'ss', 'ff', 'sf']);
const CONSTRAINT_TYPES = new Set(['not_earlier', 'not_later', 'in_date', 'mandatory']);
const LAG_CALENDARS = new Set(['predecessor', 'successor', '24h', 'project']);

/** Compiled calendars are cached per input object: inputs are treated as immutable. */
const calendarCache = new WeakMap<CalendarInput, Calendar>();

function compileCalendars(inputs: readonly CalendarInput[]): {
  calendars: Calendar[];
  index: Map<string, number>;
} {
  const calendars: Calendar[] = [];
  const index = new Map<string, number>();
  for (const input of inputs) {
    if (index.has(input.id)) {
      throw new EngineError('duplicate_id', `calendar id "${input.id}" is used twice`, {
        calendarId: input.id,
      });
    }
    let calendar = calendarCache.get(input);
    if (!calendar) {
      calendar = calendarCompile(input);
      calendarCache.set(input, calendar);
    }
    index.set(input.id, calendars.length);
    calendars.push(calendar);
  }
  return { calendars, index };
}

const shared24h = calendarCreate24Hour();

/**
 * Validates the project and compiles it to the struct-of-arrays model. Throws `EngineError` naming the
 * offending work, relation or calendar; never guesses.
 */
export function projectCompile(project: EngineProject, options?: CalculateOptions): ProjectModel {
  const resolved = optionsResolve(options);
  for (const field of ['calendars', 'works', 'relations'] as const) {
    if (!Array.isArray(project[field]))
      throw new EngineError('invalid_project', `project.${field} must be an array`);
  }
  const { calendars, index: calendarIndex } = compileCalendars(project.calendars);
  // The built-in 24-hour calendar always exists for '24h' lags; works may use it unless the id is taken.
  const calendar24h = calendars.length;
  calendars.push(shared24h);
  if (!calendarIndex.has(CALENDAR_24H_ID)) calendarIndex.set(CALENDAR_24H_ID, calendar24h);
  const defaultCalendar = calendarIndex.get(project.defaultCalendarId);
  if (defaultCalendar === undefined) {
    throw new EngineError(
      'unknown_calendar',
      `default calendar "${project.defaultCalendarId}" is not defined`,
      {
        calendarId: project.defaultCalendarId,
      },
    );
  }
  const projectStart = timeFromDateInput(project.projectStart, 'projectStart');
  const dataDate = project.dataDate == null ? projectStart : timeFromDateInput(project.dataDate, 'dataDate');
  const projectFinishLimit =
    project.projectFinish == null ? NO_TIME : timeFromDateInput(project.projectFinish, 'projectFinish');
  const earliest = Math.max(projectStart, dataDate);
  const earliestW = Int32Array.from(calendars, (calendar) => calendarWorkingTime(calendar, earliest));

  const works = [...project.works];
  const workCount = works.length;
  const workIds: string[] = new Array(workCount);
  const workIndex = new Map<string, number>();
  for (let i = 0; i < workCount; i++) {
    const id = works[i]!.id;
    if (typeof id !== 'string' || id === '') throw new EngineError('invalid_work', `work #${i} has no id`);
    workIndex.set(id, i);
    if (workIndex.size === i)
      throw new EngineError('duplicate_id', `work id "${id}" is used twice`, { workIds: [id] });
    workIds[i] = id;
  }

  const kind = new Uint8Array(workCount);
  const parent = new Int32Array(workCount).fill(-1);
  for (let i = 0; i < workCount; i++) {
    const work = works[i]!;
    if (!WORK_TYPE_SET.has(work.type)) {
      throw new EngineError('invalid_work', `work "${work.id}": unknown type "${work.type}"`, {
        workIds: [work.id],
      });
    }
    kind[i] = work.type === 'sum' ? KIND_SUM : work.type === 'draft' ? KIND_DRAFT : KIND_LEAF;
  }
  // Siblings usually follow each other, so the previous parent is a cheap first guess.
  let lastParentId: string | null = null;
  let lastParent: number | undefined;
  for (let i = 0; i < workCount; i++) {
    const parentId = works[i]!.parentId;
    if (parentId == null) continue;
    const p = parentId === lastParentId ? lastParent : workIndex.get(parentId);
    lastParentId = parentId;
    lastParent = p;
    if (p === undefined) {
      throw new EngineError('unknown_work', `work "${workIds[i]}": parent "${parentId}" does not exist`, {
        workIds: [workIds[i]!],
      });
    }
    if (kind[p] !== KIND_SUM) {
      throw new EngineError('invalid_parent', `work "${workIds[i]}": parent "${parentId}" is not a sum`, {
        workIds: [workIds[i]!],
      });
    }
    parent[i] = p;
  }
  const { childStart, childList, sumOrder } = compileHierarchy(workIds, kind, parent);
  const ends = projectResolveRelations(project.relations, workIndex);
  checkRelationIds(project.relations, ends.predecessor, ends.successor, workCount);

  const model = projectModelCreate({
    options: resolved,
    calendarInputs: project.calendars,
    defaultCalendarId: project.defaultCalendarId,
    works,
    relations: [...project.relations],
    workCount,
    workIds,
    workIndex,
    calendars,
    calendarIndex,
    defaultCalendar,
    calendar24h,
    projectStart,
    dataDate,
    projectFinishLimit,
    earliestW,
    kind,
    parent,
    calendar: new Uint16Array(workCount),
    status: new Uint8Array(workCount),
    duration: new Int32Array(workCount),
    baseDuration: new Int32Array(workCount),
    instants: new Uint8Array(workCount),
    alap: new Uint8Array(workCount),
    actualStart: new Int32Array(workCount).fill(NO_TIME),
    actualFinish: new Int32Array(workCount).fill(NO_TIME),
    actualStartW: new Int32Array(workCount),
    actualFinishW: new Int32Array(workCount),
    startLowW: new Int32Array(workCount),
    startHighW: new Int32Array(workCount),
    finishLowW: new Int32Array(workCount),
    finishHighW: new Int32Array(workCount),
    mandatory: new Uint8Array(workCount),
    finishLimitAtStart: new Uint8Array(workCount),
    span: new Uint8Array(workCount),
    manual: new Uint8Array(workCount),
    manualW: new Int32Array(workCount),
    expectedW: new Int32Array(workCount).fill(-1),
    ...compileEdges(project.relations, ends, { workIds, kind, parent, childStart, childList }),
    order: new Int32Array(0),
    rank: new Int32Array(workCount).fill(-1),
    alapOrder: new Int32Array(0),
    childStart,
    childList,
    sumOrder,
    spanOrder: new Int32Array(0),
  });
  for (let i = 0; i < workCount; i++) projectCompileWork(model, i);
  for (let r = 0; r < model.relations.length; r++) projectCompileRelation(model, r);
  compileOrder(model);
  return model;
}

function compileHierarchy(workIds: readonly string[], kind: Uint8Array, parent: Int32Array) {
  const count = workIds.length;
  // Depth of every work: walk up to a work of known depth, then number the chain on the way down.
  const depth = new Int32Array(count).fill(-1);
  const chain = new Int32Array(count);
  const onChain = new Uint8Array(count);
  const depthOf = (start: number): void => {
    let length = 0;
    let v = start;
    while (v >= 0 && depth[v]! < 0) {
      if (onChain[v] === 1) {
        const cycle = chain.subarray(chain.subarray(0, length).indexOf(v), length);
        throw new EngineError('invalid_parent', `work "${workIds[v]}" is its own ancestor`, {
          workIds: Array.from(cycle, (c) => workIds[c]!),
        });
      }
      onChain[v] = 1;
      chain[length++] = v;
      v = parent[v]!;
    }
    let d = v >= 0 ? depth[v]! : -1;
    for (let k = length - 1; k >= 0; k--) {
      depth[chain[k]!] = ++d;
      onChain[chain[k]!] = 0;
    }
  };
  const childStart = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) {
    depthOf(i);
    if (parent[i]! >= 0) childStart[parent[i]! + 1]!++;
  }
  for (let i = 0; i < count; i++) childStart[i + 1]! += childStart[i]!;
  const childList = new Int32Array(childStart[count]!);
  const fill = childStart.slice(0, count);
  for (let i = 0; i < count; i++) if (parent[i]! >= 0) childList[fill[parent[i]!]!++] = i;
  const sums: number[] = [];
  for (let i = 0; i < count; i++) if (kind[i] === KIND_SUM) sums.push(i);
  sums.sort((a, b) => depth[b]! - depth[a]!);
  return { childStart, childList, sumOrder: Int32Array.from(sums) };
}

/** The work indices of every relation's ends (unknown ids are errors naming the relation). */
export function projectResolveRelations(
  relations: readonly RelationInput[],
  workIndex: ReadonlyMap<string, number>,
): { predecessor: Int32Array; successor: Int32Array } {
  const relationCount = relations.length;
  const predecessor = new Int32Array(relationCount);
  const successor = new Int32Array(relationCount);
  // Relations are often grouped by successor: the previous successor is a cheap first guess.
  let lastSuccessorId = '';
  let lastSuccessor = -1;
  for (let r = 0; r < relationCount; r++) {
    const relation = relations[r]!;
    predecessor[r] = resolveEnd(relation, relation.predecessorId, workIndex);
    if (relation.successorId !== lastSuccessorId || lastSuccessor < 0) {
      lastSuccessorId = relation.successorId;
      lastSuccessor = resolveEnd(relation, relation.successorId, workIndex);
    }
    successor[r] = lastSuccessor;
  }
  return { predecessor, successor };
}

/**
 * The edges of the relations (summaries expanded to their leaf works, drafts left out with a warning),
 * numbered by successor, with their adjacency, and the relations' end works; edge fields are filled by
 * `projectCompileRelation`.
 */
function compileEdges(
  relations: readonly RelationInput[],
  ends: { predecessor: Int32Array; successor: Int32Array },
  works: Pick<ProjectModel, 'workIds' | 'kind' | 'parent' | 'childStart' | 'childList'>,
) {
  const { predecessor, successor } = ends;
  const { workIds, kind, parent, childStart, childList } = works;
  const relationCount = relations.length;
  const leafCache = new Map<number, number[]>();
  const leavesOf = (v: number): number[] => {
    let leaves = leafCache.get(v);
    if (!leaves) {
      leaves = [];
      const stack = [v];
      while (stack.length > 0) {
        const u = stack.pop()!;
        for (let k = childStart[u]!; k < childStart[u + 1]!; k++) {
          const c = childList[k]!;
          if (kind[c] === KIND_LEAF) leaves.push(c);
          else if (kind[c] === KIND_SUM) stack.push(c);
        }
      }
      leaves.sort((a, b) => a - b);
      leafCache.set(v, leaves);
    }
    return leaves;
  };
  const isAncestor = (ancestor: number, v: number): boolean => {
    for (let u = parent[v]!; u >= 0; u = parent[u]!) if (u === ancestor) return true;
    return false;
  };

  // First pass: how many edges each relation expands to (leaf to leaf: one), with warnings and checks.
  const warnings: EngineWarning[] = [];
  const relationEdgeStart = new Int32Array(relationCount + 1);
  for (let r = 0; r < relationCount; r++) {
    const p = predecessor[r]!;
    const s = successor[r]!;
    let edges = 1;
    if (kind[p] !== KIND_LEAF || kind[s] !== KIND_LEAF) {
      const id = relationIdOf(relations[r]!);
      const draft = kind[p] === KIND_DRAFT ? p : kind[s] === KIND_DRAFT ? s : -1;
      if (draft >= 0) {
        warnings.push({
          code: 'draft_relation',
          message: `relation "${id}" is ignored: "${workIds[draft]}" is a draft`,
          relationId: id,
          workId: workIds[draft]!,
        });
        edges = 0;
      } else {
        if (isAncestor(p, s) || isAncestor(s, p)) {
          throw new EngineError(
            'invalid_relation',
            `relation "${id}" links a summary to its own descendant`,
            {
              relationId: id,
              workIds: [workIds[p]!, workIds[s]!],
            },
          );
        }
        const pLeaves = kind[p] === KIND_LEAF ? 1 : leavesOf(p).length;
        const sLeaves = kind[s] === KIND_LEAF ? 1 : leavesOf(s).length;
        edges = pLeaves * sLeaves;
        if (edges === 0) {
          const empty = pLeaves === 0 ? p : s;
          warnings.push({
            code: 'empty_summary_relation',
            message: `relation "${id}" is ignored: summary "${workIds[empty]}" has no scheduled works`,
            relationId: id,
            workId: workIds[empty]!,
          });
        }
      }
    }
    relationEdgeStart[r + 1] = relationEdgeStart[r]! + edges;
  }

  // Expand in relation order, then number the edges by successor (a stable counting sort), so that the
  // forward pass reads a work's incoming edges from consecutive memory.
  const edgeCount = relationEdgeStart[relationCount]!;
  const expandedFrom = new Int32Array(edgeCount);
  const expandedTo = new Int32Array(edgeCount);
  for (let r = 0; r < relationCount; r++) {
    let e = relationEdgeStart[r]!;
    if (e === relationEdgeStart[r + 1]) continue;
    const p = predecessor[r]!;
    const s = successor[r]!;
    if (kind[p] === KIND_LEAF && kind[s] === KIND_LEAF) {
      expandedFrom[e] = p;
      expandedTo[e] = s;
      continue;
    }
    for (const a of kind[p] === KIND_LEAF ? [p] : leavesOf(p)) {
      for (const b of kind[s] === KIND_LEAF ? [s] : leavesOf(s)) {
        expandedFrom[e] = a;
        expandedTo[e++] = b;
      }
    }
  }
  const slot = new Int32Array(workIds.length + 1);
  for (let e = 0; e < edgeCount; e++) slot[expandedTo[e]! + 1]!++;
  for (let v = 0; v < workIds.length; v++) slot[v + 1]! += slot[v]!;
  const from = new Int32Array(edgeCount);
  const to = new Int32Array(edgeCount);
  const owner = new Int32Array(edgeCount);
  let r = 0;
  for (let expanded = 0; expanded < edgeCount; expanded++) {
    while (relationEdgeStart[r + 1]! <= expanded) r++;
    const e = slot[expandedTo[expanded]!]!++;
    from[e] = expandedFrom[expanded]!;
    to[e] = expandedTo[expanded]!;
    owner[e] = r;
  }
  const relationEdges = new Int32Array(edgeCount);
  const fill = relationEdgeStart.slice(0, relationCount);
  for (let e = 0; e < edgeCount; e++) relationEdges[fill[owner[e]!]!++] = e;

  const network = networkBuild(workIds.length, from, to);
  const edgeOutPosition = new Int32Array(edgeCount);
  const outTo = new Int32Array(edgeCount);
  for (let k = 0; k < edgeCount; k++) {
    const e = network.outEdges[k]!;
    edgeOutPosition[e] = k;
    outTo[k] = to[e]!;
  }
  return {
    relationPredecessor: predecessor,
    relationSuccessor: successor,
    warnings,
    network,
    edgeCount,
    edgeFlags: new Uint8Array(edgeCount),
    edgeLag: new Int32Array(edgeCount),
    edgeLagCalendar: new Uint16Array(edgeCount),
    edgeRelation: owner,
    relationEdgeStart,
    relationEdges,
    edgeOutPosition,
    outTo,
    outFlags: new Uint8Array(edgeCount),
    outLag: new Int32Array(edgeCount),
  };
}

/**
 * The model with another list of relations, sharing everything about works with `model`: adding or
 * removing a relation without recompiling the works. `previous[r]` is the index in `model.relations` of
 * relation r, or -1 for a new one (compiled and validated here); kept relations keep their compiled
 * edges, and `previousEdge[e]` tells which old edge a new one was (-1 for new edges). The topological order
 * is kept when the new edges respect it. Relation ids are not checked here.
 */
export function projectRelink(
  model: ProjectModel,
  relations: readonly RelationInput[],
  ends: { predecessor: Int32Array; successor: Int32Array },
  previous: Int32Array,
): { model: ProjectModel; previousEdge: Int32Array } {
  const next = projectModelCreate({
    ...model,
    relations: [...relations],
    ...compileEdges(relations, ends, model),
  });
  // A relation expands to the same edges in the same order as before, only renumbered.
  const previousEdge = new Int32Array(next.edgeCount).fill(-1);
  let ordered = true;
  for (let r = 0; r < relations.length; r++) {
    const start = next.relationEdgeStart[r]!;
    const old = previous[r]!;
    if (old >= 0) {
      const oldStart = model.relationEdgeStart[old]!;
      for (let k = start; k < next.relationEdgeStart[r + 1]!; k++) {
        previousEdge[next.relationEdges[k]!] = model.relationEdges[oldStart + k - start]!;
      }
      continue;
    }
    projectCompileRelation(next, r);
    for (let k = start; k < next.relationEdgeStart[r + 1]!; k++) {
      const e = next.relationEdges[k]!;
      if (next.rank[next.network.edgeFrom[e]!]! >= next.rank[next.network.edgeTo[e]!]!) ordered = false;
    }
  }
  for (let e = 0; e < next.edgeCount; e++) {
    const before = previousEdge[e]!;
    if (before < 0) continue;
    next.edgeFlags[e] = model.edgeFlags[before]!;
    next.edgeLag[e] = model.edgeLag[before]!;
    next.edgeLagCalendar[e] = model.edgeLagCalendar[before]!;
    next.outFlags[next.edgeOutPosition[e]!] = next.edgeFlags[e]!;
    next.outLag[next.edgeOutPosition[e]!] = next.edgeLag[e]!;
  }
  if (ordered) return { model: next, previousEdge };
  const reordered = projectModelCreate({ ...next, rank: new Int32Array(model.workCount).fill(-1) });
  compileOrder(reordered);
  return { model: reordered, previousEdge };
}

/** A relation's id: its own, or `${predecessorId}->${successorId}`. */
export function relationIdOf(relation: RelationInput): string {
  return relation.id ?? `${relation.predecessorId}->${relation.successorId}`;
}

/**
 * Relation ids must be unique. Without explicit ids that means no two relations link the same pair, which
 * is checked on indices (building 200k id strings would dominate the compile time).
 */
function checkRelationIds(
  relations: readonly RelationInput[],
  predecessor: Int32Array,
  successor: Int32Array,
  workCount: number,
): void {
  const explicitIds = relations.some((relation) => relation.id !== undefined);
  const duplicate = (r: number) => {
    const id = relationIdOf(relations[r]!);
    return new EngineError('duplicate_id', `relation id "${id}" is used twice`, { relationId: id });
  };
  if (explicitIds) {
    const seen = new Set<string>();
    for (let r = 0; r < relations.length; r++) {
      const id = relationIdOf(relations[r]!);
      if (seen.has(id)) throw duplicate(r);
      seen.add(id);
    }
    return;
  }
  const network = networkBuild(workCount, predecessor, successor);
  const seenFrom = new Int32Array(workCount).fill(-1);
  for (let v = 0; v < workCount; v++) {
    for (let k = network.inStart[v]!; k < network.inStart[v + 1]!; k++) {
      const r = network.inEdges[k]!;
      if (seenFrom[predecessor[r]!] === v) throw duplicate(r);
      seenFrom[predecessor[r]!] = v;
    }
  }
}

function resolveEnd(relation: RelationInput, workId: string, workIndex: ReadonlyMap<string, number>): number {
  const index = workIndex.get(workId);
  if (index === undefined) {
    const relationId = relationIdOf(relation);
    throw new EngineError('unknown_work', `relation "${relationId}" refers to unknown work "${workId}"`, {
      relationId,
      workIds: [workId],
    });
  }
  return index;
}

/** Topological order of the leaf works; a cycle is an error listing its works. */
function compileOrder(model: ProjectModel): void {
  const sorted = networkTopologicalOrder(model.network);
  if ('cycle' in sorted) {
    const ids = sorted.cycle.map((v) => model.workIds[v]!);
    throw new EngineError('cycle', `the relations form a cycle: ${ids.join(' -> ')} -> ${ids[0]}`, {
      workIds: ids,
    });
  }
  const order: number[] = [];
  for (const v of sorted.order) {
    if (model.kind[v] === KIND_LEAF) {
      model.rank[v] = order.length;
      order.push(v);
    }
  }
  (model as { order: Int32Array }).order = Int32Array.from(order);
  const levelOfEffort = order.filter((v) => model.span[v] === SPAN_LEVEL_OF_EFFORT);
  const wbsSummaries = order.filter((v) => model.span[v] === SPAN_WBS_SUMMARY);
  model.spanOrder = Int32Array.from([...levelOfEffort, ...wbsSummaries]);
  projectCompileAlapOrder(model);
}

export function projectCompileAlapOrder(model: ProjectModel): void {
  const alap: number[] = [];
  for (let k = model.order.length - 1; k >= 0; k--) {
    const v = model.order[k]!;
    if (model.alap[v]) alap.push(v);
  }
  model.alapOrder = Int32Array.from(alap);
}

function checkMinutes(value: unknown, what: string, workId: string, allowNull: boolean): number | null {
  if (value == null && allowNull) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new EngineError(
      'invalid_duration',
      `work "${workId}": ${what} must be whole non-negative minutes`,
      {
        workIds: [workId],
      },
    );
  }
  return value;
}

/**
 * (Re)derives the arrays of one work from `model.works[i]`: calendar, status, duration, instants
 * convention, constraints as working coordinates. Incident edges must be recompiled afterwards.
 */
export function projectCompileWork(model: ProjectModel, i: number): void {
  const work = model.works[i]!;
  const id = work.id;
  const isLeaf = model.kind[i] === KIND_LEAF;
  const calendarId = work.calendarId ?? model.defaultCalendarId;
  const c = model.calendarIndex.get(calendarId);
  if (c === undefined) {
    throw new EngineError('unknown_calendar', `work "${id}": calendar "${calendarId}" is not defined`, {
      workIds: [id],
      calendarId,
    });
  }
  model.calendar[i] = c;
  const calendar = model.calendars[c]!;
  const original = checkMinutes(work.durationMinutes, 'durationMinutes', id, !isLeaf) ?? 0;
  const remaining = checkMinutes(work.remainingMinutes, 'remainingMinutes', id, true);
  const milestone = work.type === 'milestone_start' || work.type === 'milestone_finish';
  const span =
    work.type === 'level_of_effort'
      ? SPAN_LEVEL_OF_EFFORT
      : work.type === 'wbs_summary'
        ? SPAN_WBS_SUMMARY
        : SPAN_NONE;
  model.span[i] = span;
  const status = isLeaf ? compileStatus(model, i, work, milestone) : STATUS_NOT_STARTED;
  model.status[i] = status;
  const actualStart = model.actualStart[i]!;
  const actualFinish = model.actualFinish[i]!;
  model.actualStartW[i] = actualStart === NO_TIME ? 0 : calendarWorkingTime(calendar, actualStart);
  model.actualFinishW[i] = actualFinish === NO_TIME ? 0 : calendarWorkingTime(calendar, actualFinish);

  let duration = milestone ? 0 : original;
  if (status === STATUS_IN_PROGRESS && !milestone) {
    const done = Math.max(0, calendarWorkingTime(calendar, model.dataDate) - model.actualStartW[i]!);
    duration = remaining ?? Math.max(0, original - done);
  } else if (status === STATUS_COMPLETED) {
    duration = model.actualFinishW[i]! - model.actualStartW[i]!;
  }
  model.duration[i] = duration;
  model.baseDuration[i] = duration;
  model.instants[i] =
    work.type === 'milestone_finish'
      ? INSTANTS_AT_FINISH
      : milestone || (duration === 0 && status === STATUS_NOT_STARTED)
        ? INSTANTS_AT_START
        : INSTANTS_NORMAL;

  const constraint = isLeaf && status !== STATUS_COMPLETED && span === SPAN_NONE ? work.constraint : null;
  const started = status === STATUS_IN_PROGRESS;
  const start = started ? [BOUND_LOW, BOUND_HIGH] : limitBounds(constraint?.start, calendar, id, 'start');
  const finish = limitBounds(constraint?.finish, calendar, id, 'finish');
  model.startLowW[i] = start[0]!;
  model.startHighW[i] = start[1]!;
  model.finishLowW[i] = finish[0]!;
  model.finishHighW[i] = finish[1]!;
  model.mandatory[i] =
    (!started && constraint?.start?.type === 'mandatory' ? MANDATORY_START : 0) |
    (constraint?.finish?.type === 'mandatory' ? MANDATORY_FINISH : 0);
  model.finishLimitAtStart[i] =
    model.options.finishLimitInstant === 'next_start' && constraint?.finish
      ? finishLimitAtStart(constraint.finish, calendar, id)
      : 0;
  model.alap[i] = constraint?.asLateAsPossible === true && status === STATUS_NOT_STARTED ? 1 : 0;

  const manual = isLeaf && span === SPAN_NONE && work.manualStart != null;
  model.manual[i] = manual ? 1 : 0;
  model.manualW[i] = manual
    ? calendarWorkingTime(calendar, timeFromDateInput(work.manualStart!, 'manualStart', id))
    : 0;
  const expected =
    model.options.useExpectedFinish &&
    isLeaf &&
    span === SPAN_NONE &&
    !milestone &&
    status !== STATUS_COMPLETED &&
    work.expectedFinish != null;
  model.expectedW[i] = expected
    ? calendarWorkingTime(calendar, timeFromDateInput(work.expectedFinish!, 'expectedFinish', id))
    : -1;
}

function limitBounds(limit: ConstraintLimitInput | undefined, calendar: Calendar, id: string, side: string) {
  if (!limit) return [BOUND_LOW, BOUND_HIGH];
  if (!CONSTRAINT_TYPES.has(limit.type)) {
    throw new EngineError('invalid_constraint', `work "${id}": unknown ${side} constraint "${limit.type}"`, {
      workIds: [id],
    });
  }
  const w = calendarWorkingTime(calendar, timeFromDateInput(limit.date, `${side} constraint`, id));
  // in_date and mandatory bound both sides; the passes let a mandatory date override relations too
  return [limit.type === 'not_later' ? BOUND_LOW : w, limit.type === 'not_earlier' ? BOUND_HIGH : w];
}

/**
 * FINISH_LIMIT_* bits of a finish limit dated where no working time ends (00:00 after a non-working
 * night, a weekend): P6 then finishes the work where the next working time starts.
 */
function finishLimitAtStart(limit: ConstraintLimitInput, calendar: Calendar, id: string): number {
  const time = timeFromDateInput(limit.date, 'finish constraint', id);
  if (calendarFinishInstant(calendar, calendarWorkingTime(calendar, time)) === time) return 0;
  return (
    (limit.type === 'not_later' ? 0 : FINISH_LIMIT_LOW) |
    (limit.type === 'not_earlier' ? 0 : FINISH_LIMIT_HIGH)
  );
}

function compileStatus(model: ProjectModel, i: number, work: WorkInput, milestone: boolean): number {
  const id = work.id;
  const fail = (message: string) =>
    new EngineError('invalid_progress', `work "${id}": ${message}`, { workIds: [id] });
  let start = work.actualStart == null ? NO_TIME : timeFromDateInput(work.actualStart, 'actualStart', id);
  let finish = work.actualFinish == null ? NO_TIME : timeFromDateInput(work.actualFinish, 'actualFinish', id);
  if (milestone && (start !== NO_TIME || finish !== NO_TIME)) {
    // A milestone happens at one instant: either actual date completes it.
    if (start !== NO_TIME && finish !== NO_TIME && start !== finish)
      throw fail('a milestone has one actual date');
    start = start === NO_TIME ? finish : start;
    finish = start;
  }
  const derived =
    finish !== NO_TIME ? STATUS_COMPLETED : start !== NO_TIME ? STATUS_IN_PROGRESS : STATUS_NOT_STARTED;
  const given = work.status ?? null;
  if (given !== null) {
    const code = {
      not_started: STATUS_NOT_STARTED,
      in_progress: STATUS_IN_PROGRESS,
      completed: STATUS_COMPLETED,
    }[given];
    if (code === undefined) throw fail(`unknown status "${given}"`);
    if (code !== derived && !(milestone && derived === STATUS_COMPLETED)) {
      throw fail(`status "${given}" does not match its actual dates`);
    }
  }
  if (finish !== NO_TIME && start === NO_TIME) throw fail('an actual finish needs an actual start');
  if (finish !== NO_TIME && finish < start) throw fail('the actual finish is before the actual start');
  // Actual dates after the data date are kept as facts (P6 accepts them): the remaining work of a work
  // started after the data date starts no earlier than its actual start.
  model.actualStart[i] = start;
  model.actualFinish[i] = finish;
  return derived;
}

/** (Re)derives the edges of relation r from `model.relations[r]`: type, lag, lag calendar and flags. */
export function projectCompileRelation(model: ProjectModel, r: number): void {
  const relation = model.relations[r]!;
  const invalid = (code: 'invalid_relation' | 'invalid_lag', problem: string) => {
    const id = relationIdOf(relation);
    return new EngineError(code, `relation "${id}": ${problem}`, {
      relationId: id,
      workIds: [relation.predecessorId, relation.successorId],
    });
  };
  if (!RELATION_TYPES.has(relation.type))
    throw invalid('invalid_relation', `unknown type "${relation.type}"`);
  const lag = relation.lagMinutes ?? 0;
  if (!Number.isInteger(lag)) throw invalid('invalid_lag', 'lagMinutes must be whole minutes');
  const lagCalendar = relation.lagCalendar ?? model.options.lagCalendar;
  if (!LAG_CALENDARS.has(lagCalendar))
    throw invalid('invalid_relation', `unknown lag calendar "${lagCalendar}"`);
  const sides =
    (relation.type === 'ss' || relation.type === 'sf' ? EDGE_PRED_START : 0) |
    (relation.type === 'fs' || relation.type === 'ss' ? EDGE_SUCC_START : 0);
  for (let k = model.relationEdgeStart[r]!; k < model.relationEdgeStart[r + 1]!; k++) {
    const e = model.relationEdges[k]!;
    model.edgeFlags[e] = sides;
    model.edgeLag[e] = lag;
    model.outLag[model.edgeOutPosition[e]!] = lag;
    projectCompileEdge(model, e);
  }
}

/** Lag calendar, fast-path and activity flags of one edge, from its relation and its works. */
export function projectCompileEdge(model: ProjectModel, e: number): void {
  const relation = model.relations[model.edgeRelation[e]!]!;
  const pred = model.network.edgeFrom[e]!;
  const succ = model.network.edgeTo[e]!;
  const lagCalendar = relation.lagCalendar ?? model.options.lagCalendar;
  const predCalendar = model.calendar[pred]!;
  const succCalendar = model.calendar[succ]!;
  const lagIndex =
    lagCalendar === 'predecessor'
      ? predCalendar
      : lagCalendar === 'successor'
        ? succCalendar
        : lagCalendar === '24h'
          ? model.calendar24h
          : model.defaultCalendar;
  model.edgeLagCalendar[e] = lagIndex;
  const fast = predCalendar === succCalendar && (model.edgeLag[e] === 0 || lagIndex === succCalendar);
  const succStatus = model.status[succ]!;
  // Relations of level of effort and WBS summary works drive nothing: those works are dated afterwards.
  const active = !(
    succStatus === STATUS_COMPLETED ||
    (succStatus === STATUS_IN_PROGRESS && model.options.progress !== 'retained_logic') ||
    model.span[pred] !== SPAN_NONE ||
    model.span[succ] !== SPAN_NONE
  );
  const lateOnly =
    !active &&
    succStatus === STATUS_IN_PROGRESS &&
    model.options.startedSuccessorsBindLate &&
    model.span[pred] === SPAN_NONE &&
    model.span[succ] === SPAN_NONE;
  const flags =
    (model.edgeFlags[e]! & (EDGE_PRED_START | EDGE_SUCC_START)) |
    (fast ? EDGE_FAST : 0) |
    (active ? EDGE_ACTIVE : 0) |
    (lateOnly ? EDGE_LATE : 0);
  model.edgeFlags[e] = flags;
  model.outFlags[model.edgeOutPosition[e]!] = flags;
}
