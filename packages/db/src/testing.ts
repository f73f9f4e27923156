import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from './bootstrap';
import { startEmbeddedPostgres } from './embedded';
import { readMigrations } from './migrate';
import { MIGRATIONS_DIR } from './paths';

/**
 * Test databases: one PostgreSQL server per test run (the one `DATABASE_URL` names, or an embedded
 * one in a temporary folder), one migrated template database on it, and a fresh copy of the template
 * per test file (`CREATE DATABASE … TEMPLATE`, ~50 ms, instead of migrating every time).
 */
export interface TestDatabaseServer {
  /** A connection string on the server from which databases can be created. */
  adminUrl: string;
  template: string;
  stop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function run(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Called once per test run (vitest globalSetup). */
export async function startTestDatabaseServer(): Promise<TestDatabaseServer> {
  let adminUrl: string;
  let stopServer = async () => {};
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), 'takt-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir, durable: false });
    adminUrl = embedded.adminUrl;
    stopServer = async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  // The template's name carries a hash of the migrations, so a changed schema gets a new template.
  const migrations = await readMigrations(MIGRATIONS_DIR);
  const hash = createHash('sha256')
    .update(migrations.map((m) => m.checksum).join())
    .digest('hex')
    .slice(0, 12);
  const template = `takt_template_${hash}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!rowCount) {
      const building = `${template}_${randomBytes(3).toString('hex')}`;
      await client.query(`CREATE DATABASE "${building}"`);
      await migrate(withDatabase(adminUrl, building));
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`).catch(async () => {
        // Another run built the same template meanwhile; keep theirs.
        await client.query(`DROP DATABASE IF EXISTS "${building}"`);
      });
    }
  } finally {
    await client.end();
  }
  return { adminUrl, template, stop: stopServer };
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database copied from the migrated template. */
export async function createTestDatabase(server: {
  adminUrl: string;
  template: string;
}): Promise<TestDatabase> {
  const name = `takt_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await run(server.adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${server.template}"`);
  return {
    url: withDatabase(server.adminUrl, name),
    drop: () => run(server.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
