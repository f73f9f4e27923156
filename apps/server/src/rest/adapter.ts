import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { TrieRouter } from 'hono/router/trie-router';
import { parse as parseCookies } from 'hono/utils/cookie';
import { tryDecodeURI, tryDecodeURIComponent } from 'hono/utils/url';
import type { Context, Services } from '../context';
import { AppError, appErrorOf, errorBody, httpStatusOf } from '../errors';
import type { FileResult } from '../files/result';
import { BodyRefused, procedureLimits, readBodyLimited, refusalOf } from '../http/body-limit';
import { callContext, callOrigin, headerOf, requestIdOf } from '../http/call';
import { encodeBody, preferredEncoding } from '../http/compress';
import { SECURITY_HEADER_RECORD } from '../http/security-headers';
import type { AppRouter } from '../trpc/router';
import { readMultipart } from './multipart';
import { REST_ROUTES, type RestRoute } from './table';

export const REST_PREFIX = '/api/v1';

/** Whether a request path (with its query string) belongs to the REST API. */
export function isRestPath(url: string | undefined): boolean {
  if (!url?.startsWith(REST_PREFIX)) return false;
  const next = url.charCodeAt(REST_PREFIX.length);
  return Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */;
}

type Procedure = (ctx: Context, input: unknown) => Promise<unknown>;

/** The router's procedure behind a REST route, as tRPC's server-side caller invokes it. */
type RouterProcedure = ((opts: {
  ctx: Context;
  path: string;
  type: 'query' | 'mutation';
  getRawInput: () => Promise<unknown>;
  signal: AbortSignal | undefined;
}) => Promise<unknown>) & { _def: { type: 'query' | 'mutation' | 'subscription' } };

/**
 * A route's procedure, found once when the API is built: invoked as tRPC's own `createCaller` does,
 * through every middleware (session, space access, input and output validation).
 */
function procedureAt(router: AppRouter, path: string): Procedure {
  const procedure = (router._def.procedures as unknown as Record<string, RouterProcedure | undefined>)[path];
  if (typeof procedure !== 'function') throw new Error(`REST table names an unknown procedure: ${path}`);
  const type = procedure._def.type === 'query' ? 'query' : 'mutation';
  return (ctx, input) => procedure({ ctx, path, type, getRawInput: async () => input, signal: undefined });
}

function coerce(value: string, kind: 'number' | 'boolean'): unknown {
  if (kind === 'boolean') return value === 'true' || value === '1';
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

/** The web `Request` of a call with a body, which the body readers (JSON, multipart) stream from. */
function webRequest(req: IncomingMessage, url: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  return new Request(`http://localhost${url}`, {
    method: req.method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
}

/**
 * The body of a REST call as procedure input, read within its limit: multipart files are streamed to
 * storage and cut at the route's upload limit, anything else is read up to the procedure's limit.
 */
async function readBody(
  req: IncomingMessage,
  url: string,
  limits: { uploadBytes: number; bodyBytes: number },
  ctx: Context,
): Promise<Record<string, unknown>> {
  if (req.method === 'GET' || req.method === 'HEAD') return {};
  const type = headerOf(req.headers, 'content-type') ?? '';
  const request = webRequest(req, url);
  if (type.includes('multipart/form-data')) return readMultipart(request, ctx.files, limits.uploadBytes);
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

/** The query string as input fields: the first value of a repeated key, coerced as the route says. */
function queryInput(search: string, route: RestRoute): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (!search) return query;
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === '' || Object.hasOwn(query, key)) continue;
    const kind = route.coerce?.[key];
    query[key] = kind ? coerce(value, kind) : value;
  }
  return query;
}

/** What is written back: status, headers, and the body (compressed on the way when worth it). */
interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

const JSON_TYPE = 'application/json';

function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, ...headers },
    body: Buffer.from(JSON.stringify(value)),
  };
}

function errorReply(error: unknown, ctx: Context): Reply {
  const appError = appErrorOf(error);
  if (appError.code === 'UnknownException') ctx.log.error('request failed', { err: error });
  return jsonReply(httpStatusOf(appError), errorBody(appError, ctx.lang, ctx.requestId), {
    'error-type': 'localized',
  });
}

