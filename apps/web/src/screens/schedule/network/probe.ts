import type { NetworkMetrics } from '@takt/contracts';
import {
  NETWORK_NODE_HEIGHT,
  NETWORK_NODE_WIDTH,
  type NetworkCamera,
  type NetworkGraph,
  type NetworkLayout,
} from '@takt/gantt/network';
import type { NetworkPixiRenderer } from '@takt/gantt/pixi';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';

// Read by the e2e tests.
declare global {
  interface Window {
    __taktNetwork?: NetworkMetrics;
  }
}
const MAX_FRAMES = 5000;

/** What the diagram tells its probe: the scene it set. */
interface NetworkProbe {
  scene(
    graph: NetworkGraph,
    layout: NetworkLayout,
    layoutMs: number,
    model: ScheduleModel,
    camera: RefObject<NetworkCamera>,
  ): void;
}

function count(values: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (values[i]) n++;
  return n;
}

function useNetworkProbeOn(renderer: RefObject<NetworkPixiRenderer | null>, ready: boolean): NetworkProbe {
  const metrics = useRef<NetworkMetrics>({
    renderer: '',
    level: 0,
    nodes: 0,
    edges: 0,
    criticalNodes: 0,
    criticalEdges: 0,
    layoutMs: 0,
    frameMs: [],
    drawn: { nodes: 0, edges: 0, texts: 0 },
    nodeBox: () => null,
    view: { width: 0, height: 0 },
  });
  useEffect(() => {
    const r = renderer.current;
    if (!ready || !r) return;
    const m = metrics.current;
    m.renderer = r.rendererName;
    window.__taktNetwork = m;
    r.onFrame = (ms) => {
      if (m.frameMs.length < MAX_FRAMES) m.frameMs.push(ms);
      m.drawn = r.drawnCounts;
    };
    return () => {
      if (window.__taktNetwork === m) window.__taktNetwork = undefined;
    };
  }, [ready, renderer]);
  return useMemo(
    () => ({
      scene: (graph, layout, layoutMs, model, camera) => {
        const m = metrics.current;
        m.level = graph.level;
        m.nodes = graph.nodeCount;
        m.edges = graph.edgeCount;
        m.criticalNodes = count(graph.critical);
        m.criticalEdges = count(graph.criticalEdge);
        m.layoutMs = layoutMs;
        const canvas = renderer.current ? (document.querySelector('.network-canvas') as HTMLElement) : null;
        m.view = { width: canvas?.clientWidth ?? 0, height: canvas?.clientHeight ?? 0 };
        m.nodeBox = (id) => {
          const row = model.rowOf.get(id);
          const node = row === undefined ? -1 : graph.nodeOfRow[row]!;
          if (node < 0) return null;
          const { x, y, zoom } = camera.current;
          return {
            x: (layout.x[node]! - x) * zoom,
            y: (layout.y[node]! - y) * zoom,
            width: NETWORK_NODE_WIDTH * zoom,
            height: NETWORK_NODE_HEIGHT * zoom,
          };
        };
      },
    }),
    [renderer],
  );
}

/** No probe: the app users get measures nothing (see `__TAKT_PROBES__`). */
const NO_PROBE: NetworkProbe = { scene: () => {} };

/** Publishes the diagram's measurements as `window.__taktNetwork` in builds with probes. */
export const useNetworkProbe: typeof useNetworkProbeOn = __TAKT_PROBES__ ? useNetworkProbeOn : () => NO_PROBE;
