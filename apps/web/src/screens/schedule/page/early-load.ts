import { createTRPCQueryUtils } from '@trpc/react-query';
import {
  type EarlyPayload,
  SCHEDULE_PATH,
  startEarlySchedule,
  takeEarlySchedule,
} from '../../../boot/early-schedule';
import {
  adoptDecodeWorker,
  type Decoded,
  decodedOf,
  decodeOffMainThread,
  startDecodeWorker,
} from '../../../lib/columnar-decode';
import { queryClient } from '../../../lib/query-client';
import { asVersions } from '../../../lib/schedule-types';
import { getToken } from '../../../lib/storage';
import { trpcClient } from '../../../lib/trpc';
import { preloadGanttTimeline } from '../gantt/GanttPane';

/** An early payload older than this is not taken: the version may have changed since. */
const EARLY_TTL_MS = 30_000;

/** A version decoded, with when its request started and when its bytes were in hand. */
export type LoadedPayload = Decoded & { startedAt: number; receivedAt: number };

interface Early {
  spaceId: string;
  versionId: string;
  startedAt: number;
  loaded: Promise<LoadedPayload>;
}

let early: Early | null = null;

/**
 * Opening a schedule by its address (a reload, a link, a bookmark): the version's payload — the version
 * asked for in the address, else the one opened here last — was requested and handed to the decode
 * worker by the page's first script (`boot/early-schedule.ts`; asked now if the app was loaded without
 * it). Here the app adopts that worker, asks for the reads its first screens wait for in one batch, and
 * loads the timeline's code and renderer. The page then finds the version decoded or on its way instead
 * of asking after the session, the space and the version list have answered one after the other.
 */
export function startScheduleEarly(location: Pick<Location, 'pathname' | 'search'>): void {
  if (!getToken()) return;
  const cyclogram = CYCLOGRAM_PATH.exec(location.pathname);
  if (cyclogram) {
    startCyclogramEarly(cyclogram[1]!, cyclogram[2]!, new URLSearchParams(location.search).get('version'));
    return;
  }
  const match = SCHEDULE_PATH.exec(location.pathname);
  if (!match) return;
  const [, spaceId, scheduleId] = match as unknown as [string, string, string];
  // the requests first, then what keeps this thread busy while they travel
  prefetchOpeningReads(spaceId, scheduleId);
  startEarlySchedule(location);
  const taken = takeEarlySchedule();
  if (taken) {
    if (taken.worker) adoptDecodeWorker(taken.worker);
    const { startedAt } = taken;
    const loaded = taken.payload.then(async (payload) => ({ ...(await decodedEarly(payload)), startedAt }));
    loaded.catch(() => undefined);
    early = { spaceId: taken.spaceId, versionId: taken.versionId, startedAt, loaded };
  }
  startDecodeWorker();
  // after the batched reads have left (they go at the end of this task)
  setTimeout(preloadGanttTimeline, 0);
}

/** A schedule's cyclogram: `/{space}/schedule/{schedule}/cyclogram`. */
const CYCLOGRAM_PATH = /^\/([0-9a-f-]{36})\/schedule\/([0-9a-f-]{36})\/cyclogram\/?$/i;

/**
 * Opening a cyclogram by its address: the reads its layout and page wait for in one batch, then — once the
 * version list has answered — the cyclogram of the version the page will show (the address's, else the
 * actual one, else the first), while the page's code and Pixi load. Otherwise each would be asked only
 * after the one before it had answered and the page had mounted.
 */
function startCyclogramEarly(spaceId: string, scheduleId: string, version: string | null): void {
  const utils = createTRPCQueryUtils({ queryClient, client: trpcClient });
  void utils.users.whoAmI.prefetch(undefined, { staleTime: Number.POSITIVE_INFINITY });
  void utils.users.spaceConfig.prefetch({ spaceId });
  void utils.eps.get.prefetch({ spaceId, nodeId: scheduleId });
  void utils.versions.list
    .fetch({ spaceId, scheduleId })
    .then((data) => {
      const list = asVersions(data);
      const versionId = version ?? list.find((v) => v.actual)?.id ?? list[0]?.id;
      if (versionId) void utils.cyclogram.get.prefetch({ spaceId, versionId });
    })
    .catch(() => undefined);
  // after the batched reads have left
  setTimeout(() => {
    void import('../../cyclogram/CyclogramPage').catch(() => undefined);
    void import('@takt/gantt/pixi').catch(() => undefined);
  }, 0);
}

/**
 * The reads the space and the schedule page wait for before their first render (the session, the space's
 * configuration, the schedule node, its versions, the user's view of it) and two they show soon after,
 * in the query cache's own keys: one batched request at start-up instead of three round trips one after
 * another as each screen mounts. A failure is left in the cache, and the screen's own query asks again.
 */
function prefetchOpeningReads(spaceId: string, scheduleId: string): void {
  const utils = createTRPCQueryUtils({ queryClient, client: trpcClient });
  void utils.users.whoAmI.prefetch(undefined, { staleTime: Number.POSITIVE_INFINITY });
  void utils.users.spaceConfig.prefetch({ spaceId });
  void utils.eps.get.prefetch({ spaceId, nodeId: scheduleId });
  void utils.versions.list.prefetch({ spaceId, scheduleId });
  void utils.uiState.get.prefetch({ spaceId, scheduleId }, { staleTime: Number.POSITIVE_INFINITY });
  void utils.calendars.list.prefetch({ spaceId });
  void utils.attributes.list.prefetch({ spaceId, scheduleId });
}

/** The decoder's reply to the early request, or its bytes decoded now where no worker took them. */
async function decodedEarly(payload: EarlyPayload): Promise<Decoded & { receivedAt: number }> {
  const decoded = payload.reply ? decodedOf(payload.reply) : await decodeOffMainThread(payload.bytes);
  return { ...decoded, receivedAt: payload.receivedAt };
}

/** The version requested at start-up, decoded, once; null when there is none (or it is stale). */
export function takeEarlyPayload(spaceId: string, versionId: string): Promise<LoadedPayload> | null {
  const taken = early;
  if (!taken || taken.spaceId !== spaceId || taken.versionId !== versionId) return null;
  early = null;
  return performance.now() - taken.startedAt <= EARLY_TTL_MS ? taken.loaded : null;
}
