import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * A request header (`name` in lower case). On Node it is read from the headers Node has already parsed:
 * asking the web `Request` for one builds a `Headers` object of every header of the request, a visible
 * share of a small call's cost. Elsewhere (`app.request` in tests) the web `Request` answers.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.headers) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

const REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * Every request gets an id, echoed in `X-Request-Id` and in every log line and error body: the caller's
 * own when it sends a well-formed one (a proxy's trace id), else a new UUID.
 */
export function requestIds(): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const given = requestHeader(c, 'x-request-id');
    const id = given && REQUEST_ID.test(given) ? given : randomUUID();
    c.set('requestId', id);
    c.header('x-request-id', id);
    await next();
  };
}
