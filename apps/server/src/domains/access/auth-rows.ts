import type { Session, User } from '@takt/db';
import type { Sql } from '../versions/guard';

/**
 * The rows every authenticated request reads, as plain SQL: on this path a query through Prisma's client
 * costs several times the round trip itself in CPU, and it is taken by every request.
 */
export async function sessionByTokenHash(sql: Sql, tokenHash: string): Promise<Session | null> {
  const { rows } = await sql.query<Session>('SELECT * FROM sessions WHERE "tokenHash" = $1', [tokenHash]);
  return rows[0] ?? null;
}

export async function userById(sql: Sql, id: string): Promise<User | null> {
  const { rows } = await sql.query<User>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}
