import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { DB } from '../generated/kysely/types';

/** The row types of the tables, keyed by their model names (`Work`, `Relation`, …), for `Selectable<…>`. */
export type * as Tables from '../generated/kysely/types';
export type { DB } from '../generated/kysely/types';

/** Where a query can run: the pool, or one connection taken from it (inside a transaction). */
export type Queryable = pg.Pool | pg.PoolClient;

/** A typed query builder over the tables of `prisma/schema.prisma`, as the database names them. */
export type QueryBuilder = Kysely<DB>;

// One builder per pool and one per pooled connection: `pg` hands the same client object out again and
// again, so a transaction pays for a map lookup rather than for building a Kysely instance. Weak keys let
// a closed pool and its clients go.
const builders = new WeakMap<Queryable, QueryBuilder>();

/**
 * The typed query builder of `on`. On a pool each query takes a connection of its own, like
 * `pool.query`; on a client taken from the pool (inside `inTransaction`) every query runs on that very
 * connection, so it belongs to the transaction that is open there and commits or rolls back with it.
 * Kysely's own `transaction()` must not be used on a client's builder: the transaction is the caller's.
 */
export function kyselyOf(on: Queryable): QueryBuilder {
  let builder = builders.get(on);
  if (!builder) {
    builder = new Kysely<DB>({ dialect: new PostgresDialect({ pool: isPool(on) ? on : borrowed(on) }) });
    builders.set(on, builder);
  }
  return builder;
}

function isPool(on: Queryable): on is pg.Pool {
  // A pooled client has `release`; a pool has none. (`instanceof` would break on a second copy of `pg`.)
  return typeof (on as pg.PoolClient).release !== 'function';
}

/**
 * A one-connection "pool" for Kysely's Postgres driver: it lends the caller's client and never returns
 * it to `pg` — whoever took the client from the pool releases it — nor ends it.
 */
function borrowed(client: pg.PoolClient): PostgresPool {
  const lent: PostgresPoolClient = {
    query: client.query.bind(client) as PostgresPoolClient['query'],
    release() {},
  };
  return {
    connect: async () => lent,
    async end() {},
  };
}
