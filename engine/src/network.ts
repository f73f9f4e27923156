/**
 * A directed graph over node indices in compressed sparse rows: the edges entering node v are
 * `inEdges[inStart[v] .. inStart[v + 1])`, the edges leaving it `outEdges[outStart[v] .. outStart[v + 1])`.
 */
export interface Network {
  readonly nodeCount: number;
  readonly edgeFrom: Int32Array;
  readonly edgeTo: Int32Array;
  readonly inStart: Int32Array;
  readonly inEdges: Int32Array;
  readonly outStart: Int32Array;
  readonly outEdges: Int32Array;
}

export function networkBuild(nodeCount: number, edgeFrom: Int32Array, edgeTo: Int32Array): Network {
  const edgeCount = edgeFrom.length;
  const inStart = new Int32Array(nodeCount + 1);
  const outStart = new Int32Array(nodeCount + 1);
  for (let e = 0; e < edgeCount; e++) {
    inStart[edgeTo[e]! + 1]!++;
    outStart[edgeFrom[e]! + 1]!++;
  }
  for (let v = 0; v < nodeCount; v++) {
    inStart[v + 1]! += inStart[v]!;
    outStart[v + 1]! += outStart[v]!;
  }
  const inEdges = new Int32Array(edgeCount);
  const outEdges = new Int32Array(edgeCount);
  const inFill = inStart.slice(0, nodeCount);
  const outFill = outStart.slice(0, nodeCount);
  for (let e = 0; e < edgeCount; e++) {
    inEdges[inFill[edgeTo[e]!]!++] = e;
    outEdges[outFill[edgeFrom[e]!]!++] = e;
  }
  return { nodeCount, edgeFrom, edgeTo, inStart, inEdges, outStart, outEdges };
}

/**
 * Kahn's topological order of all nodes, or — when the graph has a cycle — one cycle as the list of its
 * nodes in edge order.
 */
export function networkTopologicalOrder(network: Network): { order: Int32Array } | { cycle: number[] } {
  const waiting = new Int32Array(network.nodeCount);
  const order = new Int32Array(network.nodeCount);
  if (networkKahnOrder(network, waiting, order) === network.nodeCount) return { order };
  return { cycle: networkFindCycle(network, waiting, network.edgeFrom) };
}

/**
 * Kahn's order into `order`, counting predecessors in `waiting` (both of the node count, reused by the
 * caller). Returns how many nodes it ordered: fewer than all when a cycle holds the rest, which are then
 * the nodes with `waiting` above zero.
 */
export function networkKahnOrder(network: Network, waiting: Int32Array, order: Int32Array): number {
  const { nodeCount, edgeTo, inStart, outStart, outEdges } = network;
  let tail = 0;
  for (let v = 0; v < nodeCount; v++) {
    waiting[v] = inStart[v + 1]! - inStart[v]!;
    if (waiting[v] === 0) order[tail++] = v;
  }
  for (let head = 0; head < tail; head++) {
    const v = order[head]!;
    for (let k = outStart[v]!; k < outStart[v + 1]!; k++) {
      const w = edgeTo[outEdges[k]!]!;
      if (--waiting[w]! === 0) order[tail++] = w;
    }
  }
  return tail;
}

/** Walks backwards through nodes still waiting for a predecessor until one repeats: that loop is a cycle. */
function networkFindCycle(network: Network, waiting: Int32Array, edgeFrom: Int32Array): number[] {
  const { inStart, inEdges } = network;
  const seenAt = new Map<number, number>();
  const path: number[] = [];
  let v = waiting.findIndex((count) => count > 0);
  while (!seenAt.has(v)) {
    seenAt.set(v, path.length);
    path.push(v);
    let next = -1;
    for (let k = inStart[v]!; k < inStart[v + 1]! && next < 0; k++) {
      const u = edgeFrom[inEdges[k]!]!;
      if (waiting[u]! > 0) next = u;
    }
    v = next;
  }
  return path.slice(seenAt.get(v)).reverse();
}
