import { kyselyOf } from '@takt/db';
import type pg from 'pg';
import { anyOf } from '../../db/sql';
import { notifyAssignments } from '../notices';
import type { WorksChange } from '../undo';

/**
 * After any change of works (an edit of the grid, a new work, a card's work, a scenario, an undo), each user
 * who is now executor or curator of a work and was not before is told, unless they made the change
 * themselves (docs/product-rules.md, "Notices").
 */
export async function notifyNewAssignees(client: pg.PoolClient, change: WorksChange): Promise<void> {
  const works = await kyselyOf(client)
    .selectFrom('works')
    .select(['id', 'name', 'executorId', 'curatorId'])
    .where('id', '=', anyOf(change.workIds, 'uuid'))
    .where((eb) => eb.or([eb('executorId', 'is not', null), eb('curatorId', 'is not', null)]))
    .orderBy('sortKey')
    .execute();
  if (works.length === 0) return;
  await notifyAssignments(
    client,
    change,
    works.map((work) => ({ ...work, was: change.before.get(work.id) ?? null })),
  );
}
