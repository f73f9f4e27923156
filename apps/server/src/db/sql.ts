import { sql } from 'kysely';
import type pg from 'pg';
import { AppError } from '../errors';

/** Where a query can run: the pool, or one connection taken from it (inside a transaction). */
export type Sql = pg.Pool | pg.PoolClient;

/** Runs `fn` in one transaction on one connection of `pool`; rolled back when `fn` throws. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** The one row a query of a single record answers; NotFound when it answers none (no such row in the space). */
export async function rowOrNotFound<R extends pg.QueryResultRow>(
  on: Sql,
  text: string,
  params: unknown[],
): Promise<R> {
  const { rows } = await on.query<R>(text, params);
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0];
}

/** The space's row of `table` with this id (the given columns; both are our own SQL text), or NotFound. */
export const spaceRowOrNotFound = <R extends pg.QueryResultRow>(
  on: Sql,
  table: string,
  columns: string,
  spaceId: string,
  id: string,
) => rowOrNotFound<R>(on, `SELECT ${columns} FROM ${table} WHERE id = $1 AND "spaceId" = $2`, [id, spaceId]);

/**
 * `any($n::type[])` for a Kysely comparison: a list of any length as one array parameter, as the raw SQL
 * always did (Kysely's `in` spends a parameter per value and caps a list at PostgreSQL's 65,535).
 */
export const anyOf = <T extends string | number>(values: readonly T[], type: 'uuid' | 'text' | 'int') =>
  sql<T>`any(${values}::${sql.raw(type)}[])`;

/**
 * Rows turned into one array per named field, in the order named: the parameters of a bulk insert that reads
 * them back as columns with `unnest($1::uuid[], $2::text[], …)` (one round trip, one parameter per column).
 */
export function unnestColumns<R, K extends keyof R>(rows: readonly R[], keys: readonly K[]): R[K][][] {
  return keys.map((key) => rows.map((row) => row[key]));
}

/** A value as a `jsonb` parameter: `pg` would send a JavaScript array as a PostgreSQL array, not as JSON. */
export const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
