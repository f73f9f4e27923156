import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Empty } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import type { EstimateView } from './api';
import { estimateGridKey } from './grid-keys';
import { type PickKeys, TreeTable } from './TreeTable';
import { TreeToolbar } from './TreeToolbar';
import { moveTargetsOf, rowId, treeRows, useColumns } from './tree-model';
import { useCellEditing, useTreeSave } from './useTreeEditing';
import { useTreeRowActions } from './useTreeRowActions';

/** A row's height before it is measured (a name may wrap to more lines). */
const ROW_HEIGHT = 33;
/** The sticky header's height, kept clear when a row is scrolled to. */
const HEADER_HEIGHT = 36;

/**
 * The estimate's tree as an estimator edits it (docs/product-rules.md, "Estimates"): sections and lines in one
 * grid, each cell edited in place — double-click, Enter or F2, or typing over it; Enter saves, Escape
 * cancels, Tab saves and goes on — through the line and section calls at the row's revision. The totals of the
 * line, its sections and the estimate follow each saved cell; a refused value stays in its editor with the
 * reason beside it. Rows are added, deleted (after a question) and moved up, down, to another section or (a section) to the
 * top level. Only the rows in view are drawn.
 */
export function TreeGrid({
  data,
  selected,
  onSelect,
  onChanged,
  editable: canEdit,
}: {
  data: EstimateView;
  selected: string | null;
  onSelect: (id: string) => void;
  onChanged: () => void;
  editable: boolean;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const estimateId = data.estimate.id;
  const rows = useMemo(() => treeRows(data), [data]);
  const columns = useColumns(data);
  const [cursor, setCursor] = useState({ row: 0, col: 2 });
  // rows picked with Ctrl or Shift besides the cursor's, for deleting several at once
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const grid = useRef<HTMLTableElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (i) => rowId(rows[i]!),
    overscan: 10,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  const setView = (next: (v: EstimateView) => EstimateView) =>
    utils.estimates.get.setData({ spaceId, estimateId }, (v) => (v ? next(v) : v));
  const reload = () => onChanged();
  const go = (row: number, col: number) => {
    setCursor({ row, col });
    const r = rows[row];
    if (r) onSelect(rowId(r));
    virtualizer.scrollToIndex(row, { align: 'auto' });
    requestAnimationFrame(() =>
      grid.current
        ?.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`)
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
  };
  // at once (keys pressed right after Escape or Enter reach the grid), and again once the rows are drawn
  const focusGrid = () => {
    grid.current?.focus({ preventScroll: true });
    requestAnimationFrame(() => {
      if (!grid.current?.contains(document.activeElement)) grid.current?.focus({ preventScroll: true });
    });
  };
  const saving = useTreeSave(reload);
  const { editing, setEditing, startEdit, endEdit, editText } = useCellEditing({
    rows,
    columns,
    canEdit,
    setView,
    reload,
    saving,
    go,
    focusGrid,
  });
  const current = rows[cursor.row];
  const actions = useTreeRowActions({
    data,
    rows,
    current,
    picked,
    clearPicked: () => setPicked(new Set()),
    canEdit,
    busy: saving.busy,
    save: saving.save,
    setView,
    reload,
    pendingFocus,
    onSelect,
    focusGrid,
  });

  // the selection follows the cursor; a row chosen elsewhere (e.g. a new line) brings the cursor to it
  useEffect(() => {
    if (!selected) return;
    const at = rows.findIndex((r) => rowId(r) === selected);
    if (at >= 0 && at !== cursor.row) setCursor((c) => ({ ...c, row: at }));
  }, [selected, rows, cursor.row]);
  // a row just added opens its name for editing once it is drawn
  useEffect(() => {
    if (!pendingFocus.current) return;
    const at = rows.findIndex((r) => rowId(r) === pendingFocus.current);
    if (at < 0) return;
    pendingFocus.current = null;
    const col = columns.findIndex((c) => c.key === 'name');
    setCursor({ row: at, col });
    virtualizer.scrollToIndex(at, { align: 'auto' });
    const row = rows[at]!;
    setEditing({ row: at, col, text: 'section' in row ? row.section.name : row.line.name, typed: false });
  }, [rows, columns, setEditing, virtualizer]);

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (editing || e.target !== e.currentTarget) return;
    const action = estimateGridKey(e, cursor, rows.length, columns.length);
    if (!action) return;
    e.preventDefault();
    switch (action.kind) {
      case 'move':
        setPicked(new Set());
        go(action.row, action.col);
        return;
      case 'edit':
        startEdit(cursor.row, cursor.col, action.text);
        return;
      case 'insert':
        void actions.addLine();
        return;
      case 'delete':
        void actions.deleteRows();
        return;
      case 'move-line':
        void actions.moveRow({ direction: action.direction });
    }
  };

  const pick = (row: number, keys: PickKeys) => {
    const id = rowId(rows[row]!);
    if (keys.ctrlKey || keys.metaKey) {
      const next = new Set(picked);
      if (current) next.add(rowId(current));
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setPicked(next);
    } else if (keys.shiftKey) {
      const [from, to] = [Math.min(row, cursor.row), Math.max(row, cursor.row)];
      setPicked(new Set(rows.slice(from, to + 1).map(rowId)));
    } else setPicked(new Set());
  };
  // a click elsewhere saves the cell in edit first; a refused value keeps it open
  const onCellDown = (row: number, col: number, keys: PickKeys) =>
    void (editing ? endEdit(0) : Promise.resolve(true)).then((ok) => {
      if (!ok) return;
      pick(row, keys);
      go(row, col);
    });

  const moveTargets = useMemo(() => (current ? moveTargetsOf(data, current) : []), [data, current]);
  return (
    <div className="estimate-tree">
      {canEdit && (
        <TreeToolbar
          busy={saving.busy}
          sectionOfCursor={actions.sectionOfCursor}
          rowChosen={!!current}
          moveTargets={moveTargets}
          onAddSection={(inside) => void actions.addSection(inside)}
          onAddLine={() => void actions.addLine()}
          onDelete={() => void actions.deleteRows()}
          onMove={(how) => void actions.moveRow(how)}
        />
      )}
      {rows.length === 0 ? (
        <Empty>{t('estimates.empty_tree')}</Empty>
      ) : (
        <TreeTable
          rows={rows}
          columns={columns}
          canEdit={canEdit}
          cursor={cursor}
          picked={picked}
          editing={editing}
          problem={saving.problem}
          busy={saving.busy}
          grid={grid}
          scroller={scroller}
          virtualizer={virtualizer}
          onKeyDown={onKeyDown}
          onCellDown={onCellDown}
          onCellDoubleClick={startEdit}
          onEditText={editText}
          onEditDone={(move) => void endEdit(move)}
        />
      )}
    </div>
  );
}
