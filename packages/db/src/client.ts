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

/** Opens the engine-free Prisma client over one shared `pg` pool. */
export function openDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
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
