import type { Calendar } from '@takt/engine';
import { type GanttHit, type LinkType, scalePan, type TimeScale } from '@takt/gantt';
import { type DragEdit, type DragMode, type DragSubject, dragDays, dragEdit, linkTypeFromEnds } from './edit';

/**
 * The timeline's pointer gestures as a pure state machine: `gestureStep` takes the gesture in progress,
 * what the pointer or the keyboard did and what the timeline knows, and returns the next gesture and
 * what should happen, as plain data. The hook (`useGanttPointer`) turns DOM events into these events and
 * performs the effects, so every rule of the gestures (thresholds, snapping, what is saved when) lives
 * here and is tested without a browser.
 */

/** Pixels the pointer travels before a press becomes a pan or a drag (below it, a press is a click). */
export const DRAG_THRESHOLD_PX = 3;

export type LinkEnd = 'start' | 'finish';

/** Panning the time axis; until the pointer passes the threshold it is only a press (a click on release). */
export interface PanGesture {
  readonly kind: 'pan';
  readonly x0: number;
  readonly scale0: TimeScale;
  readonly moved: boolean;
  readonly row: number;
  /** Started in the time header: a click there (no pan) puts the date cursor on the day. */
  readonly header: boolean;
}

/** A pressed plan bar: moved or resized (by `mode`) once the pointer passes the threshold (`active`). */
export interface DragGesture {
  readonly kind: 'drag';
  readonly work: number;
  readonly mode: DragMode;
  readonly x0: number;
  readonly subject: DragSubject;
  /** Whole days dragged so far (the drag snaps to days). */
  readonly days: number;
  /** What a release would save; null while the bar is where it was. */
  readonly edit: DragEdit | null;
  readonly active: boolean;
}

/** A link being drawn from one end of a work; `target` is -1 while it points at nothing linkable. */
export interface LinkGesture {
  readonly kind: 'link';
  readonly from: number;
  readonly end: LinkEnd;
  readonly x0: number;
  readonly y0: number;
  readonly x: number;
  readonly y: number;
  readonly target: number;
  readonly targetEnd: LinkEnd;
  /** Started from the context menu: follows the pointer until a click. */
  readonly sticky: boolean;
}

export type Gesture = PanGesture | DragGesture | LinkGesture;

/** The machine's state: a gesture in progress, or null when idle (only hovering). */
export type GestureState = Gesture | null;

/** What is under the pointer, in the host's coordinates, as the renderer's hit tests see it. */
export interface PointerHits {
  /** In the time header (above the rows). */
  readonly header: boolean;
  /** A bar's link connector near the pointer (its centre in the host's coordinates), if any. */
  readonly connector: {
    readonly work: number;
    readonly end: LinkEnd;
    readonly x: number;
    readonly y: number;
  } | null;
  /** The row and the work (with the part of its bar) under the pointer. */
  readonly hit: GanttHit | null;
  /** Whether the work under the pointer is a summary (never a link's target). */
  readonly summary: boolean;
  /** The end of the work under the pointer a link dropped here would reach (first half: the start). */
  readonly targetEnd: LinkEnd;
  /** The drawn link under the pointer (its index), -1 for none. */
  readonly link: number;
}

export interface Modifiers {
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
}

export type GestureEvent =
  | {
      readonly type: 'down';
      readonly button: number;
      readonly x: number;
      readonly y: number;
      readonly hits: PointerHits;
      readonly modifiers: Modifiers;
    }
  | { readonly type: 'move'; readonly x: number; readonly y: number; readonly hits: PointerHits }
  | { readonly type: 'up' }
  /** Escape, or the browser cancelling the pointer: the gesture ends and nothing is saved. */
  | { readonly type: 'cancel' }
  /** The host lost the pointer capture it took on the press: like a cancel, but only when a gesture runs. */
  | { readonly type: 'lostCapture' };

/** What the timeline knows at the moment of an event. */
export interface GestureContext {
  /** The renderer, the host and the time scale are there (before the first frame, pointers do nothing). */
  readonly ready: boolean;
  readonly scale: TimeScale | null;
  readonly readOnly: boolean;
  /** A save is running: the rows take no new gestures until it ends. */
  readonly busy: boolean;
  /** Visible rows of the grid. */
  readonly rowCount: number;
  linkable(work: number): boolean;
  /** Why the work may not be dragged (the text to show), or null when it may. */
  refusal(work: number): string | null;
  /** The work as it is now, for a drag that starts on it. */
  subject(work: number): DragSubject;
  calendarOfWork(work: number): Calendar;
}

