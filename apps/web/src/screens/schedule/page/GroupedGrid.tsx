import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useT } from '../../../lib/i18n';
import { formatMinutes } from '../../../lib/schedule-time';
import { type GridColumn, HEADER_HEIGHT, ROW_HEIGHT } from '../WbsGrid';
import { WbsHeader } from '../wbs-grid/WbsRows';
import type { GroupedLine } from './grouping';

/**
 * The grid grouped by a field: a header line per group (fold toggle, name, count of works, earliest
 * start and latest finish) with its works under it, read only. The timeline and editing belong to the
 * WBS tree, which comes back when the grouping is taken off.
 */
export function GroupedGrid({
  lines,
  columns,
  onToggle,
}: {
  lines: readonly GroupedLine[];
  columns: readonly GridColumn[];
  onToggle: (key: string) => void;
}) {
  const t = useT();
  const scroller = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    paddingStart: HEADER_HEIGHT,
  });
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  return (
    <div className="schedule-grid framed-pane">
      <p className="views-grouped-hint">{t('views.grouped_hint')}</p>
      {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid of absolutely placed rows cannot be a <table> */}
      <div
        ref={scroller}
        className="wbs-grid views-grouped"
        role="grid"
        aria-label={t('grid.title')}
        aria-readonly
        aria-rowcount={lines.length + 1}
        tabIndex={0}
        data-testid="grouped-grid"
      >
        <div className="wbs-canvas" style={{ height: virtualizer.getTotalSize(), width }}>
          <WbsHeader columns={columns} width={width} />
          {virtualizer.getVirtualItems().map((item) => {
            const line = lines[item.index]!;
            const style = { transform: `translateY(${item.start}px)`, width, height: ROW_HEIGHT };
            if (line.kind === 'group') {
              const g = line.group;
              return (
                // biome-ignore lint/a11y/useSemanticElements: rows of the virtualized ARIA grid
                // biome-ignore lint/a11y/useFocusableInteractive: the grid element holds the focus
                <div
                  key={`g:${g.key}`}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-expanded={!g.folded}
                  className="wbs-row views-group-row"
                  style={style}
                  data-testid="group-row"
                  data-group={g.key}
                >
                  {/* biome-ignore lint/a11y/useSemanticElements: a cell of the virtualized ARIA grid */}
                  {/* biome-ignore lint/a11y/useFocusableInteractive: the grid element holds the focus */}
                  <div role="gridcell" className="wbs-cell views-group-cell" style={{ width }}>
                    <button
                      type="button"
                      className="wbs-toggle"
                      aria-label={t('views.group_fold', { name: g.label })}
                      onClick={() => onToggle(g.key)}
                    >
                      {g.folded ? '▸' : '▾'}
                    </button>
                    <strong className="views-group-label">{g.label}</strong>
                    <span className="views-group-count">{t('views.group_count', { count: g.count })}</span>
                    <span className="views-group-dates">
                      {formatMinutes(g.start)}
                      {g.start !== g.finish || formatMinutes(g.finish) ? ` – ${formatMinutes(g.finish)}` : ''}
                    </span>
                  </div>
                </div>
              );
            }
            return (
              // biome-ignore lint/a11y/useSemanticElements: rows of the virtualized ARIA grid
              // biome-ignore lint/a11y/useFocusableInteractive: the grid element holds the focus
              <div
                key={`w:${line.row}`}
                role="row"
                aria-rowindex={item.index + 2}
                className="wbs-row"
                style={style}
              >
                {columns.map((c) => (
                  // biome-ignore lint/a11y/useSemanticElements: cells of the virtualized ARIA grid
                  // biome-ignore lint/a11y/useFocusableInteractive: the grid element holds the focus
                  <div
                    key={c.key}
                    role="gridcell"
                    className={`wbs-cell${c.align ? ` wbs-${c.align}` : ''}`}
                    style={{ width: c.width }}
                  >
                    {c.render(line.row)}
                  </div>
                ))}
              </div>
            );
          })}
          {lines.length === 0 && (
            <div className="wbs-empty" style={{ top: HEADER_HEIGHT }}>
              {t('grid.empty')}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
