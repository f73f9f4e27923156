import { type Database, kyselyOf, openDatabase, type Tables } from '@takt/db';
import { createTestDatabase, type TestDatabase } from '@takt/db/testing';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inTransaction } from './sql';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabase'));
  db = openDatabase(database.url, { max: 2 });
});

afterAll(async () => {
  await db.close();
  await database.drop();
});

const SECRET = 'kysely-test';

/** The test row's values as a connection (or the pool) sees them. */
const secretValues = async (on: Parameters<typeof kyselyOf>[0]) =>
  (await kyselyOf(on).selectFrom('server_secrets').select('value').where('name', '=', SECRET).execute()).map(
    (row) => row.value,
  );

describe('typed queries (Kysely)', () => {
  it('has one builder per pool and per pooled connection', async () => {
    expect(kyselyOf(db.pool)).toBe(kyselyOf(db.pool));
    await inTransaction(db.pool, async (client) => {
      expect(kyselyOf(client)).toBe(kyselyOf(client));
      expect(kyselyOf(client)).not.toBe(kyselyOf(db.pool));
    });
  });

  it('runs inside inTransaction on its connection and rolls back with it', async () => {
    const failure = new Error('undo everything');
    let seenInside: Selectable<Tables.ServerSecret>[] = [];
    await expect(
      inTransaction(db.pool, async (client) => {
        const typed = kyselyOf(client);
        await typed.insertInto('server_secrets').values({ name: SECRET, value: 'one' }).execute();
        // The row is visible on the transaction's own connection through the raw client too…
        seenInside = await typed
          .selectFrom('server_secrets')
          .selectAll()
          .where('name', '=', SECRET)
          .execute();
        const raw = await client.query('SELECT value FROM server_secrets WHERE name = $1', [SECRET]);
        expect(raw.rows).toEqual([{ value: 'one' }]);
        // …but not on another connection of the pool before the commit.
        expect(await secretValues(db.pool)).toEqual([]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(seenInside.map((row) => row.value)).toEqual(['one']);
    expect(await secretValues(db.pool)).toEqual([]);
  });

  it('commits with the transaction and leaves the connection to the pool', async () => {
    await inTransaction(db.pool, (client) =>
      kyselyOf(client).insertInto('server_secrets').values({ name: SECRET, value: 'two' }).execute(),
    );
    expect(await secretValues(db.pool)).toEqual(['two']);
    // Every connection came back: the pool of two can still hand out two at once.
    expect(db.pool.totalCount - db.pool.idleCount).toBe(0);
  });
});
