import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';

export type Db = PrismaClient;

export interface Database {
  prisma: PrismaClient;
  /** The same connections for bulk SQL (unnest/COPY) where Prisma's row-by-row calls are too slow. */
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Opens the engine-free Prisma client over one shared `pg` pool. An idle connection that the server
 * ends (a restart, an administrator's terminate, a dropped test database: FATAL 57P01) is reported to
 * `onError` and replaced on next use — without a listener `pg` would rethrow it and end the process.
 */
export function openDatabase(
  url: string,
  options: { max?: number; onError?: (error: Error) => void } = {},
): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on(
    'error',
    options.onError ?? ((error) => process.stderr.write(`database connection lost: ${error.message}\n`)),
  );
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    pool,
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
