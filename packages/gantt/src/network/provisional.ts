import { NETWORK_NODE_HEIGHT, NETWORK_NODE_WIDTH, type NetworkLayout, type NetworkShape } from './layout.js';
import { type NetworkCamera, networkFit, networkViewRect } from './view.js';

// The same spacing as the elkjs options (`networkElkOptions`), so that the refined layout replaces this
// one without the diagram changing its scale.
const LAYER_GAP = 64;
const NODE_GAP = 28;
const COMPONENT_GAP = 48;
const PADDING = 12;
/** Width over height that a row of components aims at, as elkjs's component packing does. */
const ASPECT_RATIO = 1.6;
const LAYER_STEP = NETWORK_NODE_WIDTH + LAYER_GAP;
const ROW_STEP = NETWORK_NODE_HEIGHT + NODE_GAP;
const MID = NETWORK_NODE_HEIGHT / 2;

/** Edges by node in compressed rows: `edges[start[v]] … edges[start[v + 1] − 1]`. */
interface Adjacency {
  start: Int32Array;
  edges: Int32Array;
}

function adjacency(nodeCount: number, ends: ArrayLike<number>, edgeCount: number): Adjacency {
  const start = new Int32Array(nodeCount + 1);
  for (let k = 0; k < edgeCount; k++) start[ends[k]! + 1]! += 1;
  for (let v = 0; v < nodeCount; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, nodeCount);
  const edges = new Int32Array(edgeCount);
  for (let k = 0; k < edgeCount; k++) edges[fill[ends[k]!]!++] = k;
  return { start, edges };
}

/**
 * Edges that close a cycle (1), found by a depth-first walk that starts from the nodes in their order and
 * follows each node's edges in theirs: an edge into a node still on the walk's path goes back. Without
 * them the graph has no cycle; the same graph always gives the same edges.
 */
function backEdges(shape: NetworkShape, out: Adjacency): Uint8Array {
  const n = shape.nodeCount;
  const back = new Uint8Array(shape.edgeCount);
  // 0: not seen, 1: on the path, 2: done.
  const state = new Uint8Array(n);
  const stack = new Int32Array(n);
  const next = new Int32Array(n);
  for (let root = 0; root < n; root++) {
    if (state[root]) continue;
    let depth = 0;
    stack[0] = root;
    next[root] = out.start[root]!;
    state[root] = 1;
    while (depth >= 0) {
      const v = stack[depth]!;
      if (next[v]! === out.start[v + 1]!) {
        state[v] = 2;
        depth--;
        continue;
      }
      const k = out.edges[next[v]!++]!;
      const w = shape.to[k]!;
      if (state[w] === 1) back[k] = 1;
      else if (state[w] === 0) {
        state[w] = 1;
        next[w] = out.start[w]!;
        stack[++depth] = w;
      }
    }
  }
  return back;
}

/**
 * Each node's layer: the longest path to it from a source over the forward edges, then a source pulled
 * right up to the layer before its nearest successor (so that a work with no predecessor does not hang
 * at the far left on a long arrow).
 */
function layers(shape: NetworkShape, out: Adjacency, into: Adjacency, back: Uint8Array): Int32Array {
  const n = shape.nodeCount;
  const rank = new Int32Array(n);
  const waiting = new Int32Array(n);
  for (let k = 0; k < shape.edgeCount; k++) if (!back[k]) waiting[shape.to[k]!]! += 1;
  const queue = new Int32Array(n);
  let tail = 0;
  for (let v = 0; v < n; v++) if (waiting[v] === 0) queue[tail++] = v;
  for (let head = 0; head < tail; head++) {
    const v = queue[head]!;
    for (let e = out.start[v]!; e < out.start[v + 1]!; e++) {
      const k = out.edges[e]!;
      if (back[k]) continue;
      const w = shape.to[k]!;
      if (rank[v]! + 1 > rank[w]!) rank[w] = rank[v]! + 1;
      if (--waiting[w]! === 0) queue[tail++] = w;
    }
  }
  // Sources, latest first: their successors' layers are final.
  for (let at = n - 1; at >= 0; at--) {
    const v = queue[at]!;
    let forwardIn = false;
    for (let e = into.start[v]!; e < into.start[v + 1]! && !forwardIn; e++)
      if (!back[into.edges[e]!]) forwardIn = true;
    if (forwardIn) continue;
    let nearest = -1;
    for (let e = out.start[v]!; e < out.start[v + 1]!; e++) {
      const k = out.edges[e]!;
      if (!back[k] && (nearest < 0 || rank[shape.to[k]!]! < nearest)) nearest = rank[shape.to[k]!]!;
    }
    if (nearest > 0) rank[v] = nearest - 1;
  }
  return rank;
}

