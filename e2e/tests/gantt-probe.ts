/** What the Gantt timeline exposes for tests and the benchmark (`window.__taktGantt`, see GanttTimeline). */
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

export interface GanttMetrics {
  works: number;
  renderer: string;
  firstFrameMs?: number;
  firstFrameFromQueryMs?: number;
  firstFrameOwnMs?: number;
  rendererStartMs?: number;
  frames: number[];
  drags: number[];
  whatIfBuildMs?: number;
  probe: {
    bars(): GanttBar[];
    plan(id: string): [number, number] | null;
    links(): GanttLink[];
    routes(): { from: string; to: string; points: number[] }[];
    pxPerDay(): number;
    cursor(): number | null;
    dayAt(x: number): string | null;
  };
}

/** What the cyclogram exposes (`window.__taktCyclogram`, see CyclogramCanvas). */
export interface CyclogramMetrics {
  renderer: string;
  frames: number;
  locations: number;
  trades: number;
  frameMs: number[];
  firstFrameAt?: number;
}

declare global {
  interface Window {
    __taktGantt?: GanttMetrics;
    __taktCyclogram?: CyclogramMetrics;
  }
}
