import { LIMITS } from '@takt/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useSpace } from '../../layouts/space-context';
import { describeFailure } from '../../lib/errors';
import { useListSearch } from '../../lib/list-search';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { useResourceHistogram } from '../resources/ResourceHistogram';
import { ComplexRelationsIndicator } from './ComplexRelationsIndicator';
import { GanttToolbar } from './gantt/GanttToolbar';
import { useGanttView } from './gantt/view';
import { ScheduleViewSwitch, scheduleViewOf } from './network/NetworkPane';
import { GroupedGrid } from './page/GroupedGrid';
import { ScheduleDialogs } from './page/ScheduleDialogs';
import { ScheduleGrid } from './page/ScheduleGrid';
import { type Panel, ScheduleHeader } from './page/ScheduleHeader';
import { SchedulePanel } from './page/SchedulePanel';
import { type Dock, ScheduleDockBar, ScheduleToolbar } from './page/ScheduleToolbar';
import { useGridColumns } from './page/useGridColumns';
import { useGridKeys } from './page/useGridKeys';
import { useGridState } from './page/useGridState';
import { useLiveVersion } from './page/useLiveVersion';
import { useReload } from './page/useReload';
import { useRowFocus } from './page/useRowFocus';
import { type RelationRequest, useRowMenu } from './page/useRowMenu';
import { useScheduleData } from './page/useScheduleData';
import { useShowWorks } from './page/useShowWorks';
import { useStructureEdits } from './page/useStructureEdits';
import { useViewRows } from './page/useViewRows';
import { ViewControls } from './page/ViewControls';
import './schedule.css';

