import type { BimParsePhase } from '../types';
import type { BimWorkerReply, BimWorkerRequest } from './protocol';

type WorkerLike = Pick<Worker, 'postMessage' | 'addEventListener' | 'removeEventListener'>;

export type BimWorkerResult = Extract<BimWorkerReply, { type: 'result' }>;

export class BimWorkerError extends Error {
  constructor(
    readonly reason: 'not_ifc' | 'unsupported_schema' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'BimWorkerError';
  }
}

/**
 * Parses IFC bytes in a worker; resolves with the element list and the encoded geometry cache. With
 * `onChunk`, geometry streamed so far arrives while parsing goes on (encoded caches to draw early).
 */
export function bimParseInWorker(
  worker: WorkerLike,
  bytes: Uint8Array,
  wasmUrl: string | null,
  onProgress?: (phase: BimParsePhase, done: number, total: number) => void,
  onChunk?: (geometry: Uint8Array) => void,
): Promise<BimWorkerResult> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const listener = (event: MessageEvent<BimWorkerReply>) => {
      const reply = event.data;
      if (reply.id !== id) return;
      if (reply.type === 'progress') {
        onProgress?.(reply.phase, reply.done, reply.total);
        return;
      }
      if (reply.type === 'chunk') {
        onChunk?.(reply.geometry);
        return;
      }
      if (reply.type === 'ready') return;
      worker.removeEventListener('message', listener as EventListener);
      if (reply.type === 'result') resolve(reply);
      else reject(new BimWorkerError(reply.reason, reply.message));
    };
    worker.addEventListener('message', listener as EventListener);
    const request: BimWorkerRequest = {
      type: 'parse',
      id,
      bytes,
      wasmUrl,
      ...(onChunk ? { chunks: { firstMs: 40, everyMs: 400 } } : {}),
    };
    worker.postMessage(request, [bytes.buffer]);
  });
}

/**
 * Starts web-ifc in the worker before there is a file (call it when the user opens the file dialog):
 * the wasm is fetched and compiled while they choose, and the parse that follows starts reading at
 * once. Resolves when web-ifc is ready; a failure is left to the parse, which tries again.
 */
export function bimWarmWorker(worker: WorkerLike, wasmUrl: string | null): Promise<void> {
  const id = nextId++;
  return new Promise((resolve) => {
    const listener = (event: MessageEvent<BimWorkerReply>) => {
      if (event.data.id !== id) return;
      worker.removeEventListener('message', listener as EventListener);
      resolve();
    };
    worker.addEventListener('message', listener as EventListener);
    const request: BimWorkerRequest = { type: 'warm', id, wasmUrl };
    worker.postMessage(request);
  });
}
let nextId = 1;
