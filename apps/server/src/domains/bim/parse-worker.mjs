// Parses one IFC file with web-ifc off the main thread, so a large model does not stall requests: the
// browser's worker logic (`bimWorkerHandler` of @takt/bim) on a Node worker thread. Plain JS (like the
// calculation worker) that registers tsx to load @takt/bim's TypeScript sources; runs under node, tsx and
// vitest alike. In: IFC bytes. Out: progress messages (one per 200 ms at most, and each phase's last),
// then the parsed model with the encoded geometry cache (transferred), or the error.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { bimWorkerHandler } = await import('@takt/bim/worker/handler');

let last = 0;
const handle = bimWorkerHandler((reply, transfer) => {
  if (reply.type === 'progress') {
    const now = performance.now();
    if (now - last < 200 && reply.done < reply.total) return;
    last = now;
  }
  // The model row keeps whole milliseconds.
  if (reply.type === 'result') reply.parseMs = Math.round(reply.parseMs);
  parentPort.postMessage(reply, transfer);
});

parentPort.once('message', (bytes) => handle({ type: 'parse', id: 0, bytes, wasmUrl: null }));
