import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { LANGUAGES, type Language } from '@takt/contracts';
import { resolveLanguage } from '@takt/i18n';
import type { Context, Services } from '../context';

/**
 * What every call starts from, whichever transport carried it (tRPC through Hono, the REST API on
 * Node's own request): its id, who is calling from where, in which language. Read from the headers Node
 * has already parsed.
 */
export interface CallOrigin {
  requestId: string;
  ip: string;
  lang: Language;
  token: string | null;
  userAgent: string | null;
}

const REQUEST_ID = /^[\w\-=]{1,255}$/;
const BEARER = /^Bearer\s+(\S+)$/i;
const LANGUAGE_LIST = [...LANGUAGES];

/** One header's value as a single string (Node gives repeated headers as arrays). */
export function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The caller's own request id when it sends a well-formed one (a proxy's trace id), else a new UUID. */
export function requestIdOf(given: string | undefined): string {
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

export function languageOfHeaders(headers: IncomingHttpHeaders): Language {
  return resolveLanguage(
    headerOf(headers, 'x-language') ?? headerOf(headers, 'accept-language') ?? null,
    LANGUAGE_LIST,
  );
}

/**
 * The origin of a call. The address is the socket's peer, or the first `X-Forwarded-For` entry when the
 * server is configured to trust its proxy.
 */
export function callOrigin(
  headers: IncomingHttpHeaders,
  socketAddress: string | undefined,
  trustProxy: boolean,
  requestId: string,
): CallOrigin {
  const forwarded = trustProxy ? headerOf(headers, 'x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  const match = BEARER.exec(headerOf(headers, 'authorization') ?? '');
  return {
    requestId,
    ip: forwarded || socketAddress || '127.0.0.1',
    lang: languageOfHeaders(headers),
    token: match ? match[1]! : null,
    userAgent: headerOf(headers, 'user-agent') ?? null,
  };
}

/**
 * The context of one call: the services, its origin, and nothing resolved yet. Written out field by
 * field: one object literal of a fixed shape is several times cheaper than spreading the services.
 */
export function callContext(services: Services, origin: CallOrigin, source: Context['source']): Context {
  return {
    db: services.db,
    config: services.config,
    log: services.log.child({ requestId: origin.requestId }),
    files: services.files,
    jobs: services.jobs,
    payloads: services.payloads,
    reads: services.reads,
    notices: services.notices,
    source,
    requestId: origin.requestId,
    ip: origin.ip,
    userAgent: origin.userAgent,
    lang: origin.lang,
    token: origin.token,
    session: null,
    space: null,
  };
}
