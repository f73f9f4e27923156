import type { GanttPixiRenderer } from '@takt/gantt/pixi';
import { HEADER_HEIGHT } from '../WbsGrid';
import { rendererPreference } from './preference';

// Apart from GanttPane (which loads the timeline) so that the timeline can take the renderer without
// importing the module that loads it.

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

/** Starts the timeline's renderer on a canvas of its own, for the first timeline to mount. */
export function prepareRenderer(): void {
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
