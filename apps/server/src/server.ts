import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bootstrapDatabase, openDatabase } from '@takt/db';
import { createRequestListener } from './app';
import type { Config } from './config';
import type { AuthedContext, Services } from './context';
import { versionNotices } from './db/notices';
import { SharedReads } from './db/shared-reads';
import { pruneAnalyticAnswers } from './domains/analytics';
import { registerBackupWorkers } from './domains/backups';
import { registerBimWorkers } from './domains/bim';
import { recoverInterruptedCalculations } from './domains/calculation';
import { registerInterchangeWorkers } from './domains/interchange';
import { registerReportWorkers } from './domains/reports';
import { resumeSpaceDeletions, runSpaceDeletion, SPACE_DELETION_JOB } from './domains/spaces';
import { PayloadCache } from './files/payload-cache';
import { openLocalFileStorage } from './files/storage';
import { cleanUpFiles, FILE_CLEANUP_CRON, FILE_CLEANUP_JOB } from './jobs/file-cleanup';
import { startJobQueue } from './jobs/queue';
import { pruneLiveEvents, stopLive } from './live';
import { createLogger, type Logger } from './log';

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  stop(): Promise<void>;
}

/** A context for work the system does on a user's behalf (seeding, jobs), outside any request. */
export function systemContext(services: Services, userId: string): AuthedContext {
  return {
    ...services,
    source: 'rest',
    requestId: randomUUID(),
    ip: '127.0.0.1',
    userAgent: null,
    lang: 'ru',
    token: null,
    session: { id: '', userId },
    space: null,
  };
}

export async function registerWorkers(services: Services): Promise<void> {
  await services.jobs.work(SPACE_DELETION_JOB, (data) =>
    runSpaceDeletion(services, data as { spaceId: string; jobId: string }),
  );
  // Work whose process died is taken over within seconds: deletions resume, calculations are released.
  services.jobs.supervise('space-deletion', () => resumeSpaceDeletions(services));
  services.jobs.supervise('calculation', () => recoverInterruptedCalculations(services.db.pool));
  await registerInterchangeWorkers(services);
  await registerReportWorkers(services);
  await registerBackupWorkers(services);
  await registerBimWorkers(services);
  // Expired files and bytes no row refers to are removed periodically, by one worker at a time.
  await services.jobs.schedule(FILE_CLEANUP_JOB, FILE_CLEANUP_CRON, async () => {
    await cleanUpFiles(services);
    await pruneLiveEvents(services.db.pool);
    await pruneAnalyticAnswers(services.db.pool);
  });
}

/**
 * Starts everything one process runs: database (embedded or DATABASE_URL) with migrations, the job
 * queue and its workers (roles `all`/`worker`), and the HTTP server (roles `all`/`web`).
 */
export async function startServer(
  config: Config,
  log: Logger = createLogger(config.logLevel),
): Promise<RunningServer> {
  const database = await bootstrapDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (line) => log.debug('postgres', { line }),
  });
  if (database.applied.length) log.info('migrations applied', { migrations: database.applied });
  const db = openDatabase(database.url, {
    max: 20,
    onError: (error) => log.warn('idle database connection lost', { err: error }),
  });
  const interrupted = await recoverInterruptedCalculations(db.pool);
  if (interrupted) log.warn('interrupted calculations reset', { versions: interrupted });
  const jobs = await startJobQueue(database.url, log);
  const services: Services = {
    db,
    config,
    log,
    files: await openLocalFileStorage(config.filesDir),
    jobs,
    payloads: new PayloadCache(),
    reads: new SharedReads(),
    notices: versionNotices(db.pool, log),
  };
  if (config.role !== 'web') await registerWorkers(services);

  let httpServer: HttpServer | null = null;
  let port = config.port;
  if (config.role !== 'worker') {
    // Idle connections stay open longer than clients and proxies keep them (Node's 5 s is shorter than
    // most): a server that closes a connection a client is just reusing — likelier while its event loop
    // is busy — resets that client's request.
    const server = createServer(
      { keepAliveTimeout: 65_000, headersTimeout: 66_000 },
      createRequestListener(services),
    );
    await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
    httpServer = server;
    port = (server.address() as AddressInfo).port;
  }
  const url = `http://localhost:${port}`;
  return {
    url,
    port,
    services,
    async stop() {
      // Open live updates end first: their connections would keep the HTTP server from closing.
      await services.notices.stop();
      await stopLive(services.db.pool);
      if (httpServer) await new Promise<void>((resolve) => httpServer!.close(() => resolve()));
      // A database already going down (a terminal's Ctrl-C reaches the embedded PostgreSQL too) must not
      // keep the rest from stopping: leases not given up simply expire.
      await jobs.stop().catch((error: unknown) => log.warn('job queue not stopped cleanly', { err: error }));
      await db.close();
      await database.stop();
    },
  };
}