export function SchedulePage({ params }: { params: { id: string } }) {
  const { spaceId, can } = useSpace();
  const scheduleId = params.id;
  const { search, filterText, indicator, target, setParam } = useListSearch();
  const data = useScheduleData(spaceId, scheduleId, search.get('version'));
  // Beside the grid: the Gantt chart or the network diagram (at a WBS level), as the address says.
  const { view, level: networkLevel } = scheduleViewOf(search);
  const { node, versions, versionList, version, model, viewState, status, columnSettings } = data;

  const grid = useGridState(viewState.data);
  const { selected, setSelected } = grid;
  const [panel, setPanel] = useState<Panel | null>(null);
  const [dock, setDock] = useState<Dock | null>(null);
  const [printOpen, setPrintOpen] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const readOnly = !version || version.locked || !can('schedule.edit');
  const saveZoom = useCallback((zoom: string) => data.view.update({ zoom }), [data.view.update]);
  const gantt = useGanttView({ saved: data.view.ready ? data.view.state?.zoom : null, save: saveZoom });

  // The user's view: the filters together, and the works gathered in groups when grouped by a field.
  const { rows, grouped, filterCount, toggleGroup, showToLevel } = useViewRows({
    spaceId,
    data,
    grid,
    filterText,
    indicator,
  });
  const openWork = useRowFocus({ model, target, rows, columnSettings, grid });
  const showWorks = useShowWorks({ spaceId, versionId: version?.id, model, rows, grid });
  const { reload, afterSave, afterEdit } = useReload(spaceId, scheduleId);
  const patched = () => {
    grid.bump();
    afterSave();
  };
  // Changes by others (any browser, process or script) reach the open version as they commit.
  useLiveVersion({ spaceId, versionId: version?.id, model, reload, onPatched: patched });

  const histogram = useResourceHistogram({
    open: dock === 'histogram',
    view: gantt,
    versionId: version?.id,
    readOnly,
    hoursPerDay: data.calendarHours,
    onChanged: reload,
  });

  const { columns, toggleRow } = useGridColumns({ spaceId, data, grid, rows, reload, afterEdit });
  const edits = useStructureEdits({ spaceId, data, grid, rows, readOnly, reload });
  const { onCopy, onPaste, onKey, announcement } = useGridKeys({
    spaceId,
    data,
    grid,
    edits,
    readOnly,
    toggleRow,
  });
  const [relationRequest, setRelationRequest] = useState<RelationRequest | null>(null);
  const rowMenu = useRowMenu({
    data,
    edits,
    readOnly,
    gantt,
    setPanel,
    requestRelation: (side) => {
      setPanel('relations');
      setRelationRequest({ side, token: Date.now() });
    },
  });

  const calculate = trpc.calculation.run.useMutation({
    // A calculation error is told here, for its own time; the app tells any other failure.
    trpc: { context: { showsIssues: true, showsMessages: ['CalculationError'] } },
    onSuccess: () => reload(),
    onError: (error) => {
      const failure = describeFailure(error, 'calculation.run');
      if (failure.code === 'CalculationError')
        notify('error', failure.messages, LIMITS.calculationErrorNotificationMs);
      reload();
    },
  });

  // First paint of the grid with rows (from the start of the payload query), for the benchmark.
  useEffect(() => {
    if (!__TAKT_PROBES__ || !model || !window.__taktGrid || window.__taktGrid.firstPaintMs !== undefined)
      return;
    const timings = window.__taktGrid;
    requestAnimationFrame(() => {
      timings.firstPaintMs = performance.now() - timings.startedAt;
    });
  }, [model]);

  if (node.isError || versions.isError) return null;
  const calcStatus = calculate.isPending ? 2 : (version?.calcStatus ?? 0);
  const calcError = status.data?.calcError;
  const selectedCount = selected.size;

  return (
    <div className="schedule" data-testid="schedule-page">
      <ScheduleHeader
        scheduleId={scheduleId}
        title={node.data?.name}
        version={version}
        versionList={versionList}
        model={model}
        calcStatus={calcStatus}
        calcError={calcError}
        calculating={calculate.isPending}
        onCalculate={() => version && calculate.mutate({ spaceId, versionId: version.id })}
        onVersion={(id) => {
          setParam('version', id);
          setSelected(new Set());
        }}
        panel={panel}
        setPanel={setPanel}
        onPrint={() => setPrintOpen(true)}
        onShowWorks={showWorks}
      />
      <ScheduleToolbar
        readOnly={readOnly}
        hasModel={!!model}
        selectedCount={selectedCount}
        edits={edits}
        onBulkEdit={() => setBulkOpen(true)}
        filterText={filterText}
        indicator={indicator}
        setParam={setParam}
        views={
          <>
            <ComplexRelationsIndicator
              spaceId={spaceId}
              scheduleId={scheduleId}
              version={version}
              readOnly={readOnly}
              onChanged={reload}
            />
            <ViewControls
              spaceId={spaceId}
              scheduleId={scheduleId}
              gantt={gantt}
              data={data}
              filterCount={filterCount}
              onWbsLevel={showToLevel}
            />
          </>
        }
      />
      <div className="schedule-viewbar">
        <ScheduleViewSwitch view={view} setParam={setParam} />
        {view === 'gantt' && <GanttToolbar view={gantt} disabled={!model} />}
      </div>
      <ScheduleDockBar dock={dock} setDock={setDock} disabled={!version} />
      <div className={`schedule-body${panel ? ' schedule-body-panel' : ''}`}>
        {grouped ? (
          <GroupedGrid lines={grouped} columns={columns} onToggle={toggleGroup} />
        ) : (
          <ScheduleGrid
            data={data}
            grid={grid}
            rows={rows}
            columns={columns}
            readOnly={readOnly}
            gantt={gantt}
            network={
              view === 'network'
                ? {
                    level: networkLevel,
                    onLevel: (level) => setParam('network_level', level === null ? null : String(level)),
                  }
                : null
            }
            histogram={histogram}
            dock={dock}
            onKey={onKey}
            rowMenu={rowMenu}
            announcement={announcement}
            onCopy={onCopy}
            onPaste={onPaste}
            onOpenWork={openWork}
            onChanged={reload}
            onPatched={patched}
          />
        )}
        {panel && model && version && (
          <SchedulePanel
            panel={panel}
            scheduleId={scheduleId}
            data={data}
            activeRow={edits.activeRow}
            relationRequest={relationRequest}
            readOnly={readOnly}
            setParam={setParam}
            onChanged={reload}
            onShowWorks={(ids) => {
              // The first work by the target parameter (the address names it; the grid scrolls to it),
              // then all of them selected.
              setParam('target', ids[0] ?? null);
              setTimeout(() => setSelected(new Set(ids)), 50);
            }}
          />
        )}
      </div>
      <ScheduleDialogs
        scheduleId={scheduleId}
        data={data}
        readOnly={readOnly}
        printOpen={printOpen}
        onClosePrint={() => setPrintOpen(false)}
        bulkOpen={bulkOpen}
        onCloseBulk={() => setBulkOpen(false)}
        selectedRows={edits.selectedRows}
        onChanged={reload}
      />
    </div>
  );
}
