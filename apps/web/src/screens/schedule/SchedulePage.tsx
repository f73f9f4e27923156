import { CALC_STATUS_TEXT, WORK_TYPES } from '@takt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useSearchParams } from 'wouter';
import { confirm } from '../../components/confirm';
import { Badge, Button, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import {
  decodeBinaryPayload,
  patchWork,
  type ScheduleModel,
  textOf,
  visibleRows,
  type WorkRecord,
} from '../../lib/columnar';
import { describeFailure } from '../../lib/errors';
import { mergeColumns, useColumnSettings } from '../../lib/grid-columns';
import { appI18n, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { fetchBinaryPayload } from '../../lib/payload-fetch';
import {
  daysToMinutes,
  hasDate,
  isoToMinutes,
  minutesToDays,
  parseNumberText,
} from '../../lib/schedule-time';
import { asVersions } from '../../lib/schedule-types';
import { api, trpc } from '../../lib/trpc';
import { PrintDialog } from '../print/PrintDialog';
import { AssignmentsPanel } from '../resources/AssignmentsPanel';
import { DailyPlanDock } from '../resources/DailyPlanDock';
import { useResourceHistogram } from '../resources/ResourceHistogram';
import { TimesheetDock } from '../resources/TimesheetDock';
import { BulkEditDialog } from './BulkEditDialog';
import { useChecked } from './checked';
import { buildColumns, type WorkPatch } from './columns';
import { GanttPane } from './gantt/GanttPane';
import { GanttToolbar } from './gantt/GanttToolbar';
import { ScheduleSplit } from './gantt/ScheduleSplit';
import { useGanttView } from './gantt/view';
import { defaultCalendarCompiled } from './gantt/whatif';
import { usePlanDetails } from './plan-details';
import { RelationsPanel } from './RelationsPanel';
import { UndoPanel } from './UndoPanel';
import { VersionSelect } from './VersionSelect';
import { VersionsPanel } from './VersionsPanel';
import { type GridCursor, WbsGrid } from './WbsGrid';
import './schedule.css';

export const FILTER_INDICATORS = [
  'critical',
  'not_started',
  'in_progress',
  'completed',
  'milestones',
  'negative_float',
] as const;
type Panel = 'relations' | 'assignments' | 'undo' | 'versions';
/** Views under the grid and the timeline (resources, issue 8). */
type Dock = 'histogram' | 'daily_plan' | 'timesheet';

/** Load timings of the last version opened, read by the web benchmark. */
declare global {
  interface Window {
    __taktGrid?: {
      works: number;
      startedAt: number;
      queryMs: number;
      decodeMs: number;
      loadMs: number;
      firstPaintMs?: number;
    };
  }
}

/** Loads a version's columnar payload and decodes it once into typed arrays. */
function usePayload(spaceId: string, versionId: string | undefined) {
  return useQuery({
    queryKey: ['schedule-payload', spaceId, versionId],
    enabled: !!versionId,
    structuralSharing: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<ScheduleModel> => {
      const started = performance.now();
      const bytes = await fetchBinaryPayload(spaceId, versionId!);
      const received = performance.now();
      const model = decodeBinaryPayload(bytes);
      const decoded = performance.now();
      window.__taktGrid = {
        works: model.count,
        startedAt: started,
        queryMs: received - started,
        decodeMs: decoded - received,
        loadMs: decoded - started,
      };
      return model;
    },
  });
}

export function SchedulePage({ params }: { params: { id: string } }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const scheduleId = params.id;
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const node = trpc.eps.get.useQuery({ spaceId, nodeId: scheduleId });
  const versions = trpc.versions.list.useQuery({ spaceId, scheduleId });
  const versionList = asVersions(versions.data);
  const versionId =
    search.get('version') ?? versionList.find((v) => v.actual)?.id ?? versionList[0]?.id ?? undefined;
  const version = versionList.find((v) => v.id === versionId);
  const payload = usePayload(spaceId, version?.id);
  const model = payload.data;
  const viewState = trpc.works.viewState.useQuery(
    { spaceId, versionId: versionId ?? '' },
    { enabled: !!versionId },
  );
  const checks = useChecked(spaceId, versionId, viewState.data?.checked);
  const calendars = trpc.calendars.list.useQuery({ spaceId });
  const members = trpc.space.users.useQuery(
    { spaceId },
    { trpc: { context: { quiet: true } }, retry: false },
  );
  const attributes = trpc.attributes.list.useQuery({ spaceId, scheduleId });
  const details = usePlanDetails(spaceId, versionId);
  const status = trpc.calculation.status.useQuery(
    { spaceId, versionId: versionId ?? '' },
    { enabled: !!versionId },
  );
  const [storedColumns] = useColumnSettings(me.data?.id);
  const columnSettings = useMemo(
    () =>
      mergeColumns(
        storedColumns,
        (attributes.data ?? []).map((a) => a.id),
      ),
    [storedColumns, attributes.data],
  );
  const showsAttributes = columnSettings.some((c) => c.visible && c.key.startsWith('attr:'));
  const works = trpc.works.list.useQuery(
    { spaceId, versionId: versionId ?? '' },
    { enabled: !!versionId && showsAttributes },
  );
  const showsResources = columnSettings.some(
    (c) => c.visible && (c.key === 'resources' || c.key === 'labour' || c.key === 'cost'),
  );
  const resourceSummary = trpc.assignments.summary.useQuery(
    { spaceId, versionId: versionId ?? '' },
    { enabled: !!versionId && showsResources },
  );
  const resourceColumns = useMemo(
    () => new Map((resourceSummary.data ?? []).map(({ workId, ...summary }) => [workId, summary])),
    [resourceSummary.data],
  );
  const attributeValues = useMemo(
    () => new Map((works.data ?? []).map((w) => [w.id, w.attributes as Record<string, unknown>])),
    [works.data],
  );

  const [tick, setTick] = useState(0);
  const bump = useCallback(() => setTick((n) => n + 1), []);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (viewState.data) setCollapsed(new Set(viewState.data.collapsed));
  }, [viewState.data]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [cursor, setCursor] = useState<GridCursor>({ row: 0, col: 1 });
  const [panel, setPanel] = useState<Panel | null>(null);
  const [dock, setDock] = useState<Dock | null>(null);
  const [printOpen, setPrintOpen] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [scrollTo, setScrollTo] = useState<{ row: number; token: number } | null>(null);
  const [editRequest, setEditRequest] = useState<{ cursor: GridCursor; token: number } | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const readOnly = !version || version.locked || !can('schedule.edit');
  const gantt = useGanttView();
  const [gridScroller, setGridScroller] = useState<HTMLDivElement | null>(null);
  const onGridScroller = useCallback((element: HTMLDivElement | null) => {
    if (element) setGridScroller(element);
  }, []);

  const filterText = search.get('filter') ?? '';
  const indicator = search.get('filter_indicator') ?? '';
  const target = search.get('target');
  const setParam = (key: string, value: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick marks in-place changes of the model
  const rows = useMemo(() => {
    if (!model) return new Int32Array(0);
    const needle = filterText.trim().toLowerCase();
    const tests: ((row: number) => boolean)[] = [];
    if (needle)
      tests.push(
        (r) =>
          textOf(model, model.name[r]!).toLowerCase().includes(needle) ||
          textOf(model, model.code[r]!).toLowerCase().includes(needle),
      );
    const milestone = (r: number) => model.type[r] === 3 || model.type[r] === 4;
    const indicators: Record<string, (r: number) => boolean> = {
      critical: (r) => model.critical[r] === 1,
      not_started: (r) => model.status[r] === 0,
      in_progress: (r) => model.status[r] === 1,
      completed: (r) => model.status[r] === 2,
      milestones: milestone,
      negative_float: (r) => hasDate(model.earlyStart[r]) && model.totalFloat[r]! < 0,
    };
    const byIndicator = indicators[indicator];
    if (byIndicator) tests.push(byIndicator);
    const matches = tests.length ? (r: number) => tests.every((test) => test(r)) : undefined;
    return visibleRows(model, collapsed, matches);
  }, [model, collapsed, filterText, indicator, tick]);

  // The target query parameter (a work id or code) selects its row and scrolls to it once.
  const targetDone = useRef<string | null>(null);
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

  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['schedule-payload', spaceId] });
    void utils.versions.list.invalidate({ spaceId, scheduleId });
    void utils.calculation.status.invalidate();
    void utils.undo.list.invalidate();
    void utils.relations.list.invalidate();
    void utils.works.list.invalidate();
    void utils.works.planDetails.invalidate();
    void utils.assignments.summary.invalidate();
  }, [queryClient, spaceId, scheduleId, utils]);
  const afterEdit = useCallback(() => {
    void utils.versions.list.invalidate({ spaceId, scheduleId });
    void utils.calculation.status.invalidate();
    void utils.undo.list.invalidate();
  }, [utils, spaceId, scheduleId]);

  const calendarHours =
    calendars.data?.find((c) => c.id === version?.calendarId)?.hoursPerDay ??
    calendars.data?.find((c) => c.isDefault)?.hoursPerDay ??
    8;
  // The print preview shades the version calendar's non-working time, as the PDF does.
  const printCalendar = useMemo(
    () => (calendars.data && version ? defaultCalendarCompiled(calendars.data, version) : undefined),
    [calendars.data, version],
  );
  const histogram = useResourceHistogram({
    open: dock === 'histogram',
    view: gantt,
    versionId: version?.id,
    readOnly,
    hoursPerDay: calendarHours,
    onChanged: reload,
  });

  /** Saves one work; a stale revision reloads the row and tells the user. */
  const saveWork = useCallback(
    async (row: number, patch: WorkPatch): Promise<string | null> => {
      if (!model || !versionId) return null;
      const workId = model.ids[row]!;
      try {
        const work = await api.works.update.mutate(
          { spaceId, versionId, workId, revision: model.revision[row]!, ...patch },
          { context: { showsIssues: true } },
        );
        patchWork(model, work as WorkRecord);
        details.apply(work as Parameters<typeof details.apply>[0]);
        if ('type' in patch) reload();
        else bump();
        afterEdit();
        if (patch.attributes) void utils.works.list.invalidate();
        return null;
      } catch (error) {
        const failure = describeFailure(error, 'works.update');
        if (failure.code === 'Conflict') {
          const fresh = await api.works.get.query({ spaceId, versionId, workId });
          patchWork(model, fresh as WorkRecord);
          bump();
          notify('info', [t('grid.conflict_reloaded')]);
          return null;
        }
        const issue = failure.issues[0];
        if (issue) return appI18n._(issue.message, issue.params);
        return failure.messages[0] ?? t('errors.UnknownException');
      }
    },
    [model, versionId, spaceId, reload, t, utils, bump, afterEdit, details.apply],
  );

  const toggleRow = useCallback(
    (row: number) => {
      if (!model || !versionId) return;
      const id = model.ids[row]!;
      const expand = collapsed.has(id);
      setCollapsed((c) => {
        const next = new Set(c);
        if (expand) next.delete(id);
        else next.add(id);
        return next;
      });
      void api.works.setState.mutate({ spaceId, versionId, workIds: [id], expanded: expand });
    },
    [model, versionId, collapsed, spaceId],
  );

  /** The grid's editor of a work's name (a double-click on its bar), at a visible row. */
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

  const setAllExpanded = (expanded: boolean) => {
    if (!model || !versionId) return;
    const parents = model.ids.filter((_, i) => model.childCount[i]! > 0);
    setCollapsed(expanded ? new Set() : new Set(parents));
    for (let i = 0; i < parents.length; i += 10_000)
      void api.works.setState.mutate({ spaceId, versionId, workIds: parents.slice(i, i + 10_000), expanded });
  };

  // The ids of the rows shown, once per change of the rows (the check-all box reads them on every render
  // of the grid, i.e. on every scroll frame).
  const visibleIds = useMemo(() => (model ? Array.from(rows, (r) => model.ids[r]!) : []), [model, rows]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick marks in-place changes of the model
  const columns = useMemo(
    () =>
      model
        ? buildColumns(columnSettings, {
            t,
            lang: appI18n.locale,
            model,
            hoursPerDay: calendarHours,
            calendars: calendars.data ?? [],
            members: members.data ?? [],
            attributes: attributes.data ?? [],
            attributeValues,
            details: details.byId,
            resources: resourceColumns,
            checks: {
              ids: checks.checked,
              set: checks.setMany,
              visible: () => visibleIds,
            },
            collapsed,
            onToggle: toggleRow,
            save: saveWork,
          })
        : [],
    [
      model,
      columnSettings,
      t,
      calendarHours,
      calendars.data,
      members.data,
      attributes.data,
      attributeValues,
      details.byId,
      resourceColumns,
      checks.checked,
      checks.setMany,
      visibleIds,
      collapsed,
      toggleRow,
      saveWork,
      tick,
    ],
  );

  // ── structure edits ─────────────────────────────────────────────────────────────────────────
  const activeRow = model && rows.length ? rows[Math.min(cursor.row, rows.length - 1)] : undefined;
  const selectedRows = () =>
    model
      ? [...selected]
          .map((id) => model.rowOf.get(id))
          .filter((r): r is number => r !== undefined)
          .sort((a, b) => a - b)
      : [];
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } finally {
      reload();
    }
  };

  const addWork = (name = t('grid.new_work')) => {
    if (!model || !versionId || readOnly) return;
    const after = activeRow;
    void run(async () => {
      const work = await api.works.create.mutate({
        spaceId,
        versionId,
        name,
        durationMinutes: daysToMinutes(1, calendarHours),
        parentId: after === undefined ? null : (model.ids[model.parent[after]!] ?? null),
        afterId: after === undefined ? null : model.ids[after]!,
      });
      pendingFocus.current = work.id;
    });
  };

  const deleteSelected = async () => {
    if (!model || !versionId || readOnly) return;
    const ids = selectedRows().map((r) => model.ids[r]!);
    if (!ids.length) return;
    const answer = await confirm({
      title: t('grid.delete_title', { count: ids.length }),
      text: t('grid.delete_text'),
      danger: true,
    });
    if (answer.status !== 'confirmed') return;
    setSelected(new Set());
    void run(() => api.works.delete.mutate({ spaceId, versionId, workIds: ids }));
  };

  const shift = (direction: 'indent' | 'outdent') => {
    if (!model || !versionId || readOnly) return;
    const targets = selectedRows();
    const list = direction === 'indent' ? targets : targets.reverse();
    void run(async () => {
      for (const r of list) {
        const input = { spaceId, versionId, workId: model.ids[r]!, revision: model.revision[r]! };
        const work =
          direction === 'indent'
            ? await api.works.indent.mutate(input)
            : await api.works.outdent.mutate(input);
        patchWork(model, work as WorkRecord);
      }
    });
  };

  const siblingsOf = (row: number) => {
    if (!model) return [];
    const parent = model.parent[row]!;
    const out: number[] = [];
    for (let i = parent + 1; i < model.count; i++) {
      if (parent >= 0 && model.depth[i]! <= model.depth[parent]!) break;
      if (model.parent[i] === parent) out.push(i);
    }
    return out;
  };
  const moveRow = (delta: -1 | 1) => {
    if (!model || !versionId || readOnly || activeRow === undefined) return;
    const siblings = siblingsOf(activeRow);
    const at = siblings.indexOf(activeRow);
    const afterIndex = delta < 0 ? at - 2 : at + 1;
    if ((delta < 0 && at === 0) || (delta > 0 && at === siblings.length - 1)) return;
    const parent = model.parent[activeRow]!;
    const id = model.ids[activeRow]!;
    void run(async () => {
      await api.works.move.mutate({
        spaceId,
        versionId,
        workId: id,
        revision: model.revision[activeRow]!,
        parentId: parent >= 0 ? model.ids[parent]! : null,
        afterId: afterIndex >= 0 ? model.ids[siblings[afterIndex]!]! : null,
      });
      pendingFocus.current = null;
    });
  };

  const calculate = trpc.calculation.run.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: () => reload(),
    onError: (error) => {
      const failure = describeFailure(error, 'calculation.run');
      if (failure.code === 'CalculationError') notify('error', failure.messages, 4000);
      reload();
    },
  });

  // ── clipboard: rows as tab-separated code, name, type, duration in days ───────────────────
  const onCopy = (event: ClipboardEvent) => {
    if (!model) return;
    const lines = selectedRows().map((r) =>
      [
        textOf(model, model.code[r]!),
        textOf(model, model.name[r]!),
        WORK_TYPES[model.type[r]!] ?? 'task',
        String(minutesToDays(model.durationMinutes[r]!, calendarHours)),
      ].join('\t'),
    );
    if (!lines.length) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', lines.join('\n'));
    notify('info', [t('grid.copied', { count: lines.length })]);
  };
  const onPaste = (event: ClipboardEvent) => {
    if (!model || !versionId || readOnly) return;
    const lines = event.clipboardData
      .getData('text/plain')
      .split(/\r?\n/)
      .filter((l) => l.trim());
    if (!lines.length) return;
    event.preventDefault();
    const after = activeRow;
    void run(async () => {
      let afterId = after === undefined ? null : model.ids[after]!;
      const parentId = after === undefined ? null : (model.ids[model.parent[after]!] ?? null);
      for (const line of lines.slice(0, 1000)) {
        const cells = line.split('\t');
        const [code, name, type, duration] = cells.length === 1 ? ['', cells[0]] : cells;
        const days = parseNumberText(duration ?? '');
        const work = await api.works.create.mutate({
          spaceId,
          versionId,
          parentId,
          afterId,
          code: code?.trim() || null,
          name: (name ?? '').trim().slice(0, 255) || t('grid.new_work'),
          type:
            (WORK_TYPES as readonly string[]).includes(type ?? '') && type !== 'sum'
              ? (type as 'task')
              : undefined,
          durationMinutes:
            days !== null && !Number.isNaN(days) ? daysToMinutes(days, calendarHours) : undefined,
        });
        afterId = work.id;
      }
      notify('success', [t('grid.pasted', { count: lines.length })]);
    });
  };

  const onKey = (event: KeyboardEvent) => {
    const alt = event.altKey && event.shiftKey;
    if (alt && event.key === 'ArrowRight') shift('indent');
    else if (alt && event.key === 'ArrowLeft') shift('outdent');
    else if (alt && event.key === 'ArrowUp') moveRow(-1);
    else if (alt && event.key === 'ArrowDown') moveRow(1);
    else if (event.key === 'Insert') addWork();
    else if (event.key === 'Delete') void deleteSelected();
    else if (event.key === ' ' && selected.size) {
      const ids = [...selected];
      checks.setMany(ids, !ids.every((id) => checks.checked.has(id)));
    } else if (
      (event.key === '+' || event.key === '-') &&
      activeRow !== undefined &&
      model?.childCount[activeRow]
    ) {
      if (collapsed.has(model.ids[activeRow]!) === (event.key === '+')) toggleRow(activeRow);
    } else return false;
    return true;
  };

  // First paint of the grid with rows (from the start of the payload query), for the benchmark.
  useEffect(() => {
    if (!model || !window.__taktGrid || window.__taktGrid.firstPaintMs !== undefined) return;
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
      <header className="schedule-header">
        <div className="schedule-title">
          <Link href="/" className="schedule-crumb">
            {t('screen.structure')}
          </Link>
          <h1 className="page-title">{node.data?.name ?? '…'}</h1>
          {version && (
            <VersionSelect
              versions={versionList}
              value={version.id}
              onChange={(id) => {
                setParam('version', id);
                setSelected(new Set());
              }}
              testId="version-select"
            />
          )}
          <Badge tone={calcStatus === 1 ? 'accent' : calcStatus === 2 ? 'warn' : 'neutral'}>
            <span data-testid="calc-status" data-status={calcStatus}>
              {calcStatus} · {t(`calc_status.${CALC_STATUS_TEXT[calcStatus] ?? 'not_calculated'}`)}
            </span>
          </Badge>
          {version?.locked && <Badge tone="warn">{t('versions.locked')}</Badge>}
        </div>
        <div className="schedule-actions">
          <Button
            variant="primary"
            busy={calculate.isPending}
            disabled={!version || version.locked || !can('schedule.calculate')}
            onClick={() => version && calculate.mutate({ spaceId, versionId: version.id })}
            data-testid="calculate"
          >
            {t('grid.calculate')}
          </Button>
          {(['relations', 'assignments', 'undo', 'versions'] as const).map((p) => (
            <Button
              key={p}
              variant={panel === p ? 'primary' : 'secondary'}
              aria-pressed={panel === p}
              onClick={() => setPanel(panel === p ? null : p)}
              data-testid={`panel-${p}`}
            >
              {t(`grid.panel.${p}`)}
            </Button>
          ))}
          <Link
            href={`/schedule/${scheduleId}/cyclogram`}
            className="btn btn-secondary"
            data-testid="open-cyclogram"
          >
            {t('screen.cyclogram')}
          </Link>
          <Link href={`/schedule/${scheduleId}/bim`} className="btn btn-secondary" data-testid="open-bim">
            {t('bim.open')}
          </Link>
          <Button
            disabled={!model || !version || !can('print')}
            onClick={() => setPrintOpen(true)}
            data-testid="open-print"
          >
            {t('print.open')}
          </Button>
        </div>
      </header>
      {version?.locked && (
        <div className="schedule-banner" role="status">
          {t('grid.locked_banner')}
        </div>
      )}
      {calcError && calcStatus === 0 && (
        <div className="schedule-banner schedule-banner-danger" role="alert" data-testid="calc-error">
          {t('errors.CalculationError', { reason: calcError })}
        </div>
      )}
      <div className="schedule-toolbar" role="toolbar" aria-label={t('grid.toolbar')}>
        <Button disabled={readOnly || !model} onClick={() => addWork()} data-testid="add-work" title="Insert">
          + {t('grid.add')}
        </Button>
        <Button disabled={readOnly || !selectedCount} onClick={() => void deleteSelected()} title="Delete">
          {t('common.delete')}
        </Button>
        <Button
          disabled={readOnly || !selectedCount}
          onClick={() => setBulkOpen(true)}
          data-testid="bulk-edit"
        >
          {t('grid.bulk_edit')}
        </Button>
        <Button
          disabled={readOnly || !selectedCount}
          onClick={() => shift('outdent')}
          title="Alt+Shift+←"
          aria-label={t('grid.outdent')}
        >
          ⇤ {t('grid.outdent')}
        </Button>
        <Button
          disabled={readOnly || !selectedCount}
          onClick={() => shift('indent')}
          title="Alt+Shift+→"
          aria-label={t('grid.indent')}
        >
          ⇥ {t('grid.indent')}
        </Button>
        <Button
          disabled={readOnly || activeRow === undefined}
          onClick={() => moveRow(-1)}
          aria-label={t('grid.move_up')}
          title="Alt+Shift+↑"
        >
          ↑
        </Button>
        <Button
          disabled={readOnly || activeRow === undefined}
          onClick={() => moveRow(1)}
          aria-label={t('grid.move_down')}
          title="Alt+Shift+↓"
        >
          ↓
        </Button>
        <Button variant="ghost" onClick={() => setAllExpanded(true)}>
          {t('grid.expand_all')}
        </Button>
        <Button variant="ghost" onClick={() => setAllExpanded(false)}>
          {t('grid.collapse_all')}
        </Button>
        <span className="schedule-toolbar-gap" />
        <input
          className="input input-compact schedule-filter"
          type="search"
          placeholder={t('grid.filter')}
          aria-label={t('grid.filter')}
          value={filterText}
          onChange={(e) => setParam('filter', e.target.value)}
        />
        <select
          className="input input-compact"
          aria-label={t('grid.indicator')}
          value={indicator}
          onChange={(e) => setParam('filter_indicator', e.target.value)}
        >
          <option value="">{t('grid.indicator_all')}</option>
          {FILTER_INDICATORS.map((i) => (
            <option key={i} value={i}>
              {t(`grid.indicator.${i}`)}
            </option>
          ))}
        </select>
        <Link href="/viewsettings" className="btn btn-ghost">
          {t('grid.columns')}
        </Link>
      </div>
      <GanttToolbar view={gantt} disabled={!model} />
      <div className="schedule-docks" role="toolbar" aria-label={t('dock.toolbar')}>
        {(['histogram', 'daily_plan', 'timesheet'] as const).map((d) => (
          <Button
            key={d}
            variant={dock === d ? 'primary' : 'ghost'}
            aria-pressed={dock === d}
            disabled={!version}
            onClick={() => setDock(dock === d ? null : d)}
            data-testid={`dock-${d}`}
          >
            {t(`dock.${d}`)}
          </Button>
        ))}
      </div>
      <div className={`schedule-body${panel ? ' schedule-body-panel' : ''}`}>
        <div className="schedule-grid">
          <ScheduleSplit
            left={
              !model ? (
                <Spinner />
              ) : (
                <>
                  <WbsGrid
                    rows={rows}
                    columns={columns}
                    revision={tick}
                    readOnly={readOnly}
                    rowClass={(r) =>
                      `${model.childCount[r] ? 'wbs-summary' : ''}${model.critical[r] ? ' wbs-critical' : ''}`
                    }
                    idOf={(r) => model.ids[r]!}
                    selected={selected}
                    onSelect={setSelected}
                    cursor={cursor}
                    onCursor={setCursor}
                    onKey={onKey}
                    onCopy={onCopy}
                    onPaste={onPaste}
                    scrollTo={scrollTo}
                    editRequest={editRequest}
                    onScrollElement={onGridScroller}
                  />
                  {histogram.legend}
                </>
              )
            }
            right={
              model &&
              version && (
                <>
                  <GanttPane
                    view={gantt}
                    model={model}
                    rows={rows}
                    revision={tick}
                    details={details.byId}
                    calendars={calendars.data}
                    version={version}
                    readOnly={version.locked ? 'locked' : can('schedule.edit') ? null : 'rights'}
                    canCalculate={can('schedule.calculate')}
                    scrollElement={gridScroller}
                    selected={selected}
                    onSelect={(ids, row) => {
                      setSelected(ids);
                      if (row !== undefined) setCursor((c) => ({ ...c, row }));
                    }}
                    onOpenWork={openWork}
                    onChanged={reload}
                  />
                  {histogram.chart}
                </>
              )
            }
          />
          {dock === 'daily_plan' && version && (
            <DailyPlanDock
              versionId={version.id}
              readOnly={!!version.locked}
              onSelectWork={(id) => {
                const row = model?.rowOf.get(id);
                const at = row === undefined ? -1 : rows.indexOf(row);
                setSelected(new Set([id]));
                if (at >= 0) {
                  setCursor((c) => ({ ...c, row: at }));
                  setScrollTo({ row: at, token: Date.now() });
                }
              }}
            />
          )}
          {dock === 'timesheet' && version && <TimesheetDock versionId={version.id} />}
          <div className="schedule-footer">
            <span data-testid="row-count">
              {t('grid.rows', { shown: rows.length, total: model?.count ?? 0 })}
            </span>
            {selectedCount > 0 && <span>{t('grid.selected', { count: selectedCount })}</span>}
            {checks.checked.size > 0 && (
              <span data-testid="checked-count">
                {t('grid.checked_count', { count: checks.checked.size })}
              </span>
            )}
            <span className="schedule-hint">{t('grid.keys_hint')}</span>
          </div>
        </div>
        {panel && model && version && (
          <aside className="schedule-panel" aria-label={t(`grid.panel.${panel}`)}>
            {panel === 'relations' && (
              <RelationsPanel
                model={model}
                row={activeRow}
                versionId={version.id}
                readOnly={readOnly}
                hoursPerDay={calendarHours}
                onChanged={reload}
              />
            )}
            {panel === 'assignments' && (
              <AssignmentsPanel
                versionId={version.id}
                workId={activeRow === undefined ? undefined : model.ids[activeRow]}
                workLabel={
                  activeRow === undefined
                    ? ''
                    : `${textOf(model, model.code[activeRow]!)} ${textOf(model, model.name[activeRow]!)}`.trim()
                }
                checkedIds={[...checks.checked]}
                readOnly={readOnly}
                hoursPerDay={calendarHours}
                onChanged={reload}
              />
            )}
            {panel === 'undo' && <UndoPanel versionId={version.id} readOnly={readOnly} onChanged={reload} />}
            {panel === 'versions' && (
              <VersionsPanel
                scheduleId={scheduleId}
                current={version}
                versions={versionList}
                onOpen={(id) => setParam('version', id)}
                onChanged={() => void utils.versions.list.invalidate({ spaceId, scheduleId })}
              />
            )}
          </aside>
        )}
      </div>
      {printOpen && model && version && (
        <PrintDialog
          scheduleId={scheduleId}
          versionId={version.id}
          versionName={version.name}
          dataDate={isoToMinutes(version.dataDate)}
          hoursPerDay={calendarHours}
          calendar={printCalendar}
          model={model}
          details={details.byId}
          onClose={() => setPrintOpen(false)}
        />
      )}
      {bulkOpen && model && version && !readOnly && (
        <BulkEditDialog
          model={model}
          rows={selectedRows()}
          versionId={version.id}
          hoursPerDay={calendarHours}
          calendars={calendars.data ?? []}
          members={members.data ?? []}
          attributes={attributes.data ?? []}
          onClose={() => setBulkOpen(false)}
          onDone={reload}
        />
      )}
    </div>
  );
}