/** Connected components, numbered in the order of their first node. */
function components(shape: NetworkShape): { of: Int32Array; count: number } {
  const n = shape.nodeCount;
  const parent = Int32Array.from({ length: n }, (_, v) => v);
  const find = (v: number) => {
    let r = v;
    while (parent[r] !== r) r = parent[r]!;
    while (parent[v] !== r) {
      const up = parent[v]!;
      parent[v] = r;
      v = up;
    }
    return r;
  };
  for (let k = 0; k < shape.edgeCount; k++) {
    const a = find(shape.from[k]!);
    const b = find(shape.to[k]!);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const of = new Int32Array(n);
  const numberOf = new Int32Array(n).fill(-1);
  let count = 0;
  for (let v = 0; v < n; v++) {
    const r = find(v);
    if (numberOf[r] === -1) numberOf[r] = count++;
    of[v] = numberOf[r]!;
  }
  return { of, count };
}

/**
 * A quick layered layout of the network diagram, in the same columns as `networkLayout`, to show at
 * once while elkjs works on the refined one (seconds for thousands of boxes; this, milliseconds):
 * - layers by the longest path from the sources (edges closing a cycle drawn backwards, see `backEdges`);
 * - inside a layer the model's (WBS) order, then one barycenter sweep each way to undo crossings;
 * - a box as low as the next one above it in its layer allows, else level with its predecessors' average;
 * - edges from the predecessor's right side to the successor's left, turning in the gap before it
 *   (a backward edge runs above both boxes);
 * - connected components laid out apart and placed in rows, smallest first, as elkjs packs them.
 */
export function networkProvisionalLayout(shape: NetworkShape): NetworkLayout {
  const n = shape.nodeCount;
  const m = shape.edgeCount;
  const out = adjacency(n, shape.from, m);
  const into = adjacency(n, shape.to, m);
  const back = backEdges(shape, out);
  const rank = layers(shape, out, into, back);
  const comp = components(shape);

  // Layers of every component, one after another: a node's layer is `layerBase[its component] + rank`.
  const depth = new Int32Array(comp.count);
  for (let v = 0; v < n; v++) if (rank[v]! + 1 > depth[comp.of[v]!]!) depth[comp.of[v]!] = rank[v]! + 1;
  const layerBase = new Int32Array(comp.count + 1);
  for (let c = 0; c < comp.count; c++) layerBase[c + 1] = layerBase[c]! + depth[c]!;
  const layerCount = layerBase[comp.count]!;
  const layerOf = new Int32Array(n);
  const layerStart = new Int32Array(layerCount + 1);
  for (let v = 0; v < n; v++) {
    layerOf[v] = layerBase[comp.of[v]!]! + rank[v]!;
    layerStart[layerOf[v]! + 1]! += 1;
  }
  for (let l = 0; l < layerCount; l++) layerStart[l + 1]! += layerStart[l]!;
  const order = new Int32Array(n);
  const fill = layerStart.slice(0, layerCount);
  for (let v = 0; v < n; v++) order[fill[layerOf[v]!]!++] = v;
  const pos = new Float64Array(n);
  for (let i = 0; i < n; i++) pos[order[i]!] = i - layerStart[layerOf[order[i]!]!]!;

  // Barycenter sweeps: by predecessors left to right, then by successors right to left. A node with no
  // neighbour on that side keeps its place; ties keep the order they had.
  const key = new Float64Array(n);
  const sweep = (adj: Adjacency, other: ArrayLike<number>, l: number) => {
    const a = layerStart[l]!;
    const b = layerStart[l + 1]!;
    if (b - a < 2) return;
    for (let i = a; i < b; i++) {
      const v = order[i]!;
      let sum = 0;
      let count = 0;
      for (let e = adj.start[v]!; e < adj.start[v + 1]!; e++) {
        const k = adj.edges[e]!;
        if (back[k]) continue;
        sum += pos[other[k]!]!;
        count++;
      }
      key[v] = count ? sum / count : pos[v]!;
    }
    const part = Array.from(order.subarray(a, b));
    part.sort((p, q) => key[p]! - key[q]! || pos[p]! - pos[q]!);
    for (let i = 0; i < part.length; i++) {
      order[a + i] = part[i]!;
      pos[part[i]!] = i;
    }
  };
  for (let l = 0; l < layerCount; l++) sweep(into, shape.from, l);
  for (let l = layerCount - 1; l >= 0; l--) sweep(out, shape.to, l);

  // Heights inside a component, layer by layer left to right (predecessors are placed first).
  const y = new Float64Array(n);
  const height = new Float64Array(comp.count);
  for (let l = 0; l < layerCount; l++) {
    let above = Number.NEGATIVE_INFINITY;
    for (let i = layerStart[l]!; i < layerStart[l + 1]!; i++) {
      const v = order[i]!;
      let sum = 0;
      let count = 0;
      for (let e = into.start[v]!; e < into.start[v + 1]!; e++) {
        const k = into.edges[e]!;
        if (back[k]) continue;
        sum += y[shape.from[k]!]!;
        count++;
      }
      y[v] = Math.max(count ? sum / count : 0, above + ROW_STEP);
      above = y[v]!;
    }
    const c = comp.of[order[layerStart[l]!]!]!;
    if (layerStart[l + 1]! > layerStart[l]! && above + NETWORK_NODE_HEIGHT > height[c]!)
      height[c] = above + NETWORK_NODE_HEIGHT;
  }

  // Components in rows, smallest first (ties: the model's order), each row as wide as the widest
  // component or the square root of their total area times the aspect ratio.
  const compWidth = Float64Array.from(depth, (d) => (d - 1) * LAYER_STEP + NETWORK_NODE_WIDTH);
  let totalArea = 0;
  let widest = 0;
  for (let c = 0; c < comp.count; c++) {
    totalArea += compWidth[c]! * height[c]!;
    widest = Math.max(widest, compWidth[c]!);
  }
  const rowWidth = Math.max(widest, Math.sqrt(totalArea) * ASPECT_RATIO);
  const placing = Array.from({ length: comp.count }, (_, c) => c).sort(
    (a, b) => compWidth[a]! * height[a]! - compWidth[b]! * height[b]! || a - b,
  );
  const offsetX = new Float64Array(comp.count);
  const offsetY = new Float64Array(comp.count);
  let atX = 0;
  let atY = 0;
  let rowHeight = 0;
  let broadest = 0;
  for (const c of placing) {
    if (atX > 0 && atX + compWidth[c]! > rowWidth) {
      atX = 0;
      atY += rowHeight + COMPONENT_GAP;
      rowHeight = 0;
    }
    offsetX[c] = PADDING + atX;
    offsetY[c] = PADDING + atY;
    broadest = Math.max(broadest, atX + compWidth[c]!);
    rowHeight = Math.max(rowHeight, height[c]!);
    atX += compWidth[c]! + COMPONENT_GAP;
  }

  const x = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    x[v] = offsetX[comp.of[v]!]! + rank[v]! * LAYER_STEP;
    y[v] = y[v]! + offsetY[comp.of[v]!]!;
  }

  // Edges: 2 points when the boxes face each other, 4 with a turn in the gap before the successor,
  // 6 for a backward edge (out of the right side, over both boxes, into the left side).
  const edgeStart = new Int32Array(m + 1);
  for (let k = 0; k < m; k++) {
    const a = shape.from[k]!;
    const b = shape.to[k]!;
    const pointCount = back[k] ? 6 : y[a] === y[b] ? 2 : 4;
    edgeStart[k + 1] = edgeStart[k]! + pointCount;
  }
  const points = new Float64Array(edgeStart[m]! * 2);
  for (let k = 0; k < m; k++) {
    const a = shape.from[k]!;
    const b = shape.to[k]!;
    const sx = x[a]! + NETWORK_NODE_WIDTH;
    const sy = y[a]! + MID;
    const tx = x[b]!;
    const ty = y[b]! + MID;
    const line = back[k]
      ? [
          sx,
          sy,
          sx + LAYER_GAP / 2,
          sy,
          sx + LAYER_GAP / 2,
          Math.min(y[a]!, y[b]!) - NODE_GAP / 2,
          tx - LAYER_GAP / 2,
          Math.min(y[a]!, y[b]!) - NODE_GAP / 2,
          tx - LAYER_GAP / 2,
          ty,
          tx,
          ty,
        ]
      : sy === ty
        ? [sx, sy, tx, ty]
        : [sx, sy, tx - LAYER_GAP / 2, sy, tx - LAYER_GAP / 2, ty, tx, ty];
    points.set(line, edgeStart[k]! * 2);
  }
  return {
    nodeCount: n,
    x,
    y,
    edgeStart,
    points,
    width: n ? broadest + 2 * PADDING : 0,
    height: n ? atY + rowHeight + 2 * PADDING : 0,
  };
}

