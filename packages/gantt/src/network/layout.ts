import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';

/** A node's box in diagram units (pixels at zoom 1). */
export const NETWORK_NODE_WIDTH = 208;
export const NETWORK_NODE_HEIGHT = 78;

/** What the layout needs of a graph: its nodes (by index) and its edges. */
export interface NetworkShape {
  readonly nodeCount: number;
  readonly edgeCount: number;
  readonly from: ArrayLike<number>;
  readonly to: ArrayLike<number>;
}

/**
 * Where everything is: a node's top-left corner, and each edge as a polyline (`edgeStart[k]` …
 * `edgeStart[k + 1]` index pairs of `points`, x then y) from its predecessor to its successor.
 */
export interface NetworkLayout {
  readonly nodeCount: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly edgeStart: Int32Array;
  readonly points: Float64Array;
  readonly width: number;
  readonly height: number;
}

/** The part of elkjs the layout calls (`new ELK()` from `elkjs/lib/elk.bundled.js`, or its worker API). */
export interface ElkLayouter {
  layout(graph: ElkNode): Promise<ElkNode>;
}

/**
 * The layered (Sugiyama) options: left to right, orthogonal edges, components packed, the model's order
 * (WBS order) kept where it costs no crossings. Large graphs get the cheaper crossing reduction and node
 * placement — the default ones take minutes at 5,000 nodes, the lighter ones seconds.
 */
export function networkElkOptions(nodeCount: number): Record<string, string> {
  const large = nodeCount > 600;
  return {
    'elk.algorithm': 'layered',
    'elk.direction': 'RIGHT',
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.spacing.nodeNode': '28',
    'elk.layered.spacing.nodeNodeBetweenLayers': '64',
    'elk.layered.spacing.edgeNodeBetweenLayers': '16',
    'elk.spacing.componentComponent': '48',
    'elk.separateConnectedComponents': 'true',
    'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    'elk.layered.thoroughness': large ? '1' : '7',
    ...(large
      ? {
          'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
          'elk.layered.nodePlacement.strategy': 'SIMPLE',
        }
      : {}),
  };
}

/** The graph in elkjs's JSON: nodes `n<index>`, edges `e<index>`, all of one size. */
export function networkElkGraph(shape: NetworkShape): ElkNode {
  const children: ElkNode[] = new Array(shape.nodeCount);
  for (let i = 0; i < shape.nodeCount; i++)
    children[i] = { id: `n${i}`, width: NETWORK_NODE_WIDTH, height: NETWORK_NODE_HEIGHT };
  const edges: ElkExtendedEdge[] = new Array(shape.edgeCount);
  for (let k = 0; k < shape.edgeCount; k++)
    edges[k] = { id: `e${k}`, sources: [`n${shape.from[k]}`], targets: [`n${shape.to[k]}`] };
  return { id: 'root', layoutOptions: networkElkOptions(shape.nodeCount), children, edges };
}

/** Reads elkjs's answer into columns (node corners, edge polylines). */
export function networkLayoutOf(shape: NetworkShape, result: ElkNode): NetworkLayout {
  const x = new Float64Array(shape.nodeCount);
  const y = new Float64Array(shape.nodeCount);
  for (const child of result.children ?? []) {
    const i = Number(child.id.slice(1));
    x[i] = child.x ?? 0;
    y[i] = child.y ?? 0;
  }
  const edgeStart = new Int32Array(shape.edgeCount + 1);
  const byEdge: number[][] = new Array(shape.edgeCount);
  for (const edge of result.edges ?? []) {
    const k = Number(edge.id.slice(1));
    const line: number[] = [];
    for (const section of edge.sections ?? []) {
      line.push(section.startPoint.x, section.startPoint.y);
      for (const bend of section.bendPoints ?? []) line.push(bend.x, bend.y);
      line.push(section.endPoint.x, section.endPoint.y);
    }
    byEdge[k] = line;
  }
  let total = 0;
  for (let k = 0; k < shape.edgeCount; k++) {
    // An edge elkjs left without a route runs straight between the boxes' facing sides.
    if (!byEdge[k]?.length) {
      const a = shape.from[k]!;
      const b = shape.to[k]!;
      byEdge[k] = [
        x[a]! + NETWORK_NODE_WIDTH,
        y[a]! + NETWORK_NODE_HEIGHT / 2,
        x[b]!,
        y[b]! + NETWORK_NODE_HEIGHT / 2,
      ];
    }
    edgeStart[k] = total / 2;
    total += byEdge[k]!.length;
  }
  edgeStart[shape.edgeCount] = total / 2;
  const points = new Float64Array(total);
  for (let k = 0; k < shape.edgeCount; k++) points.set(byEdge[k]!, edgeStart[k]! * 2);
  return {
    nodeCount: shape.nodeCount,
    x,
    y,
    edgeStart,
    points,
    width: result.width ?? 0,
    height: result.height ?? 0,
  };
}

/** Lays a graph out with elkjs (run it in a worker or a thread: a 5,000-node graph takes seconds). */
export async function networkLayout(elk: ElkLayouter, shape: NetworkShape): Promise<NetworkLayout> {
  if (shape.nodeCount === 0)
    return {
      nodeCount: 0,
      x: new Float64Array(0),
      y: new Float64Array(0),
      edgeStart: new Int32Array(1),
      points: new Float64Array(0),
      width: 0,
      height: 0,
    };
  return networkLayoutOf(shape, await elk.layout(networkElkGraph(shape)));
}
