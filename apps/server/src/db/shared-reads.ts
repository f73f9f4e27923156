/**
 * Reads that concurrent requests share without any of them seeing data older than its own arrival.
 *
 * A request joins a query only if the query starts after the request arrived: when a query for the key is
 * in flight (it started earlier), the request waits for the next one, which starts as soon as the one in
 * flight ends and serves everyone who arrived meanwhile. Alone, a request makes its own query, as it would
 * without this; under load a key costs at most two queries at a time whatever the number of requests. So
 * the session of a token, the caller's user row and their membership of a space — read before every
 * procedure — stay exact (a session ended or a role changed by any process is seen by the next request)
 * while a burst of requests with one token costs a handful of round trips.
 *
 * Callers share the value they get: they must not change it, except on purpose (see `resolveSession`).
 */
export class SharedReads {
  private readonly slots = new Map<string, { value: Promise<unknown>; next: Promise<unknown> | null }>();

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const slot = this.slots.get(key);
    if (!slot) return this.start(key, load);
    slot.next ??= slot.value.then(
      () => this.start(key, load),
      () => this.start(key, load),
    );
    return slot.next as Promise<T>;
  }

  /** Keys with a query in flight (for tests). */
  get size(): number {
    return this.slots.size;
  }

  private start<T>(key: string, load: () => Promise<T>): Promise<T> {
    const value = load();
    const slot = { value: value as Promise<unknown>, next: null };
    this.slots.set(key, slot);
    const done = () => {
      if (this.slots.get(key) === slot) this.slots.delete(key);
    };
    value.then(done, done);
    return value;
  }
}
