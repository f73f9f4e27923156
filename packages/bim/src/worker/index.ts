/// <reference lib="webworker" />
import { bimWorkerHandler } from './handler';
import type { BimWorkerRequest } from './protocol';

/** Web worker entry: `new Worker(new URL('@takt/bim/worker', import.meta.url), { type: 'module' })`. */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = bimWorkerHandler((reply, transfer) => scope.postMessage(reply, transfer ?? []));
scope.onmessage = (event: MessageEvent<BimWorkerRequest>) => {
  void handle(event.data);
};
