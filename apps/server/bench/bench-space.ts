import { loadavg } from 'node:os';
import type { openDatabase } from '@takt/db';
import type { SpaceContext } from '../src/context';
import { PayloadCache } from '../src/files/payload-cache';
import { Leases } from '../src/jobs/leases';
import { createLogger } from '../src/log';

/**
 * A space for a server benchmark and the context the services read (the database, the space, the
 * caller, the leases and payload cache of a process; nothing else of a request). `userId` null: a
 * caller without a user row.
 */
export async function benchSpace(
  db: ReturnType<typeof openDatabase>,
  options: { withUser: boolean; abilities?: readonly string[] },
) {
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO spaces (id, name, "updatedAt") VALUES (gen_random_uuid(), 'bench', now()) RETURNING id`,
  );
  const spaceId = rows[0]!.id;
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
