import { describe, expect, it } from 'vitest';
import { FingerprintCache } from './fingerprint-cache';

describe('FingerprintCache', () => {
  it('builds again only when the fingerprint changes', async () => {
    const cache = new FingerprintCache<number>(2);
    let builds = 0;
    const build = async () => ++builds;
    expect(await cache.get('a', 'f1', build)).toBe(1);
    expect(await cache.get('a', 'f1', build)).toBe(1);
    expect(await cache.get('a', 'f2', build)).toBe(2);
    expect(builds).toBe(2);
  });

  it('lets the least recently used key go beyond its size', async () => {
    const cache = new FingerprintCache<string>(2);
    await cache.get('a', 'f', async () => 'a');
    await cache.get('b', 'f', async () => 'b');
    await cache.get('a', 'f', async () => 'a again');
    await cache.get('c', 'f', async () => 'c');
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('c')).toBe(true);
  });

  it('keeps the last value when a build fails', async () => {
    const cache = new FingerprintCache<string>(2);
    await cache.get('a', 'f1', async () => 'old');
    await expect(
      cache.get('a', 'f2', async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await cache.get('a', 'f1', async () => 'rebuilt')).toBe('old');
  });

  it('answers a value put at a fingerprint only at that fingerprint, until it is deleted', () => {
    const cache = new FingerprintCache<string>(2);
    cache.put('a', 'f1', 'one');
    expect(cache.peek('a', 'f1')).toBe('one');
    expect(cache.peek('a', 'f2')).toBeUndefined();
    cache.put('a', 'f2', 'two');
    expect(cache.peek('a', 'f1')).toBeUndefined();
    expect(cache.peek('a', 'f2')).toBe('two');
    expect(cache.latest('a')).toEqual({ fingerprint: 'f2', value: 'two' });
    cache.delete('a');
    expect(cache.has('a')).toBe(false);
  });
});
