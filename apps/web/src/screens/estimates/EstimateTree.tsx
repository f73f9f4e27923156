import { updateLineInput, updateSectionInput } from '@takt/contracts';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { numHead, PlainTable } from '../../components/table';
import { Button, Empty } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { describeFailure } from '../../lib/errors';
import { zodFieldErrors } from '../../lib/form';
import { appI18n, useT } from '../../lib/i18n';
import { api, trpc } from '../../lib/trpc';
import type { EstimateView } from './api';
import { money, quantity } from './format';
import { estimateGridKey, parseAmount } from './grid-keys';

type Line = EstimateView['lines'][number];
type Section = EstimateView['sections'][number];

export function Chapters({ data }: { data: EstimateView }) {
  const t = useT();
  return (
    <PlainTable
      testId="estimate-chapters"
      heads={[t('estimates.field.chapter'), t('estimates.field.name'), numHead(t('estimates.part.total'))]}
    >
      {data.chapters.map((c) => (
        <tr key={c.chapter}>
          <td>{c.chapter}</td>
          <td>{c.name}</td>
          <td className="num">{money(c.totals.total)}</td>
        </tr>
      ))}
    </PlainTable>
  );
}

type Row = { section: Section; depth: number } | { line: Line; depth: number };
const rowId = (row: Row) => ('section' in row ? row.section.id : row.line.id);

/** Sections in tree order, each followed by its own lines (lines come before sub-sections, as they figure). */
function treeRows(data: EstimateView): Row[] {
  const bySection = new Map<string, Line[]>();
  for (const l of data.lines) bySection.set(l.sectionId, [...(bySection.get(l.sectionId) ?? []), l]);
  return data.sections.flatMap((section) => [
    { section, depth: section.depth },
    ...(bySection.get(section.id) ?? []).map((line) => ({ line, depth: section.depth + 1 })),
  ]);
}

/** The fields of a line a cell edits. */
type LineField =
  | 'number'
  | 'code'
  | 'name'
  | 'unit'
  | 'quantity'
  | 'labour'
  | 'machines'
  | 'materials'
  | 'labourHoursPerUnit'
  | 'machineHoursPerUnit'
  | 'volumeCode'
  | 'wbsCode';

interface Column {
  key: string;
  head: string;
  num?: boolean;
  /** A price or a cost: hidden in a bill of quantities. */
  price?: boolean;
  line: (l: Line) => ReactNode;
  section?: (s: Section) => ReactNode;
  /** The line field the cell edits (none: read only). */
  edit?: LineField;
  /** The section field the cell edits. */
  editSection?: 'code' | 'name';
}

const UNIT_PARTS = { labour: 'unitLabour', machines: 'unitMachines', materials: 'unitMaterials' } as const;

/** A line's field as the cell's editor starts with it. */
function lineText(line: Line, field: LineField): string {
  switch (field) {
    case 'labour':
    case 'machines':
    case 'materials':
      return String(line[UNIT_PARTS[field]]);
    case 'quantity':
    case 'labourHoursPerUnit':
    case 'machineHoursPerUnit':
      return String(line[field]);
    default:
      return line[field] ?? '';
  }
}

/** What a cell's text changes of a line: a unit cost part goes with the other two as they are. */
function linePatch(line: Line, field: LineField, text: string): Record<string, unknown> {
  switch (field) {
    case 'labour':
    case 'machines':
    case 'materials':
      return {
        unitCost: {
          labour: line.unitLabour,
          machines: line.unitMachines,
          materials: line.unitMaterials,
          [field]: parseAmount(text),
        },
      };
    case 'quantity':
    case 'labourHoursPerUnit':
    case 'machineHoursPerUnit':
      return { [field]: parseAmount(text) };
    default:
      return { [field]: text };
  }
}

/** The first problem the contract finds with a change, translated; null when it has none. */
function problemOf(result: { success: boolean; error?: Parameters<typeof zodFieldErrors>[0] }) {
  if (result.success || !result.error) return null;
  const first = Object.values(zodFieldErrors(result.error))[0];
  return first ? appI18n._(first.message, first.params) : null;
}

