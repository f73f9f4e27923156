import type { Calendar } from '@takt/engine';
import {
  type GanttSnapshot,
  ganttConnectorHitTest,
  ganttDayAt,
  scalePan,
  type TimeScale,
  WORK_SUMMARY,
} from '@takt/gantt';
import { limitOf } from '@takt/schedule';
import type { Dispatch, MouseEvent, PointerEvent, RefObject, SetStateAction } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import type { Translate } from '../../../lib/i18n';
import { formatMinutes } from '../../../lib/schedule-time';
import { HEADER_HEIGHT } from '../WbsGrid';
import { cursorSet } from './cursor';
import { dragCommand, dragDays, dragEdit, linkTypeFromEnds, targetEnd } from './edit';
import type { GanttTimelineProps } from './timeline';
import {
  DRAG_THRESHOLD_PX,
  type Gesture,
  type Menu,
  type ReadOnlyReason,
  type Status,
  type TimelineRefs,
} from './timeline';
import type { useGanttEdits } from './useGanttEdits';
import type { WhatIf } from './whatif';

/**
 * The gestures on the canvas: selecting, panning, dragging a bar (with the live recalculation) and
 * drawing a link from a connector.
 */
export function useGanttPointer(args: {
  props: Pick<GanttTimelineProps, 'selected' | 'onSelect' | 'onOpenWork'>;
  refs: TimelineRefs;
  t: Translate;
  model: ScheduleModel;
  rows: Int32Array;
  base: GanttSnapshot;
  scale: TimeScale | null;
  setScale: Dispatch<SetStateAction<TimeScale | null>>;
  readOnly: ReadOnlyReason | null;
  setMenu: Dispatch<SetStateAction<Menu | null>>;
  setStatus: Dispatch<SetStateAction<Status | null>>;
  paint: () => void;
  interact: () => void;
  whatIf: RefObject<WhatIf | null>;
  whatIfProblem: RefObject<string | null>;
  calendarOfWork: (work: number) => Calendar;
  stopAnimation: () => void;
  edits: ReturnType<typeof useGanttEdits>;
  hoverAt: (x: number, y: number) => void;
}) {
  const { props, refs, t, model, rows, base, scale, setScale, readOnly } = args;
  const { setMenu, setStatus, paint, interact, whatIf, whatIfProblem, calendarOfWork, stopAnimation } = args;
  const { edits, hoverAt } = args;
  const { host, renderer, preview, gesture, selectedLink, anchorRow, busy } = refs;
  const { label, refusalText, linkable, restore, commitDrag, createLink, linkNames } = edits;

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

  const cancelGesture = () => {
    const g = gesture.current;
    gesture.current = null;
    if (g?.kind === 'drag') restore();
    setStatus(null);
    paint();
    interact();
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
          startLimit: limitOf(model, work, 'start'),
          finishLimit: limitOf(model, work, 'finish'),
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
      const result = whatIf.current.preview(base, [dragCommand(model.ids[g.work]!, edit)]);
      preview.current = result.snapshot;
      moved = result.moved;
    }
    paint();
    interact();
    renderer.current?.renderNow();
    if (__TAKT_PROBES__) window.__taktGantt?.drags.push(performance.now() - started);
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

  return {
    point,
    select,
    cancelGesture,
    startLink,
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onDoubleClick,
  };
}
