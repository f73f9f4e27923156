// The server calculation round trip of big versions (10,000 and 100,000 works): the version's document
// (read, or the one the process kept after its last edit or calculation), calculated in the calculation
// thread, what changed written back in one transaction, and the payload the browsers load ready. Cases
// per size: the first calculation (every row changes); a calculation with nothing changed; a drag saved
// as one command (`works.applyEdit`: the edit, its calculation and write); a calculation after it; and a
// calculation after a change this process did not make (the document read again), which moves the
// first work of the chain and so every row after it. The calculation thread is started first, as a server
// starts it (loading it takes about a second, once). Prints a table and, last, one JSON line.
// Run: npm run bench -w @takt/server (or tsx bench/calculation.ts; BENCH_CALC_WORKS=10000,100000 sets the sizes).
import { WORK_TYPES } from '@takt/contracts';
import { decodeBinaryPayload } from '@takt/schedule';
import { calculateVersion, warmCalculationThread } from '../src/domains/calculation';
import { generateLargeSchedule } from '../src/domains/demo/large';
import { encodedPayload } from '../src/domains/versions';
import { applyEdit } from '../src/domains/works';
import { benchDatabase, benchSpace, loadLine, printRows } from './bench-space';

const SIZES = (process.env.BENCH_CALC_WORKS ?? '10000,100000').split(',').map(Number);

const { db, close } = await benchDatabase();
// As a server does at start (src/main.ts): the first calculation finds the calculation thread loaded.
warmCalculationThread();
const rows: Record<string, number | string | boolean>[] = [];
type CalculationRun = Awaited<ReturnType<typeof calculateVersion>>;
console.log(`before: ${loadLine()}`);
try {
  const { spaceId, ctx } = await benchSpace(db, {
    withUser: true,
    abilities: ['schedule.edit', 'schedule.calculate'],
  });
  for (const size of SIZES) {
    const { versionId } = await generateLargeSchedule(ctx, size);
    const record = async (label: string, started: number, run: CalculationRun | null, changed: number) => {
      const done = performance.now();
      const payload = await encodedPayload(db.pool, ctx.payloads, spaceId, versionId);
      const ready = performance.now();
      rows.push({
        works: size,
        case: label,
        changedRows: changed,
        document: run ? run.phases.document : '',
        readMs: run ? run.phases.readMs : '',
        calculateMs: run ? run.phases.calculateMs : '',
        writeMs: run ? run.phases.writeMs : '',
        serverMs: Math.round(done - started),
        payloadReadyMs: Math.round(ready - done),
        roundTripMs: Math.round(ready - started),
        payloadBytes: payload.data.byteLength,
      });
    };
    /** One calculation, then the payload as the next browser load gets it. */
    const calculation = async (label: string) => {
      const started = performance.now();
      const run = await calculateVersion(ctx, versionId);
      await record(label, started, run, run.changed);
    };
    await calculation('first calculation');
    await calculation('nothing changed');

    // A drag in the middle of the schedule: a task there gets two days longer, saved as one command.
    const before = await encodedPayload(db.pool, ctx.payloads, spaceId, versionId);
    const doc = decodeBinaryPayload(before.data);
    const row = doc.type.findIndex((type, i) => i > doc.count / 2 && WORK_TYPES[type] === 'task');
    const started = performance.now();
    const saved = await applyEdit(ctx, {
      versionId,
      revision: doc.versionRevision,
      commands: [
        { kind: 'duration', workId: doc.ids[row]!, durationMinutes: doc.durationMinutes[row]! + 2 * 480 },
      ],
    });
    await record('drag saved (edit + calculation)', started, null, saved.changes?.workIds.length ?? -1);
    await calculation('calculation after the drag');

    // A change made elsewhere (another process, a script): the first work of the chain a day longer.
    await db.pool.query(
      `UPDATE works SET "durationMinutes" = "durationMinutes" + 480 WHERE id = (
         SELECT id FROM works WHERE "versionId" = $1 AND type = 'task' ORDER BY "sortKey", id LIMIT 1)`,
      [versionId],
    );
    await calculation('after a change made elsewhere');
  }
  printRows(rows);
} finally {
  await close();
}
