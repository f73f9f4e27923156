import type { GridCursor } from './types';

/** What a key pressed on the grid does; null: nothing, the browser keeps the key. */
export type GridKeyAction =
  | { kind: 'move'; row: number; col: number; extend: boolean }
  | { kind: 'select-all' }
  | { kind: 'edit' }
  | { kind: 'clear' };

interface Key {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * The grid's keyboard: arrows, Page Up/Down (Shift extends the selection up and down), Home/End (with
 * Ctrl: first/last row), Tab between cells, Enter or F2 edits, Escape clears the selection, Ctrl+A
 * selects every row. The target may lie outside the grid; moving clamps it.
 */
export function gridKeyAction(
  event: Key,
  { row, col }: GridCursor,
  rowCount: number,
  columnCount: number,
  /** Rows per page of the visible height. */
  page: number,
): GridKeyAction | null {
  if (event.key === 'a' && (event.ctrlKey || event.metaKey)) return { kind: 'select-all' };
  const extend = event.shiftKey;
  const to = (r: number, c: number, withShift = false) => ({
    kind: 'move' as const,
    row: r,
    col: c,
    extend: withShift && extend,
  });
  switch (event.key) {
    case 'ArrowDown':
      return to(row + 1, col, true);
    case 'ArrowUp':
      return to(row - 1, col, true);
    case 'ArrowLeft':
      return to(row, col - 1);
    case 'ArrowRight':
      return to(row, col + 1);
    case 'PageDown':
      return to(row + page, col, true);
    case 'PageUp':
      return to(row - page, col, true);
    case 'Home':
      return to(event.ctrlKey ? 0 : row, event.ctrlKey ? col : 0);
    case 'End':
      return to(event.ctrlKey ? rowCount - 1 : row, event.ctrlKey ? col : columnCount - 1);
    case 'Tab':
      // Tab leaves the grid at its edges so that keyboard users are not trapped.
      if (event.shiftKey ? col === 0 : col === columnCount - 1) return null;
      return to(row, col + (event.shiftKey ? -1 : 1));
    case 'Enter':
    case 'F2':
      return { kind: 'edit' };
    case 'Escape':
      return { kind: 'clear' };
    default:
      return null;
  }
}
