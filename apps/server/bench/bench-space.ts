import type { openDatabase } from '@takt/db';
import type { SpaceContext } from '../src/context';

/**
 * A space for a server benchmark and the context the services read (the database, the space and the
 * caller; nothing else of a request). `userId` null: a caller without a user row.
 */
export async function benchSpace(db: ReturnType<typeof openDatabase>, options: { withUser: boolean }) {
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO spaces (id, name, "updatedAt") VALUES (gen_random_uuid(), 'bench', now()) RETURNING id`,
  );
  const spaceId = rows[0]!.id;
  const ctx = {
    db,
    lang: 'ru',
    space: { spaceId, roleId: spaceId, roleName: 'bench', abilities: new Set() },
    session: { id: '', userId: options.withUser ? spaceId : null },
  } as unknown as SpaceContext;
  return { spaceId, ctx };
}
