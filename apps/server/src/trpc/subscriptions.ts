import { language } from '@takt/contracts';
import type { MiddlewareHandler } from 'hono';
import type { Context } from '../context';
import { AppError } from '../errors';
import type { AppRouter } from './router';
import { errorShape } from './trpc';

/**
 * A browser's EventSource (subscriptions over server-sent events) sends no headers: the token and the
 * language come as the subscription's connection parameters instead.
 */
export function withConnectionParams(
  ctx: Context,
  params: Record<string, string | undefined> | null | undefined,
): Context {
  if (params?.token && !ctx.token) ctx.token = params.token;
  const lang = language.safeParse(params?.lang);
  if (lang.success) ctx.lang = lang.data;
  return ctx;
}

type SubscriptionProcedure = ((opts: {
  ctx: Context;
  path: string;
  type: 'subscription';
  getRawInput: () => Promise<unknown>;
  signal: AbortSignal | undefined;
}) => Promise<unknown>) & { _def: { type: string } };

function parsedParam(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw new AppError('ValidationError');
  }
}

/**
 * tRPC answers a subscription with an event stream at once and reports a failure as an event of it, with
 * status 200. A refused subscription must be refused like any other call — 401, 403, 400, 404 with the
 * catalogue body — so every subscription is first called here, through all its steps (session, space
 * access, input, the resolver's own checks) without starting its stream; only if that succeeds does tRPC
 * open the stream (and call it again).
 */
export function subscriptionChecks(
  router: AppRouter,
  makeContext: (c: Parameters<MiddlewareHandler>[0]) => Promise<Context>,
): MiddlewareHandler {
  const procedures = router._def.procedures as unknown as Record<string, SubscriptionProcedure | undefined>;
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const path = c.req.path.replace(/^\/trpc\//, '');
    const procedure = procedures[path];
    if (procedure?._def.type !== 'subscription') return next();
    const ctx = await makeContext(c);
    try {
      const params = parsedParam(c.req.query('connectionParams')) as Record<
        string,
        string | undefined
      > | null;
      withConnectionParams(ctx, params);
      const input = parsedParam(c.req.query('input'));
      // An async generator's body does not run until it is iterated: nothing is started here.
      await procedure({ ctx, path, type: 'subscription', getRawInput: async () => input, signal: undefined });
    } catch (error) {
      const shape = errorShape(error, ctx, path);
      return c.json({ error: shape }, shape.data.httpStatus as 400);
    }
    return next();
  };
}
