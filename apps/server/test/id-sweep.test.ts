import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from './fixtures';
import {
  callProcedure,
  demoSpacesOfTwo,
  destructiveLast,
  type IdPool,
  idPaths,
  idsFor,
  PROCEDURES,
  type ProcedureInfo,
  rng,
  sample,
  setAt,
} from './procedure-inputs';

/**
 * The cross-space id sweep: a member of space B calls every space procedure on *its own* space, with a
 * valid input in which one id at a time is replaced by an id of space A — a version, a work, an
 * assignment to follow, a calendar, a user… Procedures and their id fields come from the router and the
 * procedures' own schemas, so what is added later is swept too. Nothing of A may change, no row of B may
 * come to refer to a row of A, and no answer may carry an id of A that the caller did not send.
 */
const SEED = 0x1d5;
/** Ending the caller's session or space, or building 100,000 works, is not what this sweep is about. */
const SKIPPED = new Set(['auth.logout', 'space.delete', 'scheduleDemo.largeSchedule']);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const t = serverForFile();
let token: string;
let own: IdPool;
let foreign: IdPool;
/** Every id of every row of space A, and the members' user ids. */
let foreignIds: Set<string>;
let tenantTables: { table: string; columns: string[] }[];

/** A fingerprint of every row of space A, per table. */
async function snapshotOf(spaceId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { table } of tenantTables) {
    const [row] = await t.sql<{ hash: string | null }>(
      `SELECT md5(string_agg(r::text, '|' ORDER BY r::text)) AS hash FROM "${table}" r WHERE r."spaceId" = $1`,
      [spaceId],
    );
    out[table] = row?.hash ?? '';
  }
  return out;
}

beforeAll(async () => {
  ({ token, own, foreign } = await demoSpacesOfTwo(t, ['ids-owner', 'Owner'], ['ids-caller', 'Caller']));
  const columns = await t.sql<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
      WHERE c.table_schema = 'public' AND c.data_type = 'uuid' AND c.column_name NOT IN ('id', 'spaceId')
        AND c.table_name IN (SELECT table_name FROM information_schema.columns
                              WHERE table_schema = 'public' AND column_name = 'spaceId')`,
  );
  const tables = await t.sql<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'spaceId'`,
  );
  tenantTables = tables.map(({ table_name }) => ({
    table: table_name,
    columns: columns.filter((c) => c.table_name === table_name).map((c) => c.column_name),
  }));
  foreignIds = new Set(foreign.users);
  for (const { table } of tenantTables) {
    const hasId = await t.sql(
      `SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name = 'id' AND data_type = 'uuid'`,
      [table],
    );
    if (!hasId.length) continue;
    for (const { id } of await t.sql<{ id: string }>(`SELECT id FROM "${table}" WHERE "spaceId" = $1`, [
      foreign.spaceId,
    ]))
      foreignIds.add(id);
  }
}, 300_000);

/** One call per id field of the procedure's input, that field holding an id of space A. */
function callsOf(
  procedure: ProcedureInfo,
  random: ReturnType<typeof rng>,
): { input: unknown; sent: string }[] {
  const calls: { input: unknown; sent: string }[] = [];
  for (const path of idPaths(procedure.input)) {
    const input = sample(procedure.input, { pool: own, random, optionals: true });
    const candidates = idsFor(foreign, path);
    if (!candidates.length) continue;
    const sent = random.pick(candidates);
    calls.push({ input: setAt(structuredClone(input ?? {}), path, sent), sent });
  }
  return calls;
}

describe('cross-space id sweep', () => {
  it('no procedure of space B reads, changes or links to a row of space A by its id', async () => {
    const before = await snapshotOf(foreign.spaceId);
    const random = rng(SEED);
    const leaks: string[] = [];
    let calls = 0;
    const statuses = new Map<number, number>();
    const swept = destructiveLast(
      PROCEDURES.filter((p) => p.meta?.access === 'space' && !SKIPPED.has(p.path)),
    );
    for (const procedure of swept) {
      for (const { input, sent } of callsOf(procedure, random)) {
        const reply = await callProcedure(t.url, procedure, input, token);
        calls++;
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (reply.status >= 500) leaks.push(`${procedure.path}: ${reply.status} ${reply.text.slice(0, 200)}`);
        if (reply.status >= 300) continue;
        const carried = [...new Set(reply.text.match(UUID) ?? [])].filter(
          (id) => id !== sent && foreignIds.has(id),
        );
        if (carried.length)
          leaks.push(
            `${procedure.path} answered with ${carried.length} id(s) of space A, e.g. ${carried[0]}`,
          );
      }
    }
    const answers = [...statuses].sort((x, y) => x[0] - y[0]).map(([status, n]) => `${status}×${n}`);
    console.info(
      `id sweep: ${calls} calls over ${swept.length} space procedures, answers ${answers.join(' ')}`,
    );
    expect(calls).toBeGreaterThan(200);

    // Nothing of A changed.
    const after = await snapshotOf(foreign.spaceId);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed).toEqual([]);

    // No row of B refers to a row of A.
    await t.sql('CREATE TABLE sweep_foreign_ids (id uuid PRIMARY KEY)');
    await t.sql('INSERT INTO sweep_foreign_ids SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING', [
      [...foreignIds],
    ]);
    for (const { table, columns } of tenantTables)
      for (const column of columns) {
        const [row] = await t.sql<{ n: string }>(
          `SELECT count(*) AS n FROM "${table}" r WHERE r."spaceId" = $1 AND r."${column}" IN (SELECT id FROM sweep_foreign_ids)`,
          [own.spaceId],
        );
        if (Number(row!.n) > 0) leaks.push(`${table}.${column}: ${row!.n} row(s) of B refer to rows of A`);
      }
    expect(leaks).toEqual([]);
  }, 600_000);
});
