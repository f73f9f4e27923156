import type { GanttSnapshot, PlanKinds, ScaleLevel, TimeScale } from '@takt/gantt';
import type { GanttPixiRenderer } from '@takt/gantt/pixi';
import { type RefObject, useRef } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import type { VersionInfo } from '../../../lib/schedule-types';
import type { PlanDetails } from '../plan-details';
import type { RowMenu } from '../wbs-grid/types';
import type { Gesture } from './gesture';

export type ReadOnlyReason = 'locked' | 'rights';

/** What the timeline's toolbar asks the timeline to do. */
export interface GanttCommands {
  zoomBy(factor: number): void;
  zoomToLevel(level: ScaleLevel): void;
  fit(): void;
  goTo(target: 'today' | 'data_date' | 'selected' | 'cursor'): void;
}

/** State shared by the toolbar (in the schedule's toolbar) and the timeline (beside the grid). */
export interface GanttView {
  kinds: PlanKinds;
  setKinds(kinds: PlanKinds): void;
  /** The level the current zoom is nearest to (the timeline reports it). */
  level: ScaleLevel | null;
  setLevel(level: ScaleLevel): void;
  commands: RefObject<GanttCommands | null>;
  /** The timeline's time scale as it zooms and pans, for views sharing its axis (the resource histogram). */
  scale: ScaleChannel;
  /**
   * The zoom the user's view of the schedule keeps (`zoomText`), undefined without one, null while that
   * view is still loading (the timeline waits for it before its first scale).
   */
  savedZoom: string | undefined | null;
  /** Keeps a zoom the user chose in their view of the schedule. */
  saveZoom(zoom: string): void;
}

/** The current time scale and who listens to it; publishing does not re-render React (it changes per frame). */
export interface ScaleChannel {
  current: TimeScale | null;
  publish(scale: TimeScale): void;
  listen(listener: (scale: TimeScale) => void): () => void;
}

export interface GanttTimelineProps {
  view: GanttView;
  model: ScheduleModel;
  /** Visible rows of the grid (model rows), in order. */
  rows: Int32Array;
  /** Bumped when the model's arrays change in place. */
  revision: number;
  details: ReadonlyMap<string, PlanDetails>;
  version: VersionInfo;
  readOnly: ReadOnlyReason | null;
  /** The grid's scroll container: its vertical scroll is the timeline's. */
  scrollElement: HTMLDivElement | null;
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>, row?: number) => void;
  /** Double-click: the grid's editor of the work (visible row index). */
  onOpenWork: (row: number) => void;
  /** After a saved change: reload the version. */
  onChanged: () => void;
  /** After a saved change applied to the model in place (its arrays changed, see `revision`). */
  onPatched: () => void;
  /** The page's actions on works, for the timeline's menu and keys (Insert, Delete). */
  rowMenu?: RowMenu;
}

export interface Menu {
  x: number;
  y: number;
  work: number;
  link: number;
}

export interface Status {
  text: string;
  tone: 'info' | 'warn' | 'busy';
}

export const EPOCH_MS = Date.UTC(2000, 0, 1);
export const WHATIF_DELAY_MS = 400;
/** Side of the ✕ that removes the date cursor. */
export const CLOSE_SIZE = 16;

/** Now, as engine minutes of the local clock. */
export function nowMinutes(): number {
  const d = new Date();
  return Math.floor(
    (Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()) - EPOCH_MS) / 60_000,
  );
}

/** The timeline's mutable state outside React: shared by the renderer, the gestures and the commands. */
export interface TimelineRefs {
  host: RefObject<HTMLDivElement | null>;
  renderer: RefObject<GanttPixiRenderer | null>;
  scrollTop: RefObject<number>;
  preview: RefObject<GanttSnapshot | null>;
  gesture: RefObject<Gesture | null>;
  hover: RefObject<{ work: number; connectors: number }>;
  selectedLink: RefObject<number>;
  anchorRow: RefObject<number>;
  busy: RefObject<boolean>;
}

export function useTimelineRefs(): TimelineRefs {
  const host = useRef<HTMLDivElement>(null);
  const renderer = useRef<GanttPixiRenderer | null>(null);
  const scrollTop = useRef(0);
  const preview = useRef<GanttSnapshot | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const hover = useRef({ work: -1, connectors: -1 });
  const selectedLink = useRef(-1);
  const anchorRow = useRef(-1);
  const busy = useRef(false);
  return { host, renderer, scrollTop, preview, gesture, hover, selectedLink, anchorRow, busy };
}
