import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useT } from '../../lib/i18n';
import { ContextMenu } from './wbs-grid/ContextMenu';
import { scheduleKeyCommand } from './wbs-grid/keys';
import {
  cellEditable,
  type GridColumn,
  type GridCursor,
  HEADER_HEIGHT,
  ROW_HEIGHT,
  type RowMenu,
} from './wbs-grid/types';
import { useGridNavigation } from './wbs-grid/useGridNavigation';
import { type RowHandlers, WbsHeader, WbsRow } from './wbs-grid/WbsRows';

export {
  type CellEditor,
  type GridColumn,
  type GridCursor,
  HEADER_HEIGHT,
  ROW_HEIGHT,
} from './wbs-grid/types';

interface Props {
  rows: Int32Array;
  columns: GridColumn[];
  /** Bumped whenever the model's arrays changed in place. */
  revision: number;
  readOnly: boolean;
  rowClass: (row: number) => string;
  idOf: (row: number) => string;
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
  cursor: GridCursor;
  onCursor: (cursor: GridCursor) => void;
  onKey?: (event: KeyboardEvent) => boolean;
  onCopy?: (event: ClipboardEvent) => void;
  onPaste?: (event: ClipboardEvent) => void;
  /** The scroll container, for a timeline that follows the vertical scroll. */
  onScrollElement?: (element: HTMLDivElement | null) => void;
  onScrollTop?: (top: number) => void;
  /** Scroll this visible row into view once (target query parameter, a new row). */
  scrollTo?: { row: number; token: number } | null;
  /** Start editing this cell (after adding a row). */
  editRequest?: { cursor: GridCursor; token: number } | null;
  /** The row actions of the context menu (right-click, Shift+F10, the context-menu key). */
  rowMenu?: RowMenu;
}

/**
 * The WBS grid: a virtualized ARIA grid of fixed-height rows over the decoded version (only visible rows
 * are in the DOM), with a sticky header, keyboard navigation, multi-select and inline editing.
 */
