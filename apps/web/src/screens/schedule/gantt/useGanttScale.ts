import {
  type GanttSnapshot,
  scaleLevel,
  scaleZoom,
  snapshotInitialScale,
  type TimeScale,
  VIEW_PADDING_PX,
} from '@takt/gantt';
import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import { HEADER_HEIGHT, ROW_HEIGHT } from '../WbsGrid';
import type { GanttView, TimelineRefs } from './timeline';
import { zoomPxPerMinute, zoomText } from './zoom';

/** A zoom is kept this long after its last step, so that a zoom animation or a wheel is one save. */
const ZOOM_SAVE_DELAY_MS = 600;

/**
 * The time scale's state: the first one shows the schedule (`snapshotInitialScale`: the whole project, or
 * the bars of the rows in view, with the data date when the version has progress — never today while the
 * schedule lies elsewhere), at the zoom the user's view keeps when it keeps one (the left edge stays where
 * the opening view puts it, as P6 and MS Project keep a layout's timescale but open at the project); each
 * one is published to the toolbar, and a zoom the user chose is kept in their view.
 */
export function useGanttScale(args: {
  refs: TimelineRefs;
  view: GanttView;
  base: GanttSnapshot;
  today: number;
  /** The version's data date (engine minutes), undefined without one. */
  dataDate: number | undefined;
  size: { width: number; height: number };
  scale: TimeScale | null;
  setScale: Dispatch<SetStateAction<TimeScale | null>>;
  scrollElement: HTMLDivElement | null;
  paint: () => void;
}) {
  const { refs, view, base, today, dataDate, size, scale, setScale, scrollElement, paint } = args;
  const { scrollTop } = refs;
  const { savedZoom, saveZoom } = view;
  // The zoom last kept (or opened at): only a zoom that differs from it is the user's to keep.
  const keptZoom = useRef<string | null>(null);
  const zoomTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The first scale shows the schedule; afterwards zoom and pan are the user's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: setScale is a state setter, scrollTop a ref
  useEffect(() => {
    if (scale || size.width <= 0 || savedZoom === null) return;
    const opening = snapshotInitialScale(base, {
      width: size.width,
      today,
      dataDate,
      firstRow: Math.floor(scrollTop.current / ROW_HEIGHT),
      rows: Math.max(1, Math.ceil((size.height - HEADER_HEIGHT) / ROW_HEIGHT)),
    });
    const kept = zoomPxPerMinute(savedZoom);
    const first = kept ? scaleZoom(opening, kept / opening.pxPerMinute, VIEW_PADDING_PX) : opening;
    keptZoom.current = zoomText(first);
    setScale(first);
  }, [scale, size.width, size.height, base, today, dataDate, savedZoom]);
  const setLevel = view.setLevel;
  const scaleChannel = view.scale;
  useEffect(() => {
    if (!scale) return;
    setLevel(scaleLevel(scale));
    scaleChannel.publish(scale);
    const zoom = zoomText(scale);
    if (zoomTimer.current) clearTimeout(zoomTimer.current);
    zoomTimer.current = null;
    if (keptZoom.current === null || zoom === keptZoom.current) return;
    zoomTimer.current = setTimeout(() => {
      zoomTimer.current = null;
      keptZoom.current = zoom;
      saveZoom(zoom);
    }, ZOOM_SAVE_DELAY_MS);
  }, [scale, setLevel, scaleChannel, saveZoom]);
  // A zoom still settling when the timeline goes is dropped: the view it would go to may be another schedule's.
  useEffect(
    () => () => {
      if (zoomTimer.current) clearTimeout(zoomTimer.current);
    },
    [],
  );

  // One vertical scroll: the grid's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable
  useEffect(() => {
    const element = scrollElement;
    if (!element) return;
    const onScroll = () => {
      scrollTop.current = element.scrollTop;
      paint();
    };
    onScroll();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scrollElement, paint]);
}
