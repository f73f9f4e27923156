import { NO_DATE } from '../dates.js';

/**
 * A version as the network diagram reads it: its works in WBS order (a parent before its children) with
 * the fields a node shows, and its relations between rows. Dates and durations in engine minutes,
 * `NO_DATE` for none. `type` of a relation is the index in `LINK_TYPES` order: 0 FS, 1 FF, 2 SS, 3 SF.
 */
export interface NetworkInput {
  readonly count: number;
  readonly parent: ArrayLike<number>;
  readonly depth: ArrayLike<number>;
  readonly childCount: ArrayLike<number>;
  readonly start: ArrayLike<number>;
  readonly finish: ArrayLike<number>;
  readonly durationMinutes: ArrayLike<number>;
  /** Total float in working minutes, meaningful where `calculated` is 1. */
  readonly totalFloat: ArrayLike<number>;
  /** 1 where the engine has calculated the work's early dates (its float is known). */
  readonly calculated: ArrayLike<number>;
  readonly critical: ArrayLike<number>;
  /** Percent complete, 0…100. */
  readonly progress: ArrayLike<number>;
  readonly relations: {
    readonly count: number;
    /** Row of the predecessor; −1 for a predecessor in another schedule (not drawn). */
    readonly predecessor: ArrayLike<number>;
    readonly successor: ArrayLike<number>;
    readonly type: ArrayLike<number>;
    readonly lagMinutes: ArrayLike<number>;
    readonly driving: ArrayLike<number>;
  };
}

/** Relation types by index, as in the payload's `linkType` enum. */
export const NETWORK_LINK_TYPES = ['FS', 'FF', 'SS', 'SF'] as const;
/** An edge that stands for several relations of different types (a summarised diagram). */
export const NETWORK_LINK_MIXED = 255;

/**
 * The diagram's graph: one node per work drawn (or per WBS summary when summarised) and one edge per
 * pair of nodes related. Columns by node and by edge, ready to lay out and draw.
 */
export interface NetworkGraph {
  /** The WBS level it is summarised at (1: top level), 0 for every work. */
  readonly level: number;
  readonly nodeCount: number;
  /** The work row a node stands for: the work itself, or the WBS summary of its group. */
  readonly row: Int32Array;
  /** How many works a node stands for (1 for a work; a summary node counts its works drawn). */
  readonly members: Int32Array;
  readonly summary: Uint8Array;
  readonly start: Int32Array;
  readonly finish: Int32Array;
  readonly duration: Int32Array;
  /** Minutes; meaningful where `calculated` is 1 (a summary: the least float of its works). */
  readonly totalFloat: Int32Array;
  readonly calculated: Uint8Array;
  readonly critical: Uint8Array;
  /** 0…100 (a summary: its own rolled-up progress). */
  readonly progress: Float64Array;
  readonly edgeCount: number;
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** Index in `NETWORK_LINK_TYPES`, or `NETWORK_LINK_MIXED`. */
  readonly type: Uint8Array;
  /** The lag of a single relation; of several, the smallest. */
  readonly lag: Int32Array;
  /** How many relations an edge stands for. */
  readonly relations: Int32Array;
  /** Driving relation between two critical works (any of them, for an aggregated edge). */
  readonly criticalEdge: Uint8Array;
  /** Node of a work row (−1: not drawn): the work's own node or its summary's. */
  readonly nodeOfRow: Int32Array;
}

/**
 * The diagram is summarised by WBS above this many works unless asked for every work: elkjs lays out a
 * few hundred boxes in about a second, but a long chain of a few thousand (the demo's 2,352) in tens.
 */
export const NETWORK_DETAIL_LIMIT = 500;

