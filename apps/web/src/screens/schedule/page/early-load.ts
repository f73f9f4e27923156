import { createTRPCQueryUtils } from '@trpc/react-query';
import { startDecodeWorker } from '../../../lib/columnar-decode';
import { fetchBinaryPayload } from '../../../lib/payload-fetch';
import { queryClient } from '../../../lib/query-client';
import { getLastVersion, getToken } from '../../../lib/storage';
import { trpcClient } from '../../../lib/trpc';
import { preloadGanttTimeline } from '../gantt/GanttPane';

/** A schedule's address: `/{space}/schedule/{schedule}` (not its cyclogram or BIM pages). */
const SCHEDULE_PATH = /^\/([0-9a-f-]{36})\/schedule\/([0-9a-f-]{36})\/?$/i;

/** An early payload older than this is not taken: the version may have changed since. */
const EARLY_TTL_MS = 30_000;

interface Early {
  spaceId: string;
  versionId: string;
  startedAt: number;
  bytes: Promise<ArrayBuffer>;
}

let early: Early | null = null;

/**
 * Opening a schedule by its address (a reload, a link, a bookmark): the version's payload — the version
 * asked for in the address, else the one opened here last — is requested at start-up, before the app's
 * first render, together with the decode worker and the timeline's code and renderer. The page then
 * finds the bytes on their way instead of asking after the session, the space and the version list
 * have answered one after the other. A wrong guess costs one quiet request.
 */
export function startScheduleEarly(location: Pick<Location, 'pathname' | 'search'>): void {
  const match = SCHEDULE_PATH.exec(location.pathname);
  if (!match || !getToken()) return;
  const [, spaceId, scheduleId] = match as unknown as [string, string, string];
  const versionId = new URLSearchParams(location.search).get('version') ?? getLastVersion(scheduleId);
  // the requests first, then what keeps this thread busy while they travel
  prefetchOpeningReads(spaceId, scheduleId);
  if (versionId) {
    const bytes = fetchBinaryPayload(spaceId, versionId, true);
    // taken, or not: a failure here is the page's to report when it asks again
    bytes.catch(() => undefined);
    early = { spaceId, versionId, startedAt: performance.now(), bytes };
  }
  startDecodeWorker();
  // after the batched reads have left (they go at the end of this task)
  setTimeout(preloadGanttTimeline, 0);
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

/** The payload requested at start-up for this version, once; null when there is none (or it is stale). */
export function takeEarlyPayload(spaceId: string, versionId: string): Promise<ArrayBuffer> | null {
  const taken = early;
  if (!taken || taken.spaceId !== spaceId || taken.versionId !== versionId) return null;
  early = null;
  return performance.now() - taken.startedAt <= EARLY_TTL_MS ? taken.bytes : null;
}
