import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Translate } from '../../lib/i18n';
import type { WorkRow } from './bim-types';

/** The version's works in WBS order (virtualized), with how many elements each is linked to. */
export function BimWorksPanel({
  works,
  linked,
  selected,
  t,
  onSelect,
}: {
  works: WorkRow[];
  linked: { workId: string; elements: number }[];
  selected: Set<string>;
  t: Translate;
  onSelect: (id: string, additive: boolean) => void;
}) {
  const [query, setQuery] = useState('');
  const counts = useMemo(() => new Map(linked.map((l) => [l.workId, l.elements])), [linked]);
  const rows = useMemo(() => {
    const depth = new Map<string, number>();
    const out: (WorkRow & { depth: number })[] = [];
    const q = query.trim().toLocaleLowerCase();
    for (const w of works) {
      const d = w.parentId ? (depth.get(w.parentId) ?? 0) + 1 : 0;
      depth.set(w.id, d);
      if (!q || w.name.toLocaleLowerCase().includes(q) || w.code?.toLocaleLowerCase().includes(q))
        out.push({ ...w, depth: d });
    }
    return out;
  }, [works, query]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 28,
    overscan: 12,
  });
  const first = rows.findIndex((r) => selected.has(r.id));
  useEffect(() => {
    if (first >= 0) virtualizer.scrollToIndex(first, { align: 'center' });
  }, [first, virtualizer]);
  return (
    <div className="bim-works">
      <input
        className="input input-compact"
        placeholder={t('bim.works.search')}
        aria-label={t('bim.works.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div ref={scroller} className="bim-works-scroll" data-testid="bim-works">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const w = rows[item.index]!;
            const n = counts.get(w.id);
            return (
              <button
                key={w.id}
                type="button"
                className={`bim-work${selected.has(w.id) ? ' bim-work-selected' : ''}`}
                style={{ transform: `translateY(${item.start}px)`, paddingInlineStart: 6 + w.depth * 12 }}
                aria-pressed={selected.has(w.id)}
                onClick={(e) => onSelect(w.id, e.ctrlKey || e.metaKey || e.shiftKey)}
              >
                <span className="bim-muted bim-code">{w.code}</span>
                <span className="bim-grow">{w.name}</span>
                {n ? <span className="bim-count">{t('bim.works.linked', { count: n })}</span> : null}
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