export function WbsGrid(props: Props) {
  const t = useT();
  const { rows, columns, cursor, readOnly } = props;
  const scroller = useRef<HTMLDivElement | null>(null);
  const [editing, setEditing] = useState<GridCursor | null>(null);
  // The editor open now: a save that ends after another cell's editor opened must not close that one.
  const editingNow = useRef(editing);
  editingNow.current = editing;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    paddingStart: HEADER_HEIGHT,
    // Rows follow the scroll in React's next render, not in a synchronous one per scroll event.
    useFlushSync: false,
  });
  const totalWidth = columns.reduce((sum, c) => sum + c.width, 0);
  const { move, edit, onKeyDown, onRowClick } = useGridNavigation({
    rows,
    columnCount: columns.length,
    cursor,
    selected: props.selected,
    idOf: props.idOf,
    onCursor: props.onCursor,
    onSelect: props.onSelect,
    onKey: props.onKey,
    canEdit: (at) => !readOnly && cellEditable(columns[at.col], rows[at.row]),
    startEdit: setEditing,
    editing: editing !== null,
    scroller,
    virtualizer,
  });

  useEffect(() => {
    if (props.scrollTo) virtualizer.scrollToIndex(props.scrollTo.row, { align: 'center' });
  }, [props.scrollTo, virtualizer]);
  const handledEdit = useRef<number | null>(null);
  useLayoutEffect(() => {
    const request = props.editRequest;
    if (!request || handledEdit.current === request.token) return;
    handledEdit.current = request.token;
    if (!readOnly && cellEditable(columns[request.cursor.col], rows[request.cursor.row])) {
      virtualizer.scrollToIndex(request.cursor.row);
      setEditing(request.cursor);
    }
  }, [props.editRequest, readOnly, columns, rows, virtualizer]);

  const focusGrid = () => scroller.current?.focus({ preventScroll: true });

  // ── the row menu: at the pointer, or under the cursor's row from the keyboard ────────────────────
  const [menu, setMenu] = useState<{ x: number; y: number; row: number } | null>(null);
  const closeMenu = useCallback(() => {
    setMenu(null);
    scroller.current?.focus({ preventScroll: true });
  }, []);
  const openMenu = (visibleIndex: number, col: number, x: number, y: number) => {
    if (!props.rowMenu || visibleIndex >= rows.length) return;
    const row = rows[visibleIndex]!;
    // A right-click on a row outside the selection selects it alone, as a left click would.
    if (props.selected.has(props.idOf(row))) props.onCursor({ row: visibleIndex, col });
    else onRowClick({ shiftKey: false, ctrlKey: false, metaKey: false }, visibleIndex, col);
    setMenu({ x, y, row });
  };
  // What the rows report, through one stable object over this render's closures: rows are memoized.
  const latest = useRef<RowHandlers | null>(null);
  latest.current = {
    onCellClick: (index, event, col, isEditing) => {
      onRowClick(event, index, col);
      if (!isEditing) focusGrid();
    },
    onCellDoubleClick: (index, col) => edit({ row: index, col }),
    onEditDone: (index, col, next) => {
      const now = editingNow.current;
      if (now?.row !== index || now.col !== col) return;
      setEditing(null);
      focusGrid();
      if (next) move(index, col + next);
    },
    onContextMenu: (index, event, col) => {
      event.preventDefault();
      focusGrid();
      openMenu(index, col, event.clientX, event.clientY);
    },
  };
  const handlers = useMemo<RowHandlers>(
    () => ({
      onCellClick: (...args) => latest.current!.onCellClick(...args),
      onCellDoubleClick: (...args) => latest.current!.onCellDoubleClick(...args),
      onEditDone: (...args) => latest.current!.onEditDone(...args),
      onContextMenu: (...args) => latest.current!.onContextMenu(...args),
    }),
    [],
  );

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing === null && event.target === scroller.current && scheduleKeyCommand(event) === 'menu') {
      const rowElement = scroller.current?.querySelector(`[data-row="${cursor.row}"]`);
      const rect = rowElement?.getBoundingClientRect();
      if (rect) openMenu(cursor.row, cursor.col, rect.left + 24, rect.bottom);
      event.preventDefault();
      return;
    }
    onKeyDown(event);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualized grid of absolutely placed rows cannot be a <table>
    <div
      ref={(el) => {
        scroller.current = el;
        props.onScrollElement?.(el);
      }}
      className="wbs-grid"
      role="grid"
      aria-label={t('grid.title')}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      aria-readonly={readOnly || undefined}
      aria-multiselectable="true"
      tabIndex={0}
      onKeyDown={onGridKeyDown}
      onCopy={props.onCopy}
      onPaste={readOnly ? undefined : props.onPaste}
      onScroll={(e) => props.onScrollTop?.(e.currentTarget.scrollTop)}
      data-testid="wbs-grid"
    >
      <div className="wbs-canvas" style={{ height: virtualizer.getTotalSize(), width: totalWidth }}>
        <WbsHeader columns={columns} width={totalWidth} />
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const id = props.idOf(row);
          return (
            <WbsRow
              key={id}
              index={item.index}
              row={row}
              top={item.start}
              width={totalWidth}
              columns={columns}
              className={props.rowClass(row)}
              selected={props.selected.has(id)}
              activeCol={cursor.row === item.index ? cursor.col : null}
              editingCol={editing?.row === item.index ? editing.col : null}
              handlers={handlers}
              menu={!!props.rowMenu}
            />
          );
        })}
        {rows.length === 0 && (
          <div className="wbs-empty" style={{ top: HEADER_HEIGHT }}>
            {t('grid.empty')}
          </div>
        )}
      </div>
      {menu && props.rowMenu && (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          label={t('rowmenu.title')}
          items={props.rowMenu.itemsFor(menu.row)}
          onClose={closeMenu}
          testId="grid-menu"
        />
      )}
    </div>
  );
}