/** Rows that are nodes of the detailed diagram: works without children, and summaries with relations. */
function nodeRows(input: NetworkInput): Uint8Array {
  const keep = new Uint8Array(input.count);
  for (let i = 0; i < input.count; i++) if (input.childCount[i] === 0) keep[i] = 1;
  const r = input.relations;
  for (let k = 0; k < r.count; k++) {
    const p = r.predecessor[k]!;
    const s = r.successor[k]!;
    if (p < 0 || s < 0 || p === s) continue;
    keep[p] = 1;
    keep[s] = 1;
  }
  return keep;
}

/**
 * The row each row is drawn as at a level: below depth `level − 1` its ancestor at that depth; a node
 * row not that deep itself; −1 for the other rows.
 */
function groupRows(input: NetworkInput, keep: Uint8Array, level: number): Int32Array {
  const group = new Int32Array(input.count).fill(-1);
  const n = input.count;
  for (let i = 0; i < n; i++) {
    const p = input.parent[i]!;
    if (level > 0 && input.depth[i]! >= level) {
      // Rows come after their parent: the parent's group is known.
      group[i] = input.depth[i] === level ? p : group[p]!;
    } else if (keep[i]) {
      group[i] = i;
    }
  }
  return group;
}

/** How many nodes the diagram would have at each level (index 0: every work; 1…: summarised). */
export function networkNodeCounts(input: NetworkInput): number[] {
  const keep = nodeRows(input);
  let maxDepth = 0;
  for (let i = 0; i < input.count; i++) if (input.depth[i]! > maxDepth) maxDepth = input.depth[i]!;
  const counts: number[] = [];
  for (let level = 0; level <= maxDepth; level++) {
    const group = level === 0 ? null : groupRows(input, keep, level);
    const seen = new Uint8Array(input.count);
    let count = 0;
    for (let i = 0; i < input.count; i++) {
      if (!keep[i]) continue;
      const g = group ? group[i]! : i;
      if (g >= 0 && !seen[g]) {
        seen[g] = 1;
        count++;
      }
    }
    counts.push(count);
  }
  return counts;
}

/**
 * The level a diagram opens at: every work up to `limit` nodes, else the deepest WBS level whose
 * summary has no more than `limit` nodes (the top level when none has).
 */
export function networkAutoLevel(input: NetworkInput, limit = NETWORK_DETAIL_LIMIT): number {
  const counts = networkNodeCounts(input);
  if ((counts[0] ?? 0) <= limit) return 0;
  for (let level = counts.length - 1; level >= 1; level--) if (counts[level]! <= limit) return level;
  return Math.min(1, counts.length - 1);
}

/**
 * Builds the diagram's graph at a level: 0 draws every work (works without children and summaries that
 * have relations of their own); level L ≥ 1 draws one node per WBS summary at that level standing for all
 * the works below it, with the relations between groups gathered into one edge per pair (relations inside
 * a group are not drawn). Relations from other schedules are left out.
 */
