import type { Language } from '@takt/i18n';
import type { Context, SessionInfo } from '../../context';
import { AppError } from '../../errors';
import { sessionByTokenHash } from '../access';
import { audit } from '../audit';
import { DUMMY_HASH, newToken, tokenHashOf, verifySecret } from './crypto';
import { forgiveAttempts, loginKeyOf, reserveAttempt } from './throttle';

/** lastSeenAt is written at most this often, so that every request does not write. */
const TOUCH_INTERVAL_MS = 30_000;

export async function createSession(ctx: Context, userId: string): Promise<string> {
  const { token, tokenHash } = newToken();
  await ctx.db.prisma.session.create({
    data: { userId, tokenHash, ip: ctx.ip, userAgent: ctx.userAgent?.slice(0, 500) ?? null },
  });
  return token;
}

/**
 * The hashes of recently presented tokens: every authenticated request hashes its token to find its
 * session, and a client sends the same token call after call. Bounded; forgotten all at once when full.
 */
const recentTokenHashes = new Map<string, string>();
const RECENT_TOKENS = 10_000;

function sessionKeyOf(token: string): string {
  let hash = recentTokenHashes.get(token);
  if (hash === undefined) {
    if (recentTokenHashes.size >= RECENT_TOKENS) recentTokenHashes.clear();
    hash = tokenHashOf(token);
    recentTokenHashes.set(token, hash);
  }
  return hash;
}

/**
 * The session of the bearer token, or 401. A session idle longer than its space's timeout is ended
 * (SessionExpired) — the server enforces the idleness the web app detects.
 */
export async function resolveSession(ctx: Context): Promise<SessionInfo> {
  if (!ctx.token) throw new AppError('Unauthorized');
  const tokenHash = sessionKeyOf(ctx.token);
  // the row is shared by the requests that arrived together: its lastSeenAt is moved in place, so one of
  // them writes the touch and the others see it done
  const found = await ctx.reads.read(`session:${tokenHash}`, () =>
    sessionByTokenHash(ctx.db.pool, tokenHash),
  );
  if (!found) throw new AppError('Unauthorized');
  const { session, user } = found;
  const now = Date.now();
  const idleMs = now - session.lastSeenAt.getTime();
  if (idleMs > session.idleTimeoutMinutes * 60_000) {
    await ctx.db.prisma.session.deleteMany({ where: { id: session.id } });
    throw new AppError('SessionExpired');
  }
  if (idleMs > TOUCH_INTERVAL_MS) {
    session.lastSeenAt = new Date(now);
    await ctx.db.prisma.session.updateMany({
      where: { id: session.id },
      data: { lastSeenAt: session.lastSeenAt },
    });
  }
  return { id: session.id, userId: session.userId, idleTimeoutMinutes: session.idleTimeoutMinutes, user };
}

/**
 * Signs in. The attempt is counted before the password is checked (see throttle.ts), and an unknown
 * login costs one Argon2 verification like a known one, so neither the answer nor its timing tells
 * whether the login exists. Returns the new session's token and the user's row.
 */
export async function login(ctx: Context, input: { login: string; password: string; language?: Language }) {
  const attempt = { loginKey: loginKeyOf(input.login), ip: ctx.ip };
  const user = await ctx.db.prisma.user.findUnique({ where: { loginKey: attempt.loginKey } });
  await reserveAttempt(ctx, attempt, user?.id ?? null);
  const valid = user
    ? await verifySecret(user.passwordHash, input.password)
    : await verifySecret(await DUMMY_HASH, input.password).then(() => false);
  if (!user || !valid) {
    await audit(ctx, { action: 'auth.login_failed', details: { login: attempt.loginKey } });
    throw new AppError('InvalidCredentials');
  }
  await forgiveAttempts(ctx, attempt);
  // The language the user signed in with is the account's from now on, so the app does not switch to an
  // older profile setting after sign-in; only the user's choice changes it (docs/product-rules.md, "Language").
  const signedIn =
    input.language && input.language !== user.language
      ? await ctx.db.prisma.user.update({
          where: { id: user.id },
          data: { language: input.language, revision: { increment: 1 } },
        })
      : user;
  const token = await createSession(ctx, user.id);
  await audit(ctx, { action: 'auth.login', userId: user.id });
  return { token, user: signedIn };
}

export async function logout(ctx: Context & { session: SessionInfo }, everywhere: boolean) {
  await ctx.db.prisma.session.deleteMany({
    where: everywhere ? { userId: ctx.session.userId } : { id: ctx.session.id },
  });
  await audit(ctx, {
    action: everywhere ? 'auth.logout_everywhere' : 'auth.logout',
    userId: ctx.session.userId,
  });
  return { success: true as const };
}
