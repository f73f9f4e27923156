import { type GanttHit, MINUTES_PER_DAY, type TimeScale } from '@takt/gantt';
import { describe, expect, it } from 'vitest';
import { at, standard, task } from '../../../testing/gantt-drag';
import {
  DRAG_THRESHOLD_PX,
  type GestureContext,
  type GestureEffect,
  type GestureEvent,
  type GestureState,
  gestureStep,
  type PointerHits,
} from './gesture';
import { NO_HITS } from './pointer-hits';

const D = MINUTES_PER_DAY;
const scale: TimeScale = { start: at('2024-01-01T00:00'), pxPerMinute: 32 / D }; // 32 px a day

function context(over: Partial<GestureContext> = {}): GestureContext {
  return {
    ready: true,
    scale,
    readOnly: false,
    busy: false,
    rowCount: 10,
    linkable: () => true,
    refusal: () => null,
    subject: () => task,
    calendarOfWork: () => standard,
    ...over,
  };
}

const onWork = (
  work: number,
  part: GanttHit['part'] = 'body',
  over: Partial<PointerHits> = {},
): PointerHits => ({
  ...NO_HITS,
  hit: { row: work, work, part },
  ...over,
});
const noKeys = { ctrlKey: false, metaKey: false, shiftKey: false };
const down = (x: number, hits: PointerHits, y = 100): GestureEvent => ({
  type: 'down',
  button: 0,
  x,
  y,
  hits,
  modifiers: noKeys,
});
const move = (x: number, hits: PointerHits = NO_HITS, y = 100): GestureEvent => ({
  type: 'move',
  x,
  y,
  hits,
});
const up: GestureEvent = { type: 'up' };

/** Runs events from idle; the final state and every effect, in order. */
function run(events: GestureEvent[], ctx = context(), from: GestureState = null) {
  let state = from;
  const effects: GestureEffect[] = [];
  for (const event of events) {
    const step = gestureStep(state, event, ctx);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects, types: effects.map((e) => e.type) };
}

const commits = (effects: GestureEffect[]) =>
  effects.filter((e) => e.type === 'commitDrag' || e.type === 'commitLink');

