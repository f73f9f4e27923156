import { applyDocumentChanges, type DocumentChanges } from '@takt/schedule';
import { skipToken } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import { trpc } from '../../../lib/trpc';

/** What the server tells an open version (see `versions.live`). */
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

/**
 * Keeps the open version current while others edit or calculate it, in any browser or process: the
 * page subscribes once per version, from the revision it loaded; each change that commits is applied to
 * the loaded model in place (`onPatched`) or reloads it (`reload`).
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
  // The subscription starts from the revision first loaded; later loads of the same version do not
  // restart it (the server tells it every change from there on).
  const loaded = model && model.versionId === versionId ? model : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribed once per version, from its first load
  const input = useMemo(
    () =>
      loaded && versionId
        ? { spaceId, versionId, revision: loaded.versionRevision, calcStatus: loaded.calcStatus }
        : skipToken,
    [spaceId, versionId, !!loaded],
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
