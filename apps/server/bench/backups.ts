// Backups at size (docs/product-rules.md, "Backups"): the 100,000-work generated project (with its relations)
// backed up — one repeatable-read snapshot streamed through gzip into the local file storage — then restored
// over itself (the project deleted and rebuilt in one transaction) and restored again as a new project beside
// it (every id new, every reference translated). For each step: the time, the archive's size, and the
// process's peak memory (resident and JavaScript heap, sampled every 20 ms) — the backup's memory should not
// grow with the project (rows stream through a cursor), the restore's grows only with what PostgreSQL holds.
// Prints a table and, last, one JSON line. Figures, not a test: nothing here fails on a slow machine.
// Run: npx tsx bench/backups.ts (BENCH_WORKS sets the size).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restoreArchive } from '../src/domains/backups/restore';
import { takeSnapshot } from '../src/domains/backups/snapshot';
import { generateLargeSchedule } from '../src/domains/demo/large';
import { openLocalFileStorage } from '../src/files/storage';
import { benchDatabase, benchSpace, loadLine, printRows } from './bench-space';

const WORKS = Number(process.env.BENCH_WORKS ?? 100_000);
const MB = 1024 * 1024;

const { db, close } = await benchDatabase();
const folder = await mkdtemp(join(tmpdir(), 'takt-bench-backups-'));
const rows: Record<string, number | string>[] = [];
console.log(`before: ${loadLine()}`);

/** Runs a step, sampling the process's memory while it runs. */
async function measured<T>(
  step: string,
  run: () => Promise<T>,
  extra: (result: T) => Record<string, number>,
) {
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 20);
  const started = performance.now();
  try {
    const result = await run();
    const ms = Math.round(performance.now() - started);
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
    rows.push({
      step,
      ms,
      ...extra(result),
      'rss peak MB': Math.round(rss / MB),
      'rss growth MB': Math.round((rss - base.rss) / MB),
      'heap peak MB': Math.round(heap / MB),
    });
    return result;
  } finally {
    clearInterval(timer);
  }
}

try {
  const files = await openLocalFileStorage(folder);
  const { ctx, spaceId } = await benchSpace(db, { withUser: true });
  const { scheduleId, works } = await generateLargeSchedule(ctx, WORKS);
  const { rows: nodes } = await db.pool.query<{ parentId: string }>(
    'SELECT "parentId" FROM eps_nodes WHERE id = $1',
    [scheduleId],
  );
  const projectId = nodes[0]!.parentId;
  await db.pool.query('ANALYZE');
  const services = { db, files };
  const key = `spaces/${spaceId}/backup/bench.jsonl.gz`;
  global.gc?.();
  const taken = await measured(
    `backup of the project (${works} works)`,
    () => takeSnapshot(services, { spaceId, scope: 'project', projectId }, key, async () => {}),
    (r) => ({ rows: r.rows, 'archive MB': Math.round((r.size / MB) * 10) / 10 }),
  );
  const plan = { key, spaceId, userId: ctx.session.userId };
  global.gc?.();
  await measured(
    'restore over the project (deleted and rebuilt)',
    () => restoreArchive(services, { ...plan, mode: 'replace' }, async () => {}),
    (r) => ({ rows: r.rows, 'archive MB': Math.round((taken.size / MB) * 10) / 10 }),
  );
  global.gc?.();
  await measured(
    'restore as a new project (new ids)',
    () => restoreArchive(services, { ...plan, mode: 'new' }, async () => {}),
    (r) => ({ rows: r.rows, 'archive MB': Math.round((taken.size / MB) * 10) / 10 }),
  );
  printRows(rows);
} finally {
  await close();
  await rm(folder, { recursive: true, force: true });
}
