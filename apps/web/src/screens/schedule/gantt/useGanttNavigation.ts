import {
  type GanttSnapshot,
  MINUTES_PER_DAY,
  scaleCenterOn,
  scaleFit,
  scaleMinuteFromX,
  scalePan,
  scaleZoom,
  scaleZoomAnchorX,
  scaleZoomToLevel,
  snapshotTimeRange,
  type TimeScale,
} from '@takt/gantt';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef } from 'react';
import { hasDate, NO_DATE } from '../../../lib/schedule-time';
import { HEADER_HEIGHT, ROW_HEIGHT } from '../WbsGrid';
import type { GanttView, TimelineRefs } from './timeline';
import type { useGanttRenderer } from './useGanttRenderer';

/**
 * Zoom and pan: the view's commands (animated), the wheel, and keeping a row in the grid's view.
 */
export function useGanttNavigation(args: {
  refs: TimelineRefs;
  view: GanttView;
  base: GanttSnapshot;
  selection: Set<number>;
  size: { width: number; height: number };
  setScale: Dispatch<SetStateAction<TimeScale | null>>;
  live: ReturnType<typeof useGanttRenderer>['live'];
  today: number;
  cursor: number | undefined;
  dataDate: number;
  scrollElement: HTMLDivElement | null;
}) {
  const { refs, view, base, selection, size, setScale, live, today, cursor, dataDate, scrollElement } = args;
  const { host } = refs;
  // ── view commands ──────────────────────────────────────────────────────────────────────────
  const animation = useRef<number | null>(null);
  /** Where a running zoom animation goes: the next command starts from there, not from mid-way. */
  const heading = useRef<TimeScale | null>(null);
  const stopAnimation = useCallback(() => {
    if (animation.current !== null) cancelAnimationFrame(animation.current);
    animation.current = null;
    heading.current = null;
  }, []);
  /**
   * Moves to `target` over a few frames, the minute at `anchorX` (the middle unless given) travelling
   * from where it is to where the target has it. A zoom passes its anchor: that minute then stays under
   * it in every frame, so what the user zooms at never slides away.
   */
  // biome-ignore lint/correctness/useExhaustiveDependencies: live is a ref, setScale a state setter
  const animateTo = useCallback((target: TimeScale, anchorX?: number) => {
    const from = live.current.scale;
    const width = live.current.size.width;
    if (animation.current !== null) cancelAnimationFrame(animation.current);
    heading.current = target;
    if (!from || width <= 0) {
      heading.current = null;
      setScale(target);
      return;
    }
    const x = anchorX ?? width / 2;
    const c0 = scaleMinuteFromX(from, x);
    // For a zoom both are the anchor's minute: it holds still while the zoom runs.
    const c1 = scaleMinuteFromX(target, x);
    const z0 = Math.log(from.pxPerMinute);
    const z1 = Math.log(target.pxPerMinute);
    const started = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - started) / 180);
      const k = 1 - (1 - p) ** 3;
      const pxPerMinute = Math.exp(z0 + (z1 - z0) * k);
      const c = c0 + (c1 - c0) * k;
      setScale(p >= 1 ? target : { start: c - x / pxPerMinute, pxPerMinute });
      animation.current = p >= 1 ? null : requestAnimationFrame(step);
      if (p >= 1) heading.current = null;
    };
    animation.current = requestAnimationFrame(step);
  }, []);

  const ensureVisible = useCallback(
    (visibleRow: number) => {
      const element = scrollElement;
      if (!element || visibleRow < 0) return;
      const top = visibleRow * ROW_HEIGHT;
      const body = element.clientHeight - HEADER_HEIGHT;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + ROW_HEIGHT > element.scrollTop + body)
        element.scrollTop = top + ROW_HEIGHT - Math.max(ROW_HEIGHT, body);
    },
    [scrollElement],
  );

  const zoomToWork = (work: number) => {
    const start = base.planStart[work]!;
    const finish = base.planFinish[work]!;
    if (!hasDate(start) || size.width <= 0) return;
    animateTo(scaleFit(start, Math.max(finish, start + MINUTES_PER_DAY), size.width, size.width * 0.3));
    ensureVisible(base.row[work]!);
  };

  const firstSelected = (): number => {
    let best = -1;
    for (const work of selection) if (best < 0 || base.row[work]! < base.row[best]!) best = work;
    return best;
  };

  const origin = () => heading.current ?? live.current.scale;
  /** Where a zoom of the toolbar or the keyboard holds still: the selected work's bar, else the middle. */
  const zoomAnchor = (scale: TimeScale) => {
    const work = firstSelected();
    const selected = work >= 0 ? { start: base.planStart[work]!, finish: base.planFinish[work]! } : null;
    return scaleZoomAnchorX(scale, size.width, selected);
  };
  view.commands.current = {
    zoomBy: (factor) => {
      const current = origin();
      if (!current) return;
      const x = zoomAnchor(current);
      animateTo(scaleZoom(current, factor, x), x);
    },
    zoomToLevel: (level) => {
      const current = origin();
      if (!current) return;
      const x = zoomAnchor(current);
      animateTo(scaleZoomToLevel(current, level, x), x);
    },
    fit: () => {
      const range = snapshotTimeRange(base);
      if (range && size.width > 0) animateTo(scaleFit(range.start, range.finish, size.width, 24));
    },
    goTo: (target) => {
      const current = origin();
      if (!current) return;
      if (target === 'selected') {
        const work = firstSelected();
        const start = work >= 0 ? base.planStart[work]! : NO_DATE;
        if (!hasDate(start)) return;
        animateTo(scaleCenterOn(current, start, size.width / 3));
        ensureVisible(base.row[work]!);
        return;
      }
      const minute = target === 'today' ? today : target === 'cursor' ? (cursor ?? NO_DATE) : dataDate;
      if (hasDate(minute)) animateTo(scaleCenterOn(current, minute, size.width / 3));
    },
  };

  // Wheel: the grid's scroll; Ctrl zooms at the pointer, Shift (or a horizontal wheel) pans.
  // biome-ignore lint/correctness/useExhaustiveDependencies: host is a ref, setScale a state setter
  useEffect(() => {
    const box = host.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const unit = event.deltaMode === 1 ? ROW_HEIGHT : event.deltaMode === 2 ? box.clientHeight : 1;
      const x = event.clientX - box.getBoundingClientRect().left;
      stopAnimation();
      if (event.ctrlKey || event.metaKey) {
        const factor = Math.exp(-event.deltaY * unit * 0.0015);
        setScale((s) => (s ? scaleZoom(s, factor, x) : s));
      } else if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
        const dx = (event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX) * unit;
        setScale((s) => (s ? scalePan(s, dx) : s));
      } else if (scrollElement) scrollElement.scrollTop += event.deltaY * unit;
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [scrollElement, stopAnimation]);

  return { stopAnimation, ensureVisible, zoomToWork, firstSelected };
}
