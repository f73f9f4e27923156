import { getConnInfo } from '@hono/node-server/conninfo';
import { trpcServer } from '@hono/trpc-server';
import { LANGUAGES, type Language } from '@takt/contracts';
import { resolveLanguage } from '@takt/i18n';
import { Hono } from 'hono';
import type { Context, Services } from './context';
import { defaultBodyLimit, procedureLimits, trpcBodyLimit } from './http/body-limit';
import { compression } from './http/compress';
import { requestHeader, requestIds } from './http/request-headers';
import { securityHeaders } from './http/security-headers';
import { serveWebApp } from './http/static';
import { createRestApi } from './rest/adapter';
import { appRouter } from './trpc/router';

type Env = { Variables: { requestId: string; makeContext: (source: 'trpc' | 'rest') => Promise<Context> } };

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** The HTTP application. Reads top to bottom: middleware in order, then tRPC, REST, static files. */
export function createApp(services: Services): Hono<Env> {
  const app = new Hono<Env>();
  const otherBodies = defaultBodyLimit();

  // 1. Every request gets an id, echoed in X-Request-Id and in every log line and error body.
  app.use('*', requestIds());

  // 2. One structured access-log line per request.
  app.use('*', async (c, next) => {
    if (!services.log.enabled('info')) return next();
    const started = performance.now();
    await next();
    services.log.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  // 3. Security headers; scripts and workers only from our origin (WebAssembly allowed for IFC).
  app.use('*', securityHeaders());

  // 4. Brotli/gzip for API responses (static files are compressed once, below).
  app.use('/trpc/*', compression());
  app.use('/api/*', compression());

  // 5. The call context: caller address, language, bearer token.
  app.use('*', async (c, next) => {
    const forwarded = services.config.trustProxy
      ? requestHeader(c, 'x-forwarded-for')?.split(',')[0]?.trim()
      : undefined;
    let ip = forwarded ?? '';
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address ?? '';
      } catch {
        ip = '';
      }
    }
    const lang: Language = resolveLanguage(
      requestHeader(c, 'x-language') ?? requestHeader(c, 'accept-language') ?? null,
      [...LANGUAGES],
    );
    c.set('makeContext', async (source) => ({
      ...services,
      log: services.log.child({ requestId: c.get('requestId') }),
      source,
      requestId: c.get('requestId'),
      ip: ip || '127.0.0.1',
      userAgent: requestHeader(c, 'user-agent') ?? null,
      lang,
      token: bearerToken(requestHeader(c, 'authorization')),
      session: null,
      space: null,
    }));
    await next();
  });

  // 6. Bodies are bounded while they stream, on every route, signed in or not: tRPC calls by what
  // their procedures declare (1 MB by default), REST routes in the REST adapter (uploads streamed to
  // storage), anything else by the default.
  app.use('/trpc/*', trpcBodyLimit(procedureLimits(appRouter)));
  app.use('*', async (c, next) =>
    c.req.path.startsWith('/trpc/') || c.req.path.startsWith('/api/v1/') ? next() : otherBodies(c, next),
  );

  app.use(
    '/trpc/*',
    trpcServer({
      router: appRouter,
      endpoint: '/trpc',
      // The adapter types contexts as plain records; ours is the typed Context the router declares.
      createContext: (_opts, c) =>
        (c as unknown as import('hono').Context<Env>).get('makeContext')('trpc') as unknown as Promise<
          Record<string, unknown>
        >,
    }),
  );
  app.route('/api/v1', createRestApi(appRouter));
  app.use('*', serveWebApp(services.config.webDist));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
