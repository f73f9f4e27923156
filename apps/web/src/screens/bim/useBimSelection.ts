import type { BimAxis, BimPick, BimViewer } from '@takt/bim/viewer';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/trpc';
import { type Selection, selectedIds, selectionSize, type Tab } from './bim-types';

/** The viewer handle, the element and work selections kept in step with each other, x-ray and section. */
export function useBimSelection(spaceId: string, versionId: string, setTab: Dispatch<SetStateAction<Tab>>) {
  // ── Viewer and selection ────────────────────────────────────────────────────────────────
  const viewer = useRef<BimViewer | null>(null);
  const [ready, setReady] = useState(false);
  const onReady = useCallback((v: BimViewer | null) => {
    viewer.current = v;
    setReady(!!v);
  }, []);
  const [selection, setSelection] = useState<Selection>(new Map());
  const [selectedWorks, setSelectedWorks] = useState<Set<string>>(new Set());
  const [xray, setXray] = useState(false);
  const [section, setSection] = useState<{ axis: BimAxis; position: number } | null>(null);

  // The viewer keeps these for models it loads later.
  useEffect(() => {
    viewer.current?.setSelection(selectedIds(selection));
  }, [selection]);
  useEffect(() => {
    viewer.current?.setXray(xray);
  }, [xray]);
  useEffect(() => {
    viewer.current?.setSection(section);
  }, [section]);

  const selectElements = useCallback((next: Selection, fit: boolean) => {
    setSelection(next);
    if (fit && selectionSize(next)) viewer.current?.fit(selectedIds(next));
  }, []);

  const onPick = useCallback(
    async (pick: BimPick | null, additive: boolean) => {
      if (pick?.kind !== 'element') {
        if (!additive) {
          setSelection(new Map());
          setSelectedWorks(new Set());
        }
        return;
      }
      const next: Selection = additive ? new Map([...selection].map(([k, v]) => [k, new Set(v)])) : new Map();
      const ids = next.get(pick.model) ?? new Set<string>();
      if (additive && ids.has(pick.globalId)) ids.delete(pick.globalId);
      else ids.add(pick.globalId);
      next.set(pick.model, ids);
      setSelection(next);
      if (!versionId) return;
      // Select in the model → highlight its works.
      const found = await Promise.all(
        [...next].map(([modelId, set]) =>
          set.size
            ? api.bim.links.worksOfElements.query({ spaceId, versionId, modelId, globalIds: [...set] })
            : [],
        ),
      );
      setSelectedWorks(new Set(found.flat()));
      setTab((current) => (current === 'models' ? 'works' : current));
    },
    [selection, spaceId, versionId, setTab],
  );

  const selectWorks = useCallback(
    async (ids: Set<string>) => {
      setSelectedWorks(ids);
      if (!ids.size || !versionId) {
        setSelection(new Map());
        return;
      }
      // Select in the grid → highlight its elements (a sum work stands for its descendants).
      const nodes = await api.bim.links.nodeIds.query({ spaceId, versionId, workIds: [...ids] });
      selectElements(new Map(nodes.map((n) => [n.modelId, new Set(n.globalIds)])), true);
    },
    [spaceId, versionId, selectElements],
  );

  return {
    viewer,
    ready,
    onReady,
    selection,
    selectedWorks,
    xray,
    setXray,
    section,
    setSection,
    selectElements,
    onPick,
    selectWorks,
  };
}
