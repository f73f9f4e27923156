import type { Virtualizer } from '@tanstack/react-virtual';
import type { KeyboardEvent, RefObject } from 'react';
import { CellEditor } from './TreeCellEditor';
import { type Column, editable, type Row, rowId } from './tree-model';
import type { CellEdit } from './useTreeEditing';

/** The keys held while a cell is clicked: Ctrl (or ⌘) picks one row more, Shift a range. */
export interface PickKeys {
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * The estimate's rows as a table that draws only the rows in view (and a few around them): an estimate of
 * tens of thousands of lines scrolls like one of ten. The header stays on top; rows keep their index for
 * assistive technology (`aria-rowindex`), and the cell under the cursor is the grid's active descendant.
 */
export function TreeTable({
  rows,
  columns,
  canEdit,
  cursor,
  picked,
  editing,
  problem,
  busy,
  grid,
  scroller,
  virtualizer,
  onKeyDown,
  onCellDown,
  onCellDoubleClick,
  onEditText,
  onEditDone,
}: {
  rows: Row[];
  columns: Column[];
  canEdit: boolean;
  cursor: { row: number; col: number };
  picked: ReadonlySet<string>;
  editing: CellEdit | null;
  problem: string | null;
  busy: boolean;
  grid: RefObject<HTMLTableElement | null>;
  scroller: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, HTMLTableRowElement>;
  onKeyDown: (e: KeyboardEvent<HTMLTableElement>) => void;
  onCellDown: (row: number, col: number, keys: PickKeys) => void;
  onCellDoubleClick: (row: number, col: number) => void;
  onEditText: (text: string) => void;
  onEditDone: (move: number | null) => void;
}) {
  const items = virtualizer.getVirtualItems();
  const above = items[0]?.start ?? 0;
  const below = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const spacer = (height: number, key: string) =>
    height > 0 ? (
      <tr key={key} className="estimate-spacer" aria-hidden style={{ height }}>
        <td colSpan={columns.length} />
      </tr>
    ) : null;
  return (
    <div className="table-wrap estimate-grid-wrap" ref={scroller}>
      <table
        ref={grid}
        className={`table estimate-grid${canEdit ? ' estimate-grid-editable' : ''}`}
        data-testid="estimate-tree"
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the table is the grid the keyboard works (cells by aria-activedescendant)
        role="grid"
        aria-readonly={!canEdit}
        aria-rowcount={rows.length + 1}
        aria-activedescendant={`estimate-cell-${cursor.row}-${cursor.col}`}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((c) => (
              <th key={c.key} className={c.num ? 'num' : undefined}>
                {c.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spacer(above, 'above')}
          {items.map(({ index: r }) => {
            const row = rows[r]!;
            const id = rowId(row);
            const isSection = 'section' in row;
            const chosen = r === cursor.row || picked.has(id);
            return (
              <tr
                key={id}
                ref={virtualizer.measureElement}
                data-index={r}
                aria-rowindex={r + 2}
                className={`${isSection ? 'estimate-section-row' : 'estimate-line-row'}${chosen ? ' selected' : ''}`}
                data-testid={isSection ? 'estimate-section' : 'estimate-line'}
                aria-selected={chosen}
              >
                {columns.map((column, c) => {
                  const inEdit = editing && editing.row === r && editing.col === c;
                  const className = [
                    column.num ? 'num' : '',
                    r === cursor.row && c === cursor.col ? 'estimate-cell-active' : '',
                    canEdit && editable(row, column) ? 'estimate-cell-editable' : '',
                    column.key === 'code' ? 'estimate-code' : '',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  return (
                    <td
                      key={column.key}
                      id={`estimate-cell-${r}-${c}`}
                      data-cell={`${r}:${c}`}
                      data-col={column.key}
                      className={className}
                      style={
                        column.key === 'name' ? { paddingLeft: `${0.5 + row.depth * 1.2}rem` } : undefined
                      }
                      onMouseDown={(e) => {
                        if (inEdit) return;
                        onCellDown(r, c, { ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey });
                      }}
                      onDoubleClick={() => onCellDoubleClick(r, c)}
                    >
                      {inEdit ? (
                        <CellEditor
                          text={editing.text}
                          numeric={!!column.num}
                          typed={editing.typed}
                          problem={problem}
                          busy={busy}
                          label={column.head}
                          onChange={onEditText}
                          onDone={onEditDone}
                        />
                      ) : isSection ? (
                        column.section?.(row.section)
                      ) : (
                        column.line(row.line)
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {spacer(below, 'below')}
        </tbody>
      </table>
    </div>
  );
}
