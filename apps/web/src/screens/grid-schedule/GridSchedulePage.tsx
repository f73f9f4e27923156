import { useQueries } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Badge, Button, Empty, Loaded } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { decodeBinaryPayload, type ScheduleModel } from '../../lib/columnar';
import { useT } from '../../lib/i18n';
import { fetchBinaryPayload } from '../../lib/payload-fetch';
import { withMember } from '../../lib/sets';
import { trpc } from '../../lib/trpc';
import { useAppState } from '../../state/app-state';
import { ScaleButtons } from '../cyclogram/ScaleButtons';
import { ExpandButtons } from '../schedule/page/ExpandButtons';
import { type GridSchedule, type GridSchedulePart, gridScheduleCombine } from './combine';
import { GridScheduleList, type GridScheduleView } from './GridScheduleList';
import { useGridTimeline } from './useGridTimeline';
import '../schedule/schedule.css';
import './grid-schedule.css';

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
  const toggle = (scheduleId: string) => setCollapsed((current) => withMember(current, scheduleId));
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
      <Loaded loading={!grid} empty={schedules.length === 0 && t('grid_schedule.empty')}>
        {grid && (
          <GridBody
            view={{ grid, schedules, models, collapsed, onToggle: toggle, onOpenWork: openWork }}
            dark={dark}
            onExpandAll={(expanded) =>
              setCollapsed(expanded ? new Set() : new Set(schedules.map((s) => s.id)))
            }
          />
        )}
      </Loaded>
    </div>
  );
}

/** The toolbar, the list of schedules and works, and the timeline beside it. */
function GridBody({
  view,
  dark,
  onExpandAll,
}: {
  view: GridScheduleView;
  dark: boolean;
  onExpandAll: (expanded: boolean) => void;
}) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const timeline = useGridTimeline({ grid: view.grid, dark, list, scrollTop, onOpenWork: view.onOpenWork });
  return (
    <>
      <div className="schedule-toolbar" role="toolbar" aria-label={t('screen.grid')}>
        <ExpandButtons onExpandAll={onExpandAll} />
        <span className="schedule-toolbar-gap" />
        <ScaleButtons
          level={timeline.level}
          onLevel={timeline.zoomToLevel}
          className="grid-schedule-scales"
        />
        <Button variant="ghost" onClick={timeline.fit}>
          {t('cyclogram.fit')}
        </Button>
        <Button variant="ghost" onClick={timeline.toToday}>
          {t('cyclogram.today')}
        </Button>
      </div>
      <div className="grid-schedule-body">
        <GridScheduleList list={list} view={view} onScrollTop={setScrollTop} />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer panning and double-click on bars; keyboard users open works from the list */}
        <div
          ref={timeline.host}
          className="grid-schedule-timeline"
          data-testid="grid-schedule-timeline"
          data-ready={timeline.ready ? 'true' : 'false'}
          onPointerDown={timeline.pointer.onPointerDown}
          onPointerMove={timeline.pointer.onPointerMove}
          onPointerUp={timeline.pointer.onPointerUp}
          onDoubleClick={timeline.pointer.onDoubleClick}
        >
          <canvas ref={timeline.canvas} />
        </div>
      </div>
    </>
  );
}
