import {
  type GanttSnapshot,
  scaleAtLevel,
  scaleCenterOn,
  scaleFit,
  scaleLevel,
  snapshotTimeRange,
  type TimeScale,
} from '@takt/gantt';
import { type Dispatch, type SetStateAction, useEffect } from 'react';
import type { GanttView, TimelineRefs } from './timeline';

/** The time scale's state: the first one fits the project, each one is published to the toolbar. */
export function useGanttScale(args: {
  refs: TimelineRefs;
  view: GanttView;
  base: GanttSnapshot;
  today: number;
  size: { width: number; height: number };
  scale: TimeScale | null;
  setScale: Dispatch<SetStateAction<TimeScale | null>>;
  scrollElement: HTMLDivElement | null;
  paint: () => void;
}) {
  const { refs, view, base, today, size, scale, setScale, scrollElement, paint } = args;
  const { scrollTop } = refs;
  // The first scale fits the project; afterwards zoom and pan are the user's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: setScale is a state setter
  useEffect(() => {
    if (scale || size.width <= 0) return;
    const range = snapshotTimeRange(base);
    setScale(
      range
        ? scaleFit(range.start, range.finish, size.width, 24)
        : scaleCenterOn(scaleAtLevel(today, 'week'), today, size.width / 3),
    );
  }, [scale, size.width, base, today]);
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
