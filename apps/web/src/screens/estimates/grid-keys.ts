/**
 * The estimate grid's keyboard, as in a spreadsheet or an estimating program (docs/product-rules.md,
 * "Estimates"): arrows move between cells, Tab and Shift+Tab to the next and previous cell, Home/End to the
 * row's ends (with Ctrl the grid's), Enter or F2 edits the cell, a typed character starts editing with it,
 * Insert adds a line, Delete deletes the selected rows, Alt+Shift+Up/Down moves a line.
 */
type EstimateGridKey =
  | { kind: 'move'; row: number; col: number }
  | { kind: 'edit'; text?: string }
  | { kind: 'insert' }
  | { kind: 'delete' }
  | { kind: 'move-line'; direction: 'up' | 'down' };

interface Key {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** What a key pressed on the grid (not in a cell's editor) does; null: the browser keeps it. */
export function estimateGridKey(
  event: Key,
  at: { row: number; col: number },
  rows: number,
  columns: number,
): EstimateGridKey | null {
  const ctrl = event.ctrlKey || event.metaKey;
  const clamp = (row: number, col: number) => ({
    kind: 'move' as const,
    row: Math.max(0, Math.min(rows - 1, row)),
    col: Math.max(0, Math.min(columns - 1, col)),
  });
  if (event.altKey && event.shiftKey && !ctrl) {
    if (event.key === 'ArrowUp') return { kind: 'move-line', direction: 'up' };
    if (event.key === 'ArrowDown') return { kind: 'move-line', direction: 'down' };
    return null;
  }
  if (event.altKey) return null;
  switch (event.key) {
    case 'ArrowDown':
      return clamp(at.row + 1, at.col);
    case 'ArrowUp':
      return clamp(at.row - 1, at.col);
    case 'ArrowLeft':
      return clamp(at.row, at.col - 1);
    case 'ArrowRight':
      return clamp(at.row, at.col + 1);
    case 'Home':
      return clamp(ctrl ? 0 : at.row, ctrl ? at.col : 0);
    case 'End':
      return clamp(ctrl ? rows - 1 : at.row, ctrl ? at.col : columns - 1);
    case 'Tab': {
      // at the grid's edges Tab leaves it, so that the keyboard is not trapped
      const col = at.col + (event.shiftKey ? -1 : 1);
      if (col < 0 || col >= columns) return null;
      return clamp(at.row, col);
    }
    case 'Enter':
    case 'F2':
      return ctrl ? null : { kind: 'edit' };
    case 'Insert':
      return ctrl || event.shiftKey ? null : { kind: 'insert' };
    case 'Delete':
      return ctrl || event.shiftKey ? null : { kind: 'delete' };
    default:
      // a printable character typed on a cell replaces its value, as in a spreadsheet
      if (event.key.length === 1 && !ctrl && event.key !== ' ') return { kind: 'edit', text: event.key };
      return null;
  }
}

/**
 * A number as an estimator types it: a comma or a dot for the decimals, spaces (also no-break ones) between
 * the thousands. Empty text is 0; text that is no number stays NaN, for the contract to refuse.
 */
export function parseAmount(text: string): number {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (plain === '') return 0;
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(plain) ? Number(plain) : Number.NaN;
}