export function networkGraph(input: NetworkInput, level = 0): NetworkGraph {
  const n = input.count;
  const keep = nodeRows(input);
  const group = level > 0 ? groupRows(input, keep, level) : null;
  const nodeOfRow = new Int32Array(n).fill(-1);
  const rows: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!keep[i]) continue;
    const g = group ? group[i]! : i;
    if (g < 0) continue;
    if (nodeOfRow[g] === -1) {
      nodeOfRow[g] = rows.length;
      rows.push(g);
    }
    nodeOfRow[i] = nodeOfRow[g]!;
  }
  // Rows of a group that are not nodes themselves (summaries between) point to the group's node too.
  if (group)
    for (let i = 0; i < n; i++)
      if (nodeOfRow[i] === -1 && group[i]! >= 0) nodeOfRow[i] = nodeOfRow[group[i]!]!;

  const count = rows.length;
  const row = Int32Array.from(rows);
  const members = new Int32Array(count);
  const summary = new Uint8Array(count);
  const start = new Int32Array(count).fill(NO_DATE);
  const finish = new Int32Array(count).fill(NO_DATE);
  const duration = new Int32Array(count);
  const totalFloat = new Int32Array(count);
  const calculated = new Uint8Array(count);
  const critical = new Uint8Array(count);
  const progress = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const r = row[k]!;
    summary[k] = group && input.childCount[r]! > 0 && input.depth[r] === level - 1 ? 1 : 0;
    duration[k] = input.durationMinutes[r]!;
    progress[k] = input.progress[r]!;
  }
  for (let i = 0; i < n; i++) {
    const node = nodeOfRow[i]!;
    if (node < 0 || !keep[i]) continue;
    if (summary[node] && input.childCount[i]! > 0) continue;
    members[node]! += 1;
    const s = input.start[i]!;
    const f = input.finish[i]!;
    if (s !== NO_DATE && (start[node] === NO_DATE || s < start[node]!)) start[node] = s;
    if (f !== NO_DATE && (finish[node] === NO_DATE || f > finish[node]!)) finish[node] = f;
    if (input.calculated[i]) {
      const float = input.totalFloat[i]!;
      if (!calculated[node] || float < totalFloat[node]!) totalFloat[node] = float;
      calculated[node] = 1;
    }
    if (input.critical[i]) critical[node] = 1;
  }

  // Edges: one per ordered pair of nodes, the relations between them gathered.
  const rel = input.relations;
  const edgeOf = new Map<number, number>();
  const from: number[] = [];
  const to: number[] = [];
  const type: number[] = [];
  const lag: number[] = [];
  const relations: number[] = [];
  const criticalEdge: number[] = [];
  for (let k = 0; k < rel.count; k++) {
    const p = rel.predecessor[k]!;
    const s = rel.successor[k]!;
    if (p < 0 || s < 0) continue;
    const a = nodeOfRow[p]!;
    const b = nodeOfRow[s]!;
    if (a < 0 || b < 0 || a === b) continue;
    const isCritical = rel.driving[k] && input.critical[p] && input.critical[s] ? 1 : 0;
    const key = a * count + b;
    const at = edgeOf.get(key);
    if (at === undefined) {
      edgeOf.set(key, from.length);
      from.push(a);
      to.push(b);
      type.push(rel.type[k]!);
      lag.push(rel.lagMinutes[k]!);
      relations.push(1);
      criticalEdge.push(isCritical);
    } else {
      if (type[at] !== rel.type[k]) type[at] = NETWORK_LINK_MIXED;
      if (rel.lagMinutes[k]! < lag[at]!) lag[at] = rel.lagMinutes[k]!;
      relations[at]! += 1;
      if (isCritical) criticalEdge[at] = 1;
    }
  }
  return {
    level,
    nodeCount: count,
    row,
    members,
    summary,
    start,
    finish,
    duration,
    totalFloat,
    calculated,
    critical,
    progress,
    edgeCount: from.length,
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    type: Uint8Array.from(type),
    lag: Int32Array.from(lag),
    relations: Int32Array.from(relations),
    criticalEdge: Uint8Array.from(criticalEdge),
    nodeOfRow,
  };
}

/**
 * A key of what the layout depends on — the nodes (by row) and the edges — so that a diagram whose
 * dates or progress changed keeps its layout and only one whose structure changed is laid out again.
 */
export function networkStructureKey(graph: NetworkGraph): string {
  let hash = 2166136261;
  const mix = (value: number) => {
    hash ^= value;
    hash = Math.imul(hash, 16777619);
  };
  mix(graph.level);
  mix(graph.nodeCount);
  for (let i = 0; i < graph.nodeCount; i++) mix(graph.row[i]!);
  mix(graph.edgeCount);
  for (let k = 0; k < graph.edgeCount; k++) {
    mix(graph.from[k]!);
    mix(graph.to[k]!);
  }
  return `${graph.level}:${graph.nodeCount}:${graph.edgeCount}:${(hash >>> 0).toString(36)}`;
}
