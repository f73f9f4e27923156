import {
  MINUTES_PER_DAY,
  type ScaleLevel,
  scaleCenterOn,
  scaleFit,
  scaleLevel,
  scalePan,
  scaleZoom,
  scaleZoomToLevel,
  type TimeScale,
} from '@takt/gantt';
import { useCallback, useMemo, useState } from 'react';

/**
 * The time scale of a chart beside a list (the cyclogram, the grid schedule) whose drawing area is
 * `width` pixels wide: null until the first fit; the commands of its toolbar and its pointer. The
 * pointer's zoom and pan keep their identity, so that listeners set up once can use them.
 */
export function useChartScale(width: number) {
  const [scale, setScale] = useState<TimeScale | null>(null);
  /** Zooms by `factor` around the pixel `x` (a wheel step with Ctrl). */
  const zoomAt = useCallback(
    (factor: number, x: number) => setScale((s) => (s ? scaleZoom(s, factor, x) : s)),
    [],
  );
  /** Moves the dates under the chart by `dx` pixels (a drag, a wheel step with Shift). */
  const pan = useCallback((dx: number) => setScale((s) => (s ? scalePan(s, dx) : s)), []);
  const commands = useMemo(
    () => ({
      /** Shows the range with a day's margin either side; nothing while there are no dates or no width. */
      fit: (range: { start: number; finish: number } | null) => {
        if (range && width > 1)
          setScale(scaleFit(range.start - MINUTES_PER_DAY, range.finish + MINUTES_PER_DAY, width, 16));
      },
      zoomBy: (factor: number) => zoomAt(factor, width / 2),
      zoomToLevel: (level: ScaleLevel) => setScale((s) => (s ? scaleZoomToLevel(s, level, width / 2) : s)),
      centerOn: (minute: number) => setScale((s) => (s ? scaleCenterOn(s, minute, width / 2) : s)),
    }),
    [width, zoomAt],
  );
  return { scale, level: scale ? scaleLevel(scale) : null, zoomAt, pan, ...commands };
}

/** The zoom factor of one wheel step: in when the wheel turns away from the user. */
export const wheelZoomFactor = (deltaY: number) => (deltaY < 0 ? 1.2 : 1 / 1.2);
