import { MINUTES_PER_DAY, NO_DATE } from './dates.js';
import {
  SCALE_PX_PER_DAY,
  scaleAtLevel,
  scaleCenterOn,
  scaleFit,
  scaleXFromMinute,
  type TimeScale,
} from './scale.js';
import { type GanttSnapshot, snapshotTimeRange } from './snapshot.js';

/** Pixels kept free before the project's first date (and after its last when the whole project fits). */
export const VIEW_PADDING_PX = 24;

/**
 * The zooms a timeline opens at when the whole project does not fit: no finer than a month a few dozen
 * pixels wide (where a week's bar is still a bar), no coarser than the quarter level.
 */
export const VIEW_OPEN_PX_PER_DAY = SCALE_PX_PER_DAY.month;
export const VIEW_OPEN_MIN_PX_PER_DAY = SCALE_PX_PER_DAY.quarter;

interface MinuteRange {
  readonly start: number;
  readonly finish: number;
}

export interface InitialViewInput {
  /** The schedule's dates (plan, approved plan, fact), null when no work has a date. */
  readonly range: MinuteRange | null;
  /** The dates of the works in the rows the grid shows first, null when none has a date. */
  readonly first: MinuteRange | null;
  /** The version's data date, when it has one. */
  readonly dataDate?: number;
  /** Whether any work has started (an actual start): only then does the data date matter on opening. */
  readonly progress: boolean;
  /** Shown only when the schedule has no dates at all. */
  readonly today: number;
  /** Width of the timeline in pixels. */
  readonly width: number;
}

/**
 * Where a timeline opens: on the schedule's bars, never on today while the schedule lies elsewhere.
 * The whole project when it fits at `VIEW_OPEN_PX_PER_DAY` or finer. Else the bars of the rows the grid
 * shows first begin at the left edge, at that zoom — or, when the version has progress, at the zoom
 * (down to `VIEW_OPEN_MIN_PX_PER_DAY`) that also brings the data date into view: a running project
 * shows its first rows and where it stands. A data date further away than that zoom reaches is left to
 * the Data date button, since a view of it would show none of the rows in view. A schedule without
 * dates opens on today.
 */
export function scaleInitial(input: InitialViewInput): TimeScale {
  const { range, first, dataDate, progress, today, width } = input;
  if (!range) return scaleCenterOn(scaleAtLevel(today, 'week'), today, width / 3);
  const fit = scaleFit(range.start, range.finish, width, VIEW_PADDING_PX);
  const finest = VIEW_OPEN_PX_PER_DAY / MINUTES_PER_DAY;
  if (fit.pxPerMinute >= finest) return fit;
  const anchor = first?.start ?? range.start;
  const inside =
    progress &&
    dataDate !== undefined &&
    dataDate !== NO_DATE &&
    dataDate > range.start &&
    dataDate < range.finish;
  if (!inside) return scaleCenterOn({ start: 0, pxPerMinute: finest }, anchor, VIEW_PADDING_PX);
  const lo = Math.min(anchor, dataDate);
  const hi = Math.max(anchor, dataDate);
  // In the left three quarters: the work going on at the data date stays in view after it.
  const both = scaleFit(lo, hi, width * 0.75, VIEW_PADDING_PX).pxPerMinute;
  const coarsest = VIEW_OPEN_MIN_PX_PER_DAY / MINUTES_PER_DAY;
  if (both < coarsest) return scaleCenterOn({ start: 0, pxPerMinute: finest }, anchor, VIEW_PADDING_PX);
  const pxPerMinute = Math.min(finest, both);
  return scaleCenterOn({ start: 0, pxPerMinute }, lo, VIEW_PADDING_PX);
}

/** Whether any work of the snapshot has an actual start. */
export function snapshotHasProgress(snapshot: GanttSnapshot): boolean {
  const fact = snapshot.factStart;
  for (let i = 0; i < snapshot.workCount; i++) if (fact[i] !== NO_DATE) return true;
  return false;
}

/**
 * The initial view of a snapshot (`scaleInitial` with the snapshot's dates, the rows in view from
 * `firstRow`, and its progress).
 */
export function snapshotInitialScale(
  snapshot: GanttSnapshot,
  view: { width: number; today: number; dataDate?: number; firstRow: number; rows: number },
): TimeScale {
  return scaleInitial({
    range: snapshotTimeRange(snapshot),
    first: snapshotTimeRange(snapshot, view),
    dataDate: view.dataDate,
    progress: snapshotHasProgress(snapshot),
    today: view.today,
    width: view.width,
  });
}

/**
 * The x a zoom by the toolbar or the keyboard keeps in place: the start of the selected work's bar
 * when any of the bar is in view (clamped into the view), else the middle of the view. The wheel zooms
 * at the pointer instead.
 */
export function scaleZoomAnchorX(
  scale: TimeScale,
  width: number,
  selected: { readonly start: number; readonly finish: number } | null,
): number {
  if (selected && selected.start !== NO_DATE) {
    const x0 = scaleXFromMinute(scale, selected.start);
    const x1 = selected.finish === NO_DATE ? x0 : scaleXFromMinute(scale, selected.finish);
    if (x1 >= 0 && x0 <= width) return Math.min(width, Math.max(0, x0));
  }
  return width / 2;
}
