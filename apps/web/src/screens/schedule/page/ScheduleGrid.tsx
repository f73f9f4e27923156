import type { ClipboardEvent, KeyboardEvent, ReactNode } from 'react';
import { Spinner } from '../../../components/ui';
import { useSpace } from '../../../layouts/space-context';
import { useT } from '../../../lib/i18n';
import { DailyPlanDock } from '../../resources/DailyPlanDock';
import { TimesheetDock } from '../../resources/TimesheetDock';
import { GanttPane } from '../gantt/GanttPane';
import { ScheduleSplit } from '../gantt/ScheduleSplit';
import type { GanttView } from '../gantt/timeline';
import { NetworkPane } from '../network/NetworkPane';
import { type GridColumn, WbsGrid } from '../WbsGrid';
import type { RowMenu } from '../wbs-grid/types';
import type { Dock } from './ScheduleToolbar';
import type { GridState } from './useGridState';
import { useProgressWeighting } from './useProgressWeighting';
import type { ScheduleData } from './useScheduleData';
import { useWbsGroupFolding, useWbsGroups } from './WbsGroups';

/** The grid and the Gantt side by side, the views docked under them and the footer. */
export function ScheduleGrid({
  data,
  grid,
  rows,
  columns,
  readOnly,
  gantt,
  network,
  histogram,
  dock,
  onKey,
  rowMenu,
  announcement,
  onCopy,
  onPaste,
  onOpenWork,
  onChanged,
  onPatched,
}: {
  data: ScheduleData;
  grid: GridState;
  rows: Int32Array;
  columns: GridColumn[];
  readOnly: boolean;
  gantt: GanttView;
  /** The network diagram in place of the Gantt chart, at a WBS level (null: by the version's size). */
  network: { level: number | null; onLevel: (level: number | null) => void } | null;
  histogram: { legend: ReactNode; chart: ReactNode };
  dock: Dock | null;
  onKey: (event: KeyboardEvent) => boolean;
  rowMenu: RowMenu;
  /** What the last undo or redo did. */
  announcement: string;
  onCopy: (event: ClipboardEvent) => void;
  onPaste: (event: ClipboardEvent) => void;
  onOpenWork: (at: number) => void;
  onChanged: () => void;
  /** A saved change was applied to the loaded document in place. */
  onPatched: () => void;
}) {
  const t = useT();
  const { can } = useSpace();
  const { model, version, details, checks } = data;
  useProgressWeighting(model, version?.id);
  const groups = useWbsGroups(version?.scheduleId);
  useWbsGroupFolding(model ?? null, groups.settings, data.viewState.data?.collapsed, grid.setCollapsed);
  const selectedCount = grid.selected.size;
  // A work picked outside the grid (a daily plan, a box of the network diagram): selected and scrolled to.
  const selectWork = (id: string) => {
    const row = model?.rowOf.get(id);
    const at = row === undefined ? -1 : rows.indexOf(row);
    grid.setSelected(new Set([id]));
    if (at >= 0) {
      grid.setCursor((c) => ({ ...c, row: at }));
      grid.setScrollTo({ row: at, token: Date.now() });
    }
  };
  return (
    <div className={`schedule-grid framed-pane ${groups.className}`} style={groups.style}>
      <ScheduleSplit
        share={data.view.state?.splitter}
        onShare={(splitter) => data.view.update({ splitter })}
        left={
          !model ? (
            <Spinner />
          ) : (
            <>
              <WbsGrid
                rows={rows}
                columns={columns}
                revision={grid.tick}
                readOnly={readOnly}
                rowClass={(r) =>
                  `${model.childCount[r] ? `wbs-summary${groups.rowClass(model.depth[r]!)}` : ''}${
                    model.critical[r] ? ' wbs-critical' : ''
                  }`
                }
                idOf={(r) => model.ids[r]!}
                selected={grid.selected}
                onSelect={grid.setSelected}
                cursor={grid.cursor}
                onCursor={grid.setCursor}
                onKey={onKey}
                rowMenu={rowMenu}
                onCopy={onCopy}
                onPaste={onPaste}
                scrollTo={grid.scrollTo}
                editRequest={grid.editRequest}
                onScrollElement={grid.onGridScroller}
              />
              {histogram.legend}
            </>
          )
        }
        right={
          model &&
          version &&
          (network ? (
            <NetworkPane
              model={model}
              revision={grid.tick}
              hoursPerDay={data.calendarHours}
              selected={grid.selected}
              onSelectWork={selectWork}
              level={network.level}
              onLevel={network.onLevel}
            />
          ) : (
            <>
              <GanttPane
                view={gantt}
                model={model}
                rows={rows}
                revision={grid.tick}
                details={details.byId}
                version={version}
                readOnly={version.locked ? 'locked' : can('schedule.edit') ? null : 'rights'}
                scrollElement={grid.gridScroller}
                selected={grid.selected}
                onSelect={(ids, row) => {
                  grid.setSelected(ids);
                  if (row !== undefined) grid.setCursor((c) => ({ ...c, row }));
                }}
                onOpenWork={onOpenWork}
                rowMenu={rowMenu}
                onChanged={onChanged}
                onPatched={onPatched}
              />
              {histogram.chart}
            </>
          ))
        }
      />
      {dock === 'daily_plan' && version && (
        <DailyPlanDock versionId={version.id} readOnly={!!version.locked} onSelectWork={selectWork} />
      )}
      {dock === 'timesheet' && version && <TimesheetDock versionId={version.id} />}
      <div className="schedule-footer">
        <span data-testid="row-count">
          {t('grid.rows', { shown: rows.length, total: model?.count ?? 0 })}
        </span>
        {selectedCount > 0 && <span>{t('grid.selected', { count: selectedCount })}</span>}
        {checks.checked.size > 0 && (
          <span data-testid="checked-count">{t('grid.checked_count', { count: checks.checked.size })}</span>
        )}
        {announcement && (
          <span role="status" data-testid="undo-status">
            {announcement}
          </span>
        )}
        <span className="schedule-hint">{t('grid.keys_hint')}</span>
      </div>
    </div>
  );
}
