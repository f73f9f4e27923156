import type { GanttPixiRenderer } from '@takt/gantt/pixi';
import { lazy, Suspense } from 'react';
import { HEADER_HEIGHT } from '../WbsGrid';
import type { GanttTimelineProps } from './GanttTimeline';
import { rendererPreference } from './preference';

// The timeline brings Pixi, the engine and the layout module: loaded with the first schedule opened,
// not with the app.
const GanttTimeline = lazy(() => import('./GanttTimeline').then((m) => ({ default: m.GanttTimeline })));

let preloaded = false;

/** A renderer started before the timeline mounts, on a canvas of its own, with that canvas. */
export interface PreparedRenderer {
  renderer: GanttPixiRenderer;
  canvas: HTMLCanvasElement;
}
let prepared: Promise<PreparedRenderer | null> | null = null;

/**
 * Starts loading the timeline and Pixi while the version's payload is still on its way, and starts the
 * timeline's renderer too (Pixi's start is ~300 ms): the first timeline to mount adopts it.
 */
export function preloadGanttTimeline(): void {
  if (preloaded) return;
  preloaded = true;
  void import('./GanttTimeline');
  const canvas = document.createElement('canvas');
  prepared = import('@takt/gantt/pixi')
    .then(({ GanttPixiRenderer }) =>
      GanttPixiRenderer.create({
        canvas,
        width: 1,
        height: 1,
        preference: rendererPreference(),
        headerHeight: HEADER_HEIGHT,
      }),
    )
    .then((renderer) => ({ renderer, canvas }))
    .catch(() => null);
}

/** The renderer the preload started, once (later timelines start their own). */
export function takePreparedRenderer(): Promise<PreparedRenderer | null> {
  const taken = prepared ?? Promise.resolve(null);
  prepared = null;
  return taken;
}

/** The Gantt timeline, loaded on demand. */
export function GanttPane(props: GanttTimelineProps) {
  return (
    <Suspense fallback={null}>
      <GanttTimeline {...props} />
    </Suspense>
  );
}
