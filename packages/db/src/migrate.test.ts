import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, MigrationError } from './migrate';
import { createTestDatabase, startTestDatabaseServer, type TestDatabaseServer } from './testing';

let server: TestDatabaseServer;
beforeAll(async () => {
  server = await startTestDatabaseServer();
});
afterAll(async () => {
  await server?.stop();
});

async function withClient<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

describe('applyMigrations', () => {
  it('applies pending migrations once, with Prisma bookkeeping, and refuses an edited one', async () => {
    const db = await createTestDatabase(server);
    const dir = await mkdtemp(join(tmpdir(), 'takt-migrations-'));
    try {
      await mkdir(join(dir, '20260101000000_a'));
      await writeFile(join(dir, '20260101000000_a', 'migration.sql'), 'CREATE TABLE probe_a (id int);');
      await mkdir(join(dir, '20260102000000_b'));
      await writeFile(join(dir, '20260102000000_b', 'migration.sql'), 'CREATE TABLE probe_b (id int);');
      await withClient(db.url, async (client) => {
        expect(await applyMigrations(client, dir)).toEqual(['20260101000000_a', '20260102000000_b']);
        expect(await applyMigrations(client, dir)).toEqual([]);
        const { rows } = await client.query(
          `SELECT migration_name, applied_steps_count, finished_at IS NOT NULL AS finished, length(checksum) AS len
           FROM "_prisma_migrations" WHERE migration_name LIKE '2026010%' ORDER BY migration_name`,
        );
        expect(rows).toEqual([
          { migration_name: '20260101000000_a', applied_steps_count: 1, finished: true, len: 64 },
          { migration_name: '20260102000000_b', applied_steps_count: 1, finished: true, len: 64 },
        ]);
        await writeFile(join(dir, '20260101000000_a', 'migration.sql'), 'CREATE TABLE probe_a (id bigint);');
        await expect(applyMigrations(client, dir)).rejects.toBeInstanceOf(MigrationError);
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
      await db.drop();
    }
  });

  it('rolls a failing migration back completely', async () => {
    const db = await createTestDatabase(server);
    const dir = await mkdtemp(join(tmpdir(), 'takt-migrations-'));
    try {
      await mkdir(join(dir, '20260101000000_bad'));
      await writeFile(
        join(dir, '20260101000000_bad', 'migration.sql'),
        'CREATE TABLE half_done (id int); SELECT no_such_function();',
      );
      await withClient(db.url, async (client) => {
        await expect(applyMigrations(client, dir)).rejects.toThrow(/20260101000000_bad/);
        const { rowCount } = await client.query(`SELECT 1 FROM pg_tables WHERE tablename = 'half_done'`);
        expect(rowCount).toBe(0);
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
      await db.drop();
    }
  });

  it('gives every test file a migrated copy of the template', async () => {
    const db = await createTestDatabase(server);
    try {
      await withClient(db.url, async (client) => {
        const { rows } = await client.query(
          `SELECT table_name FROM information_schema.columns WHERE column_name = 'spaceId' ORDER BY table_name`,
        );
        expect(rows.map((r) => r.table_name)).toEqual(
          expect.arrayContaining([
            'audit_log',
            'delegations',
            'ip_allow_entries',
            'licences',
            'roles',
            'space_members',
          ]),
        );
      });
    } finally {
      await db.drop();
    }
  });
});
