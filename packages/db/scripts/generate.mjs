// Generates the engine-free Prisma client and the Kysely table types into packages/db/generated. The
// CLI insists on a schema engine binary path even though `generate` never runs it; any existing file
// satisfies it offline. The Kysely generator is a command Prisma looks up on PATH, which a plain
// `node` run (postinstall) does not extend with node_modules/.bin the way `npm run`/`npx` do.
import { spawnSync } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const result = spawnSync(process.execPath, [join(root, 'node_modules/prisma/build/index.js'), 'generate'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
    PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
if (result.status !== 0) {
  process.stdout.write(result.stdout);
  process.exit(result.status ?? 1);
}
