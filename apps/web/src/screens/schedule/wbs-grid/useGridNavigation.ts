import type { Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, type RefObject, useRef } from 'react';
import { withMember } from '../../../lib/sets';
import { gridKeyAction } from './keys';
import { type GridCursor, ROW_HEIGHT } from './types';

/**
 * The cursor and the selection of the grid: moving with the keyboard (Shift extends from the anchor
 * row), clicking rows (Shift: a range, Ctrl: one more or one less), opening a cell's editor.
 */
export function useGridNavigation({
  rows,
  columnCount,
  cursor,
  selected,
  idOf,
  onCursor,
  onSelect,
  onKey,
  canEdit,
  startEdit,
  editing,
  scroller,
  virtualizer,
}: {
  rows: Int32Array;
  columnCount: number;
  cursor: GridCursor;
  selected: ReadonlySet<string>;
  idOf: (row: number) => string;
  onCursor: (cursor: GridCursor) => void;
  onSelect: (ids: Set<string>) => void;
  onKey?: (event: KeyboardEvent) => boolean;
  /** Whether the cell has an editor the user may open. */
  canEdit: (at: GridCursor) => boolean;
  startEdit: (at: GridCursor) => void;
  editing: boolean;
  scroller: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
}) {
  // The row a Shift-selection extends from.
  const anchor = useRef<number>(0);
  const selectRange = (from: number, to: number) => {
    const ids = new Set<string>();
    for (let i = Math.min(from, to); i <= Math.max(from, to); i++) ids.add(idOf(rows[i]!));
    onSelect(ids);
  };
  const move = (row: number, col: number, extend = false) => {
    const r = Math.max(0, Math.min(rows.length - 1, row));
    const c = Math.max(0, Math.min(columnCount - 1, col));
    if (rows.length === 0) return;
    onCursor({ row: r, col: c });
    if (extend) selectRange(anchor.current, r);
    else {
      anchor.current = r;
      onSelect(new Set([idOf(rows[r]!)]));
    }
    virtualizer.scrollToIndex(r);
  };
  const edit = (at: GridCursor) => {
    if (canEdit(at) && at.row < rows.length) startEdit(at);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || event.target !== scroller.current) return;
    if (onKey?.(event)) {
      event.preventDefault();
      return;
    }
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const action = gridKeyAction(event, cursor, rows.length, columnCount, page);
    if (!action) return;
    if (action.kind === 'move') move(action.row, action.col, action.extend);
    else if (action.kind === 'select-all') selectRange(0, rows.length - 1);
    else if (action.kind === 'edit') edit(cursor);
    else onSelect(new Set());
    event.preventDefault();
  };

  const onRowClick = (
    event: Pick<MouseEvent, 'shiftKey' | 'ctrlKey' | 'metaKey'>,
    visibleIndex: number,
    col: number,
  ) => {
    const id = idOf(rows[visibleIndex]!);
    onCursor({ row: visibleIndex, col });
    if (event.shiftKey) selectRange(anchor.current, visibleIndex);
    else if (event.ctrlKey || event.metaKey) {
      onSelect(withMember(selected, id));
      anchor.current = visibleIndex;
    } else {
      anchor.current = visibleIndex;
      onSelect(new Set([id]));
    }
  };

  return { move, edit, onKeyDown, onRowClick };
}
