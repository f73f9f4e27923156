import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads';

/** A load whose answers the test releases one by one, recording when each query started. */
function controlledLoad() {
  const started: number[] = [];
  const pending: ((value: number) => void)[] = [];
  let clock = 0;
  return {
    started,
    tick: () => ++clock,
    load: () => {
      started.push(clock);
      return new Promise<number>((resolve) => pending.push(resolve));
    },
    answer: (value: number) => pending.shift()!(value),
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedReads', () => {
  it('gives a request that arrives during a query the next query, never the one already running', async () => {
    const reads = new SharedReads();
    const db = controlledLoad();
    const first = reads.read('k', db.load); // arrives at 0, starts query 1
    db.tick();
    const second = reads.read('k', db.load); // arrives at 1, while query 1 runs
    const third = reads.read('k', db.load); // arrives at 1 too: shares the second's query
    expect(db.started).toEqual([0]);
    db.answer(10); // query 1 answers: the waiting requests' query starts now
    expect(await first).toBe(10);
    await flush();
    expect(db.started).toEqual([0, 1]);
    db.answer(20);
    expect(await second).toBe(20);
    expect(await third).toBe(20);
    expect(reads.size).toBe(0);
  });

  it('keeps no failed read, and a failed read does not fail the requests queued behind it', async () => {
    const reads = new SharedReads();
    let calls = 0;
    const failing = reads.read('k', () => Promise.reject(new Error(`boom ${++calls}`)));
    const queued = reads.read('k', async () => ++calls);
    await expect(failing).rejects.toThrow('boom 1');
    expect(await queued).toBe(2);
    expect(await reads.read('k', async () => ++calls)).toBe(3);
  });

  it('keeps keys apart', async () => {
    const reads = new SharedReads();
    const [a, b] = await Promise.all([reads.read('a', async () => 'A'), reads.read('b', async () => 'B')]);
    expect([a, b]).toEqual(['A', 'B']);
  });
});
