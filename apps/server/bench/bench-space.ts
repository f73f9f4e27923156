import { loadavg } from 'node:os';
import { openDatabase } from '@takt/db';
import { createTestDatabase, startTestDatabaseServer } from '@takt/db/testing';
import type { SpaceContext } from '../src/context';
import { PayloadCache } from '../src/files/payload-cache';
import { Leases } from '../src/jobs/leases';
import { createLogger } from '../src/log';

/**
 * A benchmark's own database: an embedded PostgreSQL server started for it and a fresh database there,
 * opened. `close` closes the connections, drops the database and stops the server.
 */
export async function benchDatabase() {
  const server = await startTestDatabaseServer();
  const database = await createTestDatabase(server);
  const db = openDatabase(database.url);
  const close = async () => {
    await db.close();
    await database.drop();
    await server.stop();
  };
  return { db, close };
}

/**
 * A space for a server benchmark and the context the services read (the database, the space, the
 * caller, the leases and payload cache of a process; nothing else of a request). With `withUser` the caller
 * has a user row (id = the space's id); without, `userId` is null.
 */
export async function benchSpace(
  db: ReturnType<typeof openDatabase>,
  options: { withUser: boolean; abilities?: readonly string[] },
) {
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO spaces (id, name, "updatedAt") VALUES (gen_random_uuid(), 'bench', now()) RETURNING id`,
  );
  const spaceId = rows[0]!.id;
  // The caller's user row: what a benchmark's services write for the caller (a notice) refers to it.
  if (options.withUser)
    await db.pool.query(
      `INSERT INTO users (id, login, "loginKey", email, "emailKey", "passwordHash", "firstName", "lastName", "updatedAt")
       VALUES ($1, $2, $2, $3, $3, '', 'Bench', 'User', now())`,
      [spaceId, `bench-${spaceId.slice(0, 8)}`, `bench-${spaceId}@example.test`],
    );
  const log = createLogger('warn');
  const ctx = {
    db,
    log,
    jobs: { leases: new Leases(db.pool, log) },
    payloads: new PayloadCache(),
    lang: 'ru',
    space: { spaceId, roleId: spaceId, roleName: 'bench', abilities: new Set(options.abilities ?? []) },
    session: { id: '', userId: options.withUser ? spaceId : null },
  } as unknown as SpaceContext;
  return { spaceId, ctx };
}

/** The machine's load averages as `uptime` prints them: every figure of a benchmark depends on them. */
export const loadLine = () =>
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

/**
 * A benchmark's rows as a table (a column per key, numbers aligned right), the load averages after them,
 * and last the rows as one JSON line.
 */
export function printRows(rows: readonly Record<string, number | string | boolean>[]): void {
  const keys = Object.keys(rows[0] ?? {});
  const width = (k: string) => Math.max(k.length, ...rows.map((r) => String(r[k]).length));
  const cell = (k: string, value: unknown) =>
    typeof value === 'number' ? String(value).padStart(width(k)) : String(value).padEnd(width(k));
  console.log(keys.map((k) => k.padEnd(width(k))).join('  '));
  for (const row of rows) console.log(keys.map((k) => cell(k, row[k])).join('  '));
  console.log(`after: ${loadLine()}`);
  console.log(JSON.stringify(rows));
}
