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

/** What a key does to the schedule's works (grid or timeline focused); null: not a command of the page. */
export type ScheduleKeyCommand =
  | 'undo'
  | 'redo'
  | 'insert'
  | 'delete'
  | 'indent'
  | 'outdent'
  | 'move-up'
  | 'move-down'
  | 'menu';

/**
 * The schedule's editing keys, as in P6 and MS Project: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo (⌘ on a
 * Mac), Insert adds a work, Delete deletes the selected works, Alt+Shift+Left/Right outdent/indent,
 * Alt+Shift+Up/Down move, Shift+F10 or the context-menu key opens the row menu. Copy and paste are the
 * browser's own clipboard events, not keys.
 */
export function scheduleKeyCommand(event: Key & { altKey: boolean }): ScheduleKeyCommand | null {
  const ctrl = event.ctrlKey || event.metaKey;
  const letter = event.key.length === 1 ? event.key.toLowerCase() : '';
  if (ctrl && !event.altKey) {
    // With a Russian layout `key` is the Cyrillic letter of the same key: я on Z, н on Y.
    if ((letter === 'z' || letter === 'я') && !event.shiftKey) return 'undo';
    if (letter === 'z' || letter === 'я' || letter === 'y' || letter === 'н') return 'redo';
    return null;
  }
  if (event.altKey && event.shiftKey && !ctrl) {
    if (event.key === 'ArrowRight') return 'indent';
    if (event.key === 'ArrowLeft') return 'outdent';
    if (event.key === 'ArrowUp') return 'move-up';
    if (event.key === 'ArrowDown') return 'move-down';
    return null;
  }
  if (ctrl || event.altKey) return null;
  if (event.key === 'Insert' && !event.shiftKey) return 'insert';
  if (event.key === 'Delete' && !event.shiftKey) return 'delete';
  if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) return 'menu';
  return null;
}

/**
 * Whether a key event comes from a place that types text (an input, a select, a text area, an editable
 * element): the page's commands leave those keys to it.
 */
export function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}
