import { handOverShutdownSignals } from '@takt/db';
import { readConfig } from './config';
import { warmCalculationThread } from './domains/calculation';
import { createLogger } from './log';
import { seed } from './seed';
import { startServer } from './server';

const config = readConfig();
const log = createLogger(config.logLevel);

const server = await startServer(config, log);
// Loaded now rather than by the first big calculation, which would wait about a second for it.
if (config.role !== 'web') warmCalculationThread();
if (config.role !== 'worker') {
  const admin = await seed(server.services);
  const lines = [
    '',
    `  Takt is running at ${server.url}`,
    `  Sign in as "${admin.login}"${admin.password ? ` with password "${admin.password}"` : ' (password set by TAKT_ADMIN_PASSWORD)'}`,
    admin.demoSpaceId ? `  Demo space: ${server.url}/${admin.demoSpaceId}` : '',
    `  Database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}`,
    '',
  ];
  process.stdout.write(`${lines.filter((l, i) => l || i === 0 || i === lines.length - 1).join('\n')}\n`);
}

// This process stops the embedded database itself, after the requests and the jobs.
handOverShutdownSignals();
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    await server.stop();
    process.exit(0);
  });
}
