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
}

export interface GridCursor {
  /** Index into the visible rows. */
  row: number;
  col: number;
}