/**
 * The camera for another layout of the same graph (the refined one replacing the provisional), so that
 * the swap keeps the user's place: the node in focus (`focus`, the selected one; −1 for none) stays where
 * it was on screen, or is centred when it was out of view; without one, a view that showed the whole
 * diagram (`fitted`) shows the whole new one, and any other keeps its centre at the same proportion of
 * the diagram. The zoom stays but for a fit.
 */
export function networkCarryCamera(
  camera: NetworkCamera,
  before: NetworkLayout,
  after: NetworkLayout,
  focus: number,
  fitted: boolean,
  width: number,
  height: number,
): NetworkCamera {
  const { zoom } = camera;
  if (focus >= 0 && focus < after.nodeCount) {
    const view = networkViewRect(camera, width, height);
    const x = before.x[focus]!;
    const y = before.y[focus]!;
    const inView =
      x >= view.left && y >= view.top && x + NETWORK_NODE_WIDTH <= view.right && y + MID * 2 <= view.bottom;
    if (inView) return { x: camera.x + after.x[focus]! - x, y: camera.y + after.y[focus]! - y, zoom };
    return {
      x: after.x[focus]! + NETWORK_NODE_WIDTH / 2 - width / 2 / zoom,
      y: after.y[focus]! + MID - height / 2 / zoom,
      zoom,
    };
  }
  if (fitted) return networkFit(after, width, height);
  const cx = camera.x + width / 2 / zoom;
  const cy = camera.y + height / 2 / zoom;
  const sx = before.width > 0 ? after.width / before.width : 1;
  const sy = before.height > 0 ? after.height / before.height : 1;
  return { x: cx * sx - width / 2 / zoom, y: cy * sy - height / 2 / zoom, zoom };
}
