// How long an import spends writing a large file's version to the database: a synthetic project of
// BENCH_WORKS activities (default 100,000) with WBS, relations, calendars and resource assignments is
// calculated, then written by the import's own writer inside one transaction, TRIALS times into one schedule.
// Prints each trial's time and, with BENCH_EXPLAIN=1, the plan of a works insert; the last line is one JSON object.
// Run: npx tsx apps/server/bench/import-write.ts   (starts its own embedded PostgreSQL)
import { scheduleProject, toEngineProject } from '@takt/interchange';
import { syntheticProject } from '../../../packages/interchange/scripts/bench';
import { SkippedList } from '../src/domains/interchange/write-version';
import { benchDatabase, benchSpace } from './bench-space';

const WORKS = Number(process.env.BENCH_WORKS ?? 100_000);
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);
// BENCH_WRITER: another writer module to compare (a path relative to this file)
const { writeImportedVersion } = (await import(
  process.env.BENCH_WRITER ?? '../src/domains/interchange/write-version'
)) as typeof import('../src/domains/interchange/write-version');

const { db, close } = await benchDatabase();
/** Adds up the time the client waits for its queries (the rest is building the rows in Node). */
function timeQueries(client: import('pg').PoolClient) {
  const counter = { ms: 0 };
  const query = client.query.bind(client) as (text: string, params?: unknown[]) => Promise<unknown>;
  (client as unknown as { query: typeof query }).query = async (text: string, params?: unknown[]) => {
    const t0 = performance.now();
    try {
      return await query(text, params);
    } finally {
      counter.ms += performance.now() - t0;
    }
  };
  return counter;
}

/** Runs the works, relations and assignments inserts under EXPLAIN ANALYZE and prints their first plan. */
function explainInserts(client: import('pg').PoolClient) {
  const query = client.query.bind(client) as (
    text: string,
    params?: unknown[],
  ) => Promise<{ rows: unknown[] }>;
  const shown = new Set<string>();
  (client as unknown as { query: typeof query }).query = async (text: string, params?: unknown[]) => {
    const table = /^\s*INSERT INTO (works|relations|assignments) /.exec(text)?.[1];
    if (!table || shown.has(table)) return query(text, params);
    shown.add(table);
    const plan = await query(`EXPLAIN (ANALYZE, BUFFERS, WAL) ${text}`, params);
    process.stdout.write(
      `--- ${table}\n${plan.rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')}\n`,
    );
    return { rows: [] };
  };
}

try {
  const { spaceId, ctx } = await benchSpace(db, { withUser: false });
  const schedule = await db.pool.query<{ id: string }>(
    `INSERT INTO eps_nodes (id, "spaceId", kind, name, "sortKey", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'schedule', 'bench', 1024, now()) RETURNING id`,
    [spaceId],
  );
  const scheduleId = schedule.rows[0]!.id;

  const project = syntheticProject(WORKS);
  project.resources = Array.from({ length: 40 }, (_, k) => ({
    id: `res${k}`,
    code: `R${k + 1}`,
    name: `Ресурс ${k + 1}`,
    type: k % 3 === 0 ? ('material' as const) : ('labor' as const),
    calendarId: null,
  }));
  project.assignments = project.activities
    .filter((_, i) => i % 2 === 0)
    .map((a, i) => ({
      id: `as${i}`,
      activityId: a.id,
      resourceId: `res${i % 40}`,
      plannedUnits: 8 + (i % 5),
    }));
  const scheduled = scheduleProject(project);
  const { options } = toEngineProject(project);

  const times: number[] = [];
  const sqlTimes: number[] = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    const client = await db.pool.connect();
    if (process.env.BENCH_EXPLAIN && trial === TRIALS - 1) explainInserts(client);
    const sql = timeQueries(client);
    const t0 = performance.now();
    try {
      await client.query('BEGIN');
      const phases: Record<string, number> = {};
      let last = performance.now();
      const { written } = await writeImportedVersion(
        ctx,
        client,
        {
          scheduleId,
          name: `bench ${trial}`,
          project,
          result: scheduled.result,
          options,
          keepRecorded: false,
          attributes: [],
          progress: async (done, total) => {
            const now = performance.now();
            phases[`${done}/${total}`] = Math.round(now - last);
            last = now;
          },
        },
        new SkippedList(),
      );
      await client.query('COMMIT');
      const ms = performance.now() - t0;
      times.push(ms);
      sqlTimes.push(sql.ms);
      process.stdout.write(
        `trial ${trial + 1}: ${Math.round(ms)} ms, ${Math.round(sql.ms)} ms of it waiting for PostgreSQL (works ${written.works + written.summaries}, relations ${written.relations}, assignments ${written.assignments})\n`,
      );
      if (process.env.BENCH_PHASES) process.stdout.write(`${JSON.stringify(phases)}\n`);
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({ benchmark: 'import-write', works: WORKS, trials: times.map(Math.round), sqlMs: sqlTimes.map(Math.round), medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!) })}\n`,
  );
} finally {
  await close();
}