function fileReply(file: FileResult, acceptEncoding: string | undefined): Reply {
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    // Data files change with every edit: nothing is cached unless the procedure says it may be.
    'cache-control': file.cacheControl ?? 'no-store',
  };
  if (file.fileName) {
    headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`;
  }
  if (!file.brotli) return { status: 200, headers, body: file.data };
  headers.vary = 'accept-encoding';
  if (preferredEncoding(acceptEncoding) !== 'br') return { status: 200, headers, body: file.data };
  headers['content-encoding'] = 'br';
  return { status: 200, headers, body: file.brotli };
}

/** What a browser step answers (see `RestRoute.browser`). */
interface BrowserStep {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

function browserReply(step: BrowserStep): Reply {
  return {
    status: step.status,
    headers: { 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8', ...step.headers },
    body: Buffer.from(step.body ?? ''),
  };
}

interface Endpoint {
  route: RestRoute;
  call: Procedure;
  bodyBytes: number;
}

/**
 * Calls a route's procedure with the path parameters, the query string and the body merged into its
 * input (cookies fill fields still absent), and turns the result or the error into a reply.
 */
async function callEndpoint(
  endpoint: Endpoint,
  params: Record<string, string>,
  req: IncomingMessage,
  url: string,
  ctx: Context,
): Promise<Reply> {
  const { route } = endpoint;
  try {
    const body = await readBody(
      req,
      url,
      { uploadBytes: route.uploadBytes ?? endpoint.bodyBytes, bodyBytes: endpoint.bodyBytes },
      ctx,
    );
    const queryAt = url.indexOf('?');
    const input: Record<string, unknown> = {
      ...queryInput(queryAt === -1 ? '' : url.slice(queryAt + 1), route),
      ...body,
    };
    for (const [name, value] of Object.entries(params)) {
      input[name] = value.includes('%') ? tryDecodeURIComponent(value) : value;
    }
    if (route.set) Object.assign(input, route.set);
    for (const [header, field] of Object.entries(route.requestHeaders ?? {})) {
      const value = headerOf(req.headers, header);
      if (value === undefined) delete input[field];
      else input[field] = value;
    }
    if (route.cookies) {
      const cookies = parseCookies(headerOf(req.headers, 'cookie') ?? '');
      for (const [cookie, field] of Object.entries(route.cookies)) {
        const value = cookies[cookie];
        if (input[field] === undefined && value) input[field] = value;
      }
    }
    const output = await endpoint.call(ctx, input);
    if (route.browser) return browserReply(output as BrowserStep);
    if (output && typeof output === 'object' && (output as { file?: unknown }).file === true) {
      return fileReply(output as FileResult, headerOf(req.headers, 'accept-encoding'));
    }
    return jsonReply(route.status?.(output) ?? 200, output ?? { success: true });
  } catch (error) {
    if (!(error instanceof BodyRefused)) return errorReply(error, ctx);
    const refusal = refusalOf(error.appError, ctx.lang, ctx.requestId, 'rest');
    return { status: refusal.status, headers: refusal.headers, body: Buffer.from(refusal.body) };
  }
}

/**
 * Writes a reply with the security headers and the request id; dynamic bodies are compressed as the
 * client accepts (and then vary on `Accept-Encoding`), files that come compressed are sent as they are.
 */
async function send(
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  requestId: string,
): Promise<void> {
  const headers: Record<string, string> = {
    ...SECURITY_HEADER_RECORD,
    'x-request-id': requestId,
    ...reply.headers,
  };
  let body = reply.body;
  const type = headers['content-type'] ?? '';
  if (!headers['content-encoding'] && req.method !== 'HEAD') {
    const encoded = await encodeBody(body, type, preferredEncoding(headerOf(req.headers, 'accept-encoding')));
    if (encoded.encoding) {
      body = encoded.body;
      headers['content-encoding'] = encoded.encoding;
      headers.vary = 'accept-encoding';
    }
  }
  headers['content-length'] = String(body.byteLength);
  res.writeHead(reply.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The REST API (`/api/v1`), declared in `table.ts`, answered on Node's own request and response: a
 * call is routed, its context made, its procedure called and its reply written without the web
 * `Request`/`Response`/`Headers` objects a framework builds per request (a web `Request` is made only to
 * stream a body). Headers, request ids, compression and error bodies are those of every other route.
 */
export function createRestHandler(services: Services, router: AppRouter): RequestListener {
  const limits = procedureLimits(router);
  const endpoints = new TrieRouter<Endpoint>();
  for (const route of REST_ROUTES) {
    endpoints.add(route.method, REST_PREFIX + route.path, {
      route,
      call: procedureAt(router, route.procedure),
      bodyBytes: limits.limitOf(route.procedure),
    });
  }

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const requestId = requestIdOf(headerOf(req.headers, 'x-request-id'));
    const origin = callOrigin(req.headers, req.socket.remoteAddress, services.config.trustProxy, requestId);
    const ctx = callContext(services, origin, 'rest');
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
    const path = rawPath.includes('%') ? tryDecodeURI(rawPath) : rawPath;
    const [matches] = endpoints.match(req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'), path);
    const found = matches[0] as [Endpoint, Record<string, string>] | undefined;
    const reply = found
      ? await callEndpoint(found[0], found[1], req, url, ctx)
      : errorReply(new AppError('NotFound'), ctx);
    await send(req, res, reply, requestId);
    if (services.log.enabled('info')) {
      services.log.info('request', {
        requestId,
        method: req.method,
        path: rawPath,
        status: reply.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  };

  return (req, res) => {
    answer(req, res).catch((error: unknown) => {
      services.log.error('request failed', { err: error });
      if (res.headersSent) return void res.end();
      res.writeHead(500, { ...SECURITY_HEADER_RECORD, 'content-type': JSON_TYPE, 'error-type': 'localized' });
      res.end(JSON.stringify(errorBody(new AppError('UnknownException'), 'ru')));
    });
  };
}
