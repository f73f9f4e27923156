import {
  BIM_PLAN_KINDS,
  type BimLooks,
  type BimPlanKind,
  type BimProfileLooks,
  type BimSpatialNode,
  BimTimeline,
  bimAppearanceAt,
  bimDeviationAt,
  bimLooksCreate,
} from '@takt/bim';
import type { BimAxis, BimPick, BimPrimitive, BimViewer } from '@takt/bim/viewer';
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { confirmed } from '../../components/confirm';
import { Badge, Button, Empty, ProgressBar, Spinner, Tabs } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { type Translate, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { hasDate } from '../../lib/schedule-time';
import { asVersions } from '../../lib/schedule-types';
import { api, trpc } from '../../lib/trpc';
import { appState, useAppState } from '../../state/app-state';
import { VersionSelect } from '../schedule/VersionSelect';
import { BimObjectsPanel } from './BimObjectsPanel';
import { type BimMode, BimPlayer, type PlayerSettings } from './BimPlayer';
import { BimRulesDialog } from './BimRulesDialog';
import { BimViewport, type ViewportModel } from './BimViewport';
import {
  DAY_MINUTES,
  fetchModelGeometry,
  previewIfc,
  todayMinutes,
  uploadModel,
  warmPreviewWorker,
} from './bim-data';
import '../schedule/schedule.css';
import './bim.css';

type Tab = 'models' | 'tree' | 'works' | 'views' | 'objects';
type Selection = Map<string, Set<string>>;
interface LoadedModel extends ViewportModel {
  name: string;
  classes: string[];
  names: (string | null)[];
}
interface Timelines {
  elementCount: number;
  byKind: Record<BimPlanKind, BimTimeline>;
  looks: BimLooks;
}

const EPOCH_MS = Date.UTC(2000, 0, 1);
/** The local calendar day of engine minutes, as the app-level `activitySelectedDay` holds days. */
const dayOfMinutes = (m: number) => {
  const d = new Date(EPOCH_MS + m * 60_000);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};
const minutesOfDay = (day: Date) =>
  (Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 12) - EPOCH_MS) / 60_000;
const sameDay = (a: Date | null, b: Date) => !!a && a.toDateString() === b.toDateString();

const selectedIds = (s: Selection) => [...s.values()].flatMap((ids) => [...ids]);
const selectionSize = (s: Selection) => [...s.values()].reduce((n, ids) => n + ids.size, 0);