function useColumns(data: EstimateView): Column[] {
  const t = useT();
  const vor = data.estimate.kind === 'vor';
  const columns: Column[] = [
    {
      key: 'number',
      head: t('estimates.field.number'),
      line: (l) => l.number ?? '',
      section: (s) => s.chapter ?? '',
      edit: 'number',
    },
    {
      key: 'code',
      head: t('estimates.field.code'),
      line: (l) => l.code,
      section: (s) => s.code ?? '',
      edit: 'code',
      editSection: 'code',
    },
    {
      key: 'name',
      head: t('estimates.field.name'),
      line: (l) => (
        <>
          {l.sourceName ?? l.name}
          {l.applied.length > 0 && (
            <span className="estimate-coef-mark" title={t('estimates.has_coefficients')}>
              {' '}
              K×{l.applied.length}
            </span>
          )}
        </>
      ),
      section: (s) => s.name,
      edit: 'name',
      editSection: 'name',
    },
    { key: 'unit', head: t('estimates.field.unit'), line: (l) => l.unit, edit: 'unit' },
    {
      key: 'quantity',
      head: t('estimates.field.quantity'),
      num: true,
      line: (l) => quantity(l.quantity),
      edit: 'quantity',
    },
    ...(['labour', 'machines', 'materials'] as const).map(
      (part): Column => ({
        key: `unit-${part}`,
        head: t(`estimates.grid.unit.${part}`),
        num: true,
        price: true,
        line: (l) => money(l[UNIT_PARTS[part]]),
        edit: part,
      }),
    ),
    {
      key: 'labourHoursPerUnit',
      head: t('estimates.grid.labour_hours_per_unit'),
      num: true,
      line: (l) => quantity(l.labourHoursPerUnit),
      edit: 'labourHoursPerUnit',
    },
    {
      key: 'machineHoursPerUnit',
      head: t('estimates.grid.machine_hours_per_unit'),
      num: true,
      line: (l) => quantity(l.machineHoursPerUnit),
      edit: 'machineHoursPerUnit',
    },
    {
      key: 'volumeCode',
      head: t('estimates.grid.volume_code'),
      line: (l) => l.volumeCode ?? '',
      edit: 'volumeCode',
    },
    { key: 'wbsCode', head: t('estimates.grid.wbs_code'), line: (l) => l.wbsCode ?? '', edit: 'wbsCode' },
    ...(['labour', 'machines', 'materials', 'total'] as const).map(
      (part): Column => ({
        key: `total-${part}`,
        head: t(`estimates.part.${part}`),
        num: true,
        price: true,
        line: (l) => money(l.totals[part]),
        section: (s) => money(s.totals[part]),
      }),
    ),
    {
      key: 'labourHours',
      head: t('estimates.part.labourHours'),
      num: true,
      line: (l) => money(l.totals.labourHours),
      section: (s) => money(s.totals.labourHours),
    },
  ];
  return vor ? columns.filter((c) => !c.price) : columns;
}

/** Whether a cell of a row can be edited (a summary line's prices and hours come from its estimate). */
function editable(row: Row | undefined, column: Column | undefined): boolean {
  if (!row || !column) return false;
  if ('section' in row) return !!column.editSection;
  if (!column.edit) return false;
  if (row.line.sourceEstimateId)
    return !['labour', 'machines', 'materials', 'labourHoursPerUnit', 'machineHoursPerUnit', 'name'].includes(
      column.edit,
    );
  return true;
}

/** The figures a change of a line or section answers with, laid into the cached view. */
interface Figures {
  id: string;
  revision: number;
  totals: EstimateView['totals'];
  chapters: EstimateView['chapters'];
  sections: { id: string; totals: Section['totals'] }[];
}
function withFigures(view: EstimateView, figures: Figures, line?: Omit<Line, 'sourceName'>): EstimateView {
  const sectionTotals = new Map(figures.sections.map((s) => [s.id, s.totals]));
  const lines = line
    ? view.lines.some((l) => l.id === line.id)
      ? view.lines.map((l) => (l.id === line.id ? { ...l, ...line, sourceName: l.sourceName } : l))
      : [...view.lines, { ...line, sourceName: null }]
    : view.lines;
  return {
    ...view,
    estimate: { ...view.estimate, revision: figures.revision },
    totals: figures.totals,
    chapters: figures.chapters,
    sections: view.sections.map((s) => ({ ...s, totals: sectionTotals.get(s.id) ?? s.totals })),
    lines,
  };
}

