import { LIMITS } from '@takt/contracts';
import type { Context } from '../../context';
import { AppError } from '../../errors';

/**
 * Throttles for guessing secrets (passwords, secret answers). An attempt is counted — a failure row
 * written — before the secret is checked, under per-account and per-address advisory locks, so
 * parallel guesses queue behind each other and each sees the ones before it. A right guess takes the
 * failures of its account and address back.
 */

/** One rule: how many failures it has seen in memory, and when the last one came. */
export interface RuleState {
  failures: number;
  lastAt: Date | null;
}

/** How long a rule past its free failures makes the next attempt wait after the last one. */
export function waitMs(failures: number, free: number): number {
  if (failures < free) return 0;
  const doubled = LIMITS.loginFirstDelaySeconds * 1000 * 2 ** Math.min(failures - free, 30);
  return Math.min(doubled, LIMITS.loginLongestDelayMinutes * 60_000);
}

/** Milliseconds until the rule lets an attempt through (0: now). */
export function remainingMs(state: RuleState, free: number, now: Date): number {
  if (!state.lastAt) return 0;
  return Math.max(0, state.lastAt.getTime() + waitMs(state.failures, free) - now.getTime());
}

export interface Attempt {
  loginKey: string;
  ip: string;
}

/** The account key of a typed login: trimmed, lower-cased, as long as the column holds. */
export function loginKeyOf(login: string): string {
  return login.trim().toLowerCase().slice(0, 32);
}

/** Counts and last failure times (epoch milliseconds; the column holds UTC without a zone). */
interface Stats {
  pair_n: string;
  pair_last: number | null;
  account_n: string;
  account_last: number | null;
  ip_n: string;
  ip_last: number | null;
  now: number;
}

/** The current time as the timestamp columns hold it: UTC, without a zone. */
const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;
const epochMs = (sql: string) => `(extract(epoch FROM (${sql}) AT TIME ZONE 'UTC') * 1000)::float8`;

function ruleState(failures: string, lastMs: number | null): RuleState {
  return { failures: Number(failures), lastAt: lastMs === null ? null : new Date(lastMs) };
}

/**
 * Whether the address has signed in to this account recently: then only the account-and-address rule
 * applies to it, and neither a flood of failures from elsewhere nor from its own NAT neighbours can
 * lock the owner out.
 */
async function trustedAddress(ctx: Context, userId: string | null, ip: string): Promise<boolean> {
  if (!userId) return false;
  const { rows } = await ctx.db.pool.query(
    `SELECT 1 FROM audit_log
      WHERE "userId" = $1 AND action = 'auth.login' AND ip = $2
        AND at > ${UTC_NOW} - make_interval(days => $3) LIMIT 1`,
    [userId, ip, LIMITS.loginTrustedAddressDays],
  );
  return rows.length > 0;
}

/**
 * Counts one guess at the secrets of `loginKey` from `ip`, or refuses it with TooManyAttempts (and
 * the minutes to wait) without counting. `userId` is the account's user when it exists.
 */
export async function reserveAttempt(ctx: Context, attempt: Attempt, userId: string | null): Promise<void> {
  const trusted = await trustedAddress(ctx, userId, attempt.ip);
  const client = await ctx.db.pool.connect();
  let released = false;
  try {
    await client.query('BEGIN');
    // Both locks, always in the same order, so two attempts never wait for each other crosswise.
    for (const key of [`account:${attempt.loginKey}`, `address:${attempt.ip}`].sort()) {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
    }
    const memory = LIMITS.loginFailureMemoryMinutes;
    await client.query(
      `DELETE FROM login_failures
        WHERE ("loginKey" = $1 OR ip = $2) AND at <= ${UTC_NOW} - make_interval(mins => $3)`,
      [attempt.loginKey, attempt.ip, memory],
    );
    const { rows } = await client.query<Stats>(
      `SELECT count(*) FILTER (WHERE "loginKey" = $1 AND ip = $2) AS pair_n,
              ${epochMs(`max(at) FILTER (WHERE "loginKey" = $1 AND ip = $2)`)} AS pair_last,
              count(*) FILTER (WHERE "loginKey" = $1) AS account_n,
              ${epochMs(`max(at) FILTER (WHERE "loginKey" = $1)`)} AS account_last,
              count(*) FILTER (WHERE ip = $2) AS ip_n,
              ${epochMs('max(at) FILTER (WHERE ip = $2)')} AS ip_last,
              (extract(epoch FROM now()) * 1000)::float8 AS now
         FROM login_failures
        WHERE ("loginKey" = $1 OR ip = $2) AND at > ${UTC_NOW} - make_interval(mins => $3)`,
      [attempt.loginKey, attempt.ip, memory],
    );
    const stats = rows[0]!;
    const rules: [RuleState, number][] = [
      [ruleState(stats.pair_n, stats.pair_last), LIMITS.loginFreeFailuresPerAccountAndAddress],
    ];
    if (!trusted) {
      rules.push(
        [ruleState(stats.account_n, stats.account_last), LIMITS.loginFreeFailuresPerAccount],
        [ruleState(stats.ip_n, stats.ip_last), LIMITS.loginFreeFailuresPerAddress],
      );
    }
    const now = new Date(stats.now);
    const wait = Math.max(...rules.map(([state, free]) => remainingMs(state, free, now)));
    if (wait > 0) {
      await client.query('ROLLBACK');
      throw new AppError('TooManyAttempts', { minutes: Math.ceil(wait / 60_000) });
    }
    await client.query(`INSERT INTO login_failures ("loginKey", ip, at) VALUES ($1, $2, ${UTC_NOW})`, [
      attempt.loginKey,
      attempt.ip,
    ]);
    await client.query('COMMIT');
  } catch (error) {
    if (!(error instanceof AppError)) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(true);
      released = true;
    }
    throw error;
  } finally {
    if (!released) client.release();
  }
}

/** A right guess: the failures of this account from this address were the owner's own typos. */
export async function forgiveAttempts(ctx: Context, attempt: Attempt): Promise<void> {
  await ctx.db.pool.query(`DELETE FROM login_failures WHERE "loginKey" = $1 AND ip = $2`, [
    attempt.loginKey,
    attempt.ip,
  ]);
}

/** A new password set through restore: every failure of the account is forgotten. */
export async function forgiveAccount(ctx: Context, loginKey: string): Promise<void> {
  await ctx.db.pool.query(`DELETE FROM login_failures WHERE "loginKey" = $1`, [loginKey]);
}
