import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { sampleNetwork } from '../testing/sample-network.js';
import { networkGraph } from './graph.js';
import { NETWORK_NODE_HEIGHT, NETWORK_NODE_WIDTH, networkLayout } from './layout.js';
import {
  networkCenterOn,
  networkEdgesIn,
  networkFit,
  networkHitTest,
  networkIndex,
  networkNodesIn,
  networkPan,
  networkViewRect,
  networkZoomAt,
} from './view.js';

const elk = new ELK();

describe('networkLayout', () => {
  it('lays a building out left to right without overlapping boxes', async () => {
    const graph = networkGraph(sampleNetwork(120, 12));
    const layout = await networkLayout(elk, graph);
    expect(layout.nodeCount).toBe(graph.nodeCount);
    // Every predecessor's box ends left of its successor's (a layered diagram, relations point right).
    for (let k = 0; k < graph.edgeCount; k++) {
      expect(layout.x[graph.from[k]!]! + NETWORK_NODE_WIDTH).toBeLessThanOrEqual(layout.x[graph.to[k]!]!);
      // Each edge is a polyline that starts at its predecessor's right side and ends at its successor's left.
      const first = layout.edgeStart[k]!;
      const last = layout.edgeStart[k + 1]! - 1;
      expect(last).toBeGreaterThan(first);
      expect(layout.points[2 * first]).toBeCloseTo(layout.x[graph.from[k]!]! + NETWORK_NODE_WIDTH, 0);
      expect(layout.points[2 * last]).toBeCloseTo(layout.x[graph.to[k]!]!, 0);
    }
    for (let a = 0; a < graph.nodeCount; a++) {
      for (let b = a + 1; b < graph.nodeCount; b++) {
        const apart =
          Math.abs(layout.x[a]! - layout.x[b]!) >= NETWORK_NODE_WIDTH ||
          Math.abs(layout.y[a]! - layout.y[b]!) >= NETWORK_NODE_HEIGHT;
        expect(apart).toBe(true);
      }
    }
    expect(layout.width).toBeGreaterThan(0);
  });

  it('answers an empty graph without calling elkjs', async () => {
    const layout = await networkLayout(
      { layout: () => Promise.reject(new Error('not called')) },
      {
        nodeCount: 0,
        edgeCount: 0,
        from: [],
        to: [],
      },
    );
    expect(layout.nodeCount).toBe(0);
  });
});

describe('view', () => {
  it('fits, zooms at a point, pans, centres, culls and hits', async () => {
    const graph = networkGraph(sampleNetwork(300, 20));
    const layout = await networkLayout(elk, graph);
    const index = networkIndex(layout);
    const fit = networkFit(layout, 800, 600);
    const all = networkViewRect(fit, 800, 600);
    expect(all.left).toBeLessThanOrEqual(0);
    expect(all.right).toBeGreaterThanOrEqual(layout.width);
    expect(networkNodesIn(layout, index, all)).toHaveLength(graph.nodeCount);
    expect(networkEdgesIn(index, all)).toHaveLength(graph.edgeCount);

    // Zooming at a point keeps that point under the pointer.
    const zoomed = networkZoomAt(fit, 4, 200, 100);
    const before = { x: fit.x + 200 / fit.zoom, y: fit.y + 100 / fit.zoom };
    expect(zoomed.x + 200 / zoomed.zoom).toBeCloseTo(before.x);
    expect(zoomed.y + 100 / zoomed.zoom).toBeCloseTo(before.y);
    expect(networkPan(zoomed, 50, 0).x).toBeCloseTo(zoomed.x - 50 / zoomed.zoom);

    // Centred on a node, the view shows that node in its middle, readable, and only a few others.
    const node = 123;
    const centred = networkCenterOn(fit, layout, node, 800, 600);
    expect(centred.zoom).toBeGreaterThanOrEqual(0.85);
    expect(networkHitTest(layout, index, centred, 400, 300)).toBe(node);
    const visible = networkNodesIn(layout, index, networkViewRect(centred, 800, 600));
    expect(visible).toContain(node);
    expect(visible.length).toBeLessThan(graph.nodeCount / 4);
    // Nowhere near any box: no node.
    expect(networkHitTest(layout, index, fit, -500, -500)).toBe(-1);
  });
});
