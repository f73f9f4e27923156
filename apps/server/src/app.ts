import type { IncomingMessage, RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { trpcServer } from '@hono/trpc-server';
import { Hono } from 'hono';
import type { Context, Services } from './context';
import { defaultBodyLimit, procedureLimits, trpcBodyLimit } from './http/body-limit';
import { callContext, callOrigin } from './http/call';
import { compression } from './http/compress';
import { requestIds } from './http/request-headers';
import { securityHeaders } from './http/security-headers';
import { serveWebApp } from './http/static';
import { createRestHandler, isRestPath } from './rest/adapter';
import { appRouter } from './trpc/router';
import { subscriptionChecks, withConnectionParams } from './trpc/subscriptions';

type Env = { Variables: { requestId: string; makeContext: (source: 'trpc' | 'rest') => Promise<Context> } };

/**
 * The HTTP application: the REST API (`/api/v1`) answered on Node's own request and response (see
 * rest/adapter.ts), everything else — tRPC and the web app — by the Hono application below.
 */
export function createRequestListener(services: Services): RequestListener {
  const rest = createRestHandler(services, appRouter);
  const hono = getRequestListener(createApp(services).fetch);
  return (req, res) => (isRestPath(req.url) ? rest(req, res) : hono(req, res));
}

/** tRPC and the web app. Reads top to bottom: middleware in order, then tRPC, static files. */
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

  // 4. Brotli/gzip for tRPC responses (static files are compressed once, below).
  app.use('/trpc/*', compression());

  // 5. The call context: caller address, language, bearer token.
  app.use('*', async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const origin = callOrigin(
      incoming?.headers ?? Object.fromEntries(c.req.raw.headers),
      incoming?.socket.remoteAddress,
      services.config.trustProxy,
      c.get('requestId'),
    );
    c.set('makeContext', async (source) => callContext(services, origin, source));
    await next();
  });

  // 6. Bodies are bounded while they stream, on every route, signed in or not: tRPC calls by what
  // their procedures declare (1 MB by default), REST routes in the REST adapter (uploads streamed to
  // storage), anything else by the default.
  app.use('/trpc/*', trpcBodyLimit(procedureLimits(appRouter)));
  app.use('*', async (c, next) => (c.req.path.startsWith('/trpc/') ? next() : otherBodies(c, next)));

  app.use(
    '/trpc/*',
    subscriptionChecks(appRouter, (c) => (c as import('hono').Context<Env>).get('makeContext')('trpc')),
  );
  app.use(
    '/trpc/*',
    trpcServer({
      router: appRouter,
      endpoint: '/trpc',
      // Every error body is in the caller's language (errors.ts): the reply says so, as REST's do.
      responseMeta: ({ errors }) => (errors.length > 0 ? { headers: { 'error-type': 'localized' } } : {}),
      // The adapter types contexts as plain records; ours is the typed Context the router declares.
      createContext: async (opts, c) =>
        withConnectionParams(
          await (c as unknown as import('hono').Context<Env>).get('makeContext')('trpc'),
          opts.info.connectionParams,
        ) as unknown as Record<string, unknown>,
    }),
  );
  app.use('*', serveWebApp(services.config.webDist));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
