import { kyselyOf } from '@takt/db';
import { sql } from 'kysely';
import type pg from 'pg';

/**
 * Ordering keys of WBS rows are gap integers among siblings (1024, 2048, …). Inserting between two
 * rows takes the midpoint; only when two neighbours are adjacent are the siblings renumbered, in one
 * UPDATE. Integers keep bulk paths trivial (the demo and the version copy write `i * GAP`), sort
 * without collation pitfalls, and fit 2 million siblings in an int column.
 */
export const ORDER_GAP = 1024;

type Table = 'works' | 'eps_nodes';

// The same statements serve both tables (their ordering columns are alike), so they are `sql` templates
// over a table named at run time rather than builder queries typed for one table.
function siblingsWhere(table: Table, scope: string, parentId: string | null) {
  const column = sql.ref(table === 'works' ? 'versionId' : 'spaceId');
  return sql`${column} = ${scope} AND "parentId" IS NOT DISTINCT FROM ${parentId}`;
}

/**
 * A key for a row placed after `afterId` among the children of `parentId` (`afterId` null: first;
 * `'last'`: after every sibling). `scope` is the version (works) or the space (EPS nodes).
 * `beforeRenumber` sees the sibling ids before their keys change, so undo can snapshot them.
 */
export async function orderKeyAfter(
  client: pg.PoolClient,
  table: Table,
  scope: string,
  parentId: string | null,
  afterId: string | null | 'last',
  beforeRenumber: (ids: string[]) => Promise<void> = async () => {},
): Promise<number> {
  const db = kyselyOf(client);
  const from = sql.table(table);
  const where = siblingsWhere(table, scope, parentId);
  if (afterId === 'last') {
    const { rows } = await sql<{
      max: number | null;
    }>`SELECT max("sortKey") AS max FROM ${from} WHERE ${where}`.execute(db);
    return (rows[0]?.max ?? 0) + ORDER_GAP;
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    const { rows } = await sql<{ id: string; sortKey: number }>`
      SELECT id, "sortKey" FROM ${from} WHERE ${where} ORDER BY "sortKey", id`.execute(db);
    const index = afterId === null ? -1 : rows.findIndex((r) => r.id === afterId);
    const low = index >= 0 ? rows[index]!.sortKey : null;
    const high = rows[index + 1]?.sortKey ?? null;
    if (low === null && high === null) return ORDER_GAP;
    if (low === null) return high! - ORDER_GAP;
    if (high === null) return low + ORDER_GAP;
    if (high - low >= 2) return Math.floor((low + high) / 2);
    await beforeRenumber(rows.map((r) => r.id));
    await sql`
      UPDATE ${from} t SET "sortKey" = n.rank * ${sql.lit(ORDER_GAP)}
      FROM (SELECT id, row_number() OVER (ORDER BY "sortKey", id) AS rank FROM ${from} WHERE ${where}) n
      WHERE t.id = n.id`.execute(db);
  }
  throw new Error('ordering keys could not be renumbered');
}
