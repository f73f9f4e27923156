import { DEFAULT_LANGUAGE, LANGUAGES } from '@takt/contracts';
import { guideSections } from '@takt/i18n';
import type { Context } from '../../context';

const STARTED = Date.now();
/** This server's version: a licence may ask for a version at least this high. */
export const APP_VERSION = '0.1.0';

export function systemState() {
  return {
    allowed_langs: [...LANGUAGES],
    default_lang: DEFAULT_LANGUAGE,
    version: APP_VERSION,
    registration_open: true,
  };
}

export async function healthCheck(ctx: Context) {
  const started = performance.now();
  let ok = true;
  try {
    await ctx.db.pool.query('SELECT 1');
  } catch {
    ok = false;
  }
  return {
    status: ok ? ('ok' as const) : ('fail' as const),
    database: { ok, latencyMs: Math.round((performance.now() - started) * 100) / 100 },
    uptimeSeconds: Math.round((Date.now() - STARTED) / 1000),
  };
}

export function guide(ctx: Context) {
  return { sections: guideSections(ctx.lang) };
}

export function reportClientError(
  ctx: Context,
  input: { message: string; stack?: string | undefined; url?: string | undefined },
) {
  ctx.log.warn('client error', { requestId: ctx.requestId, ip: ctx.ip, ...input });
  return { success: true as const };
}
