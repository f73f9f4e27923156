import type { NetworkLayout, NetworkShape } from '@takt/gantt/network';

export interface LayoutRequest {
  id: number;
  nodeCount: number;
  from: Int32Array;
  to: Int32Array;
}

export type LayoutReply = ({ id: number } & MadeLayout) | { id: number; error: string };

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

/** A layout elkjs made, with how long it took on the worker. */
interface MadeLayout {
  layout: NetworkLayout;
  ms: number;
}

/**
 * The last layouts made in this tab, by graph structure: going back to the diagram shows it at once.
 * Only elkjs's layouts are kept; the provisional one shown while elkjs works is made again when needed.
 */
const LAYOUTS_KEPT = 3;
const layouts = new Map<string, { made: Promise<MadeLayout>; done: MadeLayout | null }>();

/** The layout already made for a structure, if elkjs has answered: drawn without a provisional one. */
export function layoutMade(key: string): MadeLayout | null {
  return layouts.get(key)?.done ?? null;
}

/**
 * Lays a graph out on the layout worker (one per tab, started at the first diagram), or answers with
 * the layout already made for the same structure (`key`: the graph's nodes and edges, not its dates). A
 * request asked again before the previous one answered is queued behind it; the caller drops answers it
 * no longer wants.
 */
export function layOutOnWorker(shape: NetworkShape, key: string): Promise<MadeLayout> {
  const kept = layouts.get(key);
  if (kept) {
    layouts.delete(key);
    layouts.set(key, kept);
    return kept.made;
  }
  const entry: { made: Promise<MadeLayout>; done: MadeLayout | null } = { made: layOut(shape), done: null };
  layouts.set(key, entry);
  entry.made.then(
    (made) => {
      entry.done = made;
    },
    () => {
      if (layouts.get(key) === entry) layouts.delete(key);
    },
  );
  for (const old of layouts.keys()) {
    if (layouts.size <= LAYOUTS_KEPT) break;
    layouts.delete(old);
  }
  return entry.made;
}

function layOut(shape: NetworkShape): Promise<MadeLayout> {
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
