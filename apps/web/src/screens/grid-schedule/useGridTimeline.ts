import { type GanttLanguage, type GanttLayoutOptions, snapshotTimeRange } from '@takt/gantt';
import { type PointerEvent, type RefObject, useEffect, useMemo, useRef } from 'react';
import { useChartScale, wheelZoomFactor } from '../../lib/chart-scale';
import { appI18n, weekRule } from '../../lib/i18n';
import { usePixiHost } from '../../lib/pixi-host';
import { nowMinutes } from '../../lib/schedule-time';
import type { GridSchedule } from './combine';

export const ROW_HEIGHT = 28;
export const HEADER_HEIGHT = 40;

/**
 * The grid schedule's timeline: a Pixi Gantt of every schedule's works beside the list, fitted once to
 * the dates, following the list's scroll; the wheel scrolls the list (Ctrl zooms, Shift pans), a drag
 * pans, a double click on a bar opens the work.
 */
export function useGridTimeline({
  grid,
  dark,
  list,
  scrollTop,
  onOpenWork,
}: {
  grid: GridSchedule;
  dark: boolean;
  /** The list of rows, which owns the vertical scroll. */
  list: RefObject<HTMLDivElement | null>;
  scrollTop: number;
  onOpenWork: (part: number, row: number) => void;
}) {
  const { host, canvas, renderer, ready, size } = usePixiHost(dark, ({ GanttPixiRenderer }, start) =>
    GanttPixiRenderer.create({ ...start, headerHeight: HEADER_HEIGHT }),
  );
  const today = useMemo(() => nowMinutes(), []);
  const options = useMemo<GanttLayoutOptions>(
    () => ({ today, kinds: { plan: true, approved_plan: false, fact: true } }),
    [today],
  );
  const language = (appI18n.locale === 'ru' ? 'ru' : 'en') as GanttLanguage;
  const body = { width: Math.max(1, size.width), height: Math.max(1, size.height - HEADER_HEIGHT) };
  const chart = useChartScale(body.width);
  const { scale, zoomAt, pan } = chart;

  const fit = () => chart.fit(snapshotTimeRange(grid.snapshot));
  const fitted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fits once, when the size is first known
  useEffect(() => {
    if (!fitted.current && body.width > 1) {
      fitted.current = true;
      fit();
    }
  }, [body.width]);

  useEffect(() => {
    const r = renderer.current;
    if (!ready || !r || !scale || size.width === 0) return;
    r.setScene({
      snapshot: grid.snapshot,
      scale,
      viewport: { width: body.width, height: body.height, scrollTop, rowHeight: ROW_HEIGHT },
      language,
      week: weekRule(),
      options,
    });
  });

  // Wheel over the timeline scrolls the rows (the list owns the scroll); Ctrl zooms, Shift pans.
  useEffect(() => {
    const box = host.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.ctrlKey || event.metaKey) zoomAt(wheelZoomFactor(event.deltaY), event.offsetX);
      else if (event.shiftKey) pan(event.deltaY || event.deltaX);
      else if (list.current) list.current.scrollTop += event.deltaY;
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [host, list, zoomAt, pan]);

  const drag = useRef<{ x: number } | null>(null);
  const pointer = {
    onPointerDown: (event: PointerEvent) => {
      drag.current = { x: event.clientX };
    },
    onPointerMove: (event: PointerEvent) => {
      if (!drag.current || event.buttons !== 1) return;
      const dx = event.clientX - drag.current.x;
      drag.current = { x: event.clientX };
      pan(-dx);
    },
    onPointerUp: () => {
      drag.current = null;
    },
    onDoubleClick: (event: { clientX: number; clientY: number; currentTarget: Element }) => {
      const rect = event.currentTarget.getBoundingClientRect();
      const hit = renderer.current?.hitTest(event.clientX - rect.left, event.clientY - rect.top);
      if (!hit || hit.work < 0) return;
      const part = grid.workPart[hit.work]!;
      const row = grid.workRow[hit.work]!;
      if (row >= 0) onOpenWork(part, row);
    },
  };

  return {
    host,
    canvas,
    ready: ready && !!scale,
    level: chart.level,
    fit,
    zoomToLevel: chart.zoomToLevel,
    toToday: () => chart.centerOn(today),
    pointer,
  };
}
