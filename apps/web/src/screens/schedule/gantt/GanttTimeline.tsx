import { type Calendar, calendarCompile } from '@takt/engine';
import {
  dateFormat,
  GANTT_THEME_DARK,
  GANTT_THEME_LIGHT,
  type GanttLanguage,
  type GanttLayoutOptions,
  type GanttSnapshot,
  ganttConnectorHitTest,
  ganttCursorMinute,
  ganttCursorTagLeft,
  ganttCursorTagWidth,
  ganttDayAt,
  type LINK_TYPES,
  MINUTES_PER_DAY,
  scaleAtLevel,
  scaleCenterOn,
  scaleFit,
  scaleLevel,
  scalePan,
  scaleXFromMinute,
  scaleZoom,
  scaleZoomToLevel,
  snapshotTimeRange,
  type TimeScale,
  WORK_SUMMARY,
} from '@takt/gantt';
import type { GanttInteraction, GanttPixiRenderer } from '@takt/gantt/pixi';
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { confirmed } from '../../../components/confirm';
import { useSpace } from '../../../layouts/space-context';
import { type ScheduleModel, textOf } from '../../../lib/columnar';
import { describeFailure } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { formatMinutes, hasDate, isoToMinutes, NO_DATE } from '../../../lib/schedule-time';
import type { VersionInfo } from '../../../lib/schedule-types';
import { api } from '../../../lib/trpc';
import { useAppState } from '../../../state/app-state';
import type { PlanDetails } from '../plan-details';
import { HEADER_HEIGHT, ROW_HEIGHT } from '../WbsGrid';
import { cursorClear, cursorDayStart, cursorSet } from './cursor';
import {
  type DragEdit,
  type DragMode,
  type DragSubject,
  dragApiPatch,
  dragDays,
  dragEdit,
  dragEnginePatch,
  dragRefusal,
  linkTypeFromEnds,
  type MinuteLimit,
  targetEnd,
} from './edit';
import { GanttMenu, type GanttMenuItem } from './GanttMenu';
import { type PreparedRenderer, takePreparedRenderer } from './GanttPane';
import { ganttMetricsInstall } from './metrics';
import { rendererPreference } from './preference';
import { ganttSnapshotFromModel, snapshotLinkRelations } from './snapshot';
import type { GanttView } from './view';
import './gantt.css';
import {
  type CalendarRecord,
  calendarInput,
  defaultCalendarId,
  engineProjectFromModel,
  nextSceneVersion,
  STANDARD_CALENDAR_ID,
  WhatIf,
} from './whatif';

type ReadOnlyReason = 'locked' | 'rights';

export interface GanttTimelineProps {
  view: GanttView;
  model: ScheduleModel;
  /** Visible rows of the grid (model rows), in order. */
  rows: Int32Array;
  /** Bumped when the model's arrays change in place. */
  revision: number;
  details: ReadonlyMap<string, PlanDetails>;
  calendars: readonly CalendarRecord[] | undefined;
  version: VersionInfo;
  readOnly: ReadOnlyReason | null;
  canCalculate: boolean;
  /** The grid's scroll container: its vertical scroll is the timeline's. */
  scrollElement: HTMLDivElement | null;
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>, row?: number) => void;
  /** Double-click: the grid's editor of the work (visible row index). */
  onOpenWork: (row: number) => void;
  /** After a saved change: reload the version. */
  onChanged: () => void;
}

type Gesture =
  | {
      kind: 'pan';
      x0: number;
      scale0: TimeScale;
      moved: boolean;
      row: number;
      /** Started in the time header: a click there (no pan) puts the date cursor on the day. */
      header: boolean;
    }
  | {
      kind: 'drag';
      work: number;
      mode: DragMode;
      x0: number;
      subject: DragSubject;
      days: number;
      edit: DragEdit | null;
      active: boolean;
    }
  | {
      kind: 'link';
      from: number;
      end: 'start' | 'finish';
      x0: number;
      y0: number;
      x: number;
      y: number;
      target: number;
      targetEnd: 'start' | 'finish';
      /** Started from the context menu: follows the pointer until a click. */
      sticky: boolean;
    };

interface Menu {
  x: number;
  y: number;
  work: number;
  link: number;
}

interface Status {
  text: string;
  tone: 'info' | 'warn' | 'busy';
}

const EPOCH_MS = Date.UTC(2000, 0, 1);
const DRAG_THRESHOLD_PX = 3;
const WHATIF_DELAY_MS = 400;
/** Side of the ✕ that removes the date cursor. */
const CLOSE_SIZE = 16;

