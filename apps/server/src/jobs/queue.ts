import PgBoss from 'pg-boss';
import type { Logger } from '../log';

/**
 * Background work goes through a PostgreSQL-backed queue (pg-boss), so any number of worker
 * processes on any machines can take jobs; a job survives a restart of the process that queued it.
 */
export interface JobQueue {
  send(name: string, data: Record<string, unknown>): Promise<void>;
  work(name: string, handler: (data: Record<string, unknown>) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobQueue(url: string, log: Logger): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: url, max: 4 });
  boss.on('error', (err) => log.error('job queue error', { err }));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  };
  return {
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
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
