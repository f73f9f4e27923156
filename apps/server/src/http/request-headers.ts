import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { headerOf, requestIdOf } from './call';

/**
 * A request header (`name` in lower case). On Node it is read from the headers Node has already parsed:
 * asking the web `Request` for one builds a `Headers` object of every header of the request, a visible
 * share of a small call's cost. Elsewhere (`app.request` in tests) the web `Request` answers.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.headers ? headerOf(incoming.headers, name) : c.req.header(name);
}

/** Every request gets an id, echoed in `X-Request-Id` and in every log line and error body. */
export function requestIds(): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const id = requestIdOf(requestHeader(c, 'x-request-id'));
    c.set('requestId', id);
    c.header('x-request-id', id);
    await next();
  };
}