/** The 4D screen `/{space}/schedule/{id}/bim`: the project's IFC models linked to the schedule's works. */
export function BimPage({ params }: { params: { id: string } }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const scheduleId = params.id;
  const utils = trpc.useUtils();
  const [search, setSearch] = useSearchParams();
  const node = trpc.eps.get.useQuery({ spaceId, nodeId: scheduleId });
  const parent = trpc.eps.get.useQuery(
    { spaceId, nodeId: node.data?.parentId ?? '' },
    { enabled: !!node.data?.parentId },
  );
  const projectId = parent.data?.kind === 'project' ? parent.data.id : null;
  const versions = trpc.versions.list.useQuery({ spaceId, scheduleId });
  const versionList = asVersions(versions.data);
  const versionId =
    search.get('version') ?? versionList.find((v) => v.actual)?.id ?? versionList[0]?.id ?? '';
  const editable = can('bim.edit');

  const models = trpc.bim.models.list.useQuery(
    { spaceId, projectId: projectId ?? '' },
    {
      enabled: !!projectId,
      refetchInterval: (q) => (q.state.data?.some((m) => m.status === 'uploading') ? 700 : false),
    },
  );
  const completed = useMemo(() => (models.data ?? []).filter((m) => m.status === 'completed'), [models.data]);
  const loads = useQueries({
    // Structurally shared: the array keeps its identity while no model's data changed.
    combine: (results) => results.map((r) => r.data),
    queries: completed.map((m) => ({
      queryKey: ['bim-model', m.id],
      staleTime: Number.POSITIVE_INFINITY,
      queryFn: async () => {
        const [geometry, columns] = await Promise.all([
          fetchModelGeometry(spaceId, m.projectId, m.id),
          api.bim.models.elementColumns.query({ spaceId, modelId: m.id }),
        ]);
        return { geometry, ...columns };
      },
    })),
  });
  const viewState = trpc.bim.profiles.state.useQuery(
    { spaceId, projectId: projectId ?? '' },
    { enabled: !!projectId },
  );
  const [hiddenModels, setHiddenModels] = useState<Set<string>>(new Set());
  const loaded: LoadedModel[] = useMemo(
    () =>
      completed.flatMap((m, i) => {
        const data = loads[i];
        return data
          ? [
              {
                id: m.id,
                name: m.name,
                geometry: data.geometry,
                globalIds: data.globalIds,
                classes: data.classes,
                names: data.names,
                visible: m.visible && !hiddenModels.has(m.id),
              },
            ]
          : [];
      }),
    [completed, hiddenModels, loads],
  );

  const works = trpc.works.list.useQuery({ spaceId, versionId }, { enabled: !!versionId });
  const player = trpc.bim.links.player.useQuery({ spaceId, versionId }, { enabled: !!versionId });
  const wbs = trpc.bim.links.wbs.useQuery({ spaceId, versionId }, { enabled: !!versionId });
  const primitivesQuery = trpc.bim.primitives.list.useQuery(
    { spaceId, epsId: projectId ?? '' },
    { enabled: !!projectId },
  );
  const primitives: BimPrimitive[] = useMemo(
    () =>
      (primitivesQuery.data ?? []).map((p) => ({
        ...p,
        position: p.position as [number, number, number],
        size: p.size as [number, number, number],
      })),
    [primitivesQuery.data],
  );

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
  const [dark, setDark] = useState<boolean | null>(null);
  const darkBackground = dark ?? (viewState.data?.state.theme ? viewState.data.state.theme === 'dark' : true);
  const [tab, setTab] = useState<Tab>('models');
  const [rulesOpen, setRulesOpen] = useState(false);
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);

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
    [selection, spaceId, versionId],
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

  // ── 4D timelines ────────────────────────────────────────────────────────────────────────
  const timelines = useMemo(() => {
    const map = new Map<string, Timelines>();
    const data = player.data;
    if (!data) return map;
    const clean = (a: number[]) => a.map((v) => (hasDate(v) ? v : Number.NaN));
    const dates: Record<BimPlanKind, { start: number[]; finish: number[] }> = {
      plan: { start: clean(data.works.planStart), finish: clean(data.works.planFinish) },
      approved_plan: { start: clean(data.works.approvedStart), finish: clean(data.works.approvedFinish) },
      fact: { start: clean(data.works.factStart), finish: clean(data.works.factFinish) },
    };
    for (const m of loaded) {
      const linkData = data.models.find((x) => x.modelId === m.id);
      const links = linkData
        ? linkData.element.map((element, i) => ({
            element,
            work: linkData.work[i]!,
            profile: linkData.profile[i]!,
          }))
        : [];
      const count = m.globalIds.length;
      map.set(m.id, {
        elementCount: count,
        byKind: Object.fromEntries(
          BIM_PLAN_KINDS.map((kind) => [kind, new BimTimeline(count, links, dates[kind], kind)]),
        ) as Record<BimPlanKind, BimTimeline>,
        looks: bimLooksCreate(count),
      });
    }
    return map;
  }, [player.data, loaded]);
  const profileLooks: BimProfileLooks[] = useMemo(
    () => (player.data?.profiles ?? []).map((p) => p.looks),
    [player.data],
  );
  const range = useMemo(() => {
    let start = Number.POSITIVE_INFINITY;
    let finish = Number.NEGATIVE_INFINITY;
    for (const tl of timelines.values())
      for (const kind of BIM_PLAN_KINDS) {
        const r = tl.byKind[kind].range;
        if (r) {
          start = Math.min(start, r.start);
          finish = Math.max(finish, r.finish);
        }
      }
    if (!Number.isFinite(start)) return null;
    const dayStart = Math.floor(start / DAY_MINUTES) * DAY_MINUTES;
    return {
      start: dayStart,
      finish: Math.max(dayStart + DAY_MINUTES, Math.ceil(finish / DAY_MINUTES) * DAY_MINUTES),
    };
  }, [timelines]);

  const saved = viewState.data?.state;
  const [settings, setSettings] = useState<PlayerSettings | null>(null);
  const playerSettings: PlayerSettings = settings ?? {
    kind: saved?.planKind ?? 'plan',
    mode: (saved?.mode as BimMode | undefined) ?? 'appearance',
    speed: saved?.speed ?? 7,
  };
  const [time, setTime] = useState<number | null>(null);
  // The app-level selected day (spec §2 activitySelectedDay) is the date cursor shared with the Gantt.
  const selectedDay = useAppState((s) => s.activitySelectedDay);
  const initialTime = useMemo(() => {
    if (!range) return 0;
    const shared = appState.get().activitySelectedDay;
    if (shared) return Math.min(range.finish, Math.max(range.start, minutesOfDay(shared)));
    const savedDate = saved?.date ? Date.parse(`${saved.date.slice(0, 10)}T12:00:00Z`) : Number.NaN;
    const fromSaved = Number.isNaN(savedDate) ? Number.NaN : (savedDate - EPOCH_MS) / 60_000;
    const dataDate = player.data && hasDate(player.data.dataDate) ? player.data.dataDate : todayMinutes();
    const t0 = Number.isFinite(fromSaved) ? fromSaved : dataDate;
    return Math.min(range.finish, Math.max(range.start, t0));
  }, [range, saved?.date, player.data]);
  const currentTime = time ?? initialTime;

  /** Recolours every model for the date: the per-frame path of playback (no React state per element). */
  const paint = useCallback(
    (at: number, s: PlayerSettings) => {
      const v = viewer.current;
      if (!v) return;
      for (const [modelId, tl] of timelines) {
        if (!range) {
          v.setLooks(modelId, null);
          continue;
        }
        if (s.mode === 'deviation')
          bimDeviationAt(
            tl.byKind[s.kind === 'fact' ? 'plan' : s.kind],
            tl.byKind.fact,
            at,
            DAY_MINUTES,
            tl.looks,
          );
        else bimAppearanceAt(tl.byKind[s.kind], profileLooks, at, tl.looks);
        v.setLooks(modelId, tl.looks);
      }
    },
    [timelines, profileLooks, range],
  );
  useEffect(() => {
    if (ready) paint(currentTime, playerSettings);
  }, [ready, paint, currentTime, playerSettings]);

  const saveState = trpc.bim.profiles.setState.useMutation();
  const saveTimer = useRef(0);
  const pendingState = useRef<Record<string, unknown>>({});
  /** Saves view state changes at most every 0.8 s; changes made meanwhile are merged, not dropped. */
  const persist = useCallback(
    (patch: Record<string, unknown>) => {
      if (!projectId) return;
      pendingState.current = { ...pendingState.current, ...patch };
      window.clearTimeout(saveTimer.current);
      saveTimer.current = window.setTimeout(() => {
        const state = pendingState.current;
        pendingState.current = {};
        saveState.mutate({ spaceId, projectId, state });
      }, 800);
    },
    [projectId, spaceId, saveState],
  );
  const onTime = useCallback(
    (next: number) => {
      setTime(next);
      const day = new Date(EPOCH_MS + next * 60_000).toISOString().slice(0, 10);
      persist({ date: day });
      const local = dayOfMinutes(next);
      if (!sameDay(appState.get().activitySelectedDay, local)) appState.set({ activitySelectedDay: local });
    },
    [persist],
  );
  // A day chosen elsewhere (the Gantt's date cursor) moves the player.
  useEffect(() => {
    if (!selectedDay || !range) return;
    const target = Math.min(range.finish, Math.max(range.start, minutesOfDay(selectedDay)));
    setTime((current) =>
      current !== null && sameDay(selectedDay, dayOfMinutes(current)) ? current : target,
    );
  }, [selectedDay, range]);
  const onSettings = (next: PlayerSettings) => {
    setSettings(next);
    persist({ planKind: next.kind, mode: next.mode, speed: next.speed });
  };

  // ── Commands ────────────────────────────────────────────────────────────────────────────
  const refreshLinks = () => {
    void utils.bim.links.player.invalidate();
    void utils.bim.links.wbs.invalidate();
    void utils.bim.links.relations.invalidate();
    void utils.bim.models.elements.invalidate();
  };
  const link = trpc.bim.links.link.useMutation();
  const unlink = trpc.bim.links.unlink.useMutation();
  const linkSelected = async () => {
    let created = 0;
    for (const [modelId, ids] of selection)
      if (ids.size)
        created += (
          await link.mutateAsync({
            spaceId,
            versionId,
            modelId,
            globalIds: [...ids],
            workIds: [...selectedWorks],
          })
        ).created;
    notify('success', [t('bim.linked', { count: created })]);
    refreshLinks();
  };
  const unlinkSelected = async () => {
    let deleted = 0;
    for (const [modelId, ids] of selection)
      if (ids.size)
        deleted += (
          await unlink.mutateAsync({
            spaceId,
            versionId,
            modelId,
            globalIds: [...ids],
            ...(selectedWorks.size ? { workIds: [...selectedWorks] } : {}),
          })
        ).deleted;
    notify('success', [t('bim.unlinked', { count: deleted })]);
    refreshLinks();
  };
  const fromProcess = trpc.bim.links.fromProcessData.useMutation({
    onSuccess: (r) => {
      notify('success', [
        t('bim.process.done', { tasks: r.tasks, created: r.created, unmatched: r.unmatched.length }),
      ]);
      refreshLinks();
    },
  });
  const updateModel = trpc.bim.models.update.useMutation({
    onSuccess: () => void utils.bim.models.list.invalidate(),
  });
  const deleteModel = trpc.bim.models.delete.useMutation({
    onSuccess: () => {
      void utils.bim.models.list.invalidate();
      refreshLinks();
    },
  });
  const fileInput = useRef<HTMLInputElement>(null);
  // A local preview of the file being uploaded, drawn until the server's parsed model is loaded.
  const [previews, setPreviews] = useState<ViewportModel[]>([]);
  const [awaited, setAwaited] = useState<string | null>(null);
  useEffect(() => {
    if (awaited && loaded.some((m) => m.id === awaited)) {
      setPreviews([]);
      setAwaited(null);
    }
  }, [awaited, loaded]);
  const onFile = async (file: File) => {
    if (!projectId) return;
    setUploading({ name: file.name, progress: 0 });
    setPreviews([]);
    let chunk = 0;
    const preview = previewIfc(file, (geometry, complete, globalIds) => {
      const model = { id: `preview:${complete ? 'all' : chunk++}`, geometry, globalIds, visible: true };
      setPreviews((list) => (complete ? [model] : [...list, model]));
    }).catch(() => setPreviews([]));
    const created = await uploadModel(spaceId, projectId, file, (progress) =>
      setUploading({ name: file.name, progress }),
    );
    setUploading(null);
    if (created) {
      setAwaited(created.id);
      void utils.bim.models.list.invalidate();
    } else {
      await preview;
      setPreviews([]);
    }
  };
  const screenshot = () => {
    const url = viewer.current?.screenshot();
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${node.data?.name ?? 'model'}-${new Date().toISOString().slice(0, 10)}.png`;
    a.click();
  };

  if (node.isError || versions.isError) return null;
  const count = selectionSize(selection);
  const loadingModels = completed.length > loaded.length;
  const profileLegend = (player.data?.profiles ?? []).map((p) => ({
    name: p.name,
    during: p.looks.during.color,
  }));

  return (
    <div className="schedule bim" data-testid="bim-page">
      <header className="schedule-header">
        <div className="schedule-title">
          <Link href={`/schedule/${scheduleId}`} className="schedule-crumb">
            {node.data?.name ?? t('bim.back')}
          </Link>
          <h1 className="page-title">{t('bim.title')}</h1>
          {versionId && (
            <VersionSelect
              versions={versionList}
              value={versionId}
              onChange={(id) => setSearch({ version: id }, { replace: true })}
            />
          )}
          <Badge>
            <span data-testid="bim-selection">
              {t('bim.selection', { elements: count, works: selectedWorks.size })}
            </span>
          </Badge>
        </div>
      </header>
      {parent.isSuccess && !projectId ? (
        <Empty>{t('bim.no_project')}</Empty>
      ) : (
        <>
          <div className="schedule-toolbar bim-toolbar" role="toolbar" aria-label={t('bim.toolbar')}>
            {editable && projectId && (
              <>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".ifc"
                  hidden
                  data-testid="bim-file"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) void onFile(file);
                  }}
                />
                <Button
                  variant="primary"
                  onClick={() => {
                    warmPreviewWorker();
                    fileInput.current?.click();
                  }}
                  busy={!!uploading}
                >
                  {t('bim.upload')}
                </Button>
              </>
            )}
            <Button
              variant="ghost"
              onClick={() => viewer.current?.fit(count ? selectedIds(selection) : undefined)}
            >
              {t('bim.fit')}
            </Button>
            <Button variant={xray ? 'primary' : 'ghost'} aria-pressed={xray} onClick={() => setXray(!xray)}>
              {t('bim.xray')}
            </Button>
            <Button
              variant="ghost"
              disabled={!count}
              onClick={() => viewer.current?.isolate(selectedIds(selection))}
            >
              {t('bim.isolate')}
            </Button>
            <Button
              variant="ghost"
              disabled={!count}
              onClick={() => viewer.current?.hide(selectedIds(selection))}
            >
              {t('bim.hide')}
            </Button>
            <Button variant="ghost" onClick={() => viewer.current?.showAll()}>
              {t('bim.show_all')}
            </Button>
            <label className="bim-field">
              <span>{t('bim.section')}</span>
              <select
                className="input input-compact"
                value={section?.axis ?? ''}
                onChange={(e) =>
                  setSection(
                    e.target.value
                      ? { axis: e.target.value as BimAxis, position: section?.position ?? 0.5 }
                      : null,
                  )
                }
                data-testid="bim-section"
              >
                <option value="">{t('bim.section.none')}</option>
                <option value="y">{t('bim.section.y')}</option>
                <option value="x">{t('bim.section.x')}</option>
                <option value="z">{t('bim.section.z')}</option>
              </select>
            </label>
            {section && (
              <input
                type="range"
                min={0}
                max={1}
                step={0.01}
                value={section.position}
                aria-label={t('bim.section.position')}
                onChange={(e) => setSection({ ...section, position: Number(e.target.value) })}
              />
            )}
            <Button variant="ghost" onClick={screenshot}>
              {t('bim.screenshot')}
            </Button>
            <label className="bim-field">
              <input
                type="checkbox"
                checked={darkBackground}
                onChange={(e) => {
                  setDark(e.target.checked);
                  persist({ theme: e.target.checked ? 'dark' : 'light' });
                }}
              />
              <span>{t('bim.dark')}</span>
            </label>
            <span className="schedule-toolbar-gap" />
            {editable && versionId && (
              <>
                <Button
                  disabled={!count || !selectedWorks.size}
                  busy={link.isPending}
                  onClick={() => void linkSelected()}
                  data-testid="bim-link"
                >
                  {t('bim.link')}
                </Button>
                <Button disabled={!count} busy={unlink.isPending} onClick={() => void unlinkSelected()}>
                  {t('bim.unlink')}
                </Button>
                <Button
                  onClick={() => setRulesOpen(true)}
                  disabled={!completed.length}
                  data-testid="bim-rules"
                >
                  {t('bim.rules')}
                </Button>
              </>
            )}
          </div>
          {uploading && <ProgressBar value={uploading.progress} label={t('bim.uploading', uploading)} />}
          {(models.data ?? [])
            .filter((m) => m.status === 'uploading')
            .map((m) => (
              <ProgressBar
                key={m.id}
                value={m.progress}
                label={t('bim.parsing', { name: m.name, progress: m.progress })}
              />
            ))}
          <div className="bim-body">
            <aside className="bim-side">
              <Tabs
                label={t('bim.panels')}
                active={tab}
                onChange={setTab}
                tabs={[
                  { key: 'models', label: t('bim.tab.models') },
                  { key: 'tree', label: t('bim.tab.tree') },
                  { key: 'works', label: t('bim.tab.works') },
                  { key: 'views', label: t('bim.tab.views') },
                  { key: 'objects', label: t('bim.tab.objects') },
                ]}
              />
              <div className="bim-side-body">
                {tab === 'models' && !models.isSuccess && <Spinner />}
                {tab === 'models' && models.isSuccess && (
                  <ModelsPanel
                    models={models.data ?? []}
                    hidden={hiddenModels}
                    editable={editable}
                    t={t}
                    onToggle={(m, visible) => {
                      setHiddenModels((h) => {
                        const next = new Set(h);
                        if (visible) next.delete(m.id);
                        else next.add(m.id);
                        persist({ hiddenModels: [...next] });
                        return next;
                      });
                      if (editable)
                        updateModel.mutate({ spaceId, modelId: m.id, revision: m.revision, visible });
                    }}
                    onDelete={async (m) => {
                      if (
                        await confirmed({
                          title: t('bim.model.delete', { name: m.name }),
                          text: t('bim.model.delete_confirm', { name: m.name }),
                          danger: true,
                        })
                      )
                        deleteModel.mutate({ spaceId, modelId: m.id });
                    }}
                    onProcess={(m) => fromProcess.mutate({ spaceId, versionId, modelId: m.id })}
                  />
                )}
                {tab === 'tree' && projectId && (
                  <TreePanel
                    spaceId={spaceId}
                    projectId={projectId}
                    loaded={loaded}
                    onSelect={(modelId, ids) => selectElements(new Map([[modelId, new Set(ids)]]), true)}
                  />
                )}
                {tab === 'works' && (
                  <WorksPanel
                    works={works.data ?? []}
                    linked={wbs.data?.linked ?? []}
                    selected={selectedWorks}
                    t={t}
                    onSelect={(id, additive) => {
                      const next = new Set(additive ? selectedWorks : []);
                      if (additive && next.has(id)) next.delete(id);
                      else next.add(id);
                      void selectWorks(next);
                    }}
                  />
                )}
                {tab === 'views' && versionId && (
                  <ViewsPanel
                    spaceId={spaceId}
                    versionId={versionId}
                    loaded={loaded}
                    worksWithout={wbs.data?.worksWithoutElements ?? []}
                    onElement={(modelId, globalId) =>
                      selectElements(new Map([[modelId, new Set([globalId])]]), true)
                    }
                    onWork={(id) => void selectWorks(new Set([id]))}
                  />
                )}
                {tab === 'objects' && projectId && (
                  <BimObjectsPanel spaceId={spaceId} epsId={projectId} editable={editable} />
                )}
              </div>
            </aside>
            <div className="bim-stage">
              {loadingModels && (
                <div className="bim-stage-overlay">
                  <Spinner />
                </div>
              )}
              {models.isSuccess && !models.data.length && (
                <div className="bim-stage-overlay">
                  <Empty>{t('bim.no_models')}</Empty>
                </div>
              )}
              <BimViewport
                models={previews.length ? [...loaded, ...previews] : loaded}
                primitives={primitives}
                dark={darkBackground}
                onReady={onReady}
                onPick={(p, additive) => void onPick(p, additive)}
              />
            </div>
            <PropertiesPanel
              spaceId={spaceId}
              selection={selection}
              works={works.data ?? []}
              selectedWorks={selectedWorks}
              t={t}
            />
          </div>
          <BimPlayer
            range={range}
            time={currentTime}
            settings={playerSettings}
            profiles={profileLegend}
            onTime={onTime}
            onSettings={onSettings}
          />
        </>
      )}
      {rulesOpen && versionId && (
        <BimRulesDialog
          spaceId={spaceId}
          scheduleId={scheduleId}
          versionId={versionId}
          modelId={completed[0]?.id ?? null}
          editable={editable}
          profiles={(player.data?.profiles ?? []).map((p) => ({ id: p.id, name: p.name }))}
          onApplied={() => {
            setRulesOpen(false);
            refreshLinks();
          }}
          onClose={() => setRulesOpen(false)}
        />
      )}
    </div>
  );
}

type ModelRow = RouterOutputs['bim']['models']['list'][number];

function ModelsPanel({
  models,
  hidden,
  editable,
  t,
  onToggle,
  onDelete,
  onProcess,
}: {
  models: ModelRow[];
  hidden: Set<string>;
  editable: boolean;
  t: Translate;
  onToggle: (m: ModelRow, visible: boolean) => void;
  onDelete: (m: ModelRow) => void;
  onProcess: (m: ModelRow) => void;
}) {
  if (!models.length) return <Empty>{t('bim.no_models')}</Empty>;
  return (
    <ul className="bim-list" data-testid="bim-models">
      {models.map((m) => (
        <li key={m.id} className="bim-model">
          <label className="bim-list-row">
            <input
              type="checkbox"
              checked={m.visible && !hidden.has(m.id)}
              disabled={m.status !== 'completed'}
              aria-label={t('bim.model.show', { name: m.name })}
              onChange={(e) => onToggle(m, e.target.checked)}
            />
            <span className="bim-grow" title={m.fileName}>
              {m.name}
            </span>
            {editable && (
              <button
                type="button"
                className="icon-btn"
                aria-label={t('bim.model.delete', { name: m.name })}
                onClick={() => onDelete(m)}
              >
                ×
              </button>
            )}
          </label>
          <div className="bim-muted">
            {m.status === 'completed'
              ? `${m.schema ?? ''} · ${t('bim.model.elements', { count: m.elementCount })}`
              : m.status === 'error'
                ? t('bim.model.error', { name: m.name, message: m.error?.message ?? '' })
                : t('bim.parsing', { name: m.name, progress: m.progress })}
          </div>
          {editable && m.status === 'completed' && (
            <Button variant="ghost" onClick={() => onProcess(m)}>
              {t('bim.process')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The spatial tree (site → building → storey); a click selects a node's elements. */
function TreePanel({
  spaceId,
  projectId,
  loaded,
  onSelect,
}: {
  spaceId: string;
  projectId: string;
  loaded: LoadedModel[];
  onSelect: (modelId: string, globalIds: string[]) => void;
}) {
  const t = useT();
  const pbs = trpc.bim.models.pbs.useQuery({ spaceId, projectId });
  const rows: { modelId: string; node: BimSpatialNode; depth: number; ids: string[] }[] = [];
  for (const model of pbs.data ?? []) {
    const m = loaded.find((l) => l.id === model.modelId);
    if (!m) continue;
    const walk = (node: BimSpatialNode, depth: number): string[] => {
      const at = rows.length;
      rows.push({ modelId: m.id, node, depth, ids: [] });
      const ids = node.elements.map((i) => m.globalIds[i]!).filter(Boolean);
      for (const c of node.children) ids.push(...walk(c, depth + 1));
      rows[at]!.ids = ids;
      return ids;
    };
    for (const root of model.tree as BimSpatialNode[]) walk(root, 0);
  }
  if (!rows.length) return <Empty>{t('bim.no_models')}</Empty>;
  return (
    <ul className="bim-list bim-tree" data-testid="bim-tree">
      {rows.map((r) => (
        <li key={`${r.modelId}-${r.node.expressId}`}>
          <button
            type="button"
            className="bim-list-row bim-row-button"
            style={{ paddingInlineStart: 6 + r.depth * 14 }}
            onClick={() => onSelect(r.modelId, r.ids)}
          >
            <span className="bim-grow">{r.node.name ?? r.node.ifcClass}</span>
            <span className="bim-muted">{r.ids.length}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

type WorkRow = { id: string; parentId: string | null; code: string | null; name: string };

/** The version's works in WBS order (virtualized), with how many elements each is linked to. */
function WorksPanel({
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

/** Views: elements without works, works without elements, the links list. */
function ViewsPanel({
  spaceId,
  versionId,
  loaded,
  worksWithout,
  onElement,
  onWork,
}: {
  spaceId: string;
  versionId: string;
  loaded: LoadedModel[];
  worksWithout: { id: string; code: string | null; name: string }[];
  onElement: (modelId: string, globalId: string) => void;
  onWork: (id: string) => void;
}) {
  const t = useT();
  const [view, setView] = useState<'elements' | 'works' | 'relations'>('elements');
  const model = loaded[0];
  const elements = trpc.bim.models.elements.useQuery(
    { spaceId, modelId: model?.id ?? '', unlinkedInVersionId: versionId, limit: 300 },
    { enabled: view === 'elements' && !!model },
  );
  const relations = trpc.bim.links.relations.useQuery(
    { spaceId, versionId, limit: 300 },
    { enabled: view === 'relations' },
  );
  return (
    <div className="bim-views" data-testid="bim-views">
      <select
        className="input input-compact"
        value={view}
        onChange={(e) => setView(e.target.value as typeof view)}
      >
        <option value="elements">{t('bim.view.elements_without_works')}</option>
        <option value="works">{t('bim.view.works_without_elements')}</option>
        <option value="relations">{t('bim.view.relations')}</option>
      </select>
      <ul className="bim-list">
        {view === 'elements' &&
          model &&
          elements.data?.elements.map((e) => (
            <li key={e.index}>
              <button
                type="button"
                className="bim-list-row bim-row-button"
                onClick={() => onElement(model.id, e.globalId)}
              >
                <span className="bim-grow">{e.name ?? e.globalId}</span>
                <span className="bim-muted">{e.ifcClass}</span>
              </button>
            </li>
          ))}
        {view === 'works' &&
          worksWithout.map((w) => (
            <li key={w.id}>
              <button type="button" className="bim-list-row bim-row-button" onClick={() => onWork(w.id)}>
                <span className="bim-muted bim-code">{w.code}</span>
                <span className="bim-grow">{w.name}</span>
              </button>
            </li>
          ))}
        {view === 'relations' &&
          relations.data?.relations.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="bim-list-row bim-row-button"
                onClick={() => onElement(r.modelId, r.globalId)}
              >
                <span className="bim-grow">{r.workName}</span>
                <span className="bim-muted">{r.elementName ?? r.globalId}</span>
              </button>
            </li>
          ))}
      </ul>
      {view === 'elements' && (elements.data?.total ?? 0) > (elements.data?.elements.length ?? 0) && (
        <p className="bim-muted">
          {t('bim.view.more', { count: elements.data!.total - elements.data!.elements.length })}
        </p>
      )}
      {view === 'relations' && (relations.data?.total ?? 0) > (relations.data?.relations.length ?? 0) && (
        <p className="bim-muted">
          {t('bim.view.more', { count: relations.data!.total - relations.data!.relations.length })}
        </p>
      )}
      {((view === 'elements' && elements.data?.total === 0) ||
        (view === 'works' && !worksWithout.length) ||
        (view === 'relations' && relations.data?.total === 0)) && <Empty>{t('bim.view.empty')}</Empty>}
    </div>
  );
}

/** The selected element's class, names, property and quantity sets and linked works. */
function PropertiesPanel({
  spaceId,
  selection,
  works,
  selectedWorks,
  t,
}: {
  spaceId: string;
  selection: Selection;
  works: WorkRow[];
  selectedWorks: Set<string>;
  t: Translate;
}) {
  const single =
    selectionSize(selection) === 1 ? [...selection].find(([, ids]) => ids.size === 1) : undefined;
  const modelId = single?.[0];
  const globalId = single ? [...single[1]][0]! : '';
  const element = trpc.bim.models.element.useQuery(
    { spaceId, modelId: modelId ?? '', globalId },
    { enabled: !!modelId },
  );
  const workNames = works.filter((w) => selectedWorks.has(w.id));
  const e = element.data;
  const sets = (title: string, data: unknown) =>
    Object.entries((data ?? {}) as Record<string, Record<string, unknown>>).map(([set, props]) => (
      <details key={`${title}-${set}`} open>
        <summary>{set}</summary>
        <dl className="bim-props">
          {Object.entries(props).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v === null ? '' : String(v)}</dd>
            </div>
          ))}
        </dl>
      </details>
    ));
  return (
    <aside className="bim-properties" aria-label={t('bim.props')} data-testid="bim-properties">
      <h2 className="bim-side-title">{t('bim.props')}</h2>
      {!e ? (
        <p className="bim-muted">
          {selectionSize(selection) > 1
            ? t('bim.selection', { elements: selectionSize(selection), works: selectedWorks.size })
            : t('bim.props.empty')}
        </p>
      ) : (
        <>
          <dl className="bim-props">
            <div>
              <dt>{t('bim.props.class')}</dt>
              <dd data-testid="bim-prop-class">{e.ifcClass}</dd>
            </div>
            <div>
              <dt>{t('bim.props.name')}</dt>
              <dd>{e.name}</dd>
            </div>
            <div>
              <dt>{t('bim.props.type')}</dt>
              <dd>{e.typeName}</dd>
            </div>
            <div>
              <dt>{t('bim.props.building')}</dt>
              <dd>{e.building}</dd>
            </div>
            <div>
              <dt>{t('bim.props.storey')}</dt>
              <dd>{e.storey}</dd>
            </div>
            <div>
              <dt>{t('bim.props.global_id')}</dt>
              <dd className="bim-code">{e.globalId}</dd>
            </div>
          </dl>
          {sets('p', e.properties)}
          {sets('q', e.quantities)}
        </>
      )}
      {(e || selectedWorks.size > 0) && (
        <>
          <h3 className="bim-side-title">{t('bim.props.works')}</h3>
          {workNames.length ? (
            <ul className="bim-list">
              {workNames.map((w) => (
                <li key={w.id} className="bim-list-row">
                  <span className="bim-muted bim-code">{w.code}</span>
                  <span className="bim-grow">{w.name}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="bim-muted">{t('bim.props.no_works')}</p>
          )}
        </>
      )}
    </aside>
  );
}
