import type { Ability } from '@takt/contracts';
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
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const appError = appErrorOf(error);
      const body = errorBody(appError, ctx?.lang ?? 'ru', ctx?.requestId);
      const message = Array.isArray(body.error_message) ? body.error_message.join('\n') : body.error_message;
      return { ...shape, message, data: { ...shape.data, ...body, httpStatus: httpStatusOf(appError) } };
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

const base = t.procedure.use(appErrors);

export const publicProcedure = base.meta({ access: 'public' });
export const authedProcedure = base.meta({ access: 'authed' }).use(requireSession);
export const spaceProcedure = (ability: Ability) =>
  base.meta({ access: 'space', ability }).use(requireSession).use(requireSpace(ability));
