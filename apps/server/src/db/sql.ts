import type pg from 'pg';

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
