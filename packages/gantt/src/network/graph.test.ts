import { describe, expect, it } from 'vitest';
import { NO_DATE } from '../dates.js';
import { sampleNetwork } from '../testing/sample-network.js';
import {
  NETWORK_LINK_MIXED,
  type NetworkInput,
  networkAutoLevel,
  networkGraph,
  networkNodeCounts,
  networkStructureKey,
} from './graph.js';

/**
 * A small WBS: 0 "A" { 1 "A.1" { 2, 3 }, 4 }, 5 "B" { 6, 7 }. Relations: 2→3 FS, 3→6 FS (critical, driving),
 * 4→7 SS +1 d, 2→7 FF, and one from another schedule into 6.
 */
function input(): NetworkInput {
  const parent = [-1, 0, 1, 1, 0, -1, 5, 5];
  const depth = [0, 1, 2, 2, 1, 0, 1, 1];
  const childCount = [2, 2, 0, 0, 0, 2, 0, 0];
  const start = [0, 0, 0, 100, 50, 200, 200, 300];
  const finish = [400, 200, 100, 200, 150, 400, 300, 400];
  return {
    count: 8,
    parent,
    depth,
    childCount,
    start,
    finish,
    durationMinutes: finish.map((f, i) => f - start[i]!),
    totalFloat: [0, 0, 0, 0, 480, 0, 0, 960],
    calculated: [1, 1, 1, 1, 1, 1, 1, 1],
    critical: [1, 1, 1, 1, 0, 1, 1, 0],
    progress: [40, 50, 100, 0, 20, 10, 20, 0],
    relations: {
      count: 5,
      predecessor: [2, 3, 4, 2, -1],
      successor: [3, 6, 7, 7, 6],
      type: [0, 0, 2, 1, 0],
      lagMinutes: [0, 0, 480, 0, 0],
      driving: [1, 1, 0, 0, 0],
    },
  };
}

describe('networkGraph', () => {
  it('draws every work without children, and the relations between them', () => {
    const g = networkGraph(input());
    expect(Array.from(g.row)).toEqual([2, 3, 4, 6, 7]);
    expect(g.summary.every((s) => s === 0)).toBe(true);
    const edges = Array.from(g.from, (a, k) => [g.row[a], g.row[g.to[k]!], g.type[k], g.lag[k]]);
    expect(edges).toEqual([
      [2, 3, 0, 0],
      [3, 6, 0, 0],
      [4, 7, 2, 480],
      [2, 7, 1, 0],
    ]);
    // The driving relation between two critical works is on the critical path; the others are not.
    expect(Array.from(g.criticalEdge)).toEqual([1, 1, 0, 0]);
    expect(g.nodeOfRow[4]).toBe(2);
    expect(g.nodeOfRow[0]).toBe(-1);
  });

  it('keeps a summary that has relations of its own as a node', () => {
    const i = input();
    const g = networkGraph({
      ...i,
      relations: {
        ...i.relations,
        count: 1,
        predecessor: [1],
        successor: [6],
        type: [0],
        lagMinutes: [0],
        driving: [0],
      },
    });
    expect(Array.from(g.row)).toEqual([1, 2, 3, 4, 6, 7]);
    expect(g.edgeCount).toBe(1);
  });

  it('summarises by WBS level: one node per summary, the relations between groups gathered', () => {
    const g = networkGraph(input(), 1);
    expect(Array.from(g.row)).toEqual([0, 5]);
    expect(Array.from(g.summary)).toEqual([1, 1]);
    expect(Array.from(g.members)).toEqual([3, 2]);
    // A's works run 0…200, B's 200…400; the least float of B's works is 0; B has a critical work.
    expect([g.start[0], g.finish[0], g.start[1], g.finish[1]]).toEqual([0, 200, 200, 400]);
    expect(Array.from(g.totalFloat)).toEqual([0, 0]);
    expect(Array.from(g.critical)).toEqual([1, 1]);
    // 3→6, 4→7 and 2→7 become one edge A→B of three relations of mixed types; 2→3 is inside A.
    expect(g.edgeCount).toBe(1);
    expect([g.from[0], g.to[0], g.relations[0], g.type[0], g.lag[0]]).toEqual([
      0,
      1,
      3,
      NETWORK_LINK_MIXED,
      0,
    ]);
    expect(g.criticalEdge[0]).toBe(1);
    // Every row below a summary points to its node.
    expect(Array.from(g.nodeOfRow)).toEqual([0, 0, 0, 0, 0, 1, 1, 1]);
  });

  it('at level 2 keeps a shallow work as itself beside the deeper summaries', () => {
    const g = networkGraph(input(), 2);
    expect(Array.from(g.row)).toEqual([1, 4, 6, 7]);
    expect(Array.from(g.summary)).toEqual([1, 0, 0, 0]);
    expect(Array.from(g.from, (a, k) => [g.row[a], g.row[g.to[k]!]])).toEqual([
      [1, 6],
      [4, 7],
      [1, 7],
    ]);
  });

  it('leaves float unknown where nothing was calculated', () => {
    const i = input();
    const g = networkGraph(
      { ...i, calculated: new Uint8Array(8), start: new Int32Array(8).fill(NO_DATE) },
      1,
    );
    expect(Array.from(g.calculated)).toEqual([0, 0]);
    expect(g.start[0]).toBe(NO_DATE);
  });
});

describe('levels', () => {
  it('counts the nodes of every level and opens summarised above the limit', () => {
    expect(networkNodeCounts(input())).toEqual([5, 2, 4]);
    expect(networkAutoLevel(input())).toBe(0);
    expect(networkAutoLevel(input(), 4)).toBe(2);
    expect(networkAutoLevel(input(), 3)).toBe(1);
    expect(networkAutoLevel(input(), 1)).toBe(1);
  });

  it('summarises a building of 6,000 works by floor', () => {
    const big = sampleNetwork(6000);
    const level = networkAutoLevel(big);
    expect(level).toBe(2);
    const g = networkGraph(big, level);
    expect(g.nodeCount).toBe(Math.ceil(6000 / 46));
    expect(g.summary.every((s) => s === 1)).toBe(true);
    let members = 0;
    for (const m of g.members) members += m;
    expect(members).toBe(6000);
  });
});

describe('networkStructureKey', () => {
  it('changes with the structure, not with dates or progress', () => {
    const a = input();
    const key = networkStructureKey(networkGraph(a));
    expect(networkStructureKey(networkGraph({ ...a, progress: new Float64Array(8).fill(99) }))).toBe(key);
    expect(networkStructureKey(networkGraph(a, 1))).not.toBe(key);
    const fewer = { ...a.relations, count: 3 };
    expect(networkStructureKey(networkGraph({ ...a, relations: fewer }))).not.toBe(key);
  });
});
