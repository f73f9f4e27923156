/** A binary min-heap of work indices in the order `before(a, b)`: the eligible set of a pass. */
export interface WorkHeap {
  readonly items: Int32Array;
  size: number;
  before: (a: number, b: number) => boolean;
}

export function workHeapCreate(capacity: number): WorkHeap {
  return { items: new Int32Array(capacity), size: 0, before: () => false };
}

export function workHeapPush(heap: WorkHeap, v: number): void {
  const { items, before } = heap;
  let k = heap.size++;
  while (k > 0) {
    const parent = (k - 1) >> 1;
    const p = items[parent]!;
    if (!before(v, p)) break;
    items[k] = p;
    k = parent;
  }
  items[k] = v;
}

export function workHeapPop(heap: WorkHeap): number {
  const { items, before } = heap;
  const top = items[0]!;
  const size = --heap.size;
  if (size === 0) return top;
  const v = items[size]!;
  let k = 0;
  for (;;) {
    let child = 2 * k + 1;
    if (child >= size) break;
    if (child + 1 < size && before(items[child + 1]!, items[child]!)) child++;
    const c = items[child]!;
    if (!before(c, v)) break;
    items[k] = c;
    k = child;
  }
  items[k] = v;
  return top;
}
