/**
 * The last few values built per key, each kept with the fingerprint of the data it was built from (what
 * a fingerprint is belongs to the caller, like the payload cache's). `get` answers the kept value while
 * the fingerprint still matches, and marks it the most recently used; otherwise it builds the value
 * again. Beyond `size` keys the least recently used goes. A value is rebuilt only when its data changed,
 * never served stale: the caller reads the fingerprint on every call.
 */
export class FingerprintCache<T> {
  private readonly entries = new Map<string, { fingerprint: string; value: T }>();

  constructor(private readonly size: number) {}

  /** Whether a value for `key` is kept (whatever its fingerprint). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  async get(key: string, fingerprint: string, build: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.fingerprint === fingerprint) {
      // A Map iterates in insertion order: set again, the entry is the newest.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = await build();
    this.entries.delete(key);
    this.entries.set(key, { fingerprint, value });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.size) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}
