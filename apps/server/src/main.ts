import { handOverShutdownSignals } from '@takt/db';
import { readConfig } from './config';
import { warmCalculationThread } from './domains/calculation';
import { withDemoLicenceKey } from './domains/licences';
import { createLogger } from './log';
import { seed } from './seed';
import { startServer } from './server';

// On its own PostgreSQL without licence keys (the demo start) the server trusts a key pair of its own.
const { config, demoKey } = withDemoLicenceKey(readConfig());
const log = createLogger(config.logLevel);

const server = await startServer(config, log);
// Loaded now rather than by the first big calculation, which would wait about a second for it.
if (config.role !== 'web') warmCalculationThread();
if (config.role !== 'worker') {
  const admin = await seed(server.services, demoKey);
  const lines = [
    '',
    `  Takt is running at ${server.url}`,
    `  Sign in as "${admin.login}"${admin.password ? ` with password "${admin.password}"` : ' (password set by TAKT_ADMIN_PASSWORD)'}`,
    admin.demoSpaceId ? `  Demo space: ${server.url}/${admin.demoSpaceId}` : '',
    `  Database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}`,
    demoKey
      ? `  Licences: signed by the demo key ${demoKey.file} (TAKT_LICENCE_PUBLIC_KEYS for your own)`
      : '',
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
