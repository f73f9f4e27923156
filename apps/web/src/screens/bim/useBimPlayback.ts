import {
  BIM_PLAN_KINDS,
  type BimLooks,
  type BimPlanKind,
  type BimProfileLooks,
  BimTimeline,
  bimAppearanceAt,
  bimDeviationAt,
  bimLooksCreate,
} from '@takt/bim';
import type { BimViewer } from '@takt/bim/viewer';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RouterOutputs } from '../../lib/api-types';
import { hasDate } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { appState, useAppState } from '../../state/app-state';
import type { BimMode, PlayerSettings } from './BimPlayer';
import { DAY_MINUTES, todayMinutes } from './bim-data';
import type { LoadedModel } from './bim-types';

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

type PlayerData = RouterOutputs['bim']['links']['player'];
type SavedState = RouterOutputs['bim']['profiles']['state']['state'];

/** Saves view state changes at most every 0.8 s; changes made meanwhile are merged, not dropped. */
export function usePersistViewState(spaceId: string, projectId: string | null) {
  const saveState = trpc.bim.profiles.setState.useMutation();
  const saveTimer = useRef(0);
  const pendingState = useRef<Record<string, unknown>>({});
  return useCallback(
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
}

/** The 4D player: per-model timelines, the date range, the current date and settings, and painting the viewer. */
export function useBimPlayback({
  player,
  loaded,
  viewer,
  ready,
  saved,
  persist,
}: {
  player: { data: PlayerData | undefined };
  loaded: LoadedModel[];
  viewer: RefObject<BimViewer | null>;
  ready: boolean;
  saved: SavedState | undefined;
  persist: (patch: Record<string, unknown>) => void;
}) {
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

  const [settings, setSettings] = useState<PlayerSettings | null>(null);
  const playerSettings: PlayerSettings = settings ?? {
    kind: saved?.planKind ?? 'plan',
    mode: (saved?.mode as BimMode | undefined) ?? 'appearance',
    speed: saved?.speed ?? 7,
  };
  const [time, setTime] = useState<number | null>(null);
  // The app-level selected day (screens and routes activitySelectedDay) is the date cursor shared with the Gantt.
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
    [timelines, profileLooks, range, viewer],
  );
  useEffect(() => {
    if (ready) paint(currentTime, playerSettings);
  }, [ready, paint, currentTime, playerSettings]);
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

  return { range, currentTime, playerSettings, onTime, onSettings };
}
