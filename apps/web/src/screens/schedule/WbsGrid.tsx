import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useT } from '../../lib/i18n';

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
  const anchor = useRef<number>(0);
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

  useEffect(() => {
    if (props.scrollTo) virtualizer.scrollToIndex(props.scrollTo.row, { align: 'center' });
  }, [props.scrollTo, virtualizer]);
  const handledEdit = useRef<number | null>(null);
  useLayoutEffect(() => {
    const request = props.editRequest;
    if (!request || handledEdit.current === request.token) return;
    handledEdit.current = request.token;
    if (!readOnly && columns[request.cursor.col]?.editor) {
      virtualizer.scrollToIndex(request.cursor.row);
      setEditing(request.cursor);
    }
  }, [props.editRequest, readOnly, columns, virtualizer]);

  const focusGrid = () => scroller.current?.focus({ preventScroll: true });
  const move = (row: number, col: number, extend = false) => {
    const r = Math.max(0, Math.min(rows.length - 1, row));
    const c = Math.max(0, Math.min(columns.length - 1, col));
    if (rows.length === 0) return;
    props.onCursor({ row: r, col: c });
    if (extend) selectRange(anchor.current, r);
    else {
      anchor.current = r;
      props.onSelect(new Set([props.idOf(rows[r]!)]));
    }
    virtualizer.scrollToIndex(r);
  };
  const selectRange = (from: number, to: number) => {
    const ids = new Set<string>();
    for (let i = Math.min(from, to); i <= Math.max(from, to); i++) ids.add(props.idOf(rows[i]!));
    props.onSelect(ids);
  };
  const startEdit = (at: GridCursor) => {
    if (!readOnly && columns[at.col]?.editor && at.row < rows.length) setEditing(at);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || event.target !== scroller.current) return;
    if (props.onKey?.(event)) {
      event.preventDefault();
      return;
    }
    const { row, col } = cursor;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    if (event.key === 'a' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      selectRange(0, rows.length - 1);
      return;
    }
    // Tab leaves the grid at its edges so that keyboard users are not trapped.
    if (event.key === 'Tab' && (event.shiftKey ? col === 0 : col === columns.length - 1)) return;
    const extend = event.shiftKey;
    switch (event.key) {
      case 'ArrowDown':
        move(row + 1, col, extend);
        break;
      case 'ArrowUp':
        move(row - 1, col, extend);
        break;
      case 'ArrowLeft':
        move(row, col - 1);
        break;
      case 'ArrowRight':
        move(row, col + 1);
        break;
      case 'PageDown':
        move(row + page, col, extend);
        break;
      case 'PageUp':
        move(row - page, col, extend);
        break;
      case 'Home':
        move(event.ctrlKey ? 0 : row, event.ctrlKey ? col : 0);
        break;
      case 'End':
        move(event.ctrlKey ? rows.length - 1 : row, event.ctrlKey ? col : columns.length - 1);
        break;
      case 'Tab':
        move(row, col + (event.shiftKey ? -1 : 1));
        break;
      case 'Enter':
      case 'F2':
        startEdit(cursor);
        break;
      case 'Escape':
        props.onSelect(new Set());
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const onRowClick = (event: MouseEvent, visibleIndex: number, col: number) => {
    const id = props.idOf(rows[visibleIndex]!);
    props.onCursor({ row: visibleIndex, col });
    if (event.shiftKey) selectRange(anchor.current, visibleIndex);
    else if (event.ctrlKey || event.metaKey) {
      const next = new Set(props.selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      props.onSelect(next);
      anchor.current = visibleIndex;
    } else {
      anchor.current = visibleIndex;
      props.onSelect(new Set([id]));
    }
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
      onKeyDown={onKeyDown}
      onCopy={props.onCopy}
      onPaste={readOnly ? undefined : props.onPaste}
      onScroll={(e) => props.onScrollTop?.(e.currentTarget.scrollTop)}
      data-testid="wbs-grid"
    >
      <div className="wbs-canvas" style={{ height: virtualizer.getTotalSize(), width: totalWidth }}>
        {/* biome-ignore lint/a11y/useSemanticElements: the header row of the virtualized ARIA grid */}
        {/* biome-ignore lint/a11y/useFocusableInteractive: the grid element holds the focus (roving cursor) */}
        <div
          className="wbs-header"
          role="row"
          aria-rowindex={1}
          style={{ width: totalWidth, height: HEADER_HEIGHT }}
        >
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
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const id = props.idOf(row);
          const isSelected = props.selected.has(id);
          return (
            // biome-ignore lint/a11y/useSemanticElements: rows of the virtualized ARIA grid
            // biome-ignore lint/a11y/useFocusableInteractive: the grid element holds the focus (roving cursor)
            <div
              key={id}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={isSelected}
              className={`wbs-row ${props.rowClass(row)}${isSelected ? ' wbs-row-selected' : ''}${
                editing?.row === item.index ? ' wbs-row-editing' : ''
              }`}
              style={{ transform: `translateY(${item.start}px)`, width: totalWidth, height: ROW_HEIGHT }}
              data-row={item.index}
            >
              {columns.map((c, ci) => {
                const active = cursor.row === item.index && cursor.col === ci;
                const isEditing = editing?.row === item.index && editing.col === ci;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles the keyboard for every cell
                  // biome-ignore lint/a11y/useSemanticElements: cells of the virtualized ARIA grid
                  // biome-ignore lint/a11y/useFocusableInteractive: the grid element holds the focus (roving cursor)
                  <div
                    key={c.key}
                    role="gridcell"
                    aria-colindex={ci + 1}
                    className={`wbs-cell${c.align ? ` wbs-${c.align}` : ''}${active ? ' wbs-active' : ''}`}
                    style={{ width: c.width }}
                    onClick={(e) => {
                      onRowClick(e, item.index, ci);
                      if (!isEditing) focusGrid();
                    }}
                    onDoubleClick={() => startEdit({ row: item.index, col: ci })}
                    data-col={c.key}
                  >
                    {isEditing && c.editor ? (
                      <CellEditorView
                        editor={c.editor}
                        row={row}
                        onDone={(next) => {
                          const now = editingNow.current;
                          if (now?.row !== item.index || now.col !== ci) return;
                          setEditing(null);
                          focusGrid();
                          if (next) move(item.index, ci + next);
                        }}
                      />
                    ) : (
                      c.render(row)
                    )}
                  </div>
                );
              })}
            </div>
          );
        })}
        {rows.length === 0 && (
          <div className="wbs-empty" style={{ top: HEADER_HEIGHT }}>
            {t('grid.empty')}
          </div>
        )}
      </div>
    </div>
  );
}

