import { describe, expect, it } from 'vitest';
import { sampleNetwork } from '../testing/sample-network.js';
import { networkGraph } from './graph.js';
import { NETWORK_NODE_HEIGHT, NETWORK_NODE_WIDTH, type NetworkLayout, type NetworkShape } from './layout.js';
import { networkCarryCamera, networkProvisionalLayout } from './provisional.js';
import { networkCenterOn, networkFit } from './view.js';

const shapeOf = (nodeCount: number, edges: [number, number][]): NetworkShape => ({
  nodeCount,
  edgeCount: edges.length,
  from: edges.map((e) => e[0]),
  to: edges.map((e) => e[1]),
});

/** Pairs of boxes that overlap, found by sorting on x (a sweep, so that 5,000 boxes stay quick). */
function overlaps(layout: NetworkLayout): [number, number][] {
  const byX = Array.from({ length: layout.nodeCount }, (_, i) => i).sort(
    (a, b) => layout.x[a]! - layout.x[b]!,
  );
  const found: [number, number][] = [];
  for (let i = 0; i < byX.length; i++) {
    const a = byX[i]!;
    for (let j = i + 1; j < byX.length; j++) {
      const b = byX[j]!;
      if (layout.x[b]! - layout.x[a]! >= NETWORK_NODE_WIDTH) break;
      if (Math.abs(layout.y[a]! - layout.y[b]!) < NETWORK_NODE_HEIGHT) found.push([a, b]);
    }
  }
  return found;
}

/** Every edge leaves its predecessor's right side and enters its successor's left side, at mid-height. */
function expectEdgeEnds(shape: NetworkShape, layout: NetworkLayout) {
  for (let k = 0; k < shape.edgeCount; k++) {
    const first = layout.edgeStart[k]!;
    const last = layout.edgeStart[k + 1]! - 1;
    expect(last).toBeGreaterThan(first);
    const a = shape.from[k]!;
    const b = shape.to[k]!;
    expect(layout.points[2 * first]).toBe(layout.x[a]! + NETWORK_NODE_WIDTH);
    expect(layout.points[2 * first + 1]).toBe(layout.y[a]! + NETWORK_NODE_HEIGHT / 2);
    expect(layout.points[2 * last]).toBe(layout.x[b]!);
    expect(layout.points[2 * last + 1]).toBe(layout.y[b]! + NETWORK_NODE_HEIGHT / 2);
    // Orthogonal: each segment is horizontal or vertical.
    for (let p = first; p < last; p++) {
      const dx = layout.points[2 * p + 2]! - layout.points[2 * p]!;
      const dy = layout.points[2 * p + 3]! - layout.points[2 * p + 1]!;
      expect(dx === 0 || dy === 0).toBe(true);
    }
  }
}

