import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../log';

/** How often a process renews the leases it holds, and how long a lease lasts without renewal. */
export const LEASE_RENEW_MS = 2_000;
export const LEASE_TTL_MS = 10_000;

/**
 * A SQL condition: the lease on the key `keySql` (an SQL expression) is held by a living process — one
 * that renewed it within the lease's lifetime. Work in a "running" state without such a lease was left
 * behind by a process that died.
 */
export function leaseAlive(keySql: string): string {
  return `EXISTS (SELECT 1 FROM job_leases l WHERE l.key = ${keySql} AND l."expiresAt" > now())`;
}

/**
 * The leases one server process holds on the background work it runs (table `job_leases`). A lease is
 * taken when the work starts, renewed every `renewMs` by a timer and released when the work ends, so
 * a lease whose expiry passed tells every other process that the holder died (a crash, `kill -9`, a lost
 * machine) and its work may be recovered. Expiry times are the database's clock, never a machine's.
 */
export class Leases {
  /** This process, as lease holder. */
  readonly owner = randomUUID();
  private readonly held = new Set<string>();
  private readonly taken = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly ttlMs = LEASE_TTL_MS,
    private readonly renewMs = LEASE_RENEW_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.renewing ??= this.renew()
        .catch((error: unknown) => this.log.warn('job leases not renewed', { err: error }))
        .finally(() => {
          this.renewing = null;
        });
    }, this.renewMs);
    this.timer.unref();
  }

  /**
   * Takes the lease on `key` when nobody holds it or its holder stopped renewing it. False when a living
   * process (this one included) holds it.
   */
  async acquire(key: string): Promise<boolean> {
    // Held here already: alive by definition, even when a stalled event loop let its expiry pass.
    if (this.held.has(key)) return false;
    const { rowCount } = await this.pool.query(
      `INSERT INTO job_leases (key, owner, "expiresAt") VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET owner = EXCLUDED.owner, "expiresAt" = EXCLUDED."expiresAt", "createdAt" = now()
       WHERE job_leases."expiresAt" <= now()`,
      [key, this.owner, this.ttlMs],
    );
    if (!rowCount) return false;
    this.held.add(key);
    this.taken.delete(key);
    return true;
  }

  async release(key: string): Promise<void> {
    this.held.delete(key);
    this.taken.delete(key);
    await this.pool.query('DELETE FROM job_leases WHERE key = $1 AND owner = $2', [key, this.owner]);
  }

  /** Runs `work` under the lease on `key`; null without running it when a living process holds the lease. */
  async with<T>(key: string, work: () => Promise<T>): Promise<{ value: T } | null> {
    if (!(await this.acquire(key))) return null;
    try {
      return { value: await work() };
    } finally {
      await this.release(key);
    }
  }

  /** True while this process holds the lease on `key`. */
  holds(key: string): boolean {
    return this.held.has(key);
  }

  /**
   * True when another process took over a lease this one held: this process stalled past the lease's
   * lifetime, the work was recovered elsewhere, and this process must drop it without writing anything.
   */
  lost(key: string): boolean {
    return this.taken.has(key);
  }

  /** Extends every lease this process holds; those another process took over meanwhile become `lost`. */
  async renew(): Promise<void> {
    const keys = [...this.held];
    if (keys.length === 0) return;
    const { rows } = await this.pool.query<{ key: string }>(
      `UPDATE job_leases SET "expiresAt" = now() + $3 * interval '1 millisecond'
       WHERE owner = $1 AND key = ANY($2::text[]) RETURNING key`,
      [this.owner, keys, this.ttlMs],
    );
    const renewed = new Set(rows.map((r) => r.key));
    for (const key of keys) {
      if (renewed.has(key) || !this.held.has(key)) continue;
      this.held.delete(key);
      this.taken.add(key);
      this.log.warn('job lease taken over by another process', { key });
    }
  }

  /** Stops renewing and gives up every lease of this process, so others may recover its work at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.renewing;
    this.held.clear();
    await this.pool.query('DELETE FROM job_leases WHERE owner = $1', [this.owner]);
  }
}
