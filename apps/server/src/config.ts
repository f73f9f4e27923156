import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIGN_IN_SLOTS, type SignInSlot } from '@takt/contracts';
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
  /** The address users reach the server at (redirects of directory sign-in); else the request's host. */
  publicUrl: string | undefined;
  /** Sign-in providers set by the environment (`TAKT_SIGNIN_<SLOT>_<SETTING>`), by slot. */
  signInEnvironment: Partial<Record<SignInSlot, Record<string, string>>>;
  /**
   * The public keys whose signatures make a licence token valid (Ed25519, PEM or base64 SPKI):
   * `TAKT_LICENCE_PUBLIC_KEYS` and the file named by `TAKT_LICENCE_PUBLIC_KEYS_FILE`, together.
   */
  licencePublicKeys: string;
  /** A space copied from another Takt server: its archive's size at most (`TAKT_REMOTE_COPY_MAX_MB`, default 2048). */
  remoteArchiveMaxBytes: number;
}

/**
 * The `TAKT_SIGNIN_<SLOT>_<SETTING>` variables, e.g. `TAKT_SIGNIN_OPENIDCONNECT_CLIENT_ID`, as settings
 * by slot with camel-cased names (`clientId`). A slot with any such variable is set by the environment.
 */
function signInEnvironmentOf(env: NodeJS.ProcessEnv): Config['signInEnvironment'] {
  const found: Config['signInEnvironment'] = {};
  for (const slot of SIGN_IN_SLOTS) {
    const prefix = `TAKT_SIGNIN_${slot.toUpperCase()}_`;
    for (const [name, value] of Object.entries(env)) {
      if (!name.startsWith(prefix) || value === undefined || value === '') continue;
      const setting = name
        .slice(prefix.length)
        .toLowerCase()
        .replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      found[slot] = { ...found[slot], [setting]: value };
    }
  }
  return found;
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
    publicUrl: env.TAKT_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    signInEnvironment: signInEnvironmentOf(env),
    licencePublicKeys: [
      env.TAKT_LICENCE_PUBLIC_KEYS ?? '',
      env.TAKT_LICENCE_PUBLIC_KEYS_FILE ? readFileSync(env.TAKT_LICENCE_PUBLIC_KEYS_FILE, 'utf8') : '',
    ].join('\n'),
    remoteArchiveMaxBytes: Math.max(1, Number(env.TAKT_REMOTE_COPY_MAX_MB) || 2048) * 1024 * 1024,
  };
}
