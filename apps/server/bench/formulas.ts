// Formula attributes of a big version (docs/product-rules.md, "Formulas"): at 100,000 works, a rate
// attribute entered on every work, then three formulas saved one after another (each save computes its
// values in the schedule's current version): `duration * Rate`, `attr("Cost") / max(duration, 1)` over the
// first, and a text from the code and a condition. Then attribute-calculate of the whole version with
// nothing to change, again after every work's duration changed (every value written), and one work edited in
// the grid (the edit, its roll-up and its formulas in one transaction).
// Prints a table and, last, one JSON line. Figures, not a test: nothing here fails on a slow machine.
// Run: npx tsx bench/formulas.ts (BENCH_FORMULA_WORKS=10000,100000 sets the sizes).
import { calculateFormulas, createAttribute } from '../src/domains/attributes';
import { generateLargeSchedule } from '../src/domains/demo/large';
import { updateWork } from '../src/domains/works';
import { benchDatabase, benchSpace, loadLine, printRows } from './bench-space';

const SIZES = (process.env.BENCH_FORMULA_WORKS ?? '100000').split(',').map(Number);

const { db, close } = await benchDatabase();
const rows: Record<string, number | string>[] = [];
console.log(`before: ${loadLine()}`);
try {
  const { spaceId, ctx } = await benchSpace(db, { withUser: true, abilities: ['schedule.edit'] });
  for (const size of SIZES) {
    const { versionId } = await generateLargeSchedule(ctx, size);
    const { rows: versions } = await db.pool.query<{ scheduleId: string }>(
      `SELECT "scheduleId" FROM versions WHERE id = $1`,
      [versionId],
    );
    const scheduleId = versions[0]!.scheduleId;
    const timed = async (label: string, run: () => Promise<number | null>) => {
      const started = performance.now();
      const written = await run();
      rows.push({
        works: size,
        case: label,
        written: written ?? '',
        ms: Math.round(performance.now() - started),
      });
    };
    const rate = await createAttribute(ctx, { name: 'Rate', valueType: 'money', scheduleId });
    await db.pool.query(
      `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
       SELECT $1, id, $2, to_jsonb(100 + (hashtext(id::text) & 1023)) FROM works WHERE "versionId" = $3`,
      [spaceId, rate.id, versionId],
    );
    const formulas: [string, 'money' | 'number' | 'string', string][] = [
      ['Cost', 'money', 'duration * Rate'],
      ['Per day', 'number', 'attr("Cost") / max(duration, 1)'],
      ['Label', 'string', 'text(code, progress > 50 ? " late" : " early")'],
    ];
    for (const [name, valueType, formula] of formulas)
      await timed(`saved: ${formula}`, async () => {
        await createAttribute(ctx, { name, valueType, scheduleId, formula });
        return null;
      });
    await timed('attribute-calculate, nothing changed', async () => {
      return (await calculateFormulas(ctx, { versionId })).written;
    });
    await db.pool.query(
      `UPDATE works SET "durationMinutes" = "durationMinutes" + 480 WHERE "versionId" = $1`,
      [versionId],
    );
    await timed('attribute-calculate, every duration changed', async () => {
      return (await calculateFormulas(ctx, { versionId })).written;
    });
    const { rows: tasks } = await db.pool.query<{ id: string; revision: number }>(
      `SELECT id, revision FROM works WHERE "versionId" = $1 AND type = 'task' ORDER BY "sortKey", id OFFSET $2 LIMIT 1`,
      [versionId, Math.floor(size / 2)],
    );
    const task = tasks[0]!;
    await timed('one work edited in the grid (edit + formulas)', async () => {
      await updateWork(ctx, { versionId, workId: task.id, revision: task.revision, durationMinutes: 4800 });
      return null;
    });
  }
  printRows(rows);
} finally {
  await close();
}
