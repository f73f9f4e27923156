import type pg from 'pg';
import type { Services } from '../context';

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

/** Deletes everything of a space in batches, reporting progress, then the space and its files. */
export async function runSpaceDeletion(services: Services, data: { spaceId: string; jobId: string }) {
  const { pool } = services.db;
  const setProgress = (state: string, progress: number, message?: string) =>
    pool.query(
      'UPDATE job_progress SET state = $2, progress = $3, message = $4, "updatedAt" = now() WHERE id = $1',
      [data.jobId, state, progress, message ?? null],
    );
  try {
    await setProgress('running', 0);
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
        await setProgress('running', Math.min(99, Math.floor((done / total) * 100)));
        if (!rowCount || rowCount < BATCH) break;
      }
    }
    await pool.query('DELETE FROM spaces WHERE id = $1', [data.spaceId]);
    await services.files.deletePrefix(`spaces/${data.spaceId}`);
    await setProgress('completed', 100);
    services.log.info('space deleted', { spaceId: data.spaceId, rows: done });
  } catch (error) {
    await setProgress('failed', 0, (error as Error).message);
    throw error;
  }
}
