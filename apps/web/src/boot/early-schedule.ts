import { LANGUAGES, LIMITS, STORAGE_KEYS } from '@takt/contracts/constants';
import type { DecodeReply } from '../lib/columnar-transfer';
import { createDecodeWorker, EARLY_DECODE_ID } from '../lib/decode-worker';

/** A schedule's address: `/{space}/schedule/{schedule}` (not its cyclogram or BIM pages). */
export const SCHEDULE_PATH = /^\/([0-9a-f-]{36})\/schedule\/([0-9a-f-]{36})\/?$/i;

/** What arrived for the early request: the decoder's reply, or the bytes where no worker decodes. */
export type EarlyPayload =
  | { receivedAt: number; reply: DecodeReply; bytes?: undefined }
  | { receivedAt: number; bytes: ArrayBuffer; reply?: undefined };

/** The payload requested before the app started, and the worker decoding it. */
export interface EarlySchedule {
  spaceId: string;
  scheduleId: string;
  versionId: string;
  startedAt: number;
  worker: Worker | null;
  /** Rejects when the request failed (the page then asks again, and reports a failure itself). */
  payload: Promise<EarlyPayload>;
}

declare global {
  interface Window {
    /** Left by `startEarlySchedule` for the app, which takes it once. */
    __taktEarlySchedule?: EarlySchedule | null;
  }
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Opening a schedule by its address (a reload, a link, a bookmark): the version's binary payload — the
 * version named in the address, else the one opened here last — is requested and decoded on the decode
 * worker while the app's own code is still loading. This module is its own small script, started
 * before the app's bundle (see `vite.config.ts`), and imports nothing heavy: at 100,000 works the bytes
 * take longer to query and decode than the app takes to start, so they must not wait for it. Runs once;
 * `takeEarlySchedule` hands the result to the app. A wrong guess costs one quiet request.
 */
export function startEarlySchedule(location: Pick<Location, 'pathname' | 'search'>): void {
  if (window.__taktEarlySchedule !== undefined) return;
  window.__taktEarlySchedule = null;
  const match = SCHEDULE_PATH.exec(location.pathname);
  const token = stored(STORAGE_KEYS.token);
  if (!match || !token) return;
  const [, spaceId, scheduleId] = match as unknown as [string, string, string];
  const versionId =
    new URLSearchParams(location.search).get('version') ??
    stored(`${STORAGE_KEYS.lastVersionPrefix}${scheduleId}`);
  if (!versionId) return;
  const language = stored(STORAGE_KEYS.language);
  const worker = createDecodeWorker();
  const startedAt = performance.now();
  const payload = fetch(`/api/v1/space/${spaceId}/versions/${versionId}/payload-binary`, {
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Language': LANGUAGES.find((l) => l === language) ?? LANGUAGES[0],
    },
    cache: 'no-store',
    signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
  }).then(async (response): Promise<EarlyPayload> => {
    if (!response.ok) throw new Error(`early payload: ${response.status}`);
    if (!worker) {
      const bytes = await response.arrayBuffer();
      return { receivedAt: performance.now(), bytes };
    }
    return new Promise((resolve, reject) => {
      let bytesAt: number | null = null;
      const listen = (event: MessageEvent<DecodeReply>) => {
        const reply = event.data;
        if (reply.id !== EARLY_DECODE_ID) return;
        worker.removeEventListener('message', listen);
        // a body the worker read itself: when its last byte came, in this page's clock
        const streamedAt =
          'model' in reply && reply.receivedAt !== undefined
            ? reply.receivedAt - performance.timeOrigin
            : null;
        resolve({ receivedAt: streamedAt ?? bytesAt ?? performance.now(), reply });
      };
      worker.addEventListener('message', listen);
      worker.addEventListener('error', () => reject(new Error('early payload: the decoder failed')), {
        once: true,
      });
      // The body goes to the worker as it arrives (a transferred stream): the bytes — 16 MB at 100,000
      // works — then never wait for this thread, busy starting the app, to be handed on.
      const body = response.body;
      if (body)
        try {
          worker.postMessage({ id: EARLY_DECODE_ID, body }, [body]);
          return;
        } catch {
          // a browser that cannot move a stream: the bytes, as below
        }
      response.arrayBuffer().then((bytes) => {
        bytesAt = performance.now();
        worker.postMessage({ id: EARLY_DECODE_ID, bytes }, [bytes]);
      }, reject);
    });
  });
  // taken, or not: a failure here is the page's to report when it asks again
  payload.catch(() => undefined);
  window.__taktEarlySchedule = { spaceId, scheduleId, versionId, startedAt, worker, payload };
}

/** The early start-up's request, once (null when there was none or it was taken). */
export function takeEarlySchedule(): EarlySchedule | null {
  const early = window.__taktEarlySchedule ?? null;
  if (early) window.__taktEarlySchedule = null;
  return early;
}
