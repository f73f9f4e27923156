import { openDatabase } from '@takt/db';
import PgBoss from 'pg-boss';
import type { Logger } from '../log';
import { LEASE_RENEW_MS, Leases } from './leases';

/**
 * Background work goes through a PostgreSQL-backed queue (pg-boss), so any number of worker
 * processes on any machines can take jobs; a job survives a restart of the process that queued it.
 * A job being run is held under a lease (see `Leases`); the recoveries registered with `supervise`
 * run every couple of seconds and take over work whose process died.
 */
export interface JobQueue {
  send(name: string, data: Record<string, unknown>): Promise<void>;
  work(name: string, handler: (data: Record<string, unknown>) => Promise<void>): Promise<void>;
  /** The leases this process holds on the work it runs. */
  readonly leases: Leases;
  /**
   * Adds a recovery to the sweep this process runs (at once, then every `LEASE_RENEW_MS`): it finds work
   * left behind by dead processes and resumes or ends it, returning how much it recovered.
   */
  supervise(name: string, recover: () => Promise<number>): void;
  /** Runs `handler` on a cron schedule: one run per tick across all worker processes (pg-boss schedule). */
  schedule(name: string, cron: string, handler: () => Promise<void>): Promise<void>;
  /** Runs every registered recovery once, now (also what the timer does). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobQueue(url: string, log: Logger): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: url, max: 4 });
  boss.on('error', (err) => log.error('job queue error', { err }));
  await boss.start();
  // Leases have connections of their own, so a busy request pool never delays a renewal.
  const leaseDb = openDatabase(url, {
    max: 2,
    onError: (error) => log.warn('job lease connection lost', { err: error }),
  });
  const leases = new Leases(leaseDb.pool, log);
  leases.start();

  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  };

  const recoveries = new Map<string, () => Promise<number>>();
  let sweeping: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const sweepOnce = async () => {
    for (const [name, recover] of recoveries) {
      try {
        const recovered = await recover();
        if (recovered) log.warn('interrupted work recovered', { kind: name, count: recovered });
      } catch (error) {
        log.error('job recovery failed', { kind: name, err: error });
      }
    }
  };
  const sweep = () => {
    sweeping ??= sweepOnce().finally(() => {
      sweeping = null;
    });
    return sweeping;
  };

  return {
    leases,
    async send(name, data) {
      await ensureQueue(name);
      await boss.send(name, data, { retryLimit: 3, retryDelay: 5 });
    },
    async work(name, handler) {
      await ensureQueue(name);
      await boss.work<Record<string, unknown>>(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async schedule(name, cron, handler) {
      await ensureQueue(name);
      await boss.schedule(name, cron);
      await boss.work(name, { pollingIntervalSeconds: 5 }, () => handler());
    },
    supervise(name, recover) {
      recoveries.set(name, recover);
      void sweep();
      if (timer) return;
      timer = setInterval(() => void sweep(), LEASE_RENEW_MS);
      timer.unref();
    },
    sweep,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      recoveries.clear();
      await sweeping;
      try {
        await boss.stop({ graceful: true, timeout: 10_000 });
        await leases.stop();
      } finally {
        await leaseDb.close();
      }
    },
  };
}
