import type { CyclogramMetrics } from '@takt/contracts';
import type { CyclogramInput } from '@takt/gantt';
import type { CyclogramPixiRenderer } from '@takt/gantt/pixi';
import { type RefObject, useEffect, useMemo, useRef } from 'react';

// Read by the e2e tests and the benchmark.
declare global {
  interface Window {
    __taktCyclogram?: CyclogramMetrics;
  }
}
const MAX_FRAMES = 5000;

/** What the chart tells its probe: a scene was set. */
export interface CyclogramProbe {
  scene(input: CyclogramInput): void;
}

/**
 * Publishes the chart's measurements as `window.__taktCyclogram` once its renderer is ready and records
 * every frame the renderer draws. Used only in builds with probes (`__TAKT_PROBES__`).
 */
export function useCyclogramProbe(
  renderer: RefObject<CyclogramPixiRenderer | null>,
  ready: boolean,
): CyclogramProbe {
  const metrics = useRef<CyclogramMetrics>({ renderer: '', frames: 0, locations: 0, trades: 0, frameMs: [] });
  useEffect(() => {
    const r = renderer.current;
    if (!ready || !r) return;
    const m = metrics.current;
    m.renderer = r.rendererName;
    window.__taktCyclogram = m;
    r.onFrame = (ms, layers) => {
      if (m.frameMs.length < MAX_FRAMES) m.frameMs.push(ms);
      if (m.firstFrameAt === undefined && layers.has('static') && m.locations > 0)
        m.firstFrameAt = performance.now();
    };
  }, [ready, renderer]);
  return useMemo(
    () => ({
      scene: (input) => {
        const m = metrics.current;
        m.frames += 1;
        m.locations = input.locations.length;
        m.trades = input.trades.length;
      },
    }),
    [],
  );
}
