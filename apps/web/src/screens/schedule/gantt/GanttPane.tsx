import { useEffect, useState } from 'react';
import { prepareRenderer } from './prepared-renderer';
import type { GanttTimelineProps } from './timeline';

type TimelineModule = typeof import('./GanttTimeline');

// The timeline brings Pixi, the engine and the layout module: loaded with the first schedule opened,
// not with the app. Not through React.lazy and Suspense: React holds back content revealed after a
// fallback for up to 300 ms, which the timeline's first frame would wait for.
let timelineModule: TimelineModule | null = null;
let timelineLoading: Promise<TimelineModule> | null = null;
function loadTimeline(): Promise<TimelineModule> {
  timelineLoading ??= import('./GanttTimeline').then(
    (m) => {
      timelineModule = m;
      return m;
    },
    (error: unknown) => {
      // A chunk that failed to load is asked for again by the next timeline.
      timelineLoading = null;
      throw error;
    },
  );
  return timelineLoading;
}

let preloaded = false;

/**
 * Starts loading the timeline and Pixi while the version's payload is still on its way, and starts the
 * timeline's renderer too (Pixi's start is ~300 ms): the first timeline to mount adopts it.
 */
export function preloadGanttTimeline(): void {
  if (preloaded) return;
  preloaded = true;
  void loadTimeline();
  prepareRenderer();
}

/** The Gantt timeline, loaded on demand (rendered at once when the preload has brought it). */
export function GanttPane(props: GanttTimelineProps) {
  const [loaded, setLoaded] = useState(timelineModule);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    if (loaded) return;
    let cancelled = false;
    loadTimeline().then(
      (m) => !cancelled && setLoaded(m),
      (error: unknown) => !cancelled && setFailed(error),
    );
    return () => {
      cancelled = true;
    };
  }, [loaded]);
  // The app's error boundary shows a chunk that could not be loaded, as it did with React.lazy.
  if (failed) throw failed;
  if (!loaded) return null;
  const { GanttTimeline } = loaded;
  return <GanttTimeline {...props} />;
}
