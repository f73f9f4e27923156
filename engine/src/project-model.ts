import type { Calendar } from './calendar.js';
import type { Network } from './network.js';
import type { CalendarInput, RelationInput, ResolvedOptions, WorkInput } from './types.js';

/** What a work is to the network. */
export const KIND_LEAF = 0;
export const KIND_SUM = 1;
export const KIND_DRAFT = 2;

export const STATUS_NOT_STARTED = 0;
export const STATUS_IN_PROGRESS = 1;
export const STATUS_COMPLETED = 2;

/** How a work's coordinates become instants: start/finish conventions, or one instant for both. */
export const INSTANTS_NORMAL = 0;
export const INSTANTS_AT_START = 1;
export const INSTANTS_AT_FINISH = 2;

/** What a leaf work spans instead of being scheduled by its own duration (`span`). */
export const SPAN_NONE = 0;
export const SPAN_LEVEL_OF_EFFORT = 1;
export const SPAN_WBS_SUMMARY = 2;

/** Bits of `mandatory`: the start / finish limit is mandatory (fixed in both passes). */
export const MANDATORY_START = 1;
export const MANDATORY_FINISH = 2;

/** Bits of `finishLimitAtStart`. */
export const FINISH_LIMIT_LOW = 1;
export const FINISH_LIMIT_HIGH = 2;

/** Bits of `edgeFlags`: in the passes (not into a completed work, nor into an in-progress one under
 * progress override); bound on the predecessor's start / the successor's start (else finish); both works
 * and the lag on one calendar, so the relation is plain addition of working coordinates. */
export const EDGE_ACTIVE = 1;
export const EDGE_PRED_START = 2;
export const EDGE_SUCC_START = 4;
export const EDGE_FAST = 8;
/** An edge left out of the forward pass (into an in-progress work) that still bounds its predecessor's
 * late dates (`startedSuccessorsBindLate`). */
export const EDGE_LATE = 16;

/** Sentinels for absent bounds, far outside any working coordinate but safe in Int32 arithmetic. */
export const BOUND_LOW = -1_000_000_000;
export const BOUND_HIGH = 1_000_000_000;
/**
 * An absent instant (drafts, empty summaries, missing actuals): below `TIME_MIN`, so that it is never a
 * date of the range (1900–2200; -1 is 1999-12-31T23:59) and every "negative means none" test of a date
 * after 2000 still holds.
 */
export const NO_TIME = -2_147_483_648;

export interface EngineWarning {
  code: 'draft_relation' | 'empty_summary_relation';
  message: string;
  relationId: string;
  workId: string;
}

/**
 * The project compiled to struct-of-arrays over work indices (input order) and edge indices. Edges are
 * the relations after expanding summaries to their leaf works, numbered by successor. Only leaf works (not sums, not drafts) have edges and
 * a topological rank. Working coordinates ("W") are on the work's own calendar.
 */
export interface ProjectModel {
  readonly options: ResolvedOptions;
  readonly calendarInputs: readonly CalendarInput[];
  readonly defaultCalendarId: string;
  readonly works: WorkInput[];
  readonly relations: readonly RelationInput[];
  readonly workCount: number;
  readonly workIds: readonly string[];
  readonly workIndex: ReadonlyMap<string, number>;
  readonly calendars: readonly Calendar[];
  readonly calendarIndex: ReadonlyMap<string, number>;
  readonly defaultCalendar: number;
  readonly calendar24h: number;
  readonly projectStart: number;
  readonly dataDate: number;
  /** The "must finish by" instant, or NO_TIME. */
  readonly projectFinishLimit: number;
  /** Per calendar: W of the later of project start and data date (no remaining work before it). */
  readonly earliestW: Int32Array;

  readonly kind: Uint8Array;
  readonly parent: Int32Array;
  readonly calendar: Uint16Array;
  readonly status: Uint8Array;
  /** Working minutes still to schedule: original duration, remaining for in-progress, 0 for milestones. */
  readonly duration: Int32Array;
  /**
   * `duration` as compiled. The passes refit `duration` of works whose span comes from elsewhere (an
   * expected finish, level of effort); this keeps what the work itself says.
   */
  readonly baseDuration: Int32Array;
  readonly instants: Uint8Array;
  readonly alap: Uint8Array;
  readonly actualStart: Int32Array;
  readonly actualFinish: Int32Array;
  readonly actualStartW: Int32Array;
  readonly actualFinishW: Int32Array;
  readonly startLowW: Int32Array;
  readonly startHighW: Int32Array;
  readonly finishLowW: Int32Array;
  readonly finishHighW: Int32Array;
  /** MANDATORY_* bits: the limit of that side overrides relations in both passes. */
  readonly mandatory: Uint8Array;
  /**
   * FINISH_LIMIT_* bits: the lower / upper finish limit is dated in non-working time and, with
   * `finishLimitInstant: 'next_start'`, a finish it sets is shown where the next working time starts.
   */
  readonly finishLimitAtStart: Uint8Array;
  /** SPAN_* per work: level of effort and WBS summary works are dated from others after the passes. */
  readonly span: Uint8Array;
  /** 1 for a manually scheduled work (`manualStart`); `manualW` is its start coordinate. */
  readonly manual: Uint8Array;
  readonly manualW: Int32Array;
  /** Coordinate of the expected finish the remaining work is fitted to, or -1 (option off or none). */
  readonly expectedW: Int32Array;

