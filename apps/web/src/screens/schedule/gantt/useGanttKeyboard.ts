import { type GanttSnapshot, scalePan, type TimeScale } from '@takt/gantt';
import type { Dispatch, KeyboardEvent, SetStateAction } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import { cursorClear } from './cursor';
import type { GanttTimelineProps, GanttView, Menu, Status, TimelineRefs } from './timeline';

/**
 * The keyboard of the canvas application: arrows, +/-, Enter and Escape; Delete removes the selected link,
 * or else the selected works (the page's confirm); Insert adds a work below the selection. Ctrl+Z / Ctrl+Y
 * are the page's (they reach the window's listener).
 */
export function useGanttKeyboard(args: {
  props: Pick<GanttTimelineProps, 'onSelect' | 'onOpenWork' | 'rowMenu'>;
  refs: TimelineRefs;
  view: GanttView;
  model: ScheduleModel;
  rows: Int32Array;
  base: GanttSnapshot;
  size: { width: number; height: number };
  setScale: Dispatch<SetStateAction<TimeScale | null>>;
  menu: Menu | null;
  setMenu: Dispatch<SetStateAction<Menu | null>>;
  setStatus: Dispatch<SetStateAction<Status | null>>;
  interact: () => void;
  cancelGesture: () => void;
  firstSelected: () => number;
  ensureVisible: (visibleRow: number) => void;
  stopAnimation: () => void;
  deleteLink: (link: number) => Promise<void>;
}) {
  const { props, refs, view, model, rows, base, size, setScale, menu, setMenu, setStatus, interact } = args;
  const { cancelGesture, firstSelected, ensureVisible, stopAnimation, deleteLink } = args;
  const { gesture, selectedLink, anchorRow } = refs;

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
        if (selectedLink.current >= 0) void deleteLink(selectedLink.current);
        else if (event.key === 'Delete' && props.rowMenu && firstSelected() >= 0)
          props.rowMenu.deleteSelected();
        else return;
        break;
      case 'Insert':
        if (!props.rowMenu || event.ctrlKey || event.shiftKey || event.altKey) return;
        props.rowMenu.insertBelow();
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

  return onKeyDown;
}
