import { useVirtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';
import { Link } from 'wouter';
import { type ScheduleModel, textOf } from '../../lib/columnar';
import { useT } from '../../lib/i18n';
import { formatMinutes } from '../../lib/schedule-time';
import type { GridSchedule } from './combine';
import { HEADER_HEIGHT, ROW_HEIGHT } from './useGridTimeline';

/**
 * What the page shows and the list and the timeline both read: the combined schedules, each schedule
 * with its model (null while it has none), the collapsed schedules, and what a click on a row does.
 */
export interface GridScheduleView {
  grid: GridSchedule;
  schedules: { id: string; name: string; actualVersionId: string | null }[];
  models: (ScheduleModel | null)[];
  collapsed: ReadonlySet<string>;
  onToggle: (scheduleId: string) => void;
  onOpenWork: (part: number, row: number) => void;
}

/**
 * The list beside the timeline, virtualized: a row per schedule (toggle, link, works, its span) and,
 * under an open one, a button per work that opens it in its schedule.
 */
export function GridScheduleList({
  list,
  view,
  onScrollTop,
}: {
  list: RefObject<HTMLDivElement | null>;
  view: GridScheduleView;
  onScrollTop: (top: number) => void;
}) {
  const { grid, schedules, models, collapsed, onToggle, onOpenWork } = view;
  const t = useT();
  const virtualizer = useVirtualizer({
    count: grid.rows.length,
    getScrollElement: () => list.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  return (
    <div
      ref={list}
      className="grid-schedule-list"
      data-testid="grid-schedule-list"
      onScroll={(e) => onScrollTop(e.currentTarget.scrollTop)}
    >
      <div className="grid-schedule-head" style={{ height: HEADER_HEIGHT }}>
        <span>{t('grid.col.code')}</span>
        <span>{t('grid.col.name')}</span>
        <span>{t('grid.col.start')}</span>
        <span>{t('grid.col.finish')}</span>
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = grid.rows[item.index]!;
          const style = { transform: `translateY(${item.start}px)`, height: ROW_HEIGHT };
          if (row.kind === 'schedule') {
            const schedule = schedules[row.part]!;
            const open = !collapsed.has(schedule.id);
            const summary = grid.snapshot;
            const work = row.summary;
            const spans = summary.planStart[work]! >= 0;
            return (
              <div key={item.key} className="grid-schedule-row grid-schedule-group" style={style}>
                <button
                  type="button"
                  className="icon-btn grid-schedule-toggle"
                  aria-expanded={open}
                  aria-label={schedule.name}
                  onClick={() => onToggle(schedule.id)}
                >
                  {open ? '▾' : '▸'}
                </button>
                <Link
                  href={`/schedule/${schedule.id}`}
                  className="grid-schedule-name"
                  title={t('grid_schedule.open')}
                >
                  {schedule.name}
                </Link>
                <span className="grid-schedule-muted">
                  {schedule.actualVersionId
                    ? t('grid_schedule.works', { count: row.works })
                    : t('grid_schedule.no_version')}
                </span>
                <span>{spans ? formatMinutes(summary.planStart[work]!) : ''}</span>
                <span>{spans ? formatMinutes(summary.planFinish[work]!) : ''}</span>
              </div>
            );
          }
          const model = models[row.part]!;
          return (
            <button
              type="button"
              key={item.key}
              className="grid-schedule-row grid-schedule-work text-button"
              style={style}
              onClick={() => onOpenWork(row.part, row.row)}
              title={t('grid_schedule.open')}
            >
              <span className="grid-schedule-code">{textOf(model, model.code[row.row]!)}</span>
              <span
                className="grid-schedule-work-name"
                style={{ paddingLeft: 8 + model.depth[row.row]! * 14 }}
              >
                {textOf(model, model.name[row.row]!)}
              </span>
              <span>{formatMinutes(model.planStart[row.row]!)}</span>
              <span>{formatMinutes(model.planFinish[row.row]!)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
