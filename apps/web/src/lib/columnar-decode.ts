import { decodeBinaryPayload, type ScheduleModel } from './columnar';
import { type DecodeReply, receivedModel } from './columnar-transfer';

let worker: Worker | null = null;
let nextRequest = 0;
/** A decoded version and the decoder's own time (on the worker: without the hand-offs between threads). */
interface Decoded {
  model: ScheduleModel;
  decodeMs: number;
}

const pending = new Map<number, { resolve: (decoded: Decoded) => void; reject: (error: Error) => void }>();

/**
 * Starts the decode worker if it is not running, so that it loads while the payload is still on its
 * way. One worker serves the page; where there is none (tests without workers) nothing starts.
 */
export function startDecodeWorker(): Worker | null {
  if (worker || typeof Worker === 'undefined') return worker;
  const started = new Worker(new URL('./columnar-decode.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<DecodeReply>) => {
    const reply = event.data;
    const request = pending.get(reply.id);
    pending.delete(reply.id);
    if (!request) return;
    if ('error' in reply) request.reject(new Error(reply.error));
    else request.resolve({ model: receivedModel(reply.model), decodeMs: reply.decodeMs });
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
  return worker;
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
