import {
  MINUTES_PER_DAY,
  SCALE_LEVELS,
  SCALE_PX_PER_DAY,
  type ScaleLevel,
  type TimeScale,
} from '@takt/gantt';

// The timeline's zoom as the user's view of a schedule keeps it (ui-state-config `zoom`). A module of its
// own: the timeline reads it, and the view hook that keeps it loads the timeline (no cycle through it).

/** A zoom as the user's view keeps it: pixels per day, four significant digits. */
export const zoomText = (scale: TimeScale) =>
  String(Number((scale.pxPerMinute * MINUTES_PER_DAY).toPrecision(4)));

/** Pixels per minute of a kept zoom (pixels per day, or a level's name); null for text that is neither. */
export function zoomPxPerMinute(zoom: string | undefined | null): number | null {
  if (!zoom) return null;
  if ((SCALE_LEVELS as readonly string[]).includes(zoom))
    return SCALE_PX_PER_DAY[zoom as ScaleLevel] / MINUTES_PER_DAY;
  const pxPerDay = Number(zoom);
  return Number.isFinite(pxPerDay) && pxPerDay > 0 ? pxPerDay / MINUTES_PER_DAY : null;
}
