// The server calculation round trip of big versions (10,000 and 100,000 works): read the version's
// columns, calculate in the calculation thread, write back what changed in one transaction, and have
// the payload the browsers reload ready in the cache. Three cases per size: the first calculation (every
// row changes), a recalculation after one edit (a few rows change) and one with nothing changed.
// Prints a table and, last, one JSON line. Run: npm run bench -w @takt/server (or tsx bench/calculation.ts;
// BENCH_CALC_WORKS=10000,100000 sets the sizes).
import { loadavg } from 'node:os';
import { openDatabase } from '@takt/db';
import { createTestDatabase, startTestDatabaseServer } from '@takt/db/testing';
import { calculateVersion } from '../src/domains/calculation';
import { generateLargeSchedule } from '../src/domains/demo/large';
import { encodedPayload } from '../src/domains/versions';
import { benchSpace } from './bench-space';

const SIZES = (process.env.BENCH_CALC_WORKS ?? '10000,100000').split(',').map(Number);
const load = () =>
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

const server = await startTestDatabaseServer();
const database = await createTestDatabase(server);
const db = openDatabase(database.url);
const rows: Record<string, number | string | boolean>[] = [];
console.log(`before: ${load()}`);
try {
  const { spaceId, ctx } = await benchSpace(db, { withUser: true });
  for (const size of SIZES) {
    const { versionId } = await generateLargeSchedule(ctx, size);
    /** One calculation, then the payload as the next browser reload gets it (from the cache the run primed). */
    const roundTrip = async (label: string) => {
      const t0 = performance.now();
      const run = await calculateVersion(ctx, versionId);
      const calculated = performance.now();
      const payload = await encodedPayload(db.pool, ctx.payloads, spaceId, versionId);
      const ready = performance.now();
      rows.push({
        works: size,
        case: label,
        changedRows: run.changed,
        readMs: run.phases.readMs,
        calculateMs: run.phases.calculateMs,
        writeMs: run.phases.writeMs,
        calculationMs: Math.round(calculated - t0),
        payloadReadyMs: Math.round(ready - calculated),
        roundTripMs: Math.round(ready - t0),
        payloadBytes: payload.data.byteLength,
      });
    };
    await roundTrip('first calculation');
    // One edit: the first work of the chain gets a day longer, which moves what follows it.
    await db.pool.query(
      `UPDATE works SET "durationMinutes" = "durationMinutes" + 480 WHERE id = (
         SELECT id FROM works WHERE "versionId" = $1 AND type = 'task' ORDER BY "sortKey", id LIMIT 1)`,
      [versionId],
    );
    await roundTrip('after one edit');
    await roundTrip('nothing changed');
  }
  const keys = Object.keys(rows[0]!);
  console.log(keys.map((k) => k.padStart(Math.max(k.length, 8))).join(' '));
  for (const row of rows)
    console.log(keys.map((k) => String(row[k]).padStart(Math.max(k.length, 8))).join(' '));
  console.log(`after: ${load()}`);
  console.log(JSON.stringify(rows));
} finally {
  await db.close();
  await database.drop();
  await server.stop();
}