/**
 * The estimate's tree as an estimator edits it (docs/product-rules.md, "Estimates"): sections and lines in one
 * grid, each cell edited in place — double-click, Enter or F2, or typing over it; Enter saves, Escape
 * cancels, Tab saves and goes on — through the line and section calls at the row's revision. The totals of the
 * line, its sections and the estimate follow each saved cell; a refused value stays in its editor with the
 * reason beside it. Rows are added, deleted (after a question) and lines moved up, down or to a section.
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
    const sections = new Set(chosen.flatMap((r) => ('section' in r ? [r.section.id] : [])));
    const parentOf = new Map(data.sections.map((s) => [s.id, s.parentId]));
    // rows inside a section that goes too are deleted with it
    const within = (sectionId: string | null): boolean =>
      !!sectionId && (sections.has(sectionId) || within(parentOf.get(sectionId) ?? null));
    const lines = chosen.flatMap((r) => ('line' in r && !within(r.line.sectionId) ? [r.line] : []));
    const tops = chosen.flatMap((r) => ('section' in r && !within(r.section.parentId) ? [r.section] : []));
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
  const moveLine = async (how: { direction: 'up' | 'down' } | { estimateSectionId: string }) => {
    if (!canEdit || !current || !('line' in current)) return;
    const line = current.line;
    await save(
      () =>
        api.estimates.lines.move.mutate({
          spaceId,
          estimateLineId: line.id,
          revision: line.revision,
          ...how,
        }),
      () => {
        onSelect(line.id);
        reload();
      },
    );
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
        void moveLine({ direction: action.direction });
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

  const lineSelected = !!current && 'line' in current;
  const sectionChoices = data.sections.filter(
    (s) => current && 'line' in current && s.id !== current.line.sectionId,
  );
  return (
    <div className="estimate-tree">
      {canEdit && (
        <div className="estimates-tab-actions estimate-grid-actions">
          <Button onClick={() => void addSection(false)} data-testid="estimate-add-section" disabled={busy}>
            + {t('estimates.add_section')}
          </Button>
          <Button
            onClick={() => void addSection(true)}
            disabled={busy || !sectionOfCursor}
            data-testid="estimate-add-subsection"
            title={sectionOfCursor ? undefined : t('estimates.choose_section')}
          >
            + {t('estimates.grid.add_subsection')}
          </Button>
          <Button
            onClick={() => void addLine()}
            disabled={busy || !sectionOfCursor}
            data-testid="estimate-add-line"
            title={sectionOfCursor ? t('estimates.grid.insert_hint') : t('estimates.choose_section')}
          >
            + {t('estimates.add_line')}
          </Button>
          <Button
            onClick={() => void deleteRows()}
            disabled={busy || !current}
            data-testid="estimate-delete-rows"
            title={t('estimates.grid.delete_hint')}
          >
            {t('estimates.grid.delete')}
          </Button>
          <Button
            onClick={() => void moveLine({ direction: 'up' })}
            disabled={busy || !lineSelected}
            aria-label={t('estimates.grid.move_up')}
            title={t('estimates.grid.move_hint')}
            data-testid="estimate-move-up"
          >
            ↑
          </Button>
          <Button
            onClick={() => void moveLine({ direction: 'down' })}
            disabled={busy || !lineSelected}
            aria-label={t('estimates.grid.move_down')}
            title={t('estimates.grid.move_hint')}
            data-testid="estimate-move-down"
          >
            ↓
          </Button>
          <select
            className="input select estimate-move-to"
            aria-label={t('estimates.grid.move_to')}
            data-testid="estimate-move-to"
            disabled={busy || !lineSelected}
            value=""
            onChange={(e) => e.target.value && void moveLine({ estimateSectionId: e.target.value })}
          >
            <option value="">{t('estimates.grid.move_to')}…</option>
            {sectionChoices.map((s) => (
              <option key={s.id} value={s.id}>
                {'\u00a0\u00a0'.repeat(s.depth)}
                {s.code ? `${s.code} ` : ''}
                {s.name}
              </option>
            ))}
          </select>
          <span className="estimate-hint">{t('estimates.grid.keys_hint')}</span>
        </div>
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

/** The editor of one cell: Enter saves, Tab saves and goes on, Escape cancels; a problem shows beside it. */
function CellEditor({
  text,
  numeric,
  typed,
  problem,
  busy,
  label,
  onChange,
  onDone,
}: {
  text: string;
  numeric: boolean;
  /** Editing began by typing over the cell: the caret stays after the typed character. */
  typed: boolean;
  problem: string | null;
  busy: boolean;
  label: string;
  onChange: (text: string) => void;
  /** 0: save and stay, 1 / -1: save and go to the next / previous cell; null: cancel. */
  onDone: (move: number | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.focus();
    // a character typed over the cell stays with the caret after it; a value opened for editing is selected
    if (typed) el.setSelectionRange(el.value.length, el.value.length);
    else el.select();
  }, [typed]);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone(null);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onDone(0);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      onDone(e.shiftKey ? -1 : 1);
    }
  };
  return (
    <div className="estimate-cell-editor">
      <input
        ref={input}
        className={`estimate-cell-input${numeric ? ' num' : ''}`}
        value={text}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        inputMode={numeric ? 'decimal' : undefined}
        data-testid="estimate-cell-input"
        readOnly={busy}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {problem && (
        <div className="estimate-cell-problem" role="alert" data-testid="estimate-cell-problem">
          {problem}
        </div>
      )}
    </div>
  );
}
