import { useCallback, useEffect, useRef } from 'react';
import { type ScheduleModel, textOf } from '../../../lib/columnar';
import type { GridState } from './useGridState';
import type { ScheduleData } from './useScheduleData';

/** Moves the cursor to a row: the target query parameter, a row just created, a work opened from the Gantt. */
export function useRowFocus({
  model,
  target,
  rows,
  columnSettings,
  grid,
}: {
  model: ScheduleModel | undefined;
  target: string | null;
  rows: Int32Array;
  columnSettings: ScheduleData['columnSettings'];
  grid: GridState;
}) {
  const { setSelected, setCursor, setScrollTo, setEditRequest, pendingFocus } = grid;

  // The target query parameter (a work id or code) selects its row and scrolls to it once.
  const targetDone = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the setters and the ref come from useGridState's useState/useRef, stable as in one component
  useEffect(() => {
    if (!model || !target || targetDone.current === target) return;
    let row = model.rowOf.get(target);
    if (row === undefined) row = model.code.findIndex((c) => textOf(model, c) === target);
    if (row === undefined || row < 0) return;
    targetDone.current = target;
    const at = rows.indexOf(row);
    if (at >= 0) {
      setSelected(new Set([model.ids[row]!]));
      setCursor((c) => ({ ...c, row: at }));
      setScrollTo({ row: at, token: Date.now() });
    }
  }, [model, target, rows]);

  // After a reload, the row just created (or pasted) gets the cursor and the name editor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the setters and the ref come from useGridState's useState/useRef, stable as in one component
  useEffect(() => {
    if (!model || !pendingFocus.current) return;
    const row = model.rowOf.get(pendingFocus.current);
    pendingFocus.current = null;
    if (row === undefined) return;
    const at = rows.indexOf(row);
    if (at < 0) return;
    // +1: the checkbox column comes first.
    const nameCol =
      Math.max(
        0,
        columnSettings.filter((c) => c.visible).findIndex((c) => c.key === 'name'),
      ) + 1;
    setSelected(new Set([model.ids[row]!]));
    setCursor({ row: at, col: nameCol });
    setEditRequest({ cursor: { row: at, col: nameCol }, token: Date.now() });
  }, [model, rows, columnSettings]);

  /** The grid's editor of a work's name (a double-click on its bar), at a visible row. */
  // biome-ignore lint/correctness/useExhaustiveDependencies: the setters and the ref come from useGridState's useState/useRef, stable as in one component
  const openWork = useCallback(
    (at: number) => {
      const nameCol =
        Math.max(
          0,
          columnSettings.filter((c) => c.visible).findIndex((c) => c.key === 'name'),
        ) + 1;
      setCursor({ row: at, col: nameCol });
      setScrollTo({ row: at, token: Date.now() });
      setEditRequest({ cursor: { row: at, col: nameCol }, token: Date.now() });
    },
    [columnSettings],
  );

  return openWork;
}
