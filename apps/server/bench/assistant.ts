// The schedule analysis of a big version (docs/product-rules.md, "Schedule assistant"): the demo's
// generated schedule of 10,000 and 100,000 works, calculated once, with approved dates a day later than
// its plan, volumes and executors on every task and a resource on every second one; then a run of the
// analysis as the API does it — the version read, the engine's analysis (in its thread above 5,000
// works), the run kept in the history — timed end to end, twice (the second compares with the first).
// Prints a table and, last, one JSON line. Figures, not a test. Run: npx tsx bench/assistant.ts
// (BENCH_ASSISTANT_WORKS=10000,100000 sets the sizes).
import { runScheduleAnalytics } from '../src/domains/assistant';
import { calculateVersion } from '../src/domains/calculation';
import { generateLargeSchedule } from '../src/domains/demo/large';
import { benchDatabase, benchSpace, loadLine, printRows } from './bench-space';

const SIZES = (process.env.BENCH_ASSISTANT_WORKS ?? '10000,100000').split(',').map(Number);

const { db, close } = await benchDatabase();
const rows: Record<string, number | string>[] = [];
console.log(`before: ${loadLine()}`);
try {
  const { spaceId, ctx } = await benchSpace(db, { withUser: true, abilities: ['schedule.calculate'] });
  const { rows: resources } = await db.pool.query<{ id: string }>(
    `INSERT INTO resources (id, "spaceId", name, code, kind, unit, price, "updatedAt")
     VALUES (gen_random_uuid(), $1, 'Бригада', 'R-1', 'labour', 'ч', 30, now()) RETURNING id`,
    [spaceId],
  );
  for (const size of SIZES) {
    const { versionId } = await generateLargeSchedule(ctx, size);
    await calculateVersion(ctx, versionId);
    await db.pool.query(
      `UPDATE works SET "approvedStart" = "planStart", "approvedFinish" = "planFinish" - interval '1 day',
         "planVolume" = 10, "executorId" = $2
       WHERE "versionId" = $1 AND type <> 'sum'`,
      [versionId, spaceId],
    );
    await db.pool.query(
      `INSERT INTO assignments (id, "spaceId", "versionId", "workId", "resourceId", "planQuantity", "updatedAt")
       SELECT gen_random_uuid(), $1, $2, w.id, $3, 8, now()
       FROM works w WHERE w."versionId" = $2 AND w.type = 'task' AND w."sortKey" % 2 = 0`,
      [spaceId, versionId, resources[0]!.id],
    );
    for (const label of ['first run', 'second run (compared)']) {
      const started = performance.now();
      const answer = await runScheduleAnalytics(ctx, { versionId });
      rows.push({
        works: size,
        run: label,
        totalMs: Math.round(performance.now() - started),
        analysisMs: answer.run.millis,
        score: answer.analysis.score,
        dcma: `${answer.analysis.dcmaPassed}/${answer.analysis.dcmaApplicable}`,
      });
    }
  }
  printRows(rows);
} finally {
  await close();
}
