import { lazy, Suspense } from 'react';
import type { GanttTimelineProps } from './GanttTimeline';

// The timeline brings Pixi, the engine and the layout module: loaded with the first schedule opened,
// not with the app.
const GanttTimeline = lazy(() => import('./GanttTimeline').then((m) => ({ default: m.GanttTimeline })));

/** The Gantt timeline, loaded on demand. */
export function GanttPane(props: GanttTimelineProps) {
  return (
    <Suspense fallback={null}>
      <GanttTimeline {...props} />
    </Suspense>
  );
}