  readonly network: Network;
  readonly edgeCount: number;
  /** Work indices of each relation's ends (before summaries are expanded). */
  readonly relationPredecessor: Int32Array;
  readonly relationSuccessor: Int32Array;
  /** EDGE_* bits per edge. */
  readonly edgeFlags: Uint8Array;
  readonly edgeLag: Int32Array;
  readonly edgeLagCalendar: Uint16Array;
  readonly edgeRelation: Int32Array;
  /** Relation r owns edges `relationEdges[relationEdgeStart[r] .. relationEdgeStart[r + 1])`. */
  readonly relationEdgeStart: Int32Array;
  readonly relationEdges: Int32Array;
  /**
   * Copies of edge fields in the order of `network.outEdges`, so the backward pass reads a work's
   * successors from consecutive memory; `edgeOutPosition[e]` is where edge e sits there.
   */
  readonly edgeOutPosition: Int32Array;
  readonly outTo: Int32Array;
  readonly outFlags: Uint8Array;
  readonly outLag: Int32Array;

  /** Leaf works in topological order, and each work's position in it (-1 for sums and drafts). */
  readonly order: Int32Array;
  readonly rank: Int32Array;
  /** ALAP leaf works, latest rank first. */
  alapOrder: Int32Array;
  readonly childStart: Int32Array;
  readonly childList: Int32Array;
  /** Summaries, deepest first, so children are rolled up before their parents. */
  readonly sumOrder: Int32Array;
  /** Level of effort works in topological order, then WBS summary works. */
  spanOrder: Int32Array;
  readonly warnings: readonly EngineWarning[];
}

/**
 * Every model is built here, from one object literal, so that all models share one hidden class and the
 * passes stay monomorphic (a model spread from another one would get a different shape).
 */
export function projectModelCreate(fields: ProjectModel): ProjectModel {
  return {
    options: fields.options,
    calendarInputs: fields.calendarInputs,
    defaultCalendarId: fields.defaultCalendarId,
    works: fields.works,
    relations: fields.relations,
    workCount: fields.workCount,
    workIds: fields.workIds,
    workIndex: fields.workIndex,
    calendars: fields.calendars,
    calendarIndex: fields.calendarIndex,
    defaultCalendar: fields.defaultCalendar,
    calendar24h: fields.calendar24h,
    projectStart: fields.projectStart,
    dataDate: fields.dataDate,
    projectFinishLimit: fields.projectFinishLimit,
    earliestW: fields.earliestW,
    kind: fields.kind,
    parent: fields.parent,
    calendar: fields.calendar,
    status: fields.status,
    duration: fields.duration,
    baseDuration: fields.baseDuration,
    instants: fields.instants,
    alap: fields.alap,
    actualStart: fields.actualStart,
    actualFinish: fields.actualFinish,
    actualStartW: fields.actualStartW,
    actualFinishW: fields.actualFinishW,
    startLowW: fields.startLowW,
    startHighW: fields.startHighW,
    finishLowW: fields.finishLowW,
    finishHighW: fields.finishHighW,
    mandatory: fields.mandatory,
    finishLimitAtStart: fields.finishLimitAtStart,
    span: fields.span,
    manual: fields.manual,
    manualW: fields.manualW,
    expectedW: fields.expectedW,
    network: fields.network,
    edgeCount: fields.edgeCount,
    relationPredecessor: fields.relationPredecessor,
    relationSuccessor: fields.relationSuccessor,
    edgeFlags: fields.edgeFlags,
    edgeLag: fields.edgeLag,
    edgeLagCalendar: fields.edgeLagCalendar,
    edgeRelation: fields.edgeRelation,
    relationEdgeStart: fields.relationEdgeStart,
    relationEdges: fields.relationEdges,
    edgeOutPosition: fields.edgeOutPosition,
    outTo: fields.outTo,
    outFlags: fields.outFlags,
    outLag: fields.outLag,
    order: fields.order,
    rank: fields.rank,
    alapOrder: fields.alapOrder,
    childStart: fields.childStart,
    childList: fields.childList,
    sumOrder: fields.sumOrder,
    spanOrder: fields.spanOrder,
    warnings: fields.warnings,
  };
}
