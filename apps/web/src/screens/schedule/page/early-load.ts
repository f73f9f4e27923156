import { startDecodeWorker } from '../../../lib/columnar-decode';
import { fetchBinaryPayload } from '../../../lib/payload-fetch';
import { getLastVersion, getToken } from '../../../lib/storage';
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
  startDecodeWorker();
  preloadGanttTimeline();
  if (!versionId) return;
  const bytes = fetchBinaryPayload(spaceId, versionId, true);
  // taken, or not: a failure here is the page's to report when it asks again
  bytes.catch(() => undefined);
  early = { spaceId, versionId, startedAt: performance.now(), bytes };
}

/** The payload requested at start-up for this version, once; null when there is none (or it is stale). */
export function takeEarlyPayload(spaceId: string, versionId: string): Promise<ArrayBuffer> | null {
  const taken = early;
  if (!taken || taken.spaceId !== spaceId || taken.versionId !== versionId) return null;
  early = null;
  return performance.now() - taken.startedAt <= EARLY_TTL_MS ? taken.bytes : null;
}
