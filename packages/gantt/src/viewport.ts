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
 * The coarsest zoom a timeline opens at: a month a few dozen pixels wide, where a bar of a week is still
 * a bar. A project that fits at this zoom or finer is shown whole; a longer one opens at this zoom at
 * its start (or its data date) and the rest is a scroll away.
 */
export const VIEW_OPEN_PX_PER_DAY = SCALE_PX_PER_DAY.month;

export interface InitialViewInput {
  /** The schedule's dates (plan, approved plan, fact), null when no work has a date. */
  readonly range: { readonly start: number; readonly finish: number } | null;
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
 * Where a timeline opens: on the schedule, never on today while the schedule lies elsewhere. The whole
 * project when it fits at `VIEW_OPEN_PX_PER_DAY` or finer; else that zoom with the data date a third
 * of the way in when the version has progress (what a planner looks at in a running project), or the
 * project's start at the left edge (the first rows' bars). A schedule without dates opens on today.
 */
export function scaleInitial(input: InitialViewInput): TimeScale {
  const { range, dataDate, progress, today, width } = input;
  if (!range) return scaleCenterOn(scaleAtLevel(today, 'week'), today, width / 3);
  const fit = scaleFit(range.start, range.finish, width, VIEW_PADDING_PX);
  const open = VIEW_OPEN_PX_PER_DAY / MINUTES_PER_DAY;
  if (fit.pxPerMinute >= open) return fit;
  const inside =
    dataDate !== undefined && dataDate !== NO_DATE && dataDate > range.start && dataDate < range.finish;
  if (progress && inside) return scaleCenterOn({ start: 0, pxPerMinute: open }, dataDate, width / 3);
  return scaleCenterOn({ start: 0, pxPerMinute: open }, range.start, VIEW_PADDING_PX);
}

/** Whether any work of the snapshot has an actual start. */
export function snapshotHasProgress(snapshot: GanttSnapshot): boolean {
  const fact = snapshot.factStart;
  for (let i = 0; i < snapshot.workCount; i++) if (fact[i] !== NO_DATE) return true;
  return false;
}

/** The initial view of a snapshot (`scaleInitial` with the snapshot's dates and progress). */
export function snapshotInitialScale(
  snapshot: GanttSnapshot,
  view: { width: number; today: number; dataDate?: number },
): TimeScale {
  return scaleInitial({
    range: snapshotTimeRange(snapshot),
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
