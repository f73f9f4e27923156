import { describe, expect, it } from 'vitest';
import { networkBuild, networkTopologicalOrder } from './network.js';

const build = (count: number, edges: Array<[number, number]>) =>
  networkBuild(
    count,
    Int32Array.from(edges, ([a]) => a),
    Int32Array.from(edges, ([, b]) => b),
  );

describe('networkBuild', () => {
  it('groups edges by target and by source', () => {
    const network = build(3, [
      [0, 2],
      [1, 2],
      [0, 1],
    ]);
    expect(Array.from(network.inStart)).toEqual([0, 0, 1, 3]);
    expect(Array.from(network.inEdges)).toEqual([2, 0, 1]);
    expect(Array.from(network.outStart)).toEqual([0, 2, 3, 3]);
    expect(Array.from(network.outEdges)).toEqual([0, 2, 1]);
  });
});

describe('networkTopologicalOrder', () => {
  it('orders every edge forwards', () => {
    const edges: Array<[number, number]> = [
      [3, 1],
      [1, 0],
      [3, 2],
      [2, 0],
    ];
    const sorted = networkTopologicalOrder(build(4, edges));
    if (!('order' in sorted)) throw new Error('expected an order');
    const position = new Map(Array.from(sorted.order, (v, k) => [v, k]));
    for (const [a, b] of edges) expect(position.get(a)!).toBeLessThan(position.get(b)!);
  });

  it('returns one cycle in edge order (from any of its works)', () => {
    const sorted = networkTopologicalOrder(
      build(5, [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 1],
        [3, 4],
      ]),
    );
    if (!('cycle' in sorted)) throw new Error('expected a cycle');
    const start = sorted.cycle.indexOf(1);
    expect([...sorted.cycle.slice(start), ...sorted.cycle.slice(0, start)]).toEqual([1, 2, 3]);
  });
});
