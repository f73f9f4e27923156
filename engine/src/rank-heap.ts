/**
 * A binary min-heap of node indices ordered by `keys[node]`, holding each node at most once: the work
 * list of incremental propagation (keys are topological ranks, or negated ranks for the backward pass).
 */
export interface RankHeap {
  readonly keys: Int32Array;
  readonly items: Int32Array;
  readonly queued: Uint8Array;
  size: number;
}

export function rankHeapCreate(keys: Int32Array): RankHeap {
  return { keys, items: new Int32Array(keys.length), queued: new Uint8Array(keys.length), size: 0 };
}

export function rankHeapPush(heap: RankHeap, node: number): void {
  if (heap.queued[node] === 1) return;
  heap.queued[node] = 1;
  const { items, keys } = heap;
  const key = keys[node]!;
  let k = heap.size++;
  while (k > 0) {
    const parent = (k - 1) >> 1;
    const above = items[parent]!;
    if (keys[above]! <= key) break;
    items[k] = above;
    k = parent;
  }
  items[k] = node;
}

export function rankHeapPop(heap: RankHeap): number {
  const { items, keys } = heap;
  const top = items[0]!;
  heap.queued[top] = 0;
  const last = items[--heap.size]!;
  const size = heap.size;
  if (size > 0) {
    const key = keys[last]!;
    let k = 0;
    for (;;) {
      let child = 2 * k + 1;
      if (child >= size) break;
      if (child + 1 < size && keys[items[child + 1]!]! < keys[items[child]!]!) child++;
      if (keys[items[child]!]! >= key) break;
      items[k] = items[child]!;
      k = child;
    }
    items[k] = last;
  }
  return top;
}
