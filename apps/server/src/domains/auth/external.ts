import { randomBytes } from 'node:crypto';
import type { ErrorCode, SignInSlot } from '@takt/contracts';
import type { Context } from '../../context';
import { AppError, appErrorOf } from '../../errors';
import { audit } from '../audit';
import { tokenHashOf } from './crypto';
import type { SignInProvider } from './providers';
import { createSession } from './service';

/**
 * What every directory sign-in shares, whatever its protocol: the round trip through the identity
 * provider (a state bound to the browser by a cookie), the mapping of the directory's identity to a
 * Takt account, and the hand-over of the new session to the web app by a one-time code.
 */

/** A round trip through the identity provider must come back within this long. */
const ATTEMPT_TTL_MS = 10 * 60_000;
/** The one-time code of a finished sign-in is exchanged by the web app at once. */
const HANDOFF_TTL_MS = 2 * 60_000;

/** The cookie that binds a sign-in to the browser that started it (login cross-site request forgery). */
export const BINDING_COOKIE = 'takt_signin';

/** The reply of a browser-facing sign-in step: a redirect, or a challenge, in HTTP terms. */
export interface BrowserReply {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** The address of this server as the browser reaches it: TAKT_PUBLIC_URL, else the request's own host. */
export function publicBaseOf(
  ctx: Context,
  request: { requestHost?: string | undefined; requestProto?: string | undefined },
): string {
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  const host = request.requestHost && /^[\w.\-[\]:]+$/.test(request.requestHost) ? request.requestHost : null;
  if (!host) throw new AppError('BadRequest');
  const proto = ctx.config.trustProxy && request.requestProto === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** A fresh random value for a state, a binding or a hand-over code. */
export function randomValue(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Starts a round trip: stores its state (hashed) with what the callback will need, and returns the
 * binding cookie to set in the browser. Old attempts are swept on the way.
 */
export async function beginAttempt(
  ctx: Context,
  slot: SignInSlot,
  extra: { codeVerifier?: string; nonce?: string },
): Promise<{ state: string; cookie: string }> {
  const state = randomValue();
  const binding = randomValue();
  await ctx.db.prisma.externalSignIn.deleteMany({
    where: { createdAt: { lt: new Date(Date.now() - ATTEMPT_TTL_MS) } },
  });
  await ctx.db.prisma.externalSignIn.create({
    data: {
      slot,
      stateHash: tokenHashOf(state),
      bindingHash: tokenHashOf(binding),
      codeVerifier: extra.codeVerifier ?? null,
      nonce: extra.nonce ?? null,
    },
  });
  const secure = ctx.config.publicUrl?.startsWith('https:') ? '; Secure' : '';
  // SameSite=Lax: the cookie travels on the provider's top-level redirect back (GET); a SAML
  // provider posts back cross-site, so the binding is checked for GET callbacks only (see saml.ts).
  const cookie = `${BINDING_COOKIE}=${binding}; Path=/api/v1/auth; HttpOnly; SameSite=Lax; Max-Age=600${secure}`;
  return { state, cookie };
}

/**
 * The attempt a callback's state names, taken once (deleted as it is read): unknown, expired, of
 * another slot, or started in another browser is refused.
 */
export async function takeAttempt(
  ctx: Context,
  slot: SignInSlot,
  state: string | undefined,
  cookieHeader: string | undefined,
  options: { checkBinding: boolean },
) {
  if (!state) throw new AppError('ExternalSignInFailed');
  const rows = await ctx.db.prisma.externalSignIn.findMany({
    where: { stateHash: tokenHashOf(state), handoffHash: null },
  });
  const attempt = rows[0];
  if (!attempt) throw new AppError('ExternalSignInFailed');
  // taken by whichever callback deletes it: a replayed callback finds nothing to delete
  const taken = await ctx.db.prisma.externalSignIn.deleteMany({ where: { id: attempt.id } });
  if (taken.count === 0) throw new AppError('ExternalSignInFailed');
  const binding = cookieValue(cookieHeader, BINDING_COOKIE);
  if (
    attempt.slot !== slot ||
    attempt.createdAt.getTime() < Date.now() - ATTEMPT_TTL_MS ||
    (options.checkBinding && (!binding || tokenHashOf(binding) !== attempt.bindingHash))
  ) {
    throw new AppError('ExternalSignInFailed');
  }
  return attempt;
}

/** An identity as the directory asserted it. */
export interface DirectoryIdentity {
  issuer: string;
  subject: string;
  login?: string | undefined;
  email?: string | undefined;
  /** False when the provider says the email is not verified: such an email never links an account. */
  emailVerified?: boolean | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

const LOGIN_SHAPE = /^[\p{L}\p{N}._@-]{1,32}$/u;
const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,189}$/;

/**
 * The Takt account of a directory identity: the one linked to it before; else the account with its
 * email (when the provider vouches for the email) or its login, which is linked from now on; else a new
 * account when the provider allows creating them; else ExternalAccountNotFound.
 */
export async function accountOf(ctx: Context, provider: SignInProvider, identity: DirectoryIdentity) {
  const { prisma } = ctx.db;
  const key = {
    slot: provider.slot,
    issuer: identity.issuer.slice(0, 500),
    subject: identity.subject.slice(0, 500),
  };
  const linked = await prisma.externalIdentity.findUnique({
    where: { slot_issuer_subject: key },
    include: { user: true },
  });
  if (linked) {
    await prisma.externalIdentity.update({ where: { id: linked.id }, data: { lastSignInAt: new Date() } });
    return linked.user;
  }
  const login = identity.login?.trim();
  const email = identity.email?.trim();
  const usableEmail =
    email && EMAIL_SHAPE.test(email) && identity.emailVerified !== false ? email : undefined;
  const usableLogin = login && LOGIN_SHAPE.test(login) ? login : undefined;
  const existing =
    (usableEmail && (await prisma.user.findUnique({ where: { emailKey: usableEmail.toLowerCase() } }))) ||
    (usableLogin && (await prisma.user.findUnique({ where: { loginKey: usableLogin.toLowerCase() } }))) ||
    null;
  const user = await prisma.$transaction(async (tx) => {
    if (existing) {
      await tx.externalIdentity.create({ data: { ...key, userId: existing.id } });
      return existing;
    }
    // an account is made with the email the provider gives even when it does not vouch for it (a
    // Kerberos realm's user@realm), but never with one another account has
    const newEmail = email && EMAIL_SHAPE.test(email) ? email : undefined;
    if (
      provider.accountPolicy !== 'create' ||
      !usableLogin ||
      !newEmail ||
      (await tx.user.findUnique({ where: { emailKey: newEmail.toLowerCase() } }))
    ) {
      throw new AppError('ExternalAccountNotFound');
    }
    const created = await tx.user.create({
      data: {
        login: usableLogin,
        loginKey: usableLogin.toLowerCase(),
        email: newEmail,
        emailKey: newEmail.toLowerCase(),
        // No password: such an account signs in through its directory (or sets a password by the
        // usual reset, which needs a secret question it does not have). Argon2 refuses this value.
        passwordHash: `!directory:${provider.slot}`,
        firstName: (identity.firstName || usableLogin).slice(0, 32),
        lastName: (identity.lastName || '').slice(0, 32),
        privacyPolicyAcceptedAt: new Date(),
        language: ctx.lang,
      },
    });
    await tx.externalIdentity.create({ data: { ...key, userId: created.id } });
    return created;
  });
  await audit(ctx, {
    action: existing ? 'auth.directory_linked' : 'auth.directory_created',
    userId: user.id,
    details: { slot: provider.slot },
  });
  return user;
}

/**
 * Ends a round trip: the account's one-time hand-over code is stored and the browser is sent to the web
 * app, which exchanges it for a session. A refusal sends the browser to the same page with its code, to
 * be shown translated there.
 */
export async function finishInBrowser(
  ctx: Context,
  slot: SignInSlot,
  base: string,
  run: () => Promise<{ id: string }>,
  extraHeaders: Record<string, string> = {},
): Promise<BrowserReply> {
  const page = `${base}/auth/external`;
  // the binding cookie has done its work
  const clearCookie = `${BINDING_COOKIE}=; Path=/api/v1/auth; HttpOnly; SameSite=Lax; Max-Age=0`;
  try {
    const user = await run();
    const handoff = randomValue();
    await ctx.db.prisma.externalSignIn.create({
      data: {
        slot,
        stateHash: tokenHashOf(randomValue()),
        bindingHash: '',
        handoffHash: tokenHashOf(handoff),
        userId: user.id,
      },
    });
    return {
      status: 303,
      headers: { location: `${page}?handoff=${handoff}`, 'set-cookie': clearCookie, ...extraHeaders },
    };
  } catch (error) {
    const code: ErrorCode = appErrorOf(error).code;
    if (code === 'UnknownException') ctx.log.error('directory sign-in failed', { slot, err: error });
    else ctx.log.info('directory sign-in refused', { slot, code, reason: (error as Error).message });
    await audit(ctx, { action: 'auth.directory_refused', details: { slot, code } });
    return {
      status: 303,
      headers: { location: `${page}?error=${encodeURIComponent(code)}`, 'set-cookie': clearCookie },
    };
  }
}

/** The web app's exchange of a hand-over code for a session: once, and only while it is fresh. */
export async function finishExternalSignIn(ctx: Context, handoff: string) {
  const rows = await ctx.db.prisma.externalSignIn.findMany({
    where: { handoffHash: tokenHashOf(handoff) },
  });
  const row = rows[0];
  if (!row?.userId) throw new AppError('ExternalSignInFailed');
  const taken = await ctx.db.prisma.externalSignIn.deleteMany({ where: { id: row.id } });
  if (taken.count === 0) throw new AppError('ExternalSignInFailed');
  if (row.createdAt.getTime() < Date.now() - HANDOFF_TTL_MS) throw new AppError('ExternalSignInFailed');
  const user = await ctx.db.prisma.user.findUnique({ where: { id: row.userId } });
  if (!user) throw new AppError('ExternalSignInFailed');
  const token = await createSession(ctx, user.id);
  await audit(ctx, { action: 'auth.login', userId: user.id, details: { slot: row.slot } });
  return { token, user };
}
