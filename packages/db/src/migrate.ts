import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';

/**
 * Applies the checked-in migrations (Prisma's layout: `<dir>/<stamp>_<name>/migration.sql`) with
 * Prisma's own `_prisma_migrations` bookkeeping, so `prisma migrate deploy` agrees with us where its
 * native engine exists. Each migration runs in one transaction; an advisory lock keeps several
 * starting servers from migrating at once.
 */
export const MIGRATIONS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

const LOCK_KEY = 72_616_001;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly migration: string,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

export async function readMigrations(dir: string): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/** Returns the names of the migrations it applied. */
export async function applyMigrations(client: pg.ClientBase, dir: string): Promise<string[]> {
  const migrations = await readMigrations(dir);
  await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    await client.query(MIGRATIONS_TABLE_SQL);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
    }>('SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL');
    const applied = new Map(rows.map((r) => [r.migration_name, r]));
    const done: string[] = [];
    for (const migration of migrations) {
      const previous = applied.get(migration.name);
      if (previous?.finished_at) {
        if (previous.checksum !== migration.checksum) {
          throw new MigrationError(
            `Migration ${migration.name} was changed after it was applied (checksum differs)`,
            migration.name,
          );
        }
        continue;
      }
      if (previous) {
        throw new MigrationError(
          `Migration ${migration.name} failed earlier and was not rolled back; resolve it before starting`,
          migration.name,
        );
      }
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new MigrationError(
          `Migration ${migration.name} failed: ${(error as Error).message}`,
          migration.name,
        );
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
  }
}
