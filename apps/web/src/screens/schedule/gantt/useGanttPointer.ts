import type { Calendar } from '@takt/engine';
import { type GanttSnapshot, ganttDayAt, type TimeScale } from '@takt/gantt';
import { limitOf } from '@takt/schedule';
import {
  type Dispatch,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
  type SetStateAction,
  useEffect,
} from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import type { Translate } from '../../../lib/i18n';
import { type ClickModifiers, selectionAfterClick } from './click-selection';
import { cursorSet } from './cursor';
import { type GestureContext, type GestureEffect, type GestureStep, gestureStep, linkStart } from './gesture';
import { linkText } from './gesture-text';
import { NO_HITS, pointerHits } from './pointer-hits';
import { holdTextSelection, releaseTextSelection } from './text-selection';
import type { GanttTimelineProps, Menu, ReadOnlyReason, Status, TimelineRefs } from './timeline';
import { useDragPreview } from './useDragPreview';
import type { useGanttEdits } from './useGanttEdits';
import type { WhatIf } from './whatif';

/** What the pointer hook works with: the timeline's props, refs, state setters, edits and what-if. */
interface GanttPointerArgs {
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
}

/**
 * The gestures on the canvas: selecting, panning, dragging a bar (with the live recalculation) and
 * drawing a link from a connector. The rules are the state machine of `gesture.ts`; this hook only
 * measures the pointer, runs the machine's step and carries out what it asks for.
 */
export function useGanttPointer(args: GanttPointerArgs) {
  const { props, refs, t, model, rows, base, scale, setScale, readOnly } = args;
  const { setMenu, setStatus, paint, interact, whatIf, whatIfProblem, calendarOfWork, stopAnimation } = args;
  const { edits, hoverAt } = args;
  const { host, renderer, gesture, selectedLink, anchorRow, busy } = refs;
  const { label, refusalText, linkable, restore, commitDrag, createLink, linkNames } = edits;

  // A timeline that goes away mid-gesture gives the page its text selection back.
  useEffect(() => () => releaseTextSelection(), []);

  const point = (event: { clientX: number; clientY: number }) => {
    const rect = host.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const select = (work: number, modifiers: ClickModifiers) => {
    const row = base.row[work]!;
    const next = selectionAfterClick({
      id: model.ids[work]!,
      row,
      idOfRow: (r) => model.ids[rows[r]!]!,
      anchorRow: anchorRow.current,
      selected: props.selected,
      modifiers,
    });
    anchorRow.current = next.anchorRow;
    props.onSelect(next.ids, row);
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

  const showDrag = useDragPreview({
    refs,
    t,
    model,
    base,
    whatIf,
    whatIfProblem,
    label,
    restore,
    paint,
    interact,
    setStatus,
  });
  const hitsAt = (x: number, y: number) => pointerHits(renderer.current, base, x, y);

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
        holdTextSelection();
        break;
      case 'release':
        if (box && pointerId !== null && box.hasPointerCapture(pointerId))
          box.releasePointerCapture(pointerId);
        releaseTextSelection();
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
      case 'linkLabel':
      case 'linkStatus':
        setStatus({ text: linkText(effect, t, label, linkNames), tone: 'info' });
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

  const onLostPointerCapture = () => {
    releaseTextSelection();
    run(gestureStep(gesture.current, { type: 'lostCapture' }, context()));
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
    onLostPointerCapture,
    onDoubleClick,
  };
}
