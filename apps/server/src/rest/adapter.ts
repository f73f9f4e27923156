import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Context } from '../context';
import { AppError, appErrorOf, errorBody, httpStatusOf } from '../errors';
import type { FileStorage } from '../files/storage';
import { BodyRefused, procedureLimits, readBodyLimited, refusedBody } from '../http/body-limit';
import { preferredEncoding } from '../http/compress';
import type { AppRouter } from '../trpc/router';
import { readMultipart } from './multipart';
import { REST_ROUTES, type RestRoute } from './table';

type HonoEnv = { Variables: { makeContext: (source: 'rest') => Promise<Context> } };
type Procedure = (ctx: Context, input: unknown) => Promise<unknown>;

/** What a procedure returns to be sent as raw bytes over REST rather than as JSON. */
export interface FileResult {
  file: true;
  contentType: string;
  data: Uint8Array;
  cacheControl?: string;
  fileName?: string;
  /** `data` already compressed with brotli: sent as is (`content-encoding: br`) when the client accepts it. */
  brotli?: Uint8Array;
}

function coerce(value: string, kind: 'number' | 'boolean'): unknown {
  if (kind === 'boolean') return value === 'true' || value === '1';
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

/**
 * The body of a REST call as procedure input, read within its limit: multipart files are streamed to
 * storage and cut at the route's upload limit, anything else is read up to the procedure's limit.
 */
async function readBody(
  request: Request,
  limits: { uploadBytes: number; bodyBytes: number },
  storage: FileStorage,
): Promise<Record<string, unknown>> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return readMultipart(request, storage, limits.uploadBytes);
  const text = new TextDecoder().decode(await readBodyLimited(request, limits.bodyBytes));
  if (!text.trim()) return {};
  if (type.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { body: parsed };
  } catch {
    throw new AppError('BadRequest');
  }
}

/** The router's procedure behind a REST route, as tRPC's server-side caller invokes it. */
type RouterProcedure = ((opts: {
  ctx: Context;
  path: string;
  type: 'query' | 'mutation';
  getRawInput: () => Promise<unknown>;
  signal: AbortSignal | undefined;
}) => Promise<unknown>) & { _def: { type: 'query' | 'mutation' | 'subscription' } };

/**
 * A route's procedure, found once when the API is built (a caller proxy per request walked the router
 * by name on every call): invoked as tRPC's own `createCaller` does, through every middleware.
 */
function procedureAt(router: AppRouter, path: string): Procedure {
  const procedure = (router._def.procedures as unknown as Record<string, RouterProcedure | undefined>)[path];
  if (typeof procedure !== 'function') throw new Error(`REST table names an unknown procedure: ${path}`);
  const type = procedure._def.type === 'query' ? 'query' : 'mutation';
  return (ctx, input) => procedure({ ctx, path, type, getRawInput: async () => input, signal: undefined });
}

export function createRestApi(router: AppRouter): Hono<HonoEnv> {
  const api = new Hono<HonoEnv>();
  const limits = procedureLimits(router);

  const handle = (route: RestRoute) => {
    const call = procedureAt(router, route.procedure);
    return async (c: import('hono').Context<HonoEnv>) => {
      const ctx = await c.get('makeContext')('rest');
      const bodyBytes = limits.limitOf(route.procedure);
      try {
        const body = await readBody(
          c.req.raw,
          { uploadBytes: route.uploadBytes ?? bodyBytes, bodyBytes },
          ctx.files,
        );
        const query: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(c.req.query())) {
          const kind = route.coerce?.[key];
          query[key] = kind ? coerce(value, kind) : value;
        }
        const input: Record<string, unknown> = { ...query, ...body, ...c.req.param() };
        for (const [cookie, field] of Object.entries(route.cookies ?? {})) {
          const value = getCookie(c, cookie);
          if (input[field] === undefined && value) input[field] = value;
        }
        const output = await call(ctx, input);
        if (output && typeof output === 'object' && (output as { file?: unknown }).file === true) {
          const file = output as FileResult;
          const headers: Record<string, string> = {
            'content-type': file.contentType,
            // Data files change with every edit: nothing is cached unless the procedure says it may be.
            'cache-control': file.cacheControl ?? 'no-store',
          };
          if (file.fileName) {
            headers['content-disposition'] =
              `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`;
          }
          if (file.brotli && preferredEncoding(c.req.header('accept-encoding')) === 'br') {
            headers['content-encoding'] = 'br';
            headers.vary = 'accept-encoding';
            return c.body(file.brotli as Uint8Array<ArrayBuffer>, 200, headers);
          }
          return c.body(file.data as Uint8Array<ArrayBuffer>, 200, headers);
        }
        return c.json(output ?? { success: true }, (route.status?.(output) ?? 200) as 200);
      } catch (error) {
        if (error instanceof BodyRefused) return refusedBody(c, error.appError, 'rest');
        const appError = appErrorOf(error);
        if (appError.code === 'UnknownException')
          ctx.log.error('request failed', { requestId: ctx.requestId, err: error });
        c.header('error-type', 'localized');
        return c.json(errorBody(appError, ctx.lang, ctx.requestId), httpStatusOf(appError) as 400);
      }
    };
  };

  for (const route of REST_ROUTES) api.on(route.method, route.path, handle(route));
  api.all('*', async (c) => {
    const ctx = await c.get('makeContext')('rest');
    c.header('error-type', 'localized');
    return c.json(errorBody(new AppError('NotFound'), ctx.lang, ctx.requestId), 404);
  });
  return api;
}
