import {
  type GanttLanguage,
  type GanttLayoutOptions,
  MINUTES_PER_DAY,
  SCALE_LEVELS,
  type ScaleLevel,
  scaleCenterOn,
  scaleFit,
  scaleLevel,
  scalePan,
  scaleZoom,
  scaleZoomToLevel,
  snapshotTimeRange,
  type TimeScale,
} from '@takt/gantt';
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Badge, Button, Empty, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { decodeBinaryPayload, type ScheduleModel, textOf } from '../../lib/columnar';
import { appI18n, useT } from '../../lib/i18n';
import { fetchBinaryPayload } from '../../lib/payload-fetch';
import { usePixiHost } from '../../lib/pixi-host';
import { formatMinutes, isoToMinutes } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { useAppState } from '../../state/app-state';
import { type GridSchedule, type GridSchedulePart, gridScheduleCombine } from './combine';
import '../schedule/schedule.css';
import './grid-schedule.css';

const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 40;

function nowMinutes(): number {
  const now = new Date();
  return isoToMinutes(new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
}

/** Grid schedule `/{space}/grid/{project_id}` (screens and routes): every schedule of the project on one timeline. */
export function GridSchedulePage({ params }: { params: { projectId: string } }) {
  const t = useT();
  const { spaceId } = useSpace();
  const [, navigate] = useLocation();
  const projectId = params.projectId;
  const nodes = trpc.eps.list.useQuery({ spaceId });
  const project = nodes.data?.find((n) => n.id === projectId);
  const schedules = useMemo(
    () => (nodes.data ?? []).filter((n) => n.kind === 'schedule' && n.parentId === projectId),
    [nodes.data, projectId],
  );
  // The same query as the schedule screen's, so a schedule opened from here is already loaded.
  const payloads = useQueries({
    queries: schedules.map((s) => ({
      queryKey: ['schedule-payload', spaceId, s.actualVersionId ?? undefined],
      enabled: !!s.actualVersionId,
      staleTime: Number.POSITIVE_INFINITY,
      structuralSharing: false,
      queryFn: async (): Promise<ScheduleModel> =>
        decodeBinaryPayload(await fetchBinaryPayload(spaceId, s.actualVersionId!)),
    })),
  });
  const loading = payloads.some((p) => p.isLoading);
  const models = payloads.map((p) => p.data ?? null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const version = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the models are compared by identity through their list
  const grid = useMemo<GridSchedule | null>(() => {
    if (!nodes.data || loading) return null;
    const parts: GridSchedulePart[] = schedules.map((s, i) => ({
      scheduleId: s.id,
      name: s.name,
      model: models[i] ?? null,
    }));
    version.current += 1;
    return gridScheduleCombine(parts, collapsed, version.current);
  }, [nodes.data, loading, schedules, collapsed, ...models]);
  const dark = useAppState((s) => s.darkTheme);

  if (nodes.data && project?.kind !== 'project') {
    return <Empty>{t('grid_schedule.not_project')}</Empty>;
  }
  const works = models.reduce((sum, m) => sum + (m?.count ?? 0), 0);
  const toggle = (scheduleId: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(scheduleId)) next.delete(scheduleId);
      else next.add(scheduleId);
      return next;
    });
  const openWork = (part: number, row: number) => {
    const schedule = schedules[part];
    const model = models[part];
    if (schedule && model) navigate(`/schedule/${schedule.id}?target=${model.ids[row]}`);
  };

  return (
    <div className="schedule grid-schedule" data-testid="grid-schedule-page">
      <header className="schedule-header">
        <div className="schedule-title">
          <Link href="/" className="schedule-crumb">
            {t('screen.structure')}
          </Link>
          <h1 className="page-title">{t('screen.grid')}</h1>
          {project && <span className="grid-schedule-project">{project.name}</span>}
          <Badge>
            <span data-testid="grid-schedule-counts">
              {t('grid_schedule.schedules', { count: schedules.length, works })}
            </span>
          </Badge>
        </div>
        <p className="cyclogram-subtitle">{t('grid_schedule.subtitle')}</p>
      </header>
      {!grid ? (
        <Spinner />
      ) : schedules.length === 0 ? (
        <Empty>{t('grid_schedule.empty')}</Empty>
      ) : (
        <GridBody
          grid={grid}
          schedules={schedules}
          models={models}
          dark={dark}
          collapsed={collapsed}
          onToggle={toggle}
          onOpenWork={openWork}
          onExpandAll={(expanded) => setCollapsed(expanded ? new Set() : new Set(schedules.map((s) => s.id)))}
        />
      )}
    </div>
  );
}

