import type { NetworkLayout, NetworkShape } from '@takt/gantt/network';

export interface LayoutRequest {
  id: number;
  nodeCount: number;
  from: Int32Array;
  to: Int32Array;
}

export type LayoutReply = { id: number; layout: NetworkLayout; ms: number } | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (reply: LayoutReply) => void>();

function layoutWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./network-layout.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<LayoutReply>) => {
    const done = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    done?.(event.data);
  };
  worker.onerror = () => {
    // A worker that failed (its script did not load) answers every waiting request, and a new one starts next time.
    for (const [id, done] of waiting) done({ id, error: 'layout worker failed' });
    waiting.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

/** The last layouts made in this tab, by graph structure: going back to the diagram shows it at once. */
const LAYOUTS_KEPT = 3;
const layouts = new Map<string, Promise<{ layout: NetworkLayout; ms: number }>>();

/**
 * Lays a graph out on the layout worker (one per tab, started at the first diagram), or answers with
 * the layout already made for the same structure (`key`: the graph's nodes and edges, not its dates). A
 * request asked again before the previous one answered is queued behind it; the caller drops answers it
 * no longer wants.
 */
export function layOutOnWorker(
  shape: NetworkShape,
  key: string,
): Promise<{ layout: NetworkLayout; ms: number }> {
  const kept = layouts.get(key);
  if (kept) {
    layouts.delete(key);
    layouts.set(key, kept);
    return kept;
  }
  const made = layOut(shape);
  layouts.set(key, made);
  made.catch(() => layouts.delete(key));
  for (const old of layouts.keys()) {
    if (layouts.size <= LAYOUTS_KEPT) break;
    layouts.delete(old);
  }
  return made;
}

function layOut(shape: NetworkShape): Promise<{ layout: NetworkLayout; ms: number }> {
  const id = nextId++;
  const request: LayoutRequest = {
    id,
    nodeCount: shape.nodeCount,
    from: Int32Array.from(shape.from),
    to: Int32Array.from(shape.to),
  };
  return new Promise((resolve, reject) => {
    waiting.set(id, (reply) => {
      if ('error' in reply) reject(new Error(reply.error));
      else resolve(reply);
    });
    layoutWorker().postMessage(request, [request.from.buffer, request.to.buffer]);
  });
}
