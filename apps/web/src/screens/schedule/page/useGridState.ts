import { useCallback, useEffect, useRef, useState } from 'react';
import type { GridCursor } from '../WbsGrid';

/** The grid's view state: the model's revision tick, collapsed rows, selection, cursor and scroll requests. */
export function useGridState(viewState: { collapsed: string[] } | undefined) {
  const [tick, setTick] = useState(0);
  const bump = useCallback(() => setTick((n) => n + 1), []);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (viewState) setCollapsed(new Set(viewState.collapsed));
  }, [viewState]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [cursor, setCursor] = useState<GridCursor>({ row: 0, col: 1 });
  const [scrollTo, setScrollTo] = useState<{ row: number; token: number } | null>(null);
  const [editRequest, setEditRequest] = useState<{ cursor: GridCursor; token: number } | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const [gridScroller, setGridScroller] = useState<HTMLDivElement | null>(null);
  const onGridScroller = useCallback((element: HTMLDivElement | null) => {
    if (element) setGridScroller(element);
  }, []);
  return {
    tick,
    bump,
    collapsed,
    setCollapsed,
    selected,
    setSelected,
    cursor,
    setCursor,
    scrollTo,
    setScrollTo,
    editRequest,
    setEditRequest,
    pendingFocus,
    gridScroller,
    onGridScroller,
  };
}

export type GridState = ReturnType<typeof useGridState>;
