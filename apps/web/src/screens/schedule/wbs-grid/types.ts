import type { ReactNode } from 'react';

/** Fixed row height: a timeline beside the grid maps row index ↔ pixel with it. */
export const ROW_HEIGHT = 32;
export const HEADER_HEIGHT = 36;

export interface CellEditor {
  /** `limit`: a constraint — a type select (`options`) and a date; the text is `type|date`. */
  kind: 'text' | 'select' | 'limit';
  options?: readonly { value: string; label: string }[];
  /** The text the editor starts with. */
  initial: (row: number) => string;
  /** Validates and saves; resolves to an error text to show, or null when saved. */
  commit: (row: number, text: string) => Promise<string | null>;
}

export interface GridColumn {
  key: string;
  title: string;
  width: number;
  align?: 'right' | 'center';
  render: (row: number) => ReactNode;
  /** Header content instead of the title (a "check all" box). */
  header?: () => ReactNode;
  editor?: CellEditor;
  /**
   * Why the cell of a row may not be edited although the column has an editor (a summary's rolled-up
   * value), shown as the cell's tooltip; null where it may.
   */
  lockedFor?: (row: number) => string | null;
}

/** Whether the cell of column `column` in model row `row` opens an editor. */
export const cellEditable = (column: GridColumn | undefined, row: number | undefined) =>
  !!column?.editor && row !== undefined && !column.lockedFor?.(row);

export interface GridCursor {
  /** Index into the visible rows. */
  row: number;
  col: number;
}

/** One action of a context menu. */
export interface MenuItem {
  key: string;
  text: string;
  run: () => void;
  disabled?: boolean;
  /** A line above the item, between groups of actions. */
  separated?: boolean;
  /** An item that turns something on and off (a side panel): whether it is on now. */
  checked?: boolean;
  testId?: string;
}

/**
 * The schedule page's actions on works, shared by the grid's row menu and keys and the timeline's menu
 * and keys (the timeline adds its own: zoom, links, fit).
 */
export interface RowMenu {
  readOnly: boolean;
  /** The row actions of a work (model row) that is already selected. */
  itemsFor: (row: number) => MenuItem[];
  /** Progress of the selected works, 0 to 100. */
  setProgress: (percent: number) => void;
  /** Removes the links of the selected works. */
  unlinkSelected: () => void;
  /** A new work that starts no earlier than `date` (`YYYY-MM-DD`), below the active row. */
  addWorkAt: (date: string) => void;
  insertBelow: () => void;
  deleteSelected: () => void;
}
