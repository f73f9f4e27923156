import { readCatalog, rowsQuery } from '../src/domains/backups/catalog';

/**
 * Every row of a space's or project's backup, table by table, as PostgreSQL writes it (jsonb: keys in one
 * order), sorted — what "equal row for row" compares. `pool`: the database of the server that holds them.
 */
export async function spaceRows(
  pool: Parameters<typeof readCatalog>[0],
  scope: 'space' | 'project',
  space: string,
  project: string | null,
) {
  const catalog = await readCatalog(pool);
  const tables: Record<string, string[]> = {};
  for (const table of catalog.order) {
    const { rows } = await pool.query<{ j: string }>(
      rowsQuery(catalog, scope, table, 'to_jsonb(t)::text AS j'),
      [space, project],
    );
    if (rows.length) tables[table] = rows.map((r) => r.j).sort();
  }
  return tables;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The rows with every id blanked: a copy made with new ids compares equal to its original. */
export const withoutIds = (tables: Record<string, string[]>) =>
  Object.fromEntries(
    Object.entries(tables).map(([k, rows]) => [k, rows.map((r) => r.replace(UUID, '<id>')).sort()]),
  );
