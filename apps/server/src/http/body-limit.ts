import { LANGUAGES, type Language } from '@takt/contracts';
import { resolveLanguage } from '@takt/i18n';
import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { AppError, errorBody, httpStatusOf } from '../errors';

/** A request body larger than this is refused unless the procedure declares it needs more. */
export const DEFAULT_BODY_BYTES = 1024 * 1024;

/** What the body-limit code needs to know of a tRPC router: each procedure's declared body limit. */
export interface ProcedureLimits {
  /** The body limit of a procedure path (`bim.links.link`), the default when it declares none. */
  limitOf(path: string): number;
}

interface RouterShape {
  _def: { procedures: Record<string, { _def: { meta?: { maxBodyBytes?: number } } }> };
}

/** Reads the `maxBodyBytes` each procedure declares in its meta. */
export function procedureLimits(router: unknown): ProcedureLimits {
  const procedures = (router as RouterShape)._def.procedures;
  return {
    limitOf(path) {
      const declared = Object.hasOwn(procedures, path)
        ? procedures[path]?._def.meta?.maxBodyBytes
        : undefined;
      return declared ?? DEFAULT_BODY_BYTES;
    },
  };
}

/** Megabytes as shown in messages: whole when round, otherwise one decimal. */
export function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

export function requestTooLarge(maxBytes: number): AppError {
  return new AppError('RequestTooLarge', { maxMb: megabytes(maxBytes) });
}

export function languageOf(c: HonoContext): Language {
  return resolveLanguage(c.req.header('x-language') ?? c.req.header('accept-language') ?? null, [
    ...LANGUAGES,
  ]);
}

/** Why a body was refused, raised while it streams. */
export class BodyRefused extends Error {
  constructor(readonly appError: AppError) {
    super(appError.code);
  }
}

/**
 * Reads a whole body of at most `maxBytes`. A declared Content-Length over the limit is refused before
 * a byte is read; a chunked body is counted as it arrives and refused as soon as it passes the limit,
 * so no more than `maxBytes` is ever held.
 */
export async function readBodyLimited(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw new BodyRefused(requestTooLarge(maxBytes));
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) throw new BodyRefused(requestTooLarge(maxBytes));
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The reply to a refused body, whichever transport sends it. */
export interface Refusal {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The reply to a refused body. The connection is closed after it, so a client still sending a huge
 * body is cut off instead of having the rest read and thrown away.
 */
export function refusalOf(
  error: AppError,
  lang: Language,
  requestId: string | undefined,
  shape: 'rest' | 'trpc',
  calls = 1,
): Refusal {
  const body = errorBody(error, lang, requestId);
  const message = Array.isArray(body.error_message) ? body.error_message.join('\n') : body.error_message;
  const status = httpStatusOf(error);
  const headers: Record<string, string> = { 'content-type': 'application/json', connection: 'close' };
  if (shape === 'rest') {
    headers['error-type'] = 'localized';
    return { status, headers, body: JSON.stringify(body) };
  }
  // tRPC's own error shape, one entry per call of a batch.
  const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
  const one = {
    error: { message, code: status === 413 ? -32413 : -32600, data: { ...body, code, httpStatus: status } },
  };
  const payload = calls > 1 ? Array.from({ length: calls }, () => one) : one;
  return { status, headers, body: JSON.stringify(payload) };
}

export function refusedBody(c: HonoContext, error: AppError, shape: 'rest' | 'trpc', calls = 1): Response {
  const refusal = refusalOf(error, languageOf(c), c.get('requestId') as string | undefined, shape, calls);
  return new Response(refusal.body, { status: refusal.status, headers: refusal.headers });
}

/** The procedure paths of a tRPC URL: `/trpc/a.b` or a batch `/trpc/a.b,c.d`. */
export function trpcPaths(pathname: string): string[] {
  const rest = pathname.replace(/^\/trpc\/?/, '');
  return rest ? decodeURIComponent(rest).split(',') : [];
}

/**
 * Bounds the body of tRPC calls: the default, or what the called procedures declare (the largest of
 * a batch). The body is read here within the limit and handed on, so the adapter never sees more.
 */
export function trpcBodyLimit(limits: ProcedureLimits): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || !c.req.raw.body) return next();
    const paths = trpcPaths(new URL(c.req.url).pathname);
    const maxBytes = Math.max(DEFAULT_BODY_BYTES, ...paths.map((p) => limits.limitOf(p)));
    try {
      const body = await readBodyLimited(c.req.raw, maxBytes);
      c.req.raw = new Request(c.req.raw, { body });
    } catch (error) {
      if (error instanceof BodyRefused) return refusedBody(c, error.appError, 'trpc', paths.length);
      throw error;
    }
    return next();
  };
}

/** Bounds the body of any other request (static files and unknown paths take none worth reading). */
export function defaultBodyLimit(maxBytes = DEFAULT_BODY_BYTES): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || !c.req.raw.body) return next();
    try {
      const body = await readBodyLimited(c.req.raw, maxBytes);
      c.req.raw = new Request(c.req.raw, { body });
    } catch (error) {
      if (error instanceof BodyRefused) return refusedBody(c, error.appError, 'rest');
      throw error;
    }
    return next();
  };
}
