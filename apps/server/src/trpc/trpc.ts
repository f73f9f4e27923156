import { type Ability, unstorableTextPath, VALIDATION } from '@takt/contracts';
import { initTRPC } from '@trpc/server';
import type { Context } from '../context';
import { resolveSpaceAccess } from '../domains/access/service';
import { resolveSession } from '../domains/auth/service';
import { AppError, appErrorOf, errorBody, httpStatusOf, toTRPCError } from '../errors';

/**
 * Every procedure declares how it is reached: `public`, `authed` (a live session), or `space`
 * (membership, IP allowlist, licence and the named ability, checked before the input is even parsed).
 * The cross-space sweep test reads this meta, so new procedures are covered automatically.
 */
export interface Meta {
  access: 'public' | 'authed' | 'space';
  ability?: Ability;
  /** The largest request body the procedure accepts, when it needs more than the default (1 MB). */
  maxBodyBytes?: number;
}

/**
 * Every failed call answers the catalogue body and nothing else: no stack, no server path, no SQL,
 * whatever NODE_ENV says. What went wrong inside is logged on the server, under the request id the
 * body carries.
 */
const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error, ctx, path }) {
      const appError = appErrorOf(error);
      if (appError.code === 'UnknownException') {
        ctx?.log.error('procedure failed', { path, err: error.cause ?? error });
      }
      const body = errorBody(appError, ctx?.lang ?? 'ru', ctx?.requestId);
      const message = Array.isArray(body.error_message) ? body.error_message.join('\n') : body.error_message;
      const { code } = shape.data;
      return {
        message,
        code: shape.code,
        data: { code, path: shape.data.path, ...body, httpStatus: httpStatusOf(appError) },
      };
    },
  });

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/** AppErrors thrown by services become tRPC errors with the catalogue's HTTP status. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw toTRPCError(result.error.cause);
  return result;
});

const requireSession = t.middleware(async ({ ctx, next }) => {
  const session = await resolveSession(ctx);
  return next({ ctx: { ...ctx, session } });
});

function requireSpace(ability: Ability) {
  return t.middleware(async ({ ctx, next, getRawInput }) => {
    const raw = (await getRawInput()) as { spaceId?: unknown } | undefined;
    const spaceId = typeof raw?.spaceId === 'string' ? raw.spaceId : null;
    const session = ctx.session;
    if (!spaceId || !session) throw new AppError('Forbidden');
    const space = await resolveSpaceAccess({ ...ctx, session }, spaceId, ability);
    return next({ ctx: { ...ctx, session, space } });
  });
}

/**
 * Strings PostgreSQL cannot store — NUL characters, and UTF-16 halves without their pair — are refused
 * in any field of any input with the "prohibited characters" message, before the input is parsed.
 */
const refuseUnstorableText = t.middleware(async ({ next, getRawInput }) => {
  const path = unstorableTextPath(await getRawInput());
  if (path !== null) {
    throw new AppError('ValidationError', {}, [{ path, message: VALIDATION.prohibitedCharacters }]);
  }
  return next();
});

const base = t.procedure.use(appErrors).use(refuseUnstorableText);

export const publicProcedure = base.meta({ access: 'public' });
export const authedProcedure = base.meta({ access: 'authed' }).use(requireSession);
export const spaceProcedure = (ability: Ability) =>
  base.meta({ access: 'space', ability }).use(requireSession).use(requireSpace(ability));
