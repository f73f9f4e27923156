import { type Ability, unstorableTextPath, VALIDATION } from '@takt/contracts';
import { initTRPC } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { z } from 'zod';
import type { Context, SessionInfo, SpaceAccess, SpaceContext } from '../context';
import { requireBimSeat, requireModuleSeat, resolveSpaceAccess } from '../domains/access';
import { resolveSession } from '../domains/auth';
import { AppError, appErrorOf, errorBody, httpStatusOf, toTRPCError, trpcCodeOf } from '../errors';
import { versionChanged } from '../live/version-changes';

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
 * body carries. tRPC answers with `data.httpStatus`.
 */
export function errorShape(error: unknown, ctx: Context | undefined, path: string | undefined) {
  const appError = appErrorOf(error);
  if (appError.code === 'UnknownException') {
    ctx?.log.error('procedure failed', { path, err: (error as { cause?: unknown }).cause ?? error });
  }
  const body = errorBody(appError, ctx?.lang ?? 'ru', ctx?.requestId);
  const message = Array.isArray(body.error_message) ? body.error_message.join('\n') : body.error_message;
  // The codes follow the catalogue error, whichever layer threw it.
  const code = trpcCodeOf(appError);
  return {
    message,
    code: TRPC_ERROR_CODES_BY_KEY[code],
    data: { code, path, ...body, httpStatus: httpStatusOf(appError) },
  };
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    isDev: false,
    // Live updates (subscriptions over server-sent events): a comment every 25 s keeps proxies from
    // closing a quiet stream, and a stream ends after 30 minutes so that the client reconnects and its
    // session and access are checked again.
    sse: {
      ping: { enabled: true, intervalMs: 25_000 },
      maxDurationMs: 30 * 60_000,
      client: { reconnectAfterInactivityMs: 60_000 },
    },
    errorFormatter({ shape, error, ctx }) {
      return errorShape(error, ctx, shape.data.path);
    },
  });

export const router = t.router;

/**
 * tRPC copies the whole context (services and request, ~17 fields) at every `next({ ctx })`, and it was
 * a tenth of a small call's cost. A call's context is its own object (one per request, see `app.ts`), so
 * the guards below set what they resolve on it in place and hand `next` only the type of the addition:
 * an absent `ctx` is copied by nobody.
 */
function resolvedInPlace<T>(): T {
  return undefined as unknown as T;
}

/**
 * Strings PostgreSQL cannot store — NUL characters, and UTF-16 halves without their pair — are refused
 * in any field of any input with the "prohibited characters" message, before the input is parsed.
 */
function refuseUnstorableText(raw: unknown): void {
  const path = unstorableTextPath(raw);
  if (path !== null) {
    throw toTRPCError(
      new AppError('ValidationError', {}, [{ path, message: VALIDATION.prohibitedCharacters }]),
    );
  }
}

/** AppErrors become tRPC errors with the catalogue's HTTP status, wherever in the call they were thrown. */
function asTRPCError(error: unknown): unknown {
  return error instanceof AppError ? toTRPCError(error) : error;
}

async function continueWith<R extends { ok: boolean }>(next: () => Promise<R>): Promise<R> {
  const result = await next();
  const cause = (result as { error?: { cause?: unknown } }).error?.cause;
  if (!result.ok && cause instanceof AppError) throw toTRPCError(cause);
  return result;
}

/**
 * The one step before every procedure's own: the input checked for unstorable text, then — for authed
 * and space procedures — the session, and the caller's access to the space. One middleware per kind of
 * procedure rather than a chain: each step of tRPC's chain copies its options twice.
 */
const publicEntry = t.middleware(async ({ next, getRawInput }) => {
  refuseUnstorableText(await getRawInput());
  return continueWith(next);
});

const authedEntry = t.middleware(async ({ ctx, next, getRawInput }) => {
  refuseUnstorableText(await getRawInput());
  try {
    ctx.session = await resolveSession(ctx);
  } catch (error) {
    throw asTRPCError(error);
  }
  return continueWith(() => next({ ctx: resolvedInPlace<{ session: SessionInfo }>() }));
});

function spaceEntry(ability: Ability, options: { licence: boolean } = { licence: true }) {
  return t.middleware(async ({ ctx, next, getRawInput }) => {
    const raw = (await getRawInput()) as { spaceId?: unknown } | undefined;
    refuseUnstorableText(raw);
    const spaceId = typeof raw?.spaceId === 'string' ? raw.spaceId : null;
    try {
      const session = await resolveSession(ctx);
      ctx.session = session;
      if (!spaceId) throw new AppError('Forbidden');
      ctx.space = await resolveSpaceAccess(
        ctx as typeof ctx & { session: SessionInfo },
        spaceId,
        ability,
        options,
      );
    } catch (error) {
      throw asTRPCError(error);
    }
    return continueWith(() => next({ ctx: resolvedInPlace<{ session: SessionInfo; space: SpaceAccess }>() }));
  });
}

export const publicProcedure = t.procedure.use(publicEntry).meta({ access: 'public' });
export const authedProcedure = t.procedure.use(authedEntry).meta({ access: 'authed' });
export const spaceProcedure = (ability: Ability) =>
  t.procedure.use(spaceEntry(ability)).meta({ access: 'space', ability });
/**
 * A space procedure that works whatever the space's licence: the licence desk (listing, loading and deleting
 * licences), so that an administrator can load the renewal of an expired licence. Every other check stays.
 */
export const licenceDeskProcedure = (ability: Ability) =>
  t.procedure.use(spaceEntry(ability, { licence: false })).meta({ access: 'space', ability });

/** What a space procedure does: a domain function of the call's context and its parsed input. */
type SpaceResolver<S extends z.ZodType, R> = (ctx: SpaceContext, input: z.output<S>) => R | Promise<R>;

/**
 * A space procedure that reads, written as one line of a router: the ability it needs, its input
 * schema and the domain function it calls. (tRPC types the parsed input through its own parser
 * inference, which a generic schema does not resolve; it is the schema's output all the same.)
 */
export function spaceQuery<S extends z.ZodType, R>(ability: Ability, input: S, run: SpaceResolver<S, R>) {
  return spaceProcedure(ability)
    .input(input)
    .query(({ ctx, input }) => run(ctx, input as z.output<S>));
}

/** A space procedure that writes, like `spaceQuery`. */
export function spaceMutation<S extends z.ZodType, R>(ability: Ability, input: S, run: SpaceResolver<S, R>) {
  return spaceProcedure(ability)
    .input(input)
    .mutation(async ({ ctx, input }) => {
      const answer = await run(ctx, input as z.output<S>);
      // Whatever a mutation of a version committed, what is figured from that version can follow.
      const versionId = (input as { versionId?: unknown } | undefined)?.versionId;
      if (typeof versionId === 'string') versionChanged({ versionId, by: ctx });
      return answer;
    });
}

/** The step in front of every BIM procedure: the caller must hold a seat of the BIM module. */
export const bimSeat = t.middleware(async ({ ctx, next }) => {
  await requireBimSeat(ctx as SpaceContext);
  return next();
});

/** The step in front of every estimating procedure: the caller must hold a seat of the estimate module. */
export const estimateSeat = t.middleware(async ({ ctx, next }) => {
  await requireModuleSeat(ctx as SpaceContext, 'estimate');
  return next();
});
