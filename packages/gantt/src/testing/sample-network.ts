import { MINUTES_PER_DAY, NO_DATE } from '../dates.js';
import type { NetworkInput } from '../network/graph.js';

const DAY = MINUTES_PER_DAY;

/**
 * A deterministic building schedule of about `works` works as the diagram reads it: blocks (WBS level 1)
 * of 10 floors (level 2) of `perFloor` tasks. Inside a floor the tasks follow each other (FS); the first
 * task of a floor starts with a lag after the floor below (SS +2 d); every seventh task also waits for the
 * same task on the floor below (FS), as a crew moving up. Every fifth block is critical.
 */
export function sampleNetwork(works: number, perFloor = 46): NetworkInput {
  const parent: number[] = [];
  const depth: number[] = [];
  const start: number[] = [];
  const finish: number[] = [];
  const critical: number[] = [];
  const predecessor: number[] = [];
  const successor: number[] = [];
  const type: number[] = [];
  const lag: number[] = [];
  const add = (p: number, d: number, s: number, f: number, c: number) => {
    parent.push(p);
    depth.push(d);
    start.push(s);
    finish.push(f);
    critical.push(c);
    return parent.length - 1;
  };
  const link = (p: number, s: number, t: number, l: number) => {
    predecessor.push(p);
    successor.push(s);
    type.push(t);
    lag.push(l);
  };
  let tasks = 0;
  for (let block = 0; tasks < works; block++) {
    const isCritical = block % 5 === 0 ? 1 : 0;
    const blockRow = add(-1, 0, NO_DATE, NO_DATE, isCritical);
    let below: number[] = [];
    for (let floor = 0; floor < 10 && tasks < works; floor++) {
      const floorRow = add(blockRow, 1, NO_DATE, NO_DATE, isCritical);
      const rows: number[] = [];
      for (let k = 0; k < perFloor && tasks < works; k++, tasks++) {
        const at = (block * 20 + floor * 5 + k) * DAY;
        const row = add(floorRow, 2, at, at + (1 + (k % 5)) * DAY, isCritical);
        if (k > 0) link(rows[k - 1]!, row, 0, 0);
        else if (below[0] !== undefined) link(below[0], row, 2, 2 * 480);
        if (k > 0 && k % 7 === 0 && below[k] !== undefined) link(below[k]!, row, 0, 0);
        rows.push(row);
      }
      below = rows;
    }
  }
  const count = parent.length;
  const childCount = new Int32Array(count);
  for (const p of parent) if (p >= 0) childCount[p]! += 1;
  return {
    count,
    parent: Int32Array.from(parent),
    depth: Int32Array.from(depth),
    childCount,
    start: Int32Array.from(start),
    finish: Int32Array.from(finish),
    durationMinutes: Int32Array.from(start, (s, i) => (s === NO_DATE ? 0 : finish[i]! - s)),
    totalFloat: Int32Array.from(critical, (c, i) => (c ? 0 : (i % 9) * 480)),
    calculated: new Uint8Array(count).fill(1),
    critical: Int32Array.from(critical),
    progress: Float64Array.from(start, (_s, i) => (i % 3) * 25),
    relations: {
      count: predecessor.length,
      predecessor: Int32Array.from(predecessor),
      successor: Int32Array.from(successor),
      type: Uint8Array.from(type),
      lagMinutes: Int32Array.from(lag),
      driving: Uint8Array.from(predecessor, () => 1),
    },
  };
}
