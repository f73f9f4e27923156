import { type MouseEvent, memo } from 'react';
import { CellEditorView } from './CellEditorView';
import { type GridColumn, HEADER_HEIGHT, ROW_HEIGHT } from './types';

/**
 * What a row's cells report, with the row's index among the visible rows. One stable object for all
 * rows (see `WbsRow`).
 */
export interface RowHandlers {
  onCellClick: (index: number, event: MouseEvent, col: number, editing: boolean) => void;
  onCellDoubleClick: (index: number, col: number) => void;
  /** The editor of column `col` closed: `next` as `CellEditorView` reports it. */
  onEditDone: (index: number, col: number, next: number | null) => void;
  /** A right-click on cell `col` (not inside its open editor), when the grid has a row menu. */
  onContextMenu: (index: number, event: MouseEvent, col: number) => void;
}

/** The sticky header row of the grid. */
export function WbsHeader({ columns, width }: { columns: readonly GridColumn[]; width: number }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the header row of the virtualized ARIA grid
    // biome-ignore lint/a11y/useFocusableInteractive: the grid element holds the focus (roving cursor)
    <div className="wbs-header" role="row" aria-rowindex={1} style={{ width, height: HEADER_HEIGHT }}>
      {columns.map((c) => (
        // biome-ignore lint/a11y/useSemanticElements: cells of the virtualized ARIA grid
        // biome-ignore lint/a11y/useFocusableInteractive: the grid element holds the focus (roving cursor)
        <div
          key={c.key}
          role="columnheader"
          className={`wbs-cell wbs-head${c.align ? ` wbs-${c.align}` : ''}`}
          style={{ width: c.width }}
          title={c.title}
        >
          {c.header ? c.header() : <span className="wbs-head-text">{c.title}</span>}
        </div>
      ))}
    </div>
  );
}

/**
 * One row of the grid at `index` among the visible rows (model row `row`), placed at `top`: its cells,
 * the cursor's cell marked, the cell being edited showing its editor. Memoized on plain props (the
 * handlers are one stable object): a scroll step renders only the rows it brings in, not every row
 * on screen. A change of the model's data reaches the rows through new `columns` (their renderers).
 */
export const WbsRow = memo(function WbsRow({
  index,
  row,
  top,
  width,
  columns,
  className,
  selected,
  activeCol,
  editingCol,
  handlers,
  menu,
}: {
  index: number;
  row: number;
  top: number;
  width: number;
  columns: readonly GridColumn[];
  className: string;
  selected: boolean;
  /** The cursor's column when the cursor is in this row. */
  activeCol: number | null;
  /** The column whose editor is open in this row, if any. */
  editingCol: number | null;
  handlers: RowHandlers;
  /** Whether a right-click opens the row menu. */
  menu: boolean;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: rows of the virtualized ARIA grid
    // biome-ignore lint/a11y/useFocusableInteractive: the grid element holds the focus (roving cursor)
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`wbs-row ${className}${selected ? ' wbs-row-selected' : ''}${
        editingCol !== null ? ' wbs-row-editing' : ''
      }`}
      style={{ transform: `translateY(${top}px)`, width, height: ROW_HEIGHT }}
      data-row={index}
    >
      {columns.map((c, ci) => {
        const active = activeCol === ci;
        const isEditing = editingCol === ci;
        const locked = c.lockedFor?.(row) ?? null;
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles the keyboard for every cell
          // biome-ignore lint/a11y/useSemanticElements: cells of the virtualized ARIA grid
          // biome-ignore lint/a11y/useFocusableInteractive: the grid element holds the focus (roving cursor)
          <div
            key={c.key}
            role="gridcell"
            aria-colindex={ci + 1}
            className={`wbs-cell${c.align ? ` wbs-${c.align}` : ''}${active ? ' wbs-active' : ''}${
              locked ? ' wbs-locked' : ''
            }`}
            style={{ width: c.width }}
            title={locked ?? undefined}
            aria-readonly={locked ? true : undefined}
            onClick={(e) => handlers.onCellClick(index, e, ci, isEditing)}
            onDoubleClick={() => handlers.onCellDoubleClick(index, ci)}
            onContextMenu={isEditing || !menu ? undefined : (e) => handlers.onContextMenu(index, e, ci)}
            data-col={c.key}
          >
            {isEditing && c.editor && !locked ? (
              <CellEditorView
                editor={c.editor}
                row={row}
                onDone={(next) => handlers.onEditDone(index, ci, next)}
              />
            ) : (
              c.render(row)
            )}
          </div>
        );
      })}
    </div>
  );
});
