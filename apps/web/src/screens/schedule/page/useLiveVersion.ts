import { applyDocumentChanges, type DocumentChanges } from '@takt/schedule';
import { skipToken } from '@tanstack/react-query';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import { trpc } from '../../../lib/trpc';

/** What the server tells an open version: an update of the live subscription of versions. */
export interface LiveUpdate {
  revision: number;
  calcStatus: number;
  fromRevision: number | null;
  changes: DocumentChanges | null;
}

/**
 * What the page does with a live update: nothing when the model already is the version as it is now (an
 * edit made here), the changes applied in place when they start from the model's revision, otherwise the
 * version is loaded again.
 */
export function liveUpdateAction(model: ScheduleModel, update: LiveUpdate): 'none' | 'patched' | 'reload' {
  if (update.revision === model.versionRevision && update.calcStatus === model.calcStatus) return 'none';
  if (
    update.changes &&
    update.fromRevision === model.versionRevision &&
    applyDocumentChanges(model, update.changes, update.fromRevision)
  )
    return 'patched';
  return 'reload';
}

/** Whether the tab is in view (`visibilitychange`). */
function useTabVisible(): boolean {
  return useSyncExternalStore(
    (changed) => {
      document.addEventListener('visibilitychange', changed);
      return () => document.removeEventListener('visibilitychange', changed);
    },
    () => document.visibilityState !== 'hidden',
  );
}

/**
 * Keeps the open version current while others edit or calculate it, in any browser or process: the
 * page subscribes once per version, from the revision it holds; each change that commits is applied to
 * the loaded model in place (`onPatched`) or reloads it (`reload`). A hidden tab lets its stream go — a
 * browser gives a site only six connections over HTTP/1.1 and each open stream holds one — and
 * subscribes again from the revision it holds when it is shown (the server tells it at once if that
 * is not the version's any more).
 */
export function useLiveVersion(args: {
  spaceId: string;
  versionId: string | undefined;
  model: ScheduleModel | undefined;
  onPatched: () => void;
  reload: () => void;
}) {
  const { spaceId, versionId, model } = args;
  const latest = useRef(args);
  latest.current = args;
  const visible = useTabVisible();
  const loaded = model && model.versionId === versionId ? model : undefined;
  // Later loads of the same version do not restart the subscription: it hears every change from there on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribed once per version and visible spell, from the revision then held
  const input = useMemo(
    () => (loaded && versionId && visible ? { spaceId, versionId } : skipToken),
    [spaceId, versionId, !!loaded, visible],
  );
  trpc.versions.live.useSubscription(input, {
    onData: ({ data }) => {
      const { model: now, onPatched, reload } = latest.current;
      if (!now || now.versionId !== versionId) return;
      const action = liveUpdateAction(now, data as LiveUpdate);
      if (action === 'patched') onPatched();
      else if (action === 'reload') reload();
    },
  });
}
