// A real server process for the crash tests: the same `startServer` as `npm start`, without the first-start
// seed (administrator and demo space), printing its address once it listens.
import { handOverShutdownSignals } from '@takt/db';
import { readConfig } from '../src/config';
import { createLogger } from '../src/log';
import { startServer } from '../src/server';

const config = readConfig();
const server = await startServer(config, createLogger(config.logLevel));
process.stdout.write(`listening ${server.url}\n`);
handOverShutdownSignals();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void server.stop().finally(() => process.exit(0));
  });
