import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@takt/db';

/** Configuration comes from the environment only; every value has a default for the embedded setup. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where uploaded files live (the local stand-in for S3-compatible storage). */
  filesDir: string;
  webDist: string;
  adminPassword: string | undefined;
  /** Take the client address from X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  /** `all` serves HTTP and runs background jobs; `web` only serves; `worker` only runs jobs. */
  role: 'all' | 'web' | 'worker';
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * The public keys whose signatures make a licence token valid (Ed25519, PEM or base64 SPKI):
   * `TAKT_LICENCE_PUBLIC_KEYS` and the file named by `TAKT_LICENCE_PUBLIC_KEYS_FILE`, together.
   */
  licencePublicKeys: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.TAKT_DATA_DIR ?? join(REPO_ROOT, '.data');
  const role = env.TAKT_ROLE === 'web' || env.TAKT_ROLE === 'worker' ? env.TAKT_ROLE : 'all';
  const logLevel =
    (['debug', 'info', 'warn', 'error', 'silent'] as const).find((l) => l === env.LOG_LEVEL) ?? 'info';
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    filesDir: env.TAKT_FILES_DIR ?? join(dataDir, 'files'),
    webDist: env.TAKT_WEB_DIST ?? join(REPO_ROOT, 'apps', 'web', 'dist'),
    adminPassword: env.TAKT_ADMIN_PASSWORD || undefined,
    trustProxy: env.TAKT_TRUST_PROXY === '1' || env.TAKT_TRUST_PROXY === 'true',
    role,
    logLevel,
    licencePublicKeys: [
      env.TAKT_LICENCE_PUBLIC_KEYS ?? '',
      env.TAKT_LICENCE_PUBLIC_KEYS_FILE ? readFileSync(env.TAKT_LICENCE_PUBLIC_KEYS_FILE, 'utf8') : '',
    ].join('\n'),
  };
}