describe('gestureStep: a press on a bar', () => {
  it('selects the work on a click and edits nothing', () => {
    const { state, effects, types } = run([down(50, onWork(2)), move(50 + DRAG_THRESHOLD_PX - 1), up]);
    expect(state).toBeNull();
    expect(effects).toContainEqual({ type: 'selectWork', work: 2, modifiers: noKeys });
    expect(commits(effects)).toEqual([]);
    expect(types).not.toContain('preview');
  });

  it('passes the modifiers on to the selection', () => {
    const keys = { ctrlKey: true, metaKey: false, shiftKey: false };
    const { effects } = run([{ type: 'down', button: 0, x: 50, y: 100, hits: onWork(3), modifiers: keys }]);
    expect(effects).toContainEqual({ type: 'selectWork', work: 3, modifiers: keys });
  });

  it('moves past the threshold, snaps to days and saves one move on release', () => {
    const { state, effects } = run([
      down(50, onWork(2)),
      move(60),
      move(50 + 2 * 32 + 4),
      move(50 + 2 * 32 - 3),
      up,
    ]);
    expect(state).toBeNull();
    const previews = effects.filter((e) => e.type === 'preview');
    // 10 px is a third of a day (no edit yet, nothing to show); 68 and 61 px both snap to two days.
    expect(previews).toHaveLength(1);
    const saved = commits(effects);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      type: 'commitDrag',
      work: 2,
      edit: {
        startLimit: { type: 'not_earlier', date: task.start + 2 * D },
        ghostStart: task.start + 2 * D,
        ghostFinish: task.finish + 2 * D,
      },
    });
  });

  it('keeps a drag that passed the threshold live when it comes back within it', () => {
    const { state, effects } = run([down(50, onWork(2)), move(90), move(51)]);
    expect(state).toMatchObject({ kind: 'drag', active: true, days: 0, edit: null });
    // Back on its own day: the preview is dropped (a null edit).
    expect(effects.filter((e) => e.type === 'preview').at(-1)).toEqual({
      type: 'preview',
      work: 2,
      edit: null,
    });
    const released = gestureStep(state, up, context());
    expect(commits([...released.effects])).toEqual([]);
    expect(released.effects.map((e) => e.type)).toContain('restore');
  });

  it('cancels on Escape mid-drag: the preview is dropped and nothing is saved', () => {
    const dragged = run([down(50, onWork(2)), move(50 + 3 * 32)]);
    expect(dragged.state).toMatchObject({ kind: 'drag', days: 3 });
    const cancelled = gestureStep(dragged.state, { type: 'cancel' }, context());
    expect(cancelled.state).toBeNull();
    expect(cancelled.effects.map((e) => e.type)).toEqual(['restore', 'clearStatus', 'paint', 'interact']);
    expect(commits([...gestureStep(cancelled.state, up, context()).effects])).toEqual([]);
  });

  it('cancels when the pointer capture is lost, and a lost capture when idle does nothing', () => {
    const dragged = run([down(50, onWork(2)), move(50 + 32)]);
    const lost = gestureStep(dragged.state, { type: 'lostCapture' }, context());
    expect(lost.state).toBeNull();
    expect(lost.effects.map((e) => e.type)).toContain('restore');
    expect(commits([...gestureStep(lost.state, up, context()).effects])).toEqual([]);
    expect(gestureStep(null, { type: 'lostCapture' }, context())).toEqual({ state: null, effects: [] });
  });

  it('resizes from the finish: the duration grows by the working days', () => {
    const { effects } = run([down(80, onWork(2, 'finish')), move(80 + 32), up]);
    expect(commits(effects)).toEqual([
      {
        type: 'commitDrag',
        work: 2,
        edit: { durationMinutes: 1440, ghostStart: task.start, ghostFinish: task.finish + D },
      },
    ]);
  });

  it('resizes from the start: the start moves and the duration shrinks', () => {
    const { effects } = run([down(10, onWork(2, 'start')), move(10 + 32), up]);
    expect(commits(effects)).toEqual([
      {
        type: 'commitDrag',
        work: 2,
        edit: {
          startLimit: { type: 'not_earlier', date: task.start + D },
          durationMinutes: 480,
          ghostStart: task.start + D,
          ghostFinish: task.finish,
        },
      },
    ]);
  });

  it('does not drag a refused work: the reason is shown and no gesture starts', () => {
    const { state, effects } = run(
      [down(50, onWork(2)), move(200), up],
      context({ refusal: () => 'started' }),
    );
    expect(state).toBeNull();
    expect(effects).toContainEqual({ type: 'refusal', text: 'started' });
    expect(effects.map((e) => e.type)).not.toContain('capture');
    expect(commits(effects)).toEqual([]);
  });

  it('starts nothing on the rows while a save runs, and nothing at all before the first frame', () => {
    expect(run([down(50, onWork(2))], context({ busy: true })).types).toEqual(['closeMenu', 'focus']);
    expect(run([down(50, onWork(2))], context({ ready: false })).types).toEqual(['closeMenu']);
    expect(
      run([{ type: 'down', button: 2, x: 50, y: 100, hits: onWork(2), modifiers: noKeys }]).types,
    ).toEqual([]);
  });
});