export type GestureEffect =
  | { readonly type: 'closeMenu' }
  | { readonly type: 'focus' }
  | { readonly type: 'capture' }
  | { readonly type: 'release' }
  /** The pointer over the canvas with no gesture: cursor shape, hovered work, tooltip. */
  | { readonly type: 'hover'; readonly x: number; readonly y: number }
  | { readonly type: 'selectWork'; readonly work: number; readonly modifiers: Modifiers }
  | { readonly type: 'selectRow'; readonly row: number }
  | { readonly type: 'selectLink'; readonly link: number }
  /** A click in the time header: the date cursor on the day at `x`. */
  | { readonly type: 'dateCursor'; readonly scale: TimeScale; readonly x: number }
  | { readonly type: 'stopAnimation' }
  | { readonly type: 'setScale'; readonly scale: TimeScale }
  | { readonly type: 'cursor'; readonly cursor: 'grab' | 'grabbing' }
  | { readonly type: 'clearStatus' }
  | { readonly type: 'refusal'; readonly text: string }
  /** The drawn link under the pointer was picked: its description. */
  | { readonly type: 'linkLabel'; readonly link: number }
  /** A link being drawn: from where, and to what (-1: nothing yet). */
  | { readonly type: 'linkStatus'; readonly from: number; readonly to: number; readonly linkType: LinkType }
  /** Show the drag where it is now (a null edit: the bar is back where it was) with the live recalculation. */
  | { readonly type: 'preview'; readonly work: number; readonly edit: DragEdit | null }
  /** Drop the preview of a drag. */
  | { readonly type: 'restore' }
  | { readonly type: 'commitDrag'; readonly work: number; readonly edit: DragEdit }
  | { readonly type: 'commitLink'; readonly from: number; readonly to: number; readonly linkType: LinkType }
  | { readonly type: 'paint' }
  /** Redraw the interaction layer (hover, ghost bar, link being drawn). */
  | { readonly type: 'interact' };

export interface GestureStep {
  readonly state: GestureState;
  readonly effects: readonly GestureEffect[];
}

/** A link gesture starting at a work's end (from a connector, or from the context menu: sticky). */
export function linkStart(from: number, end: LinkEnd, sticky: boolean, x: number, y: number): GestureStep {
  const state: LinkGesture = {
    kind: 'link',
    from,
    end,
    x0: x,
    y0: y,
    x,
    y,
    target: -1,
    targetEnd: 'start',
    sticky,
  };
  return {
    state,
    effects: [
      { type: 'selectLink', link: -1 },
      { type: 'linkStatus', from, to: -1, linkType: linkTypeFromEnds(end, 'start') },
      { type: 'interact' },
    ],
  };
}

/** Where a link being drawn would go: the work under the pointer (not itself, not a summary) and its end. */
function trackLink(g: LinkGesture, x: number, y: number, hits: PointerHits): GestureStep {
  const hit = hits.hit;
  const aimed = hit !== null && hit.work >= 0 && hit.work !== g.from && !hits.summary;
  const state: LinkGesture = {
    ...g,
    x,
    y,
    target: aimed ? hit.work : -1,
    targetEnd: aimed ? hits.targetEnd : g.targetEnd,
  };
  return {
    state,
    effects: [
      {
        type: 'linkStatus',
        from: g.from,
        to: state.target,
        linkType: linkTypeFromEnds(state.end, state.targetEnd),
      },
      { type: 'interact' },
    ],
  };
}

/** Releasing a link: onto another work it is saved, onto nothing (or its own work) it is dropped. */
function finishLink(g: LinkGesture, before: readonly GestureEffect[] = []): GestureStep {
  const effects: GestureEffect[] = [...before, { type: 'interact' }];
  if (g.target < 0 || g.target === g.from) effects.push({ type: 'clearStatus' });
  else
    effects.push({
      type: 'commitLink',
      from: g.from,
      to: g.target,
      linkType: linkTypeFromEnds(g.end, g.targetEnd),
    });
  return { state: null, effects };
}

function cancel(state: GestureState): GestureStep {
  const effects: GestureEffect[] = [];
  if (state?.kind === 'drag') effects.push({ type: 'restore' });
  effects.push({ type: 'clearStatus' }, { type: 'paint' }, { type: 'interact' });
  return { state: null, effects };
}

