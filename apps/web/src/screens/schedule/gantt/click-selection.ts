/** Modifier keys of a click, as the selection reads them. */
export interface ClickModifiers {
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * The selection after a click on a work's bar, as in the grid: with Shift the rows from the anchor row to
 * the clicked one (the anchor stays), with Ctrl or ⌘ the clicked work toggled in the selection, otherwise
 * the clicked work alone; the clicked row becomes the anchor unless Shift extended from it.
 */
export function selectionAfterClick(click: {
  /** The clicked work's id and its row among the visible rows. */
  id: string;
  row: number;
  /** The ids of the works of the visible rows, in row order. */
  idOfRow: (row: number) => string;
  anchorRow: number;
  selected: ReadonlySet<string>;
  modifiers: ClickModifiers;
}): { ids: Set<string>; anchorRow: number } {
  const { id, row, idOfRow, anchorRow, selected, modifiers } = click;
  if (modifiers.shiftKey && anchorRow >= 0) {
    const ids = new Set<string>();
    for (let i = Math.min(anchorRow, row); i <= Math.max(anchorRow, row); i++) ids.add(idOfRow(i));
    return { ids, anchorRow };
  }
  if (modifiers.ctrlKey || modifiers.metaKey) {
    const ids = new Set(selected);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchorRow: row };
  }
  return { ids: new Set([id]), anchorRow: row };
}
