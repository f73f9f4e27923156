import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so it holds however the server is started. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const MIGRATIONS_DIR = join(REPO_ROOT, 'prisma', 'migrations');
