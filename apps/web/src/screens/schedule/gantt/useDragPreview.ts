import type { GanttSnapshot } from '@takt/gantt';
import { type Dispatch, type RefObject, type SetStateAction, useEffect, useRef } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import type { Translate } from '../../../lib/i18n';
import { formatMinutes } from '../../../lib/schedule-time';
import { type DragEdit, dragCommand } from './edit';
import type { Status, TimelineRefs } from './timeline';
import type { WhatIf } from './whatif';

/**
 * How long the pointer rests before a drag whose late dates wait (it moved the project finish) shows its
 * criticality and floats: the pass over every late date then runs once, not at every step.
 */
const SETTLE_AFTER_MS = 120;

/**
 * Shows a drag where the pointer is: the live recalculation of the successors when the what-if is
 * available, else the ghost bar, with the status line saying what moves (and why there is no live
 * recalculation, when there is none). A null edit puts the base snapshot back.
 */
export function useDragPreview(args: {
  refs: Pick<TimelineRefs, 'preview' | 'renderer'>;
  t: Translate;
  model: ScheduleModel;
  base: GanttSnapshot;
  whatIf: RefObject<WhatIf | null>;
  whatIfProblem: RefObject<string | null>;
  label: (work: number) => string;
  restore: () => void;
  paint: () => void;
  interact: () => void;
  setStatus: Dispatch<SetStateAction<Status | null>>;
}) {
  const { refs, t, model, base, whatIf, whatIfProblem, label, restore, paint, interact, setStatus } = args;
  const { preview, renderer } = refs;
  const settling = useRef<number | null>(null);
  const stopSettling = () => {
    if (settling.current !== null) window.clearTimeout(settling.current);
    settling.current = null;
  };
  useEffect(
    () => () => {
      if (settling.current !== null) window.clearTimeout(settling.current);
    },
    [],
  );

  return (work: number, edit: DragEdit | null) => {
    const started = performance.now();
    stopSettling();
    let moved = 0;
    if (!edit) restore();
    else if (whatIf.current) {
      const result = whatIf.current.preview(base, [dragCommand(model.ids[work]!, edit)]);
      preview.current = result.snapshot;
      moved = result.moved;
      if (result.lateDatesPending) {
        const shown = result.snapshot;
        settling.current = window.setTimeout(() => {
          settling.current = null;
          // Only while this step is still the one drawn (no later step, drop or cancel since).
          if (preview.current !== shown || !whatIf.current) return;
          preview.current = whatIf.current.settle(base).snapshot;
          paint();
          renderer.current?.renderNow();
        }, SETTLE_AFTER_MS);
      }
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
}
