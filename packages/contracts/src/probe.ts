/**
 * What the charts of the web app publish for the browser benchmark and the end-to-end tests (only in
 * builds with probes): the Gantt timeline as `window.__taktGantt`, the cyclogram as `window.__taktCyclogram`,
 * the schedule page's load of a version as `window.__taktGrid`, the renderer the charts chose as
 * `window.__taktRenderer`.
 * The app writes these objects and the tests read them, so both take the shape from here.
 */

/** A plan bar as drawn, in canvas pixels. */
export interface GanttBar {
  id: string;
  row: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GanttLink {
  from: string;
  to: string;
  type: string;
  driving: boolean;
}

/** The renderer the charts draw with, and why (the user's override, or what the machine's WebGL is). */
export interface RendererProbe {
  renderer: 'webgl' | 'canvas';
  reason: string;
  /** The WebGL renderer string the browser reported, if any. */
  webglRenderer: string | null;
}

/** Measurements of the timeline and what it shows. */
export interface GanttMetrics {
  works: number;
  renderer: string;
  /** performance.now() of the first frame with rows: the time from the page's navigation start. */
  firstFrameAt?: number;
  /** From the version's payload decoded (the data in hand) to the first frame with rows. */
  firstFrameMs?: number;
  /** From the start of the payload query (server and transfer included) to that frame. */
  firstFrameFromQueryMs?: number;
  /** The timeline's own part: from its mounting with the decoded version to that frame. */
  firstFrameOwnMs?: number;
  /** Of which: loading and starting the Pixi renderer. */
  rendererStartMs?: number;
  /** Cost of each frame drawn (layout + render), in order. */
  frames: number[];
  /** Pointer move → successors recalculated and redrawn, per drag step. */
  drags: number[];
  whatIfBuildMs?: number;
  /** What the timeline shows now (canvas pixels, engine minutes). */
  probe: {
    /** Bars of one plan kind as drawn (the plan unless named). */
    bars(kind?: 'plan' | 'approved_plan' | 'fact'): GanttBar[];
    plan(id: string): [number, number] | null;
    links(): GanttLink[];
    /** Links drawn in the last frame: their polylines in canvas pixels. */
    routes(): { from: string; to: string; points: number[] }[];
    pxPerDay(): number;
    /** The date cursor's line in canvas pixels, or null when it is not set or out of view. */
    cursor(): number | null;
    /** A vertical line's x in canvas pixels, or null when it is not drawn (out of view). */
    line(kind: 'today' | 'data_date' | 'cursor'): number | null;
    /** The day (YYYY-MM-DD) under a canvas x: what a click in the header there picks. */
    dayAt(x: number): string | null;
  };
}

/** Measurements of the cyclogram. */
export interface CyclogramMetrics {
  renderer: string;
  /** Scenes set (a frame is drawn only when one differs). */
  frames: number;
  locations: number;
  trades: number;
  /** The cost of each frame drawn. */
  frameMs: number[];
  /** performance.now() of the first frame with locations. */
  firstFrameAt?: number;
}

/** The schedule page's load of the last version opened (milliseconds, the page's own clock). */
export interface GridLoadMetrics {
  works: number;
  /** performance.now() when the payload was requested. */
  startedAt: number;
  queryMs: number;
  /** From the bytes received to the version in hand: the decoder's own time and the hand-offs. */
  decodeMs: number;
  /** The decoder's own time, on the decode worker. */
  decoderMs: number;
  loadMs: number;
  /** Grid rows painted, from the payload query start. */
  firstPaintMs?: number;
}

/** Measurements of the network diagram and where its boxes are on screen. */
export interface NetworkMetrics {
  renderer: string;
  /** The WBS level shown (0: every work). */
  level: number;
  nodes: number;
  edges: number;
  criticalNodes: number;
  criticalEdges: number;
  /** The last layout's time on the worker. */
  layoutMs: number;
  /** The cost of each frame drawn. */
  frameMs: number[];
  /** What the last frame drew (boxes, edges, texts). */
  drawn: { nodes: number; edges: number; texts: number };
  /** The box of a work's node in the canvas's CSS pixels, or null when it is not drawn. */
  nodeBox(workId: string): { x: number; y: number; width: number; height: number } | null;
  /** The canvas's size in CSS pixels. */
  view: { width: number; height: number };
}
