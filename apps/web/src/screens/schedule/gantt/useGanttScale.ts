import { type GanttSnapshot, scaleLevel, snapshotInitialScale, type TimeScale } from '@takt/gantt';
import { type Dispatch, type SetStateAction, useEffect } from 'react';
import { HEADER_HEIGHT, ROW_HEIGHT } from '../WbsGrid';
import type { GanttView, TimelineRefs } from './timeline';

/**
 * The time scale's state: the first one shows the schedule (`snapshotInitialScale`: the whole project, or
 * the bars of the rows in view, with the data date when the version has progress — never today while the
 * schedule lies elsewhere); each one is published to the toolbar.
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
  // The first scale shows the schedule; afterwards zoom and pan are the user's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: setScale is a state setter, scrollTop a ref
  useEffect(() => {
    if (scale || size.width <= 0) return;
    setScale(
      snapshotInitialScale(base, {
        width: size.width,
        today,
        dataDate,
        firstRow: Math.floor(scrollTop.current / ROW_HEIGHT),
        rows: Math.max(1, Math.ceil((size.height - HEADER_HEIGHT) / ROW_HEIGHT)),
      }),
    );
  }, [scale, size.width, size.height, base, today, dataDate]);
  const setLevel = view.setLevel;
  const scaleChannel = view.scale;
  useEffect(() => {
    if (!scale) return;
    setLevel(scaleLevel(scale));
    scaleChannel.publish(scale);
  }, [scale, setLevel, scaleChannel]);

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
