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
    const hit = this.peek(key, fingerprint);
    if (hit !== undefined) return hit;
    const value = await build();
    this.put(key, fingerprint, value);
    return value;
  }

  /** The value kept for `key` when it was built at `fingerprint` (it becomes the most recently used). */
  peek(key: string, fingerprint: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.fingerprint !== fingerprint) return undefined;
    // A Map iterates in insertion order: set again, the entry is the newest.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** What is kept for `key`, whatever its fingerprint (it does not become the most recently used). */
  latest(key: string): { fingerprint: string; value: T } | undefined {
    return this.entries.get(key);
  }

  /** Keeps `value` as `key`'s at `fingerprint`, in place of what was kept for it. */
  put(key: string, fingerprint: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { fingerprint, value });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.size) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets what is kept for `key`. */
  delete(key: string): void {
    this.entries.delete(key);
  }
}
