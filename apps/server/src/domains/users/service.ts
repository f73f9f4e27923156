import type {
  changeForgottenPasswordInput,
  changePasswordInput,
  registerInput,
  updateProfileInput,
} from '@takt/contracts';
import { Prisma } from '@takt/db';
import type { z } from 'zod';
import type { AuthedContext, Context } from '../../context';
import { AppError } from '../../errors';
import { userById } from '../access';
import { audit } from '../audit';
import {
  assertStrongPassword,
  createSession,
  DUMMY_HASH,
  fakeQuestion,
  forgiveAccount,
  forgiveAttempts,
  hashSecret,
  loginKeyOf,
  newToken,
  normalizeAnswer,
  reserveAttempt,
  tokenHashOf,
  verifySecret,
} from '../auth';
import { toUserDto } from './dto';

const RESET_TOKEN_MINUTES = 15;

function uniqueViolation(error: unknown): AppError | null {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
    const target = JSON.stringify(error.meta ?? {});
    return new AppError(target.includes('email') ? 'EmailTaken' : 'LoginTaken');
  }
  return null;
}

export async function register(ctx: Context, input: z.infer<typeof registerInput>) {
  assertStrongPassword(input.password, input);
  const [passwordHash, secretAnswerHash] = await Promise.all([
    hashSecret(input.password),
    hashSecret(normalizeAnswer(input.answer)),
  ]);
  try {
    const user = await ctx.db.prisma.user.create({
      data: {
        login: input.login,
        loginKey: input.login.toLowerCase(),
        email: input.email,
        emailKey: input.email.toLowerCase(),
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        secretQuestion: input.secretQuestion,
        secretAnswerHash,
        privacyPolicyAcceptedAt: new Date(),
        language: input.language ?? ctx.lang,
      },
    });
    await audit(ctx, { action: 'users.register', userId: user.id });
    return user;
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

export async function registerAndLogin(ctx: Context, input: z.infer<typeof registerInput>) {
  const user = await register(ctx, input);
  return { token: await createSession(ctx, user.id), user: toUserDto(user) };
}

export async function getUser(ctx: AuthedContext) {
  const userId = ctx.session.userId;
  const user =
    ctx.session.user ?? (await ctx.reads.read(`user:${userId}`, () => userById(ctx.db.pool, userId)));
  if (!user) throw new AppError('Unauthorized');
  return user;
}

export async function updateProfile(ctx: AuthedContext, input: z.infer<typeof updateProfileInput>) {
  const { answer, email, ...rest } = input;
  try {
    const user = await ctx.db.prisma.user.update({
      where: { id: ctx.session.userId },
      data: {
        ...rest,
        ...(email ? { email, emailKey: email.toLowerCase() } : {}),
        ...(answer ? { secretAnswerHash: await hashSecret(normalizeAnswer(answer)) } : {}),
        revision: { increment: 1 },
      },
    });
    return toUserDto(user);
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

export async function changePassword(ctx: AuthedContext, input: z.infer<typeof changePasswordInput>) {
  const user = await getUser(ctx);
  assertStrongPassword(input.newPassword, user, 'newPassword');
  // A stolen session must not become a way to guess the password: the same throttle as sign-in.
  const attempt = { loginKey: user.loginKey, ip: ctx.ip };
  await reserveAttempt(ctx, attempt, user.id);
  if (!(await verifySecret(user.passwordHash, input.password))) {
    throw new AppError('InvalidCredentials');
  }
  await forgiveAttempts(ctx, attempt);
  await ctx.db.prisma.$transaction([
    ctx.db.prisma.user.update({
      where: { id: user.id },
      data: { passwordHash: await hashSecret(input.newPassword) },
    }),
    // Other devices sign in again with the new password; this session stays.
    ctx.db.prisma.session.deleteMany({ where: { userId: user.id, id: { not: ctx.session.id } } }),
  ]);
  await audit(ctx, { action: 'users.change_password' });
  return { success: true as const };
}

/**
 * The secret question of a login. Every login gets one in the same shape — an unknown login, or a
 * user without a question, a fake one that stays the same for that login — so the answer does not
 * tell whether the login exists.
 */
export async function resetPasswordRequest(ctx: Context, login: string) {
  const loginKey = loginKeyOf(login);
  const user = await ctx.db.prisma.user.findUnique({ where: { loginKey } });
  if (user?.secretQuestion && user.secretAnswerHash) return { secretQuestion: user.secretQuestion };
  return { secretQuestion: await fakeQuestion(ctx, loginKey) };
}

/**
 * Checks the secret answer. The guess is counted before the answer is checked, with the sign-in
 * throttle; an unknown login costs the same Argon2 verification and gets the same WrongAnswer. A
 * user without a question learns, only after that, to contact the administrator.
 */
export async function resetPassword(ctx: Context, input: { login: string; answer: string }) {
  const attempt = { loginKey: loginKeyOf(input.login), ip: ctx.ip };
  const user = await ctx.db.prisma.user.findUnique({ where: { loginKey: attempt.loginKey } });
  await reserveAttempt(ctx, attempt, user?.id ?? null);
  const answerHash = user?.secretAnswerHash ?? (await DUMMY_HASH);
  const right = await verifySecret(answerHash, normalizeAnswer(input.answer));
  if (!user) throw new AppError('WrongAnswer');
  if (!user.secretQuestion || !user.secretAnswerHash) throw new AppError('NoSecretQuestion');
  if (!right) throw new AppError('WrongAnswer');
  await forgiveAttempts(ctx, attempt);
  const { token, tokenHash } = newToken();
  await ctx.db.prisma.passwordReset.create({
    data: { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000) },
  });
  return { resetToken: token };
}

export async function changeForgottenPassword(
  ctx: Context,
  input: z.infer<typeof changeForgottenPasswordInput>,
) {
  const reset = await ctx.db.prisma.passwordReset.findUnique({
    where: { tokenHash: tokenHashOf(input.resetToken) },
  });
  if (!reset || reset.usedAt || reset.expiresAt.getTime() < Date.now())
    throw new AppError('ResetTokenInvalid');
  const user = await ctx.db.prisma.user.findUniqueOrThrow({ where: { id: reset.userId } });
  assertStrongPassword(input.newPassword, user, 'newPassword');
  const passwordHash = await hashSecret(input.newPassword);
  await ctx.db.prisma.$transaction([
    ctx.db.prisma.passwordReset.update({ where: { id: reset.id }, data: { usedAt: new Date() } }),
    ctx.db.prisma.user.update({ where: { id: user.id }, data: { passwordHash } }),
    ctx.db.prisma.session.deleteMany({ where: { userId: user.id } }),
  ]);
  await forgiveAccount(ctx, user.loginKey);
  await audit(ctx, { action: 'users.password_reset', userId: reset.userId });
  return { success: true as const };
}

export async function acceptPrivacyPolicy(ctx: AuthedContext) {
  const user = await ctx.db.prisma.user.update({
    where: { id: ctx.session.userId },
    data: { privacyPolicyAcceptedAt: new Date() },
  });
  return toUserDto(user);
}

/**
 * The executor flag says a user performs works on site. A user sets it on themselves; a member
 * with `users.manage` in a space they share may set it on another member.
 */
export async function setExecutor(ctx: AuthedContext, input: { userId: string; executor: boolean }) {
  if (input.userId !== ctx.session.userId) {
    const shared = await ctx.db.prisma.spaceMember.findFirst({
      where: {
        userId: ctx.session.userId,
        role: { abilities: { has: 'users.manage' } },
        space: { deletingAt: null, members: { some: { userId: input.userId } } },
      },
    });
    if (!shared) throw new AppError('Forbidden');
  }
  const user = await ctx.db.prisma.user.update({
    where: { id: input.userId },
    data: { executor: input.executor },
  });
  await audit(ctx, {
    action: 'users.set_executor',
    details: { userId: input.userId, executor: input.executor },
  });
  return toUserDto(user);
}
