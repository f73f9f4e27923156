import type { Calendar } from '@takt/engine';
import type { WeekRule } from '../dates.js';
import type { GanttLayoutOptions, GanttViewport } from '../layout.js';
import type { GanttLanguage } from '../locale.js';
import type { TimeScale } from '../scale.js';
import type { GanttSnapshot } from '../snapshot.js';

/** What the static layer shows. A new snapshot `version`, scale or viewport means a static redraw. */
export interface GanttScene {
  readonly snapshot: GanttSnapshot;
  readonly scale: TimeScale;
  /** The timeline body below the header; `width`/`height` in CSS pixels. */
  readonly viewport: GanttViewport;
  readonly language: GanttLanguage;
  /** How weeks start and are numbered in the user's locale (ISO 8601 when not given). */
  readonly week?: WeekRule;
  readonly options?: GanttLayoutOptions;
  /** Shades non-working time at day and week zoom. */
  readonly calendar?: Calendar | null;
}

/** Hover, selection and drag state: drawn on the interaction layer only. */
export interface GanttInteraction {
  readonly hoverWork: number;
  readonly selection: ReadonlySet<number>;
  /** Ghost of a plan bar being moved or resized, in timeline x. */
  readonly drag: { readonly work: number; readonly x0: number; readonly x1: number } | null;
  /** Rubber band of a link being drawn, in canvas coordinates of the body. */
  readonly link: {
    readonly x0: number;
    readonly y0: number;
    readonly x1: number;
    readonly y1: number;
  } | null;
  /** Work whose link connectors are shown (hovered or selected, editable). */
  readonly connectors?: number;
  /** Link index highlighted (selected for deletion). */
  readonly selectedLink?: number;
  /** Work under the rubber band of a link being drawn (the link's target). */
  readonly linkTarget?: number;
}

export const GANTT_INTERACTION_NONE: GanttInteraction = {
  hoverWork: -1,
  selection: new Set(),
  drag: null,
  link: null,
};

interface View {
  readonly scale: TimeScale;
  readonly viewport: { readonly width: number; readonly height: number; readonly scrollTop: number };
}

/** Whether two scenes show the same time range at the same zoom through the same viewport and scroll. */
export function sameView(a: View, b: View): boolean {
  return (
    a.scale.start === b.scale.start &&
    a.scale.pxPerMinute === b.scale.pxPerMinute &&
    a.viewport.width === b.viewport.width &&
    a.viewport.height === b.viewport.height &&
    a.viewport.scrollTop === b.viewport.scrollTop
  );
}

/** Whether two week rules are the same (none is ISO's). */
export function sameWeek(a: WeekRule | undefined, b: WeekRule | undefined): boolean {
  return (a?.firstDay ?? 1) === (b?.firstDay ?? 1) && (a?.minimalDays ?? 4) === (b?.minimalDays ?? 4);
}

/** Whether two scenes draw the same static layer (the snapshot compares by version). */
export function ganttSceneEqual(a: GanttScene | null, b: GanttScene): boolean {
  if (!a) return false;
  return (
    a.snapshot === b.snapshot &&
    a.snapshot.version === b.snapshot.version &&
    sameView(a, b) &&
    a.viewport.rowHeight === b.viewport.rowHeight &&
    a.language === b.language &&
    sameWeek(a.week, b.week) &&
    a.options === b.options &&
    (a.calendar ?? null) === (b.calendar ?? null)
  );
}