function GridBody({
  grid,
  schedules,
  models,
  dark,
  collapsed,
  onToggle,
  onOpenWork,
  onExpandAll,
}: {
  grid: GridSchedule;
  schedules: { id: string; name: string; actualVersionId: string | null }[];
  models: (ScheduleModel | null)[];
  dark: boolean;
  collapsed: ReadonlySet<string>;
  onToggle: (scheduleId: string) => void;
  onOpenWork: (part: number, row: number) => void;
  onExpandAll: (expanded: boolean) => void;
}) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  const { host, canvas, renderer, ready, size } = usePixiHost(dark, ({ GanttPixiRenderer }, start) =>
    GanttPixiRenderer.create({ ...start, headerHeight: HEADER_HEIGHT }),
  );
  const [scrollTop, setScrollTop] = useState(0);
  const [scale, setScale] = useState<TimeScale | null>(null);
  const today = useMemo(() => nowMinutes(), []);
  const options = useMemo<GanttLayoutOptions>(
    () => ({ today, kinds: { plan: true, approved_plan: false, fact: true } }),
    [today],
  );
  const language = (appI18n.locale === 'ru' ? 'ru' : 'en') as GanttLanguage;
  const virtualizer = useVirtualizer({
    count: grid.rows.length,
    getScrollElement: () => list.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const body = { width: Math.max(1, size.width), height: Math.max(1, size.height - HEADER_HEIGHT) };

  const fit = () => {
    const range = snapshotTimeRange(grid.snapshot);
    if (range && body.width > 1)
      setScale(scaleFit(range.start - MINUTES_PER_DAY, range.finish + MINUTES_PER_DAY, body.width, 16));
  };
  const fitted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fits once, when the size is first known
  useEffect(() => {
    if (!fitted.current && body.width > 1) {
      fitted.current = true;
      fit();
    }
  }, [body.width]);

  useEffect(() => {
    const r = renderer.current;
    if (!ready || !r || !scale || size.width === 0) return;
    r.setScene({
      snapshot: grid.snapshot,
      scale,
      viewport: { width: body.width, height: body.height, scrollTop, rowHeight: ROW_HEIGHT },
      language,
      options,
    });
  });

  // Wheel over the timeline scrolls the rows (the list owns the scroll); Ctrl zooms, Shift pans.
  useEffect(() => {
    const box = host.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.ctrlKey || event.metaKey)
        setScale((s) => (s ? scaleZoom(s, event.deltaY < 0 ? 1.2 : 1 / 1.2, event.offsetX) : s));
      else if (event.shiftKey) setScale((s) => (s ? scalePan(s, event.deltaY || event.deltaX) : s));
      else if (list.current) list.current.scrollTop += event.deltaY;
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [host]);

  const level: ScaleLevel | null = scale ? scaleLevel(scale) : null;
  const drag = useRef<{ x: number } | null>(null);
  return (
    <>
      <div className="schedule-toolbar" role="toolbar" aria-label={t('screen.grid')}>
        <Button variant="ghost" onClick={() => onExpandAll(true)}>
          {t('grid.expand_all')}
        </Button>
        <Button variant="ghost" onClick={() => onExpandAll(false)}>
          {t('grid.collapse_all')}
        </Button>
        <span className="schedule-toolbar-gap" />
        <fieldset className="cyclogram-scales grid-schedule-scales" aria-label={t('cyclogram.fit')}>
          {SCALE_LEVELS.map((l) => (
            <Button
              key={l}
              variant={level === l ? 'primary' : 'ghost'}
              aria-pressed={level === l}
              onClick={() => setScale((s) => (s ? scaleZoomToLevel(s, l, body.width / 2) : s))}
            >
              {t(`cyclogram.scale.${l}`)}
            </Button>
          ))}
        </fieldset>
        <Button variant="ghost" onClick={fit}>
          {t('cyclogram.fit')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => setScale((s) => (s ? scaleCenterOn(s, today, body.width / 2) : s))}
        >
          {t('cyclogram.today')}
        </Button>
      </div>
      <div className="grid-schedule-body">
        <div
          ref={list}
          className="grid-schedule-list"
          data-testid="grid-schedule-list"
          onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
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
                  className="grid-schedule-row grid-schedule-work"
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
        {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer panning and double-click on bars; keyboard users open works from the list */}
        <div
          ref={host}
          className="grid-schedule-timeline"
          data-testid="grid-schedule-timeline"
          data-ready={ready && scale ? 'true' : 'false'}
          onPointerDown={(event) => {
            drag.current = { x: event.clientX };
          }}
          onPointerMove={(event) => {
            if (!drag.current || event.buttons !== 1) return;
            const dx = event.clientX - drag.current.x;
            drag.current = { x: event.clientX };
            setScale((s) => (s ? scalePan(s, -dx) : s));
          }}
          onPointerUp={() => {
            drag.current = null;
          }}
          onDoubleClick={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            const hit = renderer.current?.hitTest(event.clientX - rect.left, event.clientY - rect.top);
            if (!hit || hit.work < 0) return;
            const part = grid.workPart[hit.work]!;
            const row = grid.workRow[hit.work]!;
            if (row >= 0) onOpenWork(part, row);
          }}
        >
          <canvas ref={canvas} />
        </div>
      </div>
    </>
  );
}
