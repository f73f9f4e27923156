import type { Session, User } from '@takt/db';
import type { Sql } from '../../db/sql';

/**
 * The rows every authenticated request reads, as plain SQL: on this path a query through Prisma's client
 * costs several times the round trip itself in CPU, and it is taken by every request.
 */
/** The session columns, read beside the user's under names of their own. */
const SESSION_COLUMNS = [
  'id',
  'userId',
  'tokenHash',
  'createdAt',
  'lastSeenAt',
  'idleTimeoutMinutes',
  'ip',
  'userAgent',
];
const SESSION_SELECT = SESSION_COLUMNS.map((c) => `s."${c}" AS "session.${c}"`).join(', ');

/**
 * The session of a token hash with its user's row, in one round trip (every authenticated request
 * needs the session, and who-am-i, the most frequent call, the user too).
 */
export async function sessionByTokenHash(
  sql: Sql,
  tokenHash: string,
): Promise<{ session: Session; user: User } | null> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT u.*, ${SESSION_SELECT} FROM sessions s JOIN users u ON u.id = s."userId" WHERE s."tokenHash" = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  const session: Record<string, unknown> = {};
  const user: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('session.')) session[key.slice(8)] = value;
    else user[key] = value;
  }
  return { session: session as unknown as Session, user: user as unknown as User };
}

export async function userById(sql: Sql, id: string): Promise<User | null> {
  const { rows } = await sql.query<User>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}
