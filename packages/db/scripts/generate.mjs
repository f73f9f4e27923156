// Generates the engine-free Prisma client into packages/db/generated. The CLI insists on a schema
// engine binary path even though `generate` never runs it; any existing file satisfies it offline.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const result = spawnSync(process.execPath, [join(root, 'node_modules/prisma/build/index.js'), 'generate'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});
if (result.status !== 0) {
  process.stdout.write(result.stdout);
  process.exit(result.status ?? 1);
}
