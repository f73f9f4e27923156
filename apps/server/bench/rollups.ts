// The summary roll-up of a big version written after an edit (`rollUpStoredSummaries`,
// docs/product-rules.md "Summary roll-ups"): at 10,000 and 100,000 works, the version calculated once
// (so this process keeps its document, as it does after any edit or calculation it made), then:
// the whole version rolled up (the document kept) and the summaries above one work (its branch read
// from the database), with nothing to change; a work's progress entered in the grid (`works.update`: the edit,
// its roll-up and its undo record); that edit undone; and after a change this process did not make (a
// work's progress written by another process) the summaries above it, then the whole version again
// (the document patched with the rows changed).
// Prints a table and, last, one JSON line. Figures, not a test: nothing here fails on a slow machine.
// Run: npx tsx bench/rollups.ts (BENCH_ROLLUP_WORKS=10000,100000 sets the sizes).
import { calculateVersion, rollUpStoredSummaries, rollUpSummariesAbove } from '../src/domains/calculation';
import { generateLargeSchedule } from '../src/domains/demo/large';
import { applyUndo } from '../src/domains/undo';
import { updateWork } from '../src/domains/works';
import { benchDatabase, benchSpace, loadLine, printRows } from './bench-space';

const SIZES = (process.env.BENCH_ROLLUP_WORKS ?? '10000,100000').split(',').map(Number);

const { db, close } = await benchDatabase();
const rows: Record<string, number | string>[] = [];
console.log(`before: ${loadLine()}`);
try {
  const { spaceId, ctx } = await benchSpace(db, {
    withUser: true,
    abilities: ['schedule.edit', 'schedule.calculate'],
  });
  for (const size of SIZES) {
    const { versionId } = await generateLargeSchedule(ctx, size);
    await calculateVersion(ctx, versionId);
    const timed = async (label: string, run: () => Promise<number | null>) => {
      const started = performance.now();
      const written = await run();
      rows.push({
        works: size,
        case: label,
        summariesWritten: written ?? '',
        ms: Math.round(performance.now() - started),
      });
    };
    const task = async (offset: number) =>
      (
        await db.pool.query<{ id: string; revision: number }>(
          `SELECT id, revision FROM works WHERE "versionId" = $1 AND type = 'task' ORDER BY "sortKey", id OFFSET $2 LIMIT 1`,
          [versionId, offset],
        )
      ).rows[0]!;

    const edited = await task(Math.floor(size / 2));
    await timed('whole version (document kept), nothing changed', () =>
      rollUpStoredSummaries(db.pool, spaceId, versionId),
    );
    await timed(
      'above one work, nothing changed',
      async () => (await rollUpSummariesAbove(db.pool, spaceId, versionId, [edited.id])).length,
    );
    await timed('progress edited (edit + roll-up + undo record)', async () => {
      await updateWork(ctx, {
        versionId,
        workId: edited.id,
        revision: edited.revision,
        progress: 50,
        status: 'in_progress',
      });
      return null;
    });
    await timed('the edit undone (undo + roll-up)', async () => {
      await applyUndo(ctx, { versionId });
      return null;
    });
    const elsewhere = await task(7);
    await db.pool.query(`UPDATE works SET progress = 30, status = 'in_progress' WHERE id = $1`, [
      elsewhere.id,
    ]);
    await timed(
      'above a work changed elsewhere',
      async () => (await rollUpSummariesAbove(db.pool, spaceId, versionId, [elsewhere.id])).length,
    );
    await db.pool.query(`UPDATE works SET progress = 60 WHERE id = $1`, [elsewhere.id]);
    await timed('whole version after a change made elsewhere', () =>
      rollUpStoredSummaries(db.pool, spaceId, versionId),
    );
  }
  printRows(rows);
} finally {
  await close();
}
