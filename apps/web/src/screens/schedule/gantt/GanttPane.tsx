import { lazy, Suspense } from 'react';
import type { GanttTimelineProps } from './GanttTimeline';
import { rendererPreference } from './preference';

// The timeline brings Pixi, the engine and the layout module: loaded with the first schedule opened,
// not with the app.
const GanttTimeline = lazy(() => import('./GanttTimeline').then((m) => ({ default: m.GanttTimeline })));

let preloaded = false;

/**
 * Starts loading the timeline and Pixi while the version's payload is still on its way, and starts
 * one throw-away renderer so that Pixi's own modules are loaded and warm when the timeline needs them.
 */
export function preloadGanttTimeline(): void {
  if (preloaded) return;
  preloaded = true;
  void import('./GanttTimeline');
  void import('@takt/gantt/pixi').then(async ({ GanttPixiRenderer }) => {
    const warm = await GanttPixiRenderer.create({
      canvas: document.createElement('canvas'),
      width: 1,
      height: 1,
      preference: rendererPreference(),
    });
    warm.destroy();
  });
}

/** The Gantt timeline, loaded on demand. */
export function GanttPane(props: GanttTimelineProps) {
  return (
    <Suspense fallback={null}>
      <GanttTimeline {...props} />
    </Suspense>
  );
}