describe('networkProvisionalLayout', () => {
  it('lays a building of 2,000 works out left to right, every box apart, in elkjs spacing', () => {
    const graph = networkGraph(sampleNetwork(2_000));
    const layout = networkProvisionalLayout(graph);
    expect(layout.nodeCount).toBe(graph.nodeCount);
    for (let k = 0; k < graph.edgeCount; k++)
      expect(layout.x[graph.from[k]!]! + NETWORK_NODE_WIDTH).toBeLessThan(layout.x[graph.to[k]!]!);
    expect(overlaps(layout)).toEqual([]);
    expectEdgeEnds(graph, layout);
    // Inside the diagram, with elkjs's padding of 12 around it.
    for (let i = 0; i < layout.nodeCount; i++) {
      expect(layout.x[i]).toBeGreaterThanOrEqual(12);
      expect(layout.y[i]).toBeGreaterThanOrEqual(12);
      expect(layout.x[i]! + NETWORK_NODE_WIDTH).toBeLessThanOrEqual(layout.width - 12);
      expect(layout.y[i]! + NETWORK_NODE_HEIGHT).toBeLessThanOrEqual(layout.height - 12);
    }
    // A floor's chain of tasks stays on one line (each task level with the one before it).
    expect(layout.y[1]).toBe(layout.y[0]);
    expect(layout.x[1]! - layout.x[0]!).toBe(NETWORK_NODE_WIDTH + 64);
  });

  it('puts a predecessor left of its successor, also across several layers and from a late source', () => {
    // 0 → 1 → 2 → 3, 0 → 3, and 4 (a source) → 3: 4 is drawn in the layer before 3, not at the far left.
    const shape = shapeOf(5, [
      [0, 1],
      [1, 2],
      [2, 3],
      [0, 3],
      [4, 3],
    ]);
    const layout = networkProvisionalLayout(shape);
    for (let k = 0; k < shape.edgeCount; k++)
      expect(layout.x[shape.from[k]!]!).toBeLessThan(layout.x[shape.to[k]!]!);
    expect(layout.x[4]).toBe(layout.x[2]);
    expect(overlaps(layout)).toEqual([]);
    expectEdgeEnds(shape, layout);
  });

  it('ends on cycles, drawing the edge that closes one backwards', () => {
    // A ring of 3, two nodes pointing at each other, a full graph of 4, and a chain leading out of the ring.
    const edges: [number, number][] = [
      [0, 1],
      [1, 2],
      [2, 0],
      [2, 3],
      [4, 5],
      [5, 4],
    ];
    for (let a = 6; a < 10; a++) for (let b = 6; b < 10; b++) if (a !== b) edges.push([a, b]);
    const shape = shapeOf(10, edges);
    const layout = networkProvisionalLayout(shape);
    expect(layout.nodeCount).toBe(10);
    for (let i = 0; i < 10; i++) {
      expect(Number.isFinite(layout.x[i])).toBe(true);
      expect(Number.isFinite(layout.y[i])).toBe(true);
    }
    expect(overlaps(layout)).toEqual([]);
    expectEdgeEnds(shape, layout);
    // The ring runs 0, 1, 2 (its first node first), 3 after 2; only 2 → 0 goes back.
    expect(layout.x[0]).toBeLessThan(layout.x[1]!);
    expect(layout.x[1]).toBeLessThan(layout.x[2]!);
    expect(layout.x[2]).toBeLessThan(layout.x[3]!);
    const back = 2;
    expect(layout.edgeStart[back + 1]! - layout.edgeStart[back]!).toBe(6);
  });

  it('keeps connected components apart', () => {
    const graph = networkGraph(sampleNetwork(1_200, 12));
    // Ten blocks unrelated to each other, and three lone boxes.
    const shape = shapeOf(
      graph.nodeCount + 3,
      Array.from(graph.from, (a, k): [number, number] => [a, graph.to[k]!]),
    );
    const layout = networkProvisionalLayout(shape);
    expect(overlaps(layout)).toEqual([]);
    const parent = Array.from({ length: shape.nodeCount }, (_, i) => i);
    const find = (v: number): number => (parent[v] === v ? v : find(parent[v]!));
    for (let k = 0; k < shape.edgeCount; k++) parent[find(shape.from[k]!)] = find(shape.to[k]!);
    const boxes = new Map<number, { left: number; top: number; right: number; bottom: number }>();
    for (let i = 0; i < shape.nodeCount; i++) {
      const c = find(i);
      const box = boxes.get(c) ?? { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
      box.left = Math.min(box.left, layout.x[i]!);
      box.top = Math.min(box.top, layout.y[i]!);
      box.right = Math.max(box.right, layout.x[i]! + NETWORK_NODE_WIDTH);
      box.bottom = Math.max(box.bottom, layout.y[i]! + NETWORK_NODE_HEIGHT);
      boxes.set(c, box);
    }
    const all = [...boxes.values()];
    expect(all.length).toBeGreaterThan(4);
    for (let a = 0; a < all.length; a++)
      for (let b = a + 1; b < all.length; b++) {
        const p = all[a]!;
        const q = all[b]!;
        const apart = p.right <= q.left || q.right <= p.left || p.bottom <= q.top || q.bottom <= p.top;
        expect(apart).toBe(true);
      }
  });

  it('gives the same layout for the same graph, and none for no graph', () => {
    const graph = networkGraph(sampleNetwork(600, 20));
    const first = networkProvisionalLayout(graph);
    const second = networkProvisionalLayout(graph);
    expect(second.x).toEqual(first.x);
    expect(second.y).toEqual(first.y);
    expect(second.edgeStart).toEqual(first.edgeStart);
    expect(second.points).toEqual(first.points);
    const empty = networkProvisionalLayout(shapeOf(0, []));
    expect(empty).toMatchObject({ nodeCount: 0, width: 0, height: 0 });
    expect(empty.edgeStart).toEqual(new Int32Array(1));
  });

  it('lays out 5,000 works in well under a second', () => {
    const graph = networkGraph(sampleNetwork(5_000));
    const started = performance.now();
    const layout = networkProvisionalLayout(graph);
    // The target is 150 ms on a quiet machine; the bound leaves room for a loaded test run.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(overlaps(layout)).toEqual([]);
  });
});

describe('networkCarryCamera', () => {
  const before = networkProvisionalLayout(networkGraph(sampleNetwork(300, 12)));
  // Another layout of the same graph: every box moved (as elkjs's would be).
  const after: NetworkLayout = {
    ...before,
    x: before.x.map((x, i) => x + 40 + (i % 7) * 10),
    y: before.y.map((y, i) => y * 1.5 + (i % 3) * 5),
    width: before.width + 400,
    height: before.height * 1.5 + 20,
  };
  const screen = (camera: { x: number; y: number; zoom: number }, layout: NetworkLayout, node: number) => [
    (layout.x[node]! - camera.x) * camera.zoom,
    (layout.y[node]! - camera.y) * camera.zoom,
  ];

  it('keeps the selected box where it was on screen, or centres it when it was out of view', () => {
    const fit = networkFit(before, 1200, 800);
    const centred = networkCenterOn(fit, before, 123, 1200, 800);
    const carried = networkCarryCamera(centred, before, after, 123, false, 1200, 800);
    expect(carried.zoom).toBe(centred.zoom);
    const [x0, y0] = screen(centred, before, 123);
    const [x1, y1] = screen(carried, after, 123);
    expect(x1).toBeCloseTo(x0!);
    expect(y1).toBeCloseTo(y0!);
    // Box 5 is far from box 123: it comes to the middle of the view.
    const away = networkCarryCamera(centred, before, after, 5, false, 1200, 800);
    const [x2, y2] = screen(away, after, 5);
    expect(x2! + (NETWORK_NODE_WIDTH * away.zoom) / 2).toBeCloseTo(600);
    expect(y2! + (NETWORK_NODE_HEIGHT * away.zoom) / 2).toBeCloseTo(400);
  });

  it('fits the new layout when the whole diagram was shown, else keeps the view at its place', () => {
    const fit = networkFit(before, 1200, 800);
    expect(networkCarryCamera(fit, before, after, -1, true, 1200, 800)).toEqual(networkFit(after, 1200, 800));
    const moved = { x: before.width / 2 - 600, y: -400, zoom: 1 };
    const kept = networkCarryCamera(moved, before, after, -1, false, 1200, 800);
    expect(kept.zoom).toBe(1);
    expect(kept.x + 600).toBeCloseTo(after.width / 2);
    expect(kept.y + 400).toBeCloseTo(0);
  });
});
