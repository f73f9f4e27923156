import type { Calendar } from '@takt/engine';
import {
  type GanttSnapshot,
  ganttConnectorHitTest,
  ganttDayAt,
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
import { type DragEdit, dragCommand, targetEnd } from './edit';
import {
  type GestureContext,
  type GestureEffect,
  type GestureStep,
  gestureStep,
  linkStart,
  type PointerHits,
} from './gesture';
import type { GanttTimelineProps, Menu, ReadOnlyReason, Status, TimelineRefs } from './timeline';
import type { useGanttEdits } from './useGanttEdits';
import type { WhatIf } from './whatif';

/** Nothing under the pointer: for the events whose step does not look. */
const NO_HITS: PointerHits = {
  header: false,
  connector: null,
  hit: null,
  summary: false,
  targetEnd: 'start',
  link: -1,
};

/**
 * The gestures on the canvas: selecting, panning, dragging a bar (with the live recalculation) and
 * drawing a link from a connector. The rules are the state machine of `gesture.ts`; this hook only
 * measures the pointer, runs the machine's step and carries out what it asks for.
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

  /** What the machine needs to know of the timeline now. */
  const context = (): GestureContext => ({
    ready: renderer.current !== null && host.current !== null && scale !== null,
    scale,
    readOnly: readOnly !== null,
    busy: busy.current,
    rowCount: rows.length,
    linkable,
    refusal: refusalText,
    subject: (work) => ({
      shape: base.shape[work]!,
      start: base.planStart[work]!,
      finish: base.planFinish[work]!,
      durationMinutes: model.durationMinutes[work]!,
      startLimit: limitOf(model, work, 'start'),
      finishLimit: limitOf(model, work, 'finish'),
    }),
    calendarOfWork,
  });

  /** The renderer's hit tests at a point of the host: what the machine's pointer events carry. */
  const hitsAt = (x: number, y: number): PointerHits => {
    const r = renderer.current;
    const layout = r?.layout;
    const header = y < HEADER_HEIGHT;
    const found = layout && !header ? ganttConnectorHitTest(layout, x, y - HEADER_HEIGHT) : null;
    const hit = r?.hitTest(x, y) ?? null;
    let end: 'start' | 'finish' = 'start';
    if (hit && hit.work >= 0 && layout) {
      const bar = layout.bars.find((b) => b.work === hit.work && b.kind === 'plan');
      const milestone = layout.milestones.find((m) => m.work === hit.work && m.kind === 'plan');
      if (bar) end = targetEnd(x, bar.x, bar.width);
      else if (milestone) end = targetEnd(x, milestone.x - 1, 2);
    }
    return {
      header,
      connector: found ? { work: found.work, end: found.end, x: found.x, y: found.y + HEADER_HEIGHT } : null,
      hit,
      summary: hit !== null && hit.work >= 0 && base.shape[hit.work] === WORK_SUMMARY,
      targetEnd: end,
      link: r && !(hit && hit.work >= 0) ? r.linkHitTest(x, y, 5) : -1,
    };
  };

  /** Shows a drag where the pointer is: the live recalculation when there is one, else the ghost bar. */
  const showDrag = (work: number, edit: DragEdit | null) => {
    const started = performance.now();
    let moved = 0;
    if (!edit) restore();
    else if (whatIf.current) {
      const result = whatIf.current.preview(base, [dragCommand(model.ids[work]!, edit)]);
      preview.current = result.snapshot;
      moved = result.moved;
    }
    paint();
    interact();
    renderer.current?.renderNow();
    if (__TAKT_PROBES__) window.__taktGantt?.drags.push(performance.now() - started);
    if (!edit) {
      setStatus(null);
      return;
    }
    const snapshot = preview.current;
    const shown = snapshot && whatIf.current;
    const names = {
      name: label(work),
      start: formatMinutes(shown ? snapshot.planStart[work]! : edit.ghostStart, true),
      finish: formatMinutes(shown ? snapshot.planFinish[work]! : edit.ghostFinish, true),
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
  };

  const perform = (effect: GestureEffect, pointerId: number | null) => {
    const box = host.current;
    switch (effect.type) {
      case 'closeMenu':
        setMenu(null);
        break;
      case 'focus':
        box?.focus({ preventScroll: true });
        break;
      case 'capture':
        if (box && pointerId !== null) box.setPointerCapture(pointerId);
        break;
      case 'release':
        if (box && pointerId !== null && box.hasPointerCapture(pointerId))
          box.releasePointerCapture(pointerId);
        break;
      case 'hover':
        hoverAt(effect.x, effect.y);
        break;
      case 'selectWork':
        select(effect.work, effect.modifiers);
        break;
      case 'selectRow':
        anchorRow.current = effect.row;
        props.onSelect(new Set([model.ids[rows[effect.row]!]!]), effect.row);
        break;
      case 'selectLink':
        selectedLink.current = effect.link;
        break;
      case 'dateCursor':
        cursorSet(ganttDayAt(effect.scale, effect.x));
        break;
      case 'stopAnimation':
        stopAnimation();
        break;
      case 'setScale':
        setScale(effect.scale);
        break;
      case 'cursor':
        if (box) box.style.cursor = effect.cursor;
        break;
      case 'clearStatus':
        setStatus(null);
        break;
      case 'refusal':
        setStatus({ text: effect.text, tone: 'warn' });
        break;
      case 'linkLabel': {
        const { from, to, type } = linkNames(effect.link);
        setStatus({
          text: t('gantt.link_label', { type: type.toUpperCase(), from: label(from), to: label(to) }),
          tone: 'info',
        });
        break;
      }
      case 'linkStatus':
        setStatus({
          text:
            effect.to >= 0
              ? t('gantt.link.status', {
                  type: effect.linkType.toUpperCase(),
                  from: label(effect.from),
                  to: label(effect.to),
                })
              : t('gantt.link.pick', { from: label(effect.from) }),
          tone: 'info',
        });
        break;
      case 'preview':
        showDrag(effect.work, effect.edit);
        break;
      case 'restore':
        restore();
        break;
      case 'commitDrag':
        void commitDrag(effect.work, effect.edit);
        break;
      case 'commitLink':
        void createLink(effect.from, effect.to, effect.linkType);
        break;
      case 'paint':
        paint();
        break;
      case 'interact':
        interact();
        break;
    }
  };

  /** Adopts the machine's next state first (the renderer reads it), then performs its effects in order. */
  const run = (next: GestureStep, pointerId: number | null = null) => {
    gesture.current = next.state;
    for (const effect of next.effects) perform(effect, pointerId);
  };

  const cancelGesture = () => run(gestureStep(gesture.current, { type: 'cancel' }, context()));

  const startLink = (from: number, end: 'start' | 'finish', sticky: boolean, x: number, y: number) =>
    run(linkStart(from, end, sticky, x, y));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Before the first frame there is no host to measure: only the menu closes.
    const at = host.current ? point(event) : { x: 0, y: 0 };
    const hits = event.button === 0 && host.current ? hitsAt(at.x, at.y) : NO_HITS;
    const modifiers = { ctrlKey: event.ctrlKey, metaKey: event.metaKey, shiftKey: event.shiftKey };
    const down = { type: 'down', button: event.button, ...at, hits, modifiers } as const;
    run(gestureStep(gesture.current, down, context()), event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const { x, y } = point(event);
    // Idle and panning need no hit tests: only a link being drawn looks at what is under the pointer.
    const hits = gesture.current?.kind === 'link' ? hitsAt(x, y) : NO_HITS;
    run(gestureStep(gesture.current, { type: 'move', x, y, hits }, context()), event.pointerId);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) =>
    run(gestureStep(gesture.current, { type: 'up' }, context()), event.pointerId);

  const onLostPointerCapture = () => run(gestureStep(gesture.current, { type: 'lostCapture' }, context()));

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
    onLostPointerCapture,
    onDoubleClick,
  };
}
