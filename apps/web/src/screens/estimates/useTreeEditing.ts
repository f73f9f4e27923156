import { updateLineInput, updateSectionInput } from '@takt/contracts';
import { useState } from 'react';
import { useSpace } from '../../layouts/space-context';
import { describeFailure } from '../../lib/errors';
import { appI18n } from '../../lib/i18n';
import { api } from '../../lib/trpc';
import type { EstimateView } from './api';
import { type Column, editable, linePatch, lineText, problemOf, type Row, withFigures } from './tree-model';

/** A call of the grid and what to do with its answer; answers whether the grid may go on (no refusal shown). */
export type TreeSave = <T>(call: () => Promise<T>, done: (answer: T) => void) => Promise<boolean>;

/**
 * The grid's calls: one at a time (`busy`), a refused value's reason kept for the cell's editor (`problem`),
 * and a stale revision answered by reading the estimate again (the app tells the user it changed).
 */
export function useTreeSave(reload: () => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save: TreeSave = async (call, done) => {
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
  };
  return { problem, setProblem, busy, save };
}

/** The cell in edit: its text, and whether editing began by typing over it. */
export interface CellEdit {
  row: number;
  col: number;
  text: string;
  typed: boolean;
}

/**
 * Editing one cell in place: opening its editor, saving its text through the line or section call at the
 * row's revision (the figures of the answer laid into the cached view), and closing it — on Tab going on to
 * the next cell of the row that can be edited.
 */
export function useCellEditing({
  rows,
  columns,
  canEdit,
  setView,
  reload,
  saving,
  go,
  focusGrid,
}: {
  rows: Row[];
  columns: Column[];
  canEdit: boolean;
  setView: (next: (v: EstimateView) => EstimateView) => void;
  reload: () => void;
  saving: ReturnType<typeof useTreeSave>;
  go: (row: number, col: number) => void;
  focusGrid: () => void;
}) {
  const { spaceId } = useSpace();
  const { busy, save, setProblem } = saving;
  const [editing, setEditing] = useState<CellEdit | null>(null);

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

  const editText = (text: string) => {
    if (editing) setEditing({ ...editing, text });
    setProblem(null);
  };

  return { editing, setEditing, startEdit, endEdit, editText };
}