/** Now, as engine minutes of the local clock. */
function nowMinutes(): number {
  const d = new Date();
  return Math.floor(
    (Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()) - EPOCH_MS) / 60_000,
  );
}

const limitOf = (l: PlanDetails['startLimit'] | undefined): MinuteLimit | null =>
  l?.date ? { type: l.type, date: isoToMinutes(l.date) } : null;

/**
 * The Gantt timeline beside the WBS grid (issue 5): React owns the canvas and the controls, the Pixi
 * renderer draws. The grid's rows are the timeline's rows and its vertical scroll is the timeline's;
 * zoom and pan are the timeline's own. Bars are edited on the canvas: moved and resized with the engine
 * recalculating the successors live in the browser, linked by dragging from a connector; the change is
 * saved with the works and relations calls (undo is recorded by the server), then the server calculates
 * and its result replaces the local one.
 */
export function GanttTimeline(props: GanttTimelineProps) {
  const { view, model, rows, revision, details, calendars, version, readOnly, scrollElement } = props;
  const t = useT();
  const { spaceId } = useSpace();
  const dark = useAppState((s) => s.darkTheme);
  const language = useAppState((s) => s.language) as GanttLanguage;
  const cursorDay = useAppState((s) => s.activitySelectedDay);
  const cursor = cursorDay ? ganttCursorMinute(cursorDayStart(cursorDay)) : undefined;
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const renderer = useRef<GanttPixiRenderer | null>(null);
  const [ready, setReady] = useState(false);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [scale, setScale] = useState<TimeScale | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [menu, setMenu] = useState<Menu | null>(null);
  const [tooltip, setTooltip] = useState<string | undefined>(undefined);
  const [overHeader, setOverHeader] = useState(false);
  const [today] = useState(nowMinutes);
  const mountedAt = useRef(performance.now());
  const scrollTop = useRef(0);
  const preview = useRef<GanttSnapshot | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const hover = useRef({ work: -1, connectors: -1 });
  const selectedLink = useRef(-1);
  const anchorRow = useRef(-1);
  const whatIf = useRef<WhatIf | null>(null);
  const whatIfProblem = useRef<string | null>(null);
  const busy = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision marks in-place changes of the model
  const base = useMemo(
    () => ganttSnapshotFromModel(model, rows, details, nextSceneVersion()),
    [model, rows, details, revision],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision marks in-place changes of the model
  const linkRelations = useMemo(() => snapshotLinkRelations(model), [model, revision]);
  useLayoutEffect(() => {
    if (base) preview.current = null;
    selectedLink.current = -1;
  }, [base]);

  const dataDate = isoToMinutes(version.dataDate);
  const options = useMemo<GanttLayoutOptions>(
    () => ({
      kinds: view.kinds,
      today,
      dataDate: hasDate(dataDate) ? dataDate : undefined,
      cursor,
      marginRows: 4,
      fontSize: 12,
    }),
    [view.kinds, today, dataDate, cursor],
  );
  const calendarCache = useMemo(() => new Map<string, Calendar>(), []);
  const compiled = useCallback(
    (id: string): Calendar => {
      let calendar = calendarCache.get(id);
      if (!calendar) {
        const record = calendars?.find((c) => c.id === id);
        calendar = calendarCompile(record ? calendarInput(record) : { id });
        calendarCache.set(id, calendar);
      }
      return calendar;
    },
    [calendars, calendarCache],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new calendars reply empties the cache
  useEffect(() => calendarCache.clear(), [calendars, calendarCache]);
  const defaultCalendar = calendars ? defaultCalendarId(calendars, version) : STANDARD_CALENDAR_ID;
  const shading = useMemo(
    () => (calendars ? compiled(defaultCalendar) : null),
    [calendars, compiled, defaultCalendar],
  );
  const calendarOfWork = (work: number): Calendar => {
    const id = textOf(model, model.calendar[work]!);
    return compiled(id && calendars?.some((c) => c.id === id) ? id : defaultCalendar);
  };

  const selection = useMemo(() => {
    const out = new Set<number>();
    for (const id of props.selected) {
      const row = model.rowOf.get(id);
      if (row !== undefined) out.add(row);
    }
    return out;
  }, [props.selected, model]);

  // ── drawing ────────────────────────────────────────────────────────────────────────────────
  const live = useRef({ model, base, scale, size, options, language, shading, selection, dark });
  live.current = { model, base, scale, size, options, language, shading, selection, dark };
  const paint = useCallback(() => {
    const r = renderer.current;
    const l = live.current;
    if (!r || !l.scale || l.size.width <= 0 || l.size.height <= HEADER_HEIGHT) return;
    r.setScene({
      snapshot: preview.current ?? l.base,
      scale: l.scale,
      language: l.language,
      calendar: l.shading,
      options: l.options,
      viewport: {
        width: l.size.width,
        height: l.size.height - HEADER_HEIGHT,
        scrollTop: scrollTop.current,
        rowHeight: ROW_HEIGHT,
      },
    });
  }, []);
  const interact = useCallback(() => {
    const r = renderer.current;
    const l = live.current;
    if (!r || !l.scale) return;
    const g = gesture.current;
    const x = (minute: number) => scaleXFromMinute(l.scale!, minute);
    const interaction: GanttInteraction = {
      hoverWork: g?.kind === 'drag' ? -1 : hover.current.work,
      selection: l.selection,
      drag:
        g?.kind === 'drag' && g.edit
          ? { work: g.work, x0: x(g.edit.ghostStart), x1: x(g.edit.ghostFinish) }
          : null,
      link:
        g?.kind === 'link' ? { x0: g.x0, y0: g.y0 - HEADER_HEIGHT, x1: g.x, y1: g.y - HEADER_HEIGHT } : null,
      connectors: g ? -1 : hover.current.connectors,
      selectedLink: selectedLink.current,
      linkTarget: g?.kind === 'link' ? g.target : -1,
    };
    r.setInteraction(interaction);
  }, []);
  useEffect(() => {
    paint();
    interact();
  });

  // The renderer: created once (Pixi is loaded on demand), destroyed with the component.
  useEffect(() => {
    let cancelled = false;
    let created: GanttPixiRenderer | null = null;
    const element = canvas.current;
    const box = host.current;
    if (!element || !box) return;
    let adopted: HTMLCanvasElement | null = null;
    const theme = () => (live.current.dark ? GANTT_THEME_DARK : GANTT_THEME_LIGHT);
    const start = (r: GanttPixiRenderer) => {
      created = r;
      ganttMetricsInstall(r, {
        mountedAt: mountedAt.current,
        model: () => live.current.model,
        shown: () => preview.current ?? live.current.base,
        scale: () => live.current.scale,
      });
      renderer.current = r;
      setReady(true);
    };
    // The renderer the page started while the payload loaded, drawing on its own canvas, which takes the
    // place of this one.
    const adopt = (ready: PreparedRenderer) => {
      adopted = ready.canvas;
      adopted.className = element.className;
      element.after(adopted);
      element.hidden = true;
      ready.renderer.setTheme(theme());
      ready.renderer.resize(Math.max(1, box.clientWidth), Math.max(1, box.clientHeight));
      start(ready.renderer);
    };
    // Else a new one on this canvas.
    const createOwn = async () => {
      const { GanttPixiRenderer } = await import('@takt/gantt/pixi');
      const r = await GanttPixiRenderer.create({
        canvas: element,
        width: Math.max(1, box.clientWidth),
        height: Math.max(1, box.clientHeight),
        preference: rendererPreference(),
        headerHeight: HEADER_HEIGHT,
        theme: theme(),
      });
      if (cancelled) r.destroy();
      else start(r);
    };
    const taken = takePreparedRenderer();
    if (taken instanceof Promise) {
      void taken.then((ready) => {
        if (cancelled) {
          ready?.renderer.destroy();
          return;
        }
        if (ready) adopt(ready);
        else void createOwn();
      });
    } else if (taken) adopt(taken);
    else void createOwn();
    return () => {
      cancelled = true;
      created?.destroy();
      adopted?.remove();
      element.hidden = false;
      renderer.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) renderer.current?.setTheme(dark ? GANTT_THEME_DARK : GANTT_THEME_LIGHT);
  }, [dark, ready]);

  // Size follows the pane.
  useEffect(() => {
    const box = host.current;
    if (!box) return;
    const observer = new ResizeObserver(() => {
      setSize({ width: box.clientWidth, height: box.clientHeight });
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (ready && size.width > 0) renderer.current?.resize(size.width, size.height);
  }, [ready, size]);

  // The first scale fits the project; afterwards zoom and pan are the user's.
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

  // ── live recalculation: one incremental scheduler per loaded version, built when the page is idle ──
  const drawn = ready && scale !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision marks in-place changes of the model
  useEffect(() => {
    whatIf.current = null;
    whatIfProblem.current = null;
    // After the first frame: the scheduler is for the first drag, not for the first look.
    if (readOnly || !calendars || !drawn) return;
    const build = () => {
      const started = performance.now();
      try {
        const todayIso = new Date(EPOCH_MS + today * 60_000).toISOString().slice(0, 10);
        whatIf.current = new WhatIf(
          model,
          engineProjectFromModel(model, details, calendars, version, todayIso),
        );
        if (window.__taktGantt) window.__taktGantt.whatIfBuildMs = performance.now() - started;
      } catch (error) {
        whatIfProblem.current = (error as Error).message;
      }
    };
    const idle = typeof requestIdleCallback === 'function';
    const handle = idle
      ? requestIdleCallback(build, { timeout: WHATIF_DELAY_MS * 4 })
      : window.setTimeout(build, WHATIF_DELAY_MS);
    return () => (idle ? cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, [
    model,
    revision,
    details,
    calendars,
    version.calendarId,
    version.projectStart,
    version.dataDate,
    readOnly,
    today,
    drawn,
  ]);

  // ── view commands ──────────────────────────────────────────────────────────────────────────
  const animation = useRef<number | null>(null);
  /** Where a running zoom animation goes: the next command starts from there, not from mid-way. */
  const heading = useRef<TimeScale | null>(null);
  const stopAnimation = useCallback(() => {
    if (animation.current !== null) cancelAnimationFrame(animation.current);
    animation.current = null;
    heading.current = null;
  }, []);
  const animateTo = useCallback((target: TimeScale) => {
    const from = live.current.scale;
    const width = live.current.size.width;
    if (animation.current !== null) cancelAnimationFrame(animation.current);
    heading.current = target;
    if (!from || width <= 0) {
      heading.current = null;
      setScale(target);
      return;
    }
    const centre = (s: TimeScale) => s.start + width / 2 / s.pxPerMinute;
    const c0 = centre(from);
    const c1 = centre(target);
    const z0 = Math.log(from.pxPerMinute);
    const z1 = Math.log(target.pxPerMinute);
    const started = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - started) / 180);
      const k = 1 - (1 - p) ** 3;
      const pxPerMinute = Math.exp(z0 + (z1 - z0) * k);
      const c = c0 + (c1 - c0) * k;
      setScale(p >= 1 ? target : { start: c - width / 2 / pxPerMinute, pxPerMinute });
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
  view.commands.current = {
    zoomBy: (factor) => {
      const current = origin();
      if (current) animateTo(scaleZoom(current, factor, size.width / 2));
    },
    zoomToLevel: (level) => {
      const current = origin();
      if (current) animateTo(scaleZoomToLevel(current, level, size.width / 2));
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

  // ── editing ────────────────────────────────────────────────────────────────────────────────
  const label = (work: number) => {
    const code = textOf(model, model.code[work]!);
    const name = textOf(model, model.name[work]!);
    return code ? `${code} ${name}` : name;
  };
  const typeName = (work: number) => model.enums.type[model.type[work]!] ?? 'task';
  const refusalText = (work: number): string | null => {
    if (readOnly) return t(`gantt.readonly.${readOnly}`);
    const refusal = dragRefusal(
      base.shape[work]!,
      typeName(work),
      base.planStart[work]!,
      base.planFinish[work]!,
      model.factStart[work]!,
    );
    return refusal ? t(`gantt.refuse.${refusal}`) : null;
  };
  const linkable = (work: number) => !readOnly && base.shape[work] !== WORK_SUMMARY;

  const point = (event: { clientX: number; clientY: number }) => {
    const rect = host.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const select = (work: number, event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) => {
    const row = base.row[work]!;
    if (event.shiftKey && anchorRow.current >= 0) {
      const ids = new Set<string>();
      for (let i = Math.min(anchorRow.current, row); i <= Math.max(anchorRow.current, row); i++)
        ids.add(model.ids[rows[i]!]!);
      props.onSelect(ids, row);
      return;
    }
    anchorRow.current = row;
    if (event.ctrlKey || event.metaKey) {
      const ids = new Set(props.selected);
      const id = model.ids[work]!;
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      props.onSelect(ids, row);
    } else props.onSelect(new Set([model.ids[work]!]), row);
  };

  const restore = () => {
    whatIf.current?.reset();
    preview.current = null;
  };
  const cancelGesture = () => {
    const g = gesture.current;
    gesture.current = null;
    if (g?.kind === 'drag') restore();
    setStatus(null);
    paint();
    interact();
  };

  /** Calculates the version on the server when the user may; false when it did not run or failed. */
  const recalculate = async (): Promise<boolean> => {
    if (!props.canCalculate) return false;
    try {
      await api.calculation.run.mutate({ spaceId, versionId: version.id });
      return true;
    } catch {
      return false; // the app's error handling has shown why
    }
  };

  const commitDrag = async (g: Extract<Gesture, { kind: 'drag' }>, edit: DragEdit) => {
    busy.current = true;
    setStatus({ text: t('gantt.saving'), tone: 'busy' });
    try {
      await api.works.update.mutate({
        spaceId,
        versionId: version.id,
        workId: model.ids[g.work]!,
        revision: model.revision[g.work]!,
        ...dragApiPatch(edit),
      });
      const calculated = await recalculate();
      setStatus({ text: t(calculated ? 'gantt.saved' : 'gantt.saved_not_calculated'), tone: 'info' });
    } catch (error) {
      restore();
      setStatus(null);
      if (describeFailure(error, 'works.update').code === 'Conflict')
        notify('info', [t('grid.conflict_reloaded')]);
    } finally {
      busy.current = false;
      props.onChanged();
    }
  };

  const createLink = async (from: number, to: number, type: (typeof LINK_TYPES)[number]) => {
    const names = { type: type.toUpperCase(), from: label(from), to: label(to) };
    const r = model.relations;
    for (let k = 0; k < r.count; k++) {
      if (r.predecessor[k] === from && r.successor[k] === to) {
        setStatus({ text: t('gantt.link.exists'), tone: 'warn' });
        return;
      }
    }
    if (whatIf.current?.wouldCycle(from, to, type)) {
      setStatus({ text: t('gantt.link.cycle'), tone: 'warn' });
      return;
    }
    busy.current = true;
    setStatus({ text: t('gantt.saving'), tone: 'busy' });
    try {
      await api.relations.create.mutate({
        spaceId,
        versionId: version.id,
        predecessorId: model.ids[from]!,
        successorId: model.ids[to]!,
        type,
        lagMinutes: 0,
      });
      await recalculate();
      setStatus({ text: t('gantt.link.created', names), tone: 'info' });
    } catch {
      setStatus(null);
    } finally {
      busy.current = false;
      props.onChanged();
    }
  };

  const linkNames = (link: number) => {
    const k = linkRelations[link]!;
    const r = model.relations;
    return {
      k,
      from: r.predecessor[k]!,
      to: r.successor[k]!,
      type: (model.enums.linkType[r.type[k]!] ?? 'fs') as (typeof LINK_TYPES)[number],
    };
  };

  const deleteLink = async (link: number) => {
    if (readOnly || link < 0 || link >= linkRelations.length) return;
    const { from, to, type } = linkNames(link);
    const names = { type: type.toUpperCase(), from: label(from), to: label(to) };
    const yes = await confirmed({
      title: t('gantt.link.delete_title', names),
      text: t('gantt.link.delete_text'),
      danger: true,
    });
    if (!yes) return;
    busy.current = true;
    setStatus({ text: t('gantt.saving'), tone: 'busy' });
    try {
      const list = (await api.relations.list.query({ spaceId, versionId: version.id })) as {
        id: string;
        predecessorId: string;
        successorId: string;
        type: string;
      }[];
      const relation = list.find(
        (x) => x.predecessorId === model.ids[from] && x.successorId === model.ids[to] && x.type === type,
      );
      if (relation) {
        await api.relations.delete.mutate({ spaceId, versionId: version.id, relationId: relation.id });
        await recalculate();
        setStatus({ text: t('gantt.link.deleted'), tone: 'info' });
      } else setStatus(null);
      selectedLink.current = -1;
    } catch {
      setStatus(null);
    } finally {
      busy.current = false;
      props.onChanged();
    }
  };

  const finishLink = (g: Extract<Gesture, { kind: 'link' }>) => {
    gesture.current = null;
    interact();
    if (g.target < 0 || g.target === g.from) {
      setStatus(null);
      return;
    }
    void createLink(g.from, g.target, linkTypeFromEnds(g.end, g.targetEnd));
  };

  const startLink = (from: number, end: 'start' | 'finish', sticky: boolean, x: number, y: number) => {
    gesture.current = { kind: 'link', from, end, x0: x, y0: y, x, y, target: -1, targetEnd: 'start', sticky };
    selectedLink.current = -1;
    setStatus({ text: t('gantt.link.pick', { from: label(from) }), tone: 'info' });
    interact();
  };

  /** Where a link being drawn would go: the work under the pointer and the end of it. */
  const trackLink = (g: Extract<Gesture, { kind: 'link' }>, x: number, y: number) => {
    g.x = x;
    g.y = y;
    const hit = renderer.current?.hitTest(x, y);
    const layout = renderer.current?.layout;
    g.target = -1;
    if (hit && hit.work >= 0 && hit.work !== g.from && base.shape[hit.work] !== WORK_SUMMARY && layout) {
      g.target = hit.work;
      const bar = layout.bars.find((b) => b.work === hit.work && b.kind === 'plan');
      const milestone = layout.milestones.find((m) => m.work === hit.work && m.kind === 'plan');
      g.targetEnd = bar
        ? targetEnd(x, bar.x, bar.width)
        : milestone
          ? targetEnd(x, milestone.x - 1, 2)
          : 'start';
    }
    if (g.target >= 0) {
      const type = linkTypeFromEnds(g.end, g.targetEnd).toUpperCase();
      setStatus({
        text: t('gantt.link.status', { type, from: label(g.from), to: label(g.target) }),
        tone: 'info',
      });
    } else setStatus({ text: t('gantt.link.pick', { from: label(g.from) }), tone: 'info' });
    interact();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    setMenu(null);
    const r = renderer.current;
    const box = host.current;
    if (!r || !box || !scale) return;
    box.focus({ preventScroll: true });
    const { x, y } = point(event);
    const g = gesture.current;
    if (g?.kind === 'link' && g.sticky) {
      trackLink(g, x, y);
      finishLink(g);
      return;
    }
    if (busy.current && y >= HEADER_HEIGHT) return;
    const layout = r.layout;
    if (!readOnly && layout && y >= HEADER_HEIGHT) {
      const connector = ganttConnectorHitTest(layout, x, y - HEADER_HEIGHT);
      if (connector && linkable(connector.work)) {
        box.setPointerCapture(event.pointerId);
        startLink(connector.work, connector.end, false, connector.x, connector.y + HEADER_HEIGHT);
        return;
      }
    }
    const hit = r.hitTest(x, y);
    if (hit && hit.work >= 0) {
      select(hit.work, event);
      selectedLink.current = -1;
      const refusal = refusalText(hit.work);
      if (refusal) {
        setStatus({ text: refusal, tone: 'warn' });
        interact();
        return;
      }
      const work = hit.work;
      const d = details.get(model.ids[work]!);
      box.setPointerCapture(event.pointerId);
      gesture.current = {
        kind: 'drag',
        work,
        mode: hit.part === 'start' ? 'start' : hit.part === 'finish' ? 'finish' : 'move',
        x0: x,
        subject: {
          shape: base.shape[work]!,
          start: base.planStart[work]!,
          finish: base.planFinish[work]!,
          durationMinutes: model.durationMinutes[work]!,
          startLimit: limitOf(d?.startLimit),
          finishLimit: limitOf(d?.finishLimit),
        },
        days: 0,
        edit: null,
        active: false,
      };
      return;
    }
    const link = r.linkHitTest(x, y, 5);
    selectedLink.current = link;
    if (link >= 0) {
      const { from, to, type } = linkNames(link);
      setStatus({
        text: t('gantt.link_label', { type: type.toUpperCase(), from: label(from), to: label(to) }),
        tone: 'info',
      });
      interact();
      return;
    }
    box.setPointerCapture(event.pointerId);
    stopAnimation();
    gesture.current = {
      kind: 'pan',
      x0: x,
      scale0: scale,
      moved: false,
      row: hit?.row ?? -1,
      header: y < HEADER_HEIGHT,
    };
    box.style.cursor = 'grabbing';
    interact();
  };

  const hoverAt = (x: number, y: number) => {
    const r = renderer.current;
    const box = host.current;
    if (!r || !box) return;
    const layout = r.layout;
    const connector =
      !readOnly && layout && y >= HEADER_HEIGHT ? ganttConnectorHitTest(layout, x, y - HEADER_HEIGHT) : null;
    const hit = r.hitTest(x, y);
    const work = connector?.work ?? (hit && hit.work >= 0 ? hit.work : -1);
    let cursor = 'default';
    if (connector && linkable(connector.work)) cursor = 'crosshair';
    else if (hit && hit.work >= 0) {
      const refused = refusalText(hit.work) !== null;
      cursor = refused ? 'not-allowed' : hit.part === 'start' || hit.part === 'finish' ? 'ew-resize' : 'grab';
    } else if (r.linkHitTest(x, y, 5) >= 0) cursor = 'pointer';
    else if (y >= HEADER_HEIGHT) cursor = 'grab';
    else cursor = 'pointer';
    box.style.cursor = cursor;
    setOverHeader(y < HEADER_HEIGHT);
    const connectors = work >= 0 && linkable(work) ? work : -1;
    if (work !== hover.current.work || connectors !== hover.current.connectors) {
      hover.current = { work, connectors };
      interact();
      if (work < 0) setTooltip(undefined);
      else {
        const dates = `${formatMinutes(base.planStart[work]!, true)} – ${formatMinutes(base.planFinish[work]!, true)}`;
        const refusal = refusalText(work);
        setTooltip(`${label(work)}\n${dates}${refusal ? `\n${refusal}` : ''}`);
      }
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const { x, y } = point(event);
    const g = gesture.current;
    if (!g) {
      hoverAt(x, y);
      return;
    }
    if (g.kind === 'pan') {
      if (Math.abs(x - g.x0) > DRAG_THRESHOLD_PX) g.moved = true;
      if (g.moved) setScale(scalePan(g.scale0, g.x0 - x));
      return;
    }
    if (g.kind === 'link') {
      trackLink(g, x, y);
      return;
    }
    if (!scale) return;
    if (!g.active && Math.abs(x - g.x0) < DRAG_THRESHOLD_PX) return;
    g.active = true;
    const days = dragDays(x - g.x0, scale.pxPerMinute);
    if (days === g.days) return;
    g.days = days;
    const started = performance.now();
    const edit = dragEdit(g.subject, g.mode, days, calendarOfWork(g.work));
    g.edit = edit;
    let moved = 0;
    if (!edit) restore();
    else if (whatIf.current) {
      const result = whatIf.current.preview(base, g.work, dragEnginePatch(g.subject, edit));
      preview.current = result.snapshot;
      moved = result.moved;
    }
    paint();
    interact();
    renderer.current?.renderNow();
    window.__taktGantt?.drags.push(performance.now() - started);
    if (!edit) setStatus(null);
    else {
      const snapshot = preview.current;
      const shown = snapshot && whatIf.current;
      const names = {
        name: label(g.work),
        start: formatMinutes(shown ? snapshot.planStart[g.work]! : edit.ghostStart, true),
        finish: formatMinutes(shown ? snapshot.planFinish[g.work]! : edit.ghostFinish, true),
        moved,
      };
      const problem = whatIfProblem.current;
      setStatus({
        text: shown
          ? t('gantt.drag.status', names)
          : problem
            ? `${t('gantt.drag.ghost', names)} · ${t('gantt.whatif_unavailable', { reason: problem })}`
            : t('gantt.drag.ghost', names),
        tone: 'info',
      });
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    const box = host.current;
    if (box?.hasPointerCapture(event.pointerId)) box.releasePointerCapture(event.pointerId);
    if (!g || (g.kind === 'link' && g.sticky)) return;
    gesture.current = null;
    if (g.kind === 'pan') {
      if (box) box.style.cursor = 'grab';
      if (!g.moved && g.header) cursorSet(ganttDayAt(g.scale0, g.x0));
      else if (!g.moved && g.row >= 0 && g.row < rows.length) {
        anchorRow.current = g.row;
        props.onSelect(new Set([model.ids[rows[g.row]!]!]), g.row);
      }
      return;
    }
    if (g.kind === 'link') {
      finishLink(g);
      return;
    }
    if (g.edit) void commitDrag(g, g.edit);
    else {
      restore();
      setStatus(null);
      paint();
      interact();
    }
  };

  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    const { x, y } = point(event);
    const hit = renderer.current?.hitTest(x, y);
    if (hit && hit.work >= 0) props.onOpenWork(base.row[hit.work]!);
  };

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    event.preventDefault();
    const r = renderer.current;
    if (!r || gesture.current) return;
    const { x, y } = point(event);
    const hit = r.hitTest(x, y);
    const work = hit && hit.work >= 0 ? hit.work : -1;
    const link = work < 0 ? r.linkHitTest(x, y, 5) : -1;
    if (work >= 0 && !selection.has(work)) select(work, { ctrlKey: false, metaKey: false, shiftKey: false });
    selectedLink.current = link;
    interact();
    if (work >= 0 || (link >= 0 && !readOnly)) setMenu({ x, y, work, link });
  };

  const moveSelection = (delta: number) => {
    if (rows.length === 0) return;
    const current = firstSelected();
    const from = current >= 0 ? base.row[current]! : delta > 0 ? -1 : rows.length;
    const next = Math.max(0, Math.min(rows.length - 1, from + delta));
    anchorRow.current = next;
    props.onSelect(new Set([model.ids[rows[next]!]!]), next);
    ensureVisible(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const width = size.width;
    switch (event.key) {
      case 'Escape':
        if (menu) setMenu(null);
        else if (gesture.current) cancelGesture();
        else {
          selectedLink.current = -1;
          setStatus(null);
          cursorClear();
          interact();
        }
        break;
      case '+':
      case '=':
        view.commands.current?.zoomBy(1.6);
        break;
      case '-':
      case '_':
        view.commands.current?.zoomBy(1 / 1.6);
        break;
      case 'ArrowUp':
        moveSelection(-1);
        break;
      case 'ArrowDown':
        moveSelection(1);
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
        stopAnimation();
        setScale((s) =>
          s ? scalePan(s, (event.key === 'ArrowLeft' ? -1 : 1) * (event.shiftKey ? width * 0.8 : 80)) : s,
        );
        break;
      case 'Delete':
      case 'Backspace':
        if (selectedLink.current < 0) return;
        void deleteLink(selectedLink.current);
        break;
      case 'Enter': {
        const work = firstSelected();
        if (work < 0) return;
        props.onOpenWork(base.row[work]!);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  /** The ✕ beside the cursor's tag in the header (the tag itself is drawn on the canvas). */
  const cursorClose = () => {
    if (cursor === undefined || !scale || !ready) return null;
    const x = scaleXFromMinute(scale, cursor);
    if (x < 0 || x > size.width) return null;
    const tagWidth = ganttCursorTagWidth(dateFormat(cursor));
    const tagLeft = ganttCursorTagLeft(x, tagWidth, size.width);
    const left =
      tagLeft + tagWidth + CLOSE_SIZE + 2 <= size.width ? tagLeft + tagWidth + 2 : tagLeft - CLOSE_SIZE - 2;
    return (
      <button
        type="button"
        className="gantt-cursor-close"
        style={{ left, top: HEADER_HEIGHT / 2 + 2, width: CLOSE_SIZE, height: HEADER_HEIGHT / 2 - 4 }}
        title={t('gantt.cursor.clear')}
        aria-label={t('gantt.cursor.clear')}
        onClick={() => {
          cursorClear();
          host.current?.focus();
        }}
        data-testid="gantt-cursor-clear"
        data-x={Math.round(x)}
      >
        ✕
      </button>
    );
  };

  const closeMenu = useCallback(() => {
    setMenu(null);
    host.current?.focus();
  }, []);

  const menuItems = menu
    ? [
        menu.work >= 0 && {
          key: 'open',
          text: t('gantt.menu.open'),
          run: () => props.onOpenWork(base.row[menu.work]!),
        },
        menu.work >= 0 &&
          linkable(menu.work) && {
            key: 'add_link',
            text: t('gantt.menu.add_link'),
            run: () => {
              const anchor = renderer.current?.layout?.bars.find(
                (b) => b.work === menu.work && b.kind === 'plan',
              );
              const milestone = renderer.current?.layout?.milestones.find(
                (m) => m.work === menu.work && m.kind === 'plan',
              );
              const x = anchor ? anchor.x + anchor.width : milestone ? milestone.x : menu.x;
              const y =
                (anchor ? anchor.y + anchor.height / 2 : milestone ? milestone.y : menu.y) + HEADER_HEIGHT;
              startLink(menu.work, 'finish', true, x, y);
            },
          },
        menu.work >= 0 && { key: 'zoom_to', text: t('gantt.menu.zoom_to'), run: () => zoomToWork(menu.work) },
        menu.link >= 0 &&
          !readOnly && {
            key: 'delete_link',
            text: t('gantt.menu.delete_link'),
            run: () => void deleteLink(menu.link),
          },
      ].filter((item): item is GanttMenuItem => !!item)
    : [];

  return (
    <div className="gantt-pane" data-testid="gantt">
      <div
        ref={host}
        className="gantt-host"
        role="application"
        aria-label={t('gantt.title')}
        aria-roledescription={t('gantt.title')}
        aria-describedby="gantt-hint"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas application takes the keyboard (arrows, +/-, Delete)
        tabIndex={0}
        title={overHeader ? t('gantt.cursor.set') : tooltip}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={cancelGesture}
        onPointerLeave={() => {
          if (!gesture.current && hover.current.work >= 0) {
            hover.current = { work: -1, connectors: -1 };
            interact();
          }
        }}
        onDoubleClick={onDoubleClick}
        onContextMenu={onContextMenu}
        onKeyDown={onKeyDown}
        data-ready={ready && scale ? 'true' : 'false'}
        data-readonly={readOnly ?? undefined}
      >
        <canvas ref={canvas} className="gantt-canvas" />
      </div>
      {cursorClose()}
      <span id="gantt-hint" className="visually-hidden">
        {t('gantt.hint')}
      </span>
      {status && (
        <div className={`gantt-status gantt-status-${status.tone}`} role="status" data-testid="gantt-status">
          {status.text}
        </div>
      )}
      {menu && menuItems.length > 0 && (
        <GanttMenu x={menu.x} y={menu.y} items={menuItems} onClose={closeMenu} />
      )}
    </div>
  );
}
