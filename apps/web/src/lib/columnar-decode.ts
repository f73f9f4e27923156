import { decodeBinaryPayload, type ScheduleModel } from './columnar';
import { type DecodeReply, receivedModel } from './columnar-transfer';
import { createDecodeWorker } from './decode-worker';

let worker: Worker | null = null;
let nextRequest = 0;
/** A decoded version and the decoder's own time (on the worker: without the hand-offs between threads). */
export interface Decoded {
  model: ScheduleModel;
  decodeMs: number;
}

const pending = new Map<number, { resolve: (decoded: Decoded) => void; reject: (error: Error) => void }>();

/**
 * Starts the decode worker if it is not running, so that it loads while the payload is still on its
 * way. One worker serves the page; where there is none (tests without workers) nothing starts.
 */
export function startDecodeWorker(): Worker | null {
  if (worker) return worker;
  const started = createDecodeWorker();
  if (started) adoptDecodeWorker(started);
  return started;
}

/** The version in a worker's reply (its texts unpacked here), or the decoder's error. */
export function decodedOf(reply: DecodeReply): Decoded {
  if ('error' in reply) throw new Error(reply.error);
  return { model: receivedModel(reply.model), decodeMs: reply.decodeMs };
}

/**
 * Makes a running decode worker — the one the page's early start-up started — the page's decoder,
 * unless it has one already.
 */
export function adoptDecodeWorker(started: Worker): void {
  if (worker) return;
  started.onmessage = (event: MessageEvent<DecodeReply>) => {
    const reply = event.data;
    const request = pending.get(reply.id);
    pending.delete(reply.id);
    if (!request) return;
    try {
      request.resolve(decodedOf(reply));
    } catch (error) {
      request.reject(error as Error);
    }
  };
  // A worker that fails (its script did not load) takes its requests with it; the next load starts anew.
  started.onerror = (event) => {
    event.preventDefault();
    if (worker === started) worker = null;
    started.terminate();
    for (const request of pending.values()) request.reject(new Error(`payload decoder: ${event.message}`));
    pending.clear();
  };
  worker = started;
}

/**
 * Decodes a binary payload on the decode worker: the bytes move there and the version's typed arrays
 * move back (transferred, neither copied), so the page's main thread stays free for drawing while a big
 * version is decoded. Without workers it decodes here, with the same codec.
 */
export function decodeOffMainThread(bytes: ArrayBuffer): Promise<Decoded> {
  const decoder = startDecodeWorker();
  if (!decoder)
    return Promise.resolve().then(() => {
      const started = performance.now();
      const model = decodeBinaryPayload(bytes);
      return { model, decodeMs: performance.now() - started };
    });
  const id = ++nextRequest;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    decoder.postMessage({ id, bytes }, [bytes]);
  });
}
