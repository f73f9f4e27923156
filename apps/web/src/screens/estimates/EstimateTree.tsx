import { updateLineInput, updateSectionInput } from '@takt/contracts';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { Empty } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { describeFailure } from '../../lib/errors';
import { appI18n, useT } from '../../lib/i18n';
import { api, trpc } from '../../lib/trpc';
import type { EstimateView } from './api';
import { estimateGridKey } from './grid-keys';
import { CellEditor } from './TreeCellEditor';
import { type RowMove, TreeToolbar } from './TreeToolbar';
import {
  editable,
  linePatch,
  lineText,
  moveTargetsOf,
  problemOf,
  rowId,
  rowsToDelete,
  treeRows,
  useColumns,
  withFigures,
} from './tree-model';

/**
 * The estimate's tree as an estimator edits it (docs/product-rules.md, "Estimates"): sections and lines in one
 * grid, each cell edited in place — double-click, Enter or F2, or typing over it; Enter saves, Escape
 * cancels, Tab saves and goes on — through the line and section calls at the row's revision. The totals of the
 * line, its sections and the estimate follow each saved cell; a refused value stays in its editor with the
 * reason beside it. Rows are added, deleted (after a question) and rows moved up, down, to another section or (a section) to the top level.
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
  // the cell in edit: its text, and whether editing began by typing over it
  const [editing, setEditing] = useState<{ row: number; col: number; text: string; typed: boolean } | null>(
    null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const grid = useRef<HTMLTableElement>(null);
  const pendingFocus = useRef<string | null>(null);

  // the selection follows the cursor; a row chosen elsewhere (e.g. a new line) brings the cursor to it
  useEffect(() => {
    if (!selected) return;
    const at = rows.findIndex((r) => rowId(r) === selected);
    if (at >= 0 && at !== cursor.row) setCursor((c) => ({ ...c, row: at }));
  }, [selected, rows, cursor.row]);
  useEffect(() => {
    if (!pendingFocus.current) return;
    const at = rows.findIndex((r) => rowId(r) === pendingFocus.current);
    if (at < 0) return;
    pendingFocus.current = null;
    const col = columns.findIndex((c) => c.key === 'name');
    setCursor({ row: at, col });
    const row = rows[at]!;
    setEditing({ row: at, col, text: 'section' in row ? row.section.name : row.line.name, typed: false });
  }, [rows, columns]);

  const current = rows[cursor.row];
  const sectionOfCursor = current
    ? 'section' in current
      ? current.section.id
      : current.line.sectionId
    : null;
  const setView = (next: (v: EstimateView) => EstimateView) =>
    utils.estimates.get.setData({ spaceId, estimateId }, (v) => (v ? next(v) : v));
  const reload = () => onChanged();

  const go = (row: number, col: number) => {
    setCursor({ row, col });
    const r = rows[row];
    if (r) onSelect(rowId(r));
    requestAnimationFrame(() =>
      grid.current
        ?.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`)
        ?.scrollIntoView({ block: 'nearest' }),
    );
  };
  // at once (keys pressed right after Escape or Enter reach the grid), and again once the rows are drawn
  const focusGrid = () => {
    grid.current?.focus({ preventScroll: true });
    requestAnimationFrame(() => {
      if (!grid.current?.contains(document.activeElement)) grid.current?.focus({ preventScroll: true });
    });
  };

  const startEdit = (row: number, col: number, text?: string) => {
    if (!canEdit || busy) return;
    const r = rows[row];
    const column = columns[col];
    if (!r || !column || !editable(r, column)) return;
    const initial =
      'section' in r
        ? column.editSection === 'code'
          ? (r.section.code ?? '')
          : r.section.name
        : lineText(r.line, column.edit!);
    setProblem(null);
    setEditing({ row, col, text: text ?? initial, typed: text !== undefined });
  };

  /** Saves the editor's text; answers whether the editor may close. */
  const commit = async (): Promise<boolean> => {
    if (!editing) return true;
    const r = rows[editing.row];
    const column = columns[editing.col];
    if (!r || !column) return true;
    if ('section' in r) {
      const field = column.editSection!;
      if (editing.text === (field === 'code' ? (r.section.code ?? '') : r.section.name)) return true;
      const input = {
        spaceId,
        estimateSectionId: r.section.id,
        revision: r.section.revision,
        [field]: editing.text,
      };
      const invalid = problemOf(updateSectionInput.safeParse(input));
      if (invalid) {
        setProblem(invalid);
        return false;
      }
      return save(
        () => api.estimates.sections.update.mutate(input, { context: { showsIssues: true } }),
        (answer) => {
          setView((v) => {
            const next = withFigures(v, answer.estimate);
            const sections = next.sections.map((s) =>
              s.id === answer.id
                ? { ...s, code: answer.code, name: answer.name, revision: answer.revision }
                : s,
            );
            return { ...next, sections };
          });
          // the coefficients' list names sections: read again in the background
          reload();
        },
      );
    }
    const field = column.edit!;
    if (editing.text === lineText(r.line, field)) return true;
    const input = {
      spaceId,
      estimateLineId: r.line.id,
      revision: r.line.revision,
      ...linePatch(r.line, field, editing.text),
    };
    const invalid = problemOf(updateLineInput.safeParse(input));
    if (invalid) {
      setProblem(invalid);
      return false;
    }
    return save(
      () => api.estimates.lines.update.mutate(input, { context: { showsIssues: true } }),
      ({ estimate, ...line }) => setView((v) => withFigures(v, estimate, line)),
    );
  };

  /** Runs a call of the grid: a stale revision reloads the estimate (the app tells the user it changed). */
  async function save<T>(call: () => Promise<T>, done: (answer: T) => void): Promise<boolean> {
    setBusy(true);
    try {
      done(await call());
      setProblem(null);
      return true;
    } catch (error) {
      const failure = describeFailure(error, null);
      if (failure.code === 'Conflict') {
        reload();
        return true;
      }
      const issue = failure.issues[0];
      if (issue) {
        setProblem(appI18n._(issue.message, issue.params));
        return false;
      }
      return true;
    } finally {
      setBusy(false);
    }
  }

  /** Closes the editor, saving unless cancelled (null); answers false when the value was refused. */
  const endEdit = async (move: number | null): Promise<boolean> => {
    if (move === null) {
      focusGrid();
      setEditing(null);
      setProblem(null);
      return true;
    }
    if (!(await commit())) return false;
    focusGrid();
    setEditing(null);
    if (editing && move !== 0) {
      // Tab goes on to the next cell that can be edited in the row
      let col = editing.col + move;
      while (col >= 0 && col < columns.length && !editable(rows[editing.row], columns[col])) col += move;
      if (col >= 0 && col < columns.length) {
        go(editing.row, col);
        startEdit(editing.row, col);
        return true;
      }
    }
    focusGrid();
    return true;
  };

  // ── rows added, deleted, moved ───────────────────────────────────────────────────────────────────
  const addLine = async () => {
    if (!canEdit || !sectionOfCursor) return;
    await save(
      () =>
        api.estimates.lines.create.mutate({
          spaceId,
          estimateSectionId: sectionOfCursor,
          name: t('estimates.grid.new_line'),
        }),
      ({ estimate, ...line }) => {
        pendingFocus.current = line.id;
        setView((v) => withFigures(v, estimate, line));
      },
    );
  };
  const addSection = async (inside: boolean) => {
    if (!canEdit || (inside && !sectionOfCursor)) return;
    await save(
      () =>
        api.estimates.sections.create.mutate({
          spaceId,
          estimateId,
          name: t('estimates.grid.new_section'),
          parentSectionId: inside ? sectionOfCursor : null,
        }),
      (section) => {
        pendingFocus.current = section.id;
        reload();
      },
    );
  };
  const deleteRows = async () => {
    if (!canEdit || busy) return;
    const ids = new Set(picked);
    if (current) ids.add(rowId(current));
    const chosen = rows.filter((r) => ids.has(rowId(r)));
    if (!chosen.length) return;
    const { lines, tops } = rowsToDelete(chosen, data.sections);
    const names = [...tops.map((s) => s.name), ...lines.map((l) => l.name)];
    const ok = await confirmedDelete(
      t('estimates.grid.delete_title', { count: names.length }),
      names.slice(0, 5).join('; ') + (names.length > 5 ? '…' : ''),
    );
    if (!ok) return focusGrid();
    await save(
      async () => {
        for (const l of lines) await api.estimates.lines.delete.mutate({ spaceId, estimateLineId: l.id });
        for (const s of tops)
          await api.estimates.sections.delete.mutate({ spaceId, estimateSectionId: s.id });
      },
      () => undefined,
    );
    setPicked(new Set());
    reload();
    focusGrid();
  };
  const moveRow = async (how: RowMove) => {
    if (!canEdit || !current) return;
    const id = rowId(current);
    const move = async () => {
      if ('line' in current) {
        const { line } = current;
        const where =
          'direction' in how
            ? { direction: how.direction }
            : how.into
              ? { estimateSectionId: how.into }
              : null;
        if (where)
          await api.estimates.lines.move.mutate({
            spaceId,
            estimateLineId: line.id,
            revision: line.revision,
            ...where,
          });
        return;
      }
      const { section } = current;
      await api.estimates.sections.move.mutate({
        spaceId,
        estimateSectionId: section.id,
        revision: section.revision,
        ...('direction' in how ? { direction: how.direction } : { parentSectionId: how.into }),
      });
    };
    await save(move, () => {
      onSelect(id);
      reload();
    });
    focusGrid();
  };

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
        void addLine();
        return;
      case 'delete':
        void deleteRows();
        return;
      case 'move-line':
        void moveRow({ direction: action.direction });
    }
  };

  const pick = (row: number, e: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) => {
    const id = rowId(rows[row]!);
    if (e.ctrlKey || e.metaKey) {
      const next = new Set(picked);
      if (current) next.add(rowId(current));
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setPicked(next);
    } else if (e.shiftKey) {
      const [from, to] = [Math.min(row, cursor.row), Math.max(row, cursor.row)];
      setPicked(new Set(rows.slice(from, to + 1).map(rowId)));
    } else setPicked(new Set());
  };

  const moveTargets = useMemo(() => (current ? moveTargetsOf(data, current) : []), [data, current]);
  return (
    <div className="estimate-tree">
      {canEdit && (
        <TreeToolbar
          busy={busy}
          sectionOfCursor={sectionOfCursor}
          rowChosen={!!current}
          moveTargets={moveTargets}
          onAddSection={(inside) => void addSection(inside)}
          onAddLine={() => void addLine()}
          onDelete={() => void deleteRows()}
          onMove={(how) => void moveRow(how)}
        />
      )}
      {rows.length === 0 ? (
        <Empty>{t('estimates.empty_tree')}</Empty>
      ) : (
        <div className="table-wrap estimate-grid-wrap">
          <table
            ref={grid}
            className={`table estimate-grid${canEdit ? ' estimate-grid-editable' : ''}`}
            data-testid="estimate-tree"
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the table is the grid the keyboard works (cells by aria-activedescendant)
            role="grid"
            aria-readonly={!canEdit}
            aria-activedescendant={`estimate-cell-${cursor.row}-${cursor.col}`}
            tabIndex={0}
            onKeyDown={onKeyDown}
          >
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} className={c.num ? 'num' : undefined}>
                    {c.head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => {
                const id = rowId(row);
                const isSection = 'section' in row;
                const chosen = r === cursor.row || picked.has(id);
                return (
                  <tr
                    key={id}
                    className={`${isSection ? 'estimate-section-row' : 'estimate-line-row'}${chosen ? ' selected' : ''}`}
                    data-testid={isSection ? 'estimate-section' : 'estimate-line'}
                    aria-selected={chosen}
                  >
                    {columns.map((column, c) => {
                      const active = r === cursor.row && c === cursor.col;
                      const inEdit = editing && editing.row === r && editing.col === c;
                      const canCell = canEdit && editable(row, column);
                      const content = isSection ? column.section?.(row.section) : column.line(row.line);
                      return (
                        <td
                          key={column.key}
                          id={`estimate-cell-${r}-${c}`}
                          data-cell={`${r}:${c}`}
                          data-col={column.key}
                          className={[
                            column.num ? 'num' : '',
                            active ? 'estimate-cell-active' : '',
                            canCell ? 'estimate-cell-editable' : '',
                            column.key === 'code' ? 'estimate-code' : '',
                          ]
                            .filter(Boolean)
                            .join(' ')}
                          style={
                            column.key === 'name' ? { paddingLeft: `${0.5 + row.depth * 1.2}rem` } : undefined
                          }
                          onMouseDown={(e) => {
                            if (inEdit) return;
                            const modifiers = {
                              ctrlKey: e.ctrlKey,
                              metaKey: e.metaKey,
                              shiftKey: e.shiftKey,
                            };
                            // a click elsewhere saves the cell in edit first; a refused value keeps it open
                            void (editing ? endEdit(0) : Promise.resolve(true)).then((ok) => {
                              if (!ok) return;
                              pick(r, modifiers);
                              go(r, c);
                            });
                          }}
                          onDoubleClick={() => startEdit(r, c)}
                        >
                          {inEdit ? (
                            <CellEditor
                              text={editing.text}
                              numeric={!!column.num}
                              typed={editing.typed}
                              problem={problem}
                              busy={busy}
                              label={column.head}
                              onChange={(text) => {
                                setEditing({ ...editing, text });
                                setProblem(null);
                              }}
                              onDone={(move) => void endEdit(move)}
                            />
                          ) : (
                            content
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
