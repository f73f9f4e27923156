import pg from 'pg';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';
import { applyMigrations } from './migrate';
import { MIGRATIONS_DIR } from './paths';

export interface DatabaseServer {
  /** Connection string of the application database. */
  url: string;
  embedded: EmbeddedDatabase | null;
  /** Migrations applied by this start (empty when the database was current). */
  applied: string[];
  stop(): Promise<void>;
}

/** Creates a database on a server when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export async function migrate(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await applyMigrations(client, MIGRATIONS_DIR);
  } finally {
    await client.end();
  }
}

/**
 * With `DATABASE_URL` set, uses that server; otherwise starts the embedded PostgreSQL with its data
 * in `<dataDir>/pg`. Either way the schema is brought up to date before the caller continues.
 */
export async function bootstrapDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<DatabaseServer> {
  if (options.databaseUrl) {
    const applied = await migrate(options.databaseUrl);
    return { url: options.databaseUrl, embedded: null, applied, stop: async () => {} };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, log: options.log });
  await ensureDatabase(embedded.adminUrl, 'takt');
  const url = embedded.urlFor('takt');
  const applied = await migrate(url);
  return { url, embedded, applied, stop: () => embedded.stop() };
}