function down(
  state: GestureState,
  e: Extract<GestureEvent, { type: 'down' }>,
  ctx: GestureContext,
): GestureStep {
  if (e.button !== 0) return { state, effects: [] };
  const effects: GestureEffect[] = [{ type: 'closeMenu' }];
  if (!ctx.ready || !ctx.scale) return { state, effects };
  effects.push({ type: 'focus' });
  const { x, y, hits } = e;
  if (state?.kind === 'link' && state.sticky) {
    const tracked = trackLink(state, x, y, hits);
    return finishLink(tracked.state as LinkGesture, [...effects, ...tracked.effects]);
  }
  if (ctx.busy && !hits.header) return { state, effects };
  const connector = hits.connector;
  if (!ctx.readOnly && !hits.header && connector && ctx.linkable(connector.work)) {
    const started = linkStart(connector.work, connector.end, false, connector.x, connector.y);
    return { state: started.state, effects: [...effects, { type: 'capture' }, ...started.effects] };
  }
  const hit = hits.hit;
  if (hit && hit.work >= 0) {
    const work = hit.work;
    effects.push({ type: 'selectWork', work, modifiers: e.modifiers }, { type: 'selectLink', link: -1 });
    const refusal = ctx.refusal(work);
    if (refusal) {
      effects.push({ type: 'refusal', text: refusal }, { type: 'interact' });
      return { state, effects };
    }
    effects.push({ type: 'capture' });
    const drag: DragGesture = {
      kind: 'drag',
      work,
      mode: hit.part === 'start' ? 'start' : hit.part === 'finish' ? 'finish' : 'move',
      x0: x,
      subject: ctx.subject(work),
      days: 0,
      edit: null,
      active: false,
    };
    return { state: drag, effects };
  }
  effects.push({ type: 'selectLink', link: hits.link });
  if (hits.link >= 0) {
    effects.push({ type: 'linkLabel', link: hits.link }, { type: 'interact' });
    return { state, effects };
  }
  effects.push({ type: 'capture' }, { type: 'stopAnimation' });
  const pan: PanGesture = {
    kind: 'pan',
    x0: x,
    scale0: ctx.scale,
    moved: false,
    row: hit?.row ?? -1,
    header: hits.header,
  };
  effects.push({ type: 'cursor', cursor: 'grabbing' }, { type: 'interact' });
  return { state: pan, effects };
}

function move(
  state: GestureState,
  e: Extract<GestureEvent, { type: 'move' }>,
  ctx: GestureContext,
): GestureStep {
  const { x, y } = e;
  if (!state) return { state, effects: [{ type: 'hover', x, y }] };
  if (state.kind === 'pan') {
    const moved = state.moved || Math.abs(x - state.x0) > DRAG_THRESHOLD_PX;
    const next = moved === state.moved ? state : { ...state, moved };
    return {
      state: next,
      effects: moved ? [{ type: 'setScale', scale: scalePan(state.scale0, state.x0 - x) }] : [],
    };
  }
  if (state.kind === 'link') return trackLink(state, x, y, e.hits);
  if (!ctx.scale) return { state, effects: [] };
  // A press on a bar stays a click until the pointer has travelled the threshold.
  if (!state.active && Math.abs(x - state.x0) < DRAG_THRESHOLD_PX) return { state, effects: [] };
  const days = dragDays(x - state.x0, ctx.scale.pxPerMinute);
  if (days === state.days) return { state: state.active ? state : { ...state, active: true }, effects: [] };
  const edit = dragEdit(state.subject, state.mode, days, ctx.calendarOfWork(state.work));
  return {
    state: { ...state, active: true, days, edit },
    effects: [{ type: 'preview', work: state.work, edit }],
  };
}

function up(state: GestureState, ctx: GestureContext): GestureStep {
  const effects: GestureEffect[] = [{ type: 'release' }];
  if (!state || (state.kind === 'link' && state.sticky)) return { state, effects };
  if (state.kind === 'pan') {
    effects.push({ type: 'cursor', cursor: 'grab' });
    if (!state.moved && state.header) effects.push({ type: 'dateCursor', scale: state.scale0, x: state.x0 });
    else if (!state.moved && state.row >= 0 && state.row < ctx.rowCount)
      effects.push({ type: 'selectRow', row: state.row });
    return { state: null, effects };
  }
  if (state.kind === 'link') return finishLink(state, effects);
  if (state.edit) effects.push({ type: 'commitDrag', work: state.work, edit: state.edit });
  else effects.push({ type: 'restore' }, { type: 'clearStatus' }, { type: 'paint' }, { type: 'interact' });
  return { state: null, effects };
}

/** One step of the machine: the next gesture and the effects to perform, in order, after adopting it. */
export function gestureStep(state: GestureState, event: GestureEvent, ctx: GestureContext): GestureStep {
  switch (event.type) {
    case 'down':
      return down(state, event, ctx);
    case 'move':
      return move(state, event, ctx);
    case 'up':
      return up(state, ctx);
    case 'cancel':
      return cancel(state);
    case 'lostCapture':
      return state ? cancel(state) : { state, effects: [] };
  }
}