function CellEditorView({
  editor,
  row,
  onDone,
}: {
  editor: CellEditor;
  row: number;
  /** 0: stay, 1 / -1: move to the next / previous column; null: cancelled. */
  onDone: (next: number | null) => void;
}) {
  const t = useT();
  const [text, setText] = useState(() => editor.initial(row));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const second = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    if (input.current instanceof HTMLInputElement) input.current.select();
  }, []);
  const save = async (next: number, value = text) => {
    if (busy) return;
    if (value === editor.initial(row)) return onDone(next);
    setBusy(true);
    const problem = await editor.commit(row, value);
    setBusy(false);
    if (problem) {
      setError(problem);
      input.current?.focus();
    } else onDone(next);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone(null);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void save(0);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      void save(e.shiftKey ? -1 : 1);
    }
  };
  if (editor.kind === 'limit') {
    const [type = '', date = ''] = text.split('|');
    const set = (nextType: string, nextDate: string) => {
      setText(`${nextType}|${nextDate}`);
      setError(null);
    };
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: the pair of controls commits when the focus leaves both
      <div
        className="wbs-editor wbs-editor-limit"
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null) && !busy && !error) void save(0);
        }}
      >
        <select
          ref={input}
          className="wbs-input wbs-limit-type"
          value={type}
          aria-label={t('grid.limit.type')}
          aria-invalid={error ? true : undefined}
          disabled={busy}
          onChange={(e) => {
            set(e.target.value, e.target.value ? date : '');
            if (e.target.value) requestAnimationFrame(() => second.current?.focus());
          }}
          onKeyDown={onKeyDown}
        >
          {editor.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <input
          ref={second}
          className="wbs-input wbs-limit-date"
          value={date}
          placeholder={t('grid.date_placeholder')}
          aria-label={t('grid.limit.date')}
          aria-invalid={error ? true : undefined}
          disabled={busy || !type}
          onChange={(e) => set(type, e.target.value)}
          onKeyDown={onKeyDown}
        />
        {error && (
          <div className="wbs-error" role="alert">
            {error}
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="wbs-editor">
      {editor.kind === 'select' ? (
        <select
          ref={input}
          className="wbs-input"
          value={text}
          aria-invalid={error ? true : undefined}
          disabled={busy}
          onChange={(e) => {
            setText(e.target.value);
            void save(0, e.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => !busy && !error && onDone(null)}
        >
          {editor.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          ref={input}
          className="wbs-input"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-busy={busy || undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => !busy && !error && void save(0)}
        />
      )}
      {error && (
        <div className="wbs-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
