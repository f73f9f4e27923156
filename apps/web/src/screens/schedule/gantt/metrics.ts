import type { GanttMetrics } from '@takt/contracts';
import { type GanttSnapshot, ganttDayAt, LINK_TYPES, MINUTES_PER_DAY, type TimeScale } from '@takt/gantt';
import type { GanttPixiRenderer } from '@takt/gantt/pixi';
import type { ScheduleModel } from '../../../lib/columnar';
import { HEADER_HEIGHT } from '../WbsGrid';

declare global {
  interface Window {
    __taktGantt?: GanttMetrics;
  }
}

const MAX_FRAMES = 5000;

/**
 * Publishes the timeline's measurements as `window.__taktGantt` and records every frame the renderer
 * draws; the first frame with rows is timed against the grid's payload timings (`window.__taktGrid`).
 */
export function ganttMetricsInstall(
  renderer: GanttPixiRenderer,
  source: {
    mountedAt: number;
    model: () => ScheduleModel;
    /** The snapshot drawn now (a what-if while dragging). */
    shown: () => GanttSnapshot;
    scale: () => TimeScale | null;
  },
): GanttMetrics {
  const ids = () => source.model().ids;
  const metrics: GanttMetrics = {
    rendererStartMs: performance.now() - source.mountedAt,
    works: 0,
    renderer: renderer.rendererName,
    frames: [],
    drags: [],
    probe: {
      bars: (kind = 'plan') =>
        (renderer.layout?.bars ?? [])
          .filter((b) => b.kind === kind)
          .map((b) => ({
            id: ids()[b.work]!,
            row: b.row,
            x: b.x,
            y: b.y + HEADER_HEIGHT,
            width: b.width,
            height: b.height,
          })),
      plan: (id) => {
        const work = source.model().rowOf.get(id);
        const shown = source.shown();
        return work === undefined ? null : [shown.planStart[work]!, shown.planFinish[work]!];
      },
      links: () => {
        const { links } = source.shown();
        return Array.from({ length: links.count }, (_, k) => ({
          from: ids()[links.predecessor[k]!]!,
          to: ids()[links.successor[k]!]!,
          type: LINK_TYPES[links.type[k]!] ?? 'fs',
          driving: links.driving[k] === 1,
        }));
      },
      routes: () => {
        const { links } = source.shown();
        return renderer.routes.map((route) => ({
          from: ids()[links.predecessor[route.link]!]!,
          to: ids()[links.successor[route.link]!]!,
          points: route.points.map((v, i) => (i % 2 === 1 ? v + HEADER_HEIGHT : v)),
        }));
      },
      pxPerDay: () => (source.scale()?.pxPerMinute ?? 0) * MINUTES_PER_DAY,
      cursor: () => renderer.layout?.lines.find((line) => line.kind === 'cursor')?.x ?? null,
      line: (kind) => renderer.layout?.lines.find((line) => line.kind === kind)?.x ?? null,
      dayAt: (x) => {
        const scale = source.scale();
        if (!scale) return null;
        return new Date(Date.UTC(2000, 0, 1) + ganttDayAt(scale, x) * 60_000).toISOString().slice(0, 10);
      },
    },
  };
  window.__taktGantt = metrics;
  renderer.onFrame = (ms, layers) => {
    if (metrics.frames.length < MAX_FRAMES) metrics.frames.push(ms);
    const shown = source.shown();
    if (metrics.firstFrameMs !== undefined || !layers.has('static') || shown.rowCount === 0) return;
    metrics.works = shown.workCount;
    const now = performance.now();
    metrics.firstFrameAt ??= now;
    const grid = window.__taktGrid;
    if (!grid) return;
    metrics.firstFrameMs = now - (grid.startedAt + grid.loadMs);
    metrics.firstFrameFromQueryMs = now - grid.startedAt;
    metrics.firstFrameOwnMs = now - source.mountedAt;
  };
  return metrics;
}
