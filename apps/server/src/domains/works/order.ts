import type pg from 'pg';

/**
 * Ordering keys of WBS rows are gap integers among siblings (1024, 2048, …). Inserting between two
 * rows takes the midpoint; only when two neighbours are adjacent are the siblings renumbered, in one
 * UPDATE. Integers keep bulk paths trivial (the demo and the version copy write `i * GAP`), sort
 * without collation pitfalls, and fit 2 million siblings in an int column.
 */
export const ORDER_GAP = 1024;

type Table = 'works' | 'eps_nodes';

function siblingsWhere(table: Table): string {
  return table === 'works'
    ? `"versionId" = $1 AND "parentId" IS NOT DISTINCT FROM $2`
    : `"spaceId" = $1 AND "parentId" IS NOT DISTINCT FROM $2`;
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
  const where = siblingsWhere(table);
  if (afterId === 'last') {
    const { rows } = await client.query<{ max: number | null }>(
      `SELECT max("sortKey") AS max FROM ${table} WHERE ${where}`,
      [scope, parentId],
    );
    return (rows[0]?.max ?? 0) + ORDER_GAP;
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    const { rows } = await client.query<{ id: string; sortKey: number }>(
      `SELECT id, "sortKey" FROM ${table} WHERE ${where} ORDER BY "sortKey", id`,
      [scope, parentId],
    );
    const index = afterId === null ? -1 : rows.findIndex((r) => r.id === afterId);
    const low = index >= 0 ? rows[index]!.sortKey : null;
    const high = rows[index + 1]?.sortKey ?? null;
    if (low === null && high === null) return ORDER_GAP;
    if (low === null) return high! - ORDER_GAP;
    if (high === null) return low + ORDER_GAP;
    if (high - low >= 2) return Math.floor((low + high) / 2);
    await beforeRenumber(rows.map((r) => r.id));
    await client.query(
      `UPDATE ${table} t SET "sortKey" = n.rank * ${ORDER_GAP}
       FROM (SELECT id, row_number() OVER (ORDER BY "sortKey", id) AS rank FROM ${table} WHERE ${where}) n
       WHERE t.id = n.id`,
      [scope, parentId],
    );
  }
  throw new Error('ordering keys could not be renumbered');
}
