import type pg from 'pg';
import type { Services } from '../../context';
import { leaseAlive } from '../../jobs/leases';
import { SPACE_DELETION_JOB } from './service';

const BATCH = 5_000;
/** Tables with a spaceId that outlive the space: the job's own progress row. */
const KEEP = new Set(['job_progress']);

/**
 * The tables holding a space's data: every base table with a "spaceId" column (so tables added by
 * later features are covered without touching this code; views are skipped), children before
 * parents by foreign keys.
 */
export async function spaceTablesInDeletionOrder(pool: pg.Pool): Promise<string[]> {
  const { rows: tables } = await pool.query<{ table_name: string }>(
    `SELECT c.table_name FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND c.column_name = 'spaceId' AND t.table_type = 'BASE TABLE'
       AND c.table_name <> 'spaces'`,
  );
  const names = tables.map((t) => t.table_name).filter((n) => !KEEP.has(n));
  const { rows: edges } = await pool.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
     FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
  const strip = (n: string) => n.replace(/^"|"$/g, '');
  const set = new Set(names);
  const parentsOf = new Map<string, Set<string>>(names.map((n) => [n, new Set()]));
  for (const e of edges) {
    const child = strip(e.child);
    const parent = strip(e.parent);
    if (set.has(child) && set.has(parent) && child !== parent) parentsOf.get(parent)!.add(child);
  }
  // Depth-first: a table comes after every table that references it.
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const child of parentsOf.get(name) ?? []) visit(child);
    order.push(name);
  };
  for (const name of names.sort()) visit(name);
  return order;
}

/** The lease a process holds while it deletes a space (one deletion job). */
export const spaceDeletionLease = (jobId: string) => `space-deletion:${jobId}`;

/** Thrown inside a deletion when another process took it over (this one stalled past its lease). */
class DeletionTakenOver extends Error {}

/**
 * Deletes everything of a space in batches, reporting progress, then the space and its files. Runs under
 * the job's lease; when a living process already runs this deletion it does nothing. Every step only
 * deletes what is left, so a deletion cut short by a crash is resumed (see `resumeSpaceDeletions`) and
 * finishes the same way.
 */
export async function runSpaceDeletion(services: Services, data: { spaceId: string; jobId: string }) {
  const key = spaceDeletionLease(data.jobId);
  try {
    await services.jobs.leases.with(key, () => deleteSpaceData(services, data, key));
  } catch (error) {
    if (!(error instanceof DeletionTakenOver)) throw error;
    services.log.warn('space deletion taken over by another process', { spaceId: data.spaceId });
  }
}

async function deleteSpaceData(services: Services, data: { spaceId: string; jobId: string }, key: string) {
  const { pool } = services.db;
  const { rows: jobs } = await pool.query<{ state: string; progress: number }>(
    'SELECT state, progress FROM job_progress WHERE id = $1',
    [data.jobId],
  );
  const job = jobs[0];
  if (!job || job.state === 'completed') return;
  const setProgress = async (state: string, progress: number, message?: string) => {
    if (services.jobs.leases.lost(key)) throw new DeletionTakenOver();
    await pool.query(
      'UPDATE job_progress SET state = $2, progress = $3, message = $4, "updatedAt" = now() WHERE id = $1',
      [data.jobId, state, progress, message ?? null],
    );
  };
  // A resumed deletion goes on from where the interrupted one left its progress bar.
  const from = job.state === 'running' || job.state === 'queued' ? Math.min(99, job.progress) : 0;
  try {
    await setProgress('running', from);
    const tables = await spaceTablesInDeletionOrder(pool);
    const counts = await Promise.all(
      tables.map(async (t) => {
        const { rows } = await pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM "${t}" WHERE "spaceId" = $1`,
          [data.spaceId],
        );
        return Number(rows[0]!.n);
      }),
    );
    const total = counts.reduce((a, b) => a + b, 0) + 1;
    let done = 0;
    for (const table of tables) {
      for (;;) {
        const { rowCount } = await pool.query(
          `DELETE FROM "${table}" WHERE ctid IN (SELECT ctid FROM "${table}" WHERE "spaceId" = $1 LIMIT ${BATCH})`,
          [data.spaceId],
        );
        done += rowCount ?? 0;
        await setProgress('running', Math.min(99, from + Math.floor((done / total) * (100 - from))));
        if (!rowCount || rowCount < BATCH) break;
      }
    }
    await pool.query('DELETE FROM spaces WHERE id = $1', [data.spaceId]);
    await services.files.deletePrefix(`spaces/${data.spaceId}`);
    await setProgress('completed', 100);
    services.log.info('space deleted', { spaceId: data.spaceId, rows: done });
  } catch (error) {
    if (error instanceof DeletionTakenOver) throw error;
    await setProgress('failed', 0, (error as Error).message);
    throw error;
  }
}

/** A queued deletion not taken by any worker for this long is sent to the queue again. */
const QUEUED_RESEND_SECONDS = 60;

/**
 * Finds space deletions whose process died (running without a living lease), and queued ones no worker
 * took for a minute, and queues them again: the deletion resumes with what is left of the space.
 */
export async function resumeSpaceDeletions(services: Services): Promise<number> {
  const { pool } = services.db;
  const left = (table: string) =>
    `${table}.kind = '${SPACE_DELETION_JOB}' AND ${table}."spaceId" IS NOT NULL
     AND (${table}.state = 'running'
       OR (${table}.state = 'queued' AND ${table}."updatedAt" < now() - interval '${QUEUED_RESEND_SECONDS} seconds'))
     AND NOT ${leaseAlive(`'space-deletion:' || ${table}.id`)}`;
  const { rows } = await pool.query<{ id: string; spaceId: string }>(
    `SELECT j.id, j."spaceId" FROM job_progress j WHERE ${left('j')}`,
  );
  let resumed = 0;
  for (const row of rows) {
    // Only one of several supervising processes moves the row (it is no longer left behind after), so
    // the job is queued once.
    const { rowCount } = await pool.query(
      `UPDATE job_progress SET state = 'queued', "updatedAt" = now() WHERE id = $1 AND ${left('job_progress')}`,
      [row.id],
    );
    if (!rowCount) continue;
    await services.jobs.send(SPACE_DELETION_JOB, { spaceId: row.spaceId, jobId: row.id });
    resumed++;
  }
  return resumed;
}