describe('gestureStep: drawing a link', () => {
  const connector = (work: number) => ({
    ...NO_HITS,
    connector: { work, end: 'finish' as const, x: 70, y: 110 },
  });

  it('from a bar’s finish onto another bar’s start saves one FS link', () => {
    const { state, effects } = run([
      down(70, connector(1)),
      move(150, onWork(4, 'body', { targetEnd: 'start' })),
      up,
    ]);
    expect(state).toBeNull();
    expect(effects).toContainEqual({ type: 'linkStatus', from: 1, to: 4, linkType: 'fs' });
    expect(commits(effects)).toEqual([{ type: 'commitLink', from: 1, to: 4, linkType: 'fs' }]);
  });

  it('onto the target’s finish makes an FF link', () => {
    const { effects } = run([
      down(70, connector(1)),
      move(150, onWork(4, 'body', { targetEnd: 'finish' })),
      up,
    ]);
    expect(commits(effects)).toEqual([{ type: 'commitLink', from: 1, to: 4, linkType: 'ff' }]);
  });

  it('onto empty space, onto its own work or onto a summary saves nothing', () => {
    for (const target of [NO_HITS, onWork(1), onWork(5, 'body', { summary: true })]) {
      const { state, effects } = run([down(70, connector(1)), move(150, target), up]);
      expect(state).toBeNull();
      expect(commits(effects)).toEqual([]);
      expect(effects.at(-1)).toEqual({ type: 'clearStatus' });
    }
  });

  it('leaving a target forgets it', () => {
    const { effects } = run([down(70, connector(1)), move(150, onWork(4)), move(300, NO_HITS), up]);
    expect(commits(effects)).toEqual([]);
  });

  it('does not start from a connector when read-only: the press falls through to the bar', () => {
    const hits = { ...connector(1), hit: { row: 1, work: 1, part: 'finish' as const } };
    const { state, types } = run([down(70, hits)], context({ readOnly: true, refusal: () => 'read-only' }));
    expect(state).toBeNull();
    expect(types).not.toContain('linkStatus');
    expect(types).toContain('refusal');
  });

  it('started from the menu it follows the pointer and ends with the next click', () => {
    const sticky: GestureState = {
      kind: 'link',
      from: 1,
      end: 'finish',
      x0: 70,
      y0: 110,
      x: 70,
      y: 110,
      target: -1,
      targetEnd: 'start',
      sticky: true,
    };
    const moved = run([move(150, onWork(4)), up], context(), sticky);
    expect(moved.state).toMatchObject({ kind: 'link', target: 4, sticky: true });
    expect(commits(moved.effects)).toEqual([]);
    const clicked = gestureStep(moved.state, down(150, onWork(4)), context());
    expect(clicked.state).toBeNull();
    expect(commits([...clicked.effects])).toEqual([{ type: 'commitLink', from: 1, to: 4, linkType: 'fs' }]);
  });
});

describe('gestureStep: panning and clicks on the background', () => {
  const onRow = (row: number, header = false): PointerHits => ({
    ...NO_HITS,
    header,
    hit: header ? null : { row, work: -1, part: 'row' },
  });

  it('pans the time axis once past the threshold and does not select on release', () => {
    const { state, effects } = run([down(200, onRow(3)), move(200 - DRAG_THRESHOLD_PX), move(150), up]);
    expect(state).toBeNull();
    const scales = effects.filter((e) => e.type === 'setScale');
    expect(scales).toEqual([
      {
        type: 'setScale',
        scale: { start: scale.start + 50 / scale.pxPerMinute, pxPerMinute: scale.pxPerMinute },
      },
    ]);
    expect(effects.map((e) => e.type)).not.toContain('selectRow');
    expect(effects).toContainEqual({ type: 'cursor', cursor: 'grabbing' });
    expect(effects.at(-1)).toEqual({ type: 'cursor', cursor: 'grab' });
  });

  it('a click on an empty part of a row selects the row', () => {
    const { effects } = run([down(200, onRow(3)), up]);
    expect(effects).toContainEqual({ type: 'selectRow', row: 3 });
    expect(effects.map((e) => e.type)).not.toContain('setScale');
  });

  it('a click in the time header puts the date cursor there', () => {
    const { effects } = run([down(200, onRow(-1, true), 10), up]);
    expect(effects).toContainEqual({ type: 'dateCursor', scale, x: 200 });
  });

  it('a click on a drawn link picks it instead of panning', () => {
    const { state, effects } = run([down(200, { ...onRow(3), link: 7 })]);
    expect(state).toBeNull();
    expect(effects).toContainEqual({ type: 'selectLink', link: 7 });
    expect(effects).toContainEqual({ type: 'linkLabel', link: 7 });
  });

  it('only hovers when no gesture runs', () => {
    expect(run([move(20, NO_HITS, 30)]).effects).toEqual([{ type: 'hover', x: 20, y: 30 }]);
  });
});
