import type { GanttPixiRenderer } from '@takt/gantt/pixi';
import { useEffect, useState } from 'react';
import { HEADER_HEIGHT } from '../WbsGrid';
import type { GanttTimelineProps } from './GanttTimeline';
import { rendererPreference } from './preference';

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

/** A renderer started before the timeline mounts, on a canvas of its own, with that canvas. */
export interface PreparedRenderer {
  renderer: GanttPixiRenderer;
  canvas: HTMLCanvasElement;
}
/** The renderer the preload is starting; its value once settled (null: it could not start). */
let prepared: {
  promise: Promise<PreparedRenderer | null>;
  settled: boolean;
  value: PreparedRenderer | null;
} | null = null;

/**
 * Starts loading the timeline and Pixi while the version's payload is still on its way, and starts the
 * timeline's renderer too (Pixi's start is ~300 ms): the first timeline to mount adopts it.
 */
export function preloadGanttTimeline(): void {
  if (preloaded) return;
  preloaded = true;
  void loadTimeline();
  const canvas = document.createElement('canvas');
  const entry: NonNullable<typeof prepared> = { promise: Promise.resolve(null), settled: false, value: null };
  entry.promise = import('@takt/gantt/pixi')
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
    .catch(() => null)
    .then((value) => {
      entry.settled = true;
      entry.value = value;
      return value;
    });
  prepared = entry;
}

/**
 * The renderer the preload started, once (later timelines start their own): itself when it has started
 * — so the timeline adopts it in the same task as its mounting — else a promise of it; null when there is
 * none.
 */
export function takePreparedRenderer(): PreparedRenderer | Promise<PreparedRenderer | null> | null {
  const taken = prepared;
  prepared = null;
  if (!taken) return null;
  return taken.settled ? taken.value : taken.promise;
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
