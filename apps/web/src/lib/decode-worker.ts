/**
 * The payload decode worker's script, started by the page's early start-up (`boot/early-schedule.ts`) or
 * by the decoder (`columnar-decode.ts`) — one definition, so the build emits the worker once. Null where
 * there are no workers (tests).
 */
export function createDecodeWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./columnar-decode.worker.ts', import.meta.url), { type: 'module' });
}

/** The request number of the payload decoded at start-up; the decoder numbers its own requests from 1. */
export const EARLY_DECODE_ID = 0;
