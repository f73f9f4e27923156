import { useCallback, useEffect, useState } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import { api } from '../../../lib/trpc';
import type { GridState } from './useGridState';

/**
 * Shows works in the grid (a panel's or a check's findings): selects them, unfolds the summaries above the
 * first of them (kept in the user's view, as a click on the arrow) and moves the cursor to it, scrolled
 * into view. Works the version no longer has are left out; a work the filter hides is selected unseen.
 */
export function useShowWorks({
  spaceId,
  versionId,
  model,
  rows,
  grid,
}: {
  spaceId: string;
  versionId: string | undefined;
  model: ScheduleModel | undefined;
  rows: Int32Array;
  grid: GridState;
}) {
  const { collapsed, setSelected, setCollapsed, setCursor, setScrollTo } = grid;
  // The work to scroll to once the rows are laid out with its summaries unfolded.
  const [reveal, setReveal] = useState<{ row: number; token: number } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the setters come from useGridState's useState, stable as in one component
  const show = useCallback(
    (ids: readonly string[]) => {
      if (!model) return;
      const known = ids.filter((id) => model.rowOf.has(id));
      setSelected(new Set(known));
      const first = known[0] === undefined ? undefined : model.rowOf.get(known[0]);
      if (first === undefined) return;
      const above: string[] = [];
      for (let p = model.parent[first]!; p >= 0; p = model.parent[p]!) above.push(model.ids[p]!);
      const folded = above.filter((id) => collapsed.has(id));
      if (folded.length > 0) {
        const next = new Set(collapsed);
        for (const id of folded) next.delete(id);
        setCollapsed(next);
        if (versionId)
          void api.works.setState.mutate({ spaceId, versionId, workIds: folded, expanded: true });
      }
      setReveal({ row: first, token: Date.now() });
    },
    [model, collapsed, spaceId, versionId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the setters come from useGridState's useState, stable as in one component
  useEffect(() => {
    if (!reveal) return;
    const at = rows.indexOf(reveal.row);
    setReveal(null);
    if (at < 0) return;
    setCursor((c) => ({ ...c, row: at }));
    setScrollTo({ row: at, token: reveal.token });
  }, [reveal, rows]);

  return show;
}
