import type pg from 'pg';

/**
 * Rows that hang off a work — its assignments, its daily work plan values and row, its timesheet entries,
 * the pipeline's record that it generated the work — as an undo snapshot. The undo list is a stack (an
 * action is undone only after every later one), so restoring "the rows of these works as they were" is
 * exact for the tables every change records (assignments, daily plans). Timesheet entries are not undo
 * actions of their own: they come back only with a work that the undo brings back (a deleted work), never
 * over later entries of a living one. A work a pipeline generated stays its work when an undo or redo
 * brings it back.
 */
export const WORK_ROW_TABLES = [
  'assignments',
  'wdp_values',
  'wdp_rows',
  'timesheet_entries',
  'pipeline_works',
] as const;
export type WorkRowTable = (typeof WORK_ROW_TABLES)[number];

export interface WorkRowsSnapshot {
  workIds: string[];
  tables: WorkRowTable[];
  rows: Partial<Record<WorkRowTable, unknown[]>>;
}

export async function workRowsSnapshot(
  client: pg.PoolClient,
  workIds: readonly string[],
  tables: readonly WorkRowTable[],
): Promise<WorkRowsSnapshot> {
  const rows: WorkRowsSnapshot['rows'] = {};
  for (const table of tables) {
    const { rows: found } = await client.query<{ row: unknown }>(
      `SELECT row_to_json(t) AS row FROM ${table} t WHERE "workId" = ANY($1::uuid[])`,
      [workIds],
    );
    rows[table] = found.map((r) => r.row);
  }
  return { workIds: [...workIds], tables: [...tables], rows };
}

/**
 * Puts the snapshot's rows back, inside the caller's transaction, after the works themselves are restored.
 * `revived`: works that did not exist before this undo (their timesheet entries come back).
 */
export async function workRowsRestore(
  client: pg.PoolClient,
  snapshot: WorkRowsSnapshot,
  revived: ReadonlySet<string>,
): Promise<void> {
  const { workIds, tables, rows } = snapshot;
  const json = (table: WorkRowTable) => JSON.stringify(rows[table] ?? []);
  if (tables.includes('assignments')) {
    // Rows of these works that the snapshot does not hold were created later: they go. The rest is put back
    // (over the later state), for resources and works that still exist.
    await client.query(
      `DELETE FROM assignments WHERE "workId" = ANY($1::uuid[])
         AND id NOT IN (SELECT id FROM json_populate_recordset(NULL::assignments, $2::json))`,
      [workIds, json('assignments')],
    );
    await client.query(
      `INSERT INTO assignments SELECT s.* FROM json_populate_recordset(NULL::assignments, $1::json) s
       WHERE EXISTS (SELECT 1 FROM resources r WHERE r.id = s."resourceId")
         AND EXISTS (SELECT 1 FROM works w WHERE w.id = s."workId")
       ON CONFLICT (id) DO UPDATE SET ("planQuantity", "approvedQuantity", "factQuantity", price, distribution,
         reserved, "lagMinutes", "windowMinutes", period, entries, "followsId", revision, "updatedAt") =
         (EXCLUDED."planQuantity", EXCLUDED."approvedQuantity", EXCLUDED."factQuantity", EXCLUDED.price,
          EXCLUDED.distribution, EXCLUDED.reserved, EXCLUDED."lagMinutes", EXCLUDED."windowMinutes",
          EXCLUDED.period, EXCLUDED.entries, EXCLUDED."followsId", assignments.revision + 1, now())`,
      [json('assignments')],
    );
  }
  if (tables.includes('wdp_values')) {
    await client.query(`DELETE FROM wdp_values WHERE "workId" = ANY($1::uuid[])`, [workIds]);
    await client.query(
      `INSERT INTO wdp_values SELECT s.* FROM json_populate_recordset(NULL::wdp_values, $1::json) s
       WHERE EXISTS (SELECT 1 FROM works w WHERE w.id = s."workId")`,
      [json('wdp_values')],
    );
  }
  if (tables.includes('wdp_rows')) {
    // A restored row's revision moves forward, past the one it replaces: a client that read the undone state
    // gets a Conflict rather than writing over the restored plan.
    await client.query(
      `WITH gone AS (DELETE FROM wdp_rows WHERE "workId" = ANY($1::uuid[]) RETURNING "workId", revision),
       kept AS (SELECT s.* FROM json_populate_recordset(NULL::wdp_rows, $2::json) s
         WHERE EXISTS (SELECT 1 FROM works w WHERE w.id = s."workId"))
       INSERT INTO wdp_rows ("workId", "spaceId", "versionId", planning, revision, "updatedAt")
       SELECT coalesce(k."workId", g."workId"), coalesce(k."spaceId", w."spaceId"), coalesce(k."versionId", w."versionId"),
         coalesce(k.planning, false), greatest(coalesce(k.revision, 0), g.revision) + 1, now()
       FROM kept k FULL JOIN gone g ON g."workId" = k."workId" JOIN works w ON w.id = coalesce(k."workId", g."workId")`,
      [workIds, json('wdp_rows')],
    );
  }
  if (tables.includes('pipeline_works')) {
    await client.query(
      `DELETE FROM pipeline_works WHERE "workId" = ANY($1::uuid[])
         AND id NOT IN (SELECT id FROM json_populate_recordset(NULL::pipeline_works, $2::json))`,
      [workIds, json('pipeline_works')],
    );
    await client.query(
      `INSERT INTO pipeline_works SELECT s.* FROM json_populate_recordset(NULL::pipeline_works, $1::json) s
       WHERE EXISTS (SELECT 1 FROM works w WHERE w.id = s."workId" AND w."versionId" = s."versionId")
         AND EXISTS (SELECT 1 FROM eps_nodes p WHERE p.id = s."projectId")
       ON CONFLICT (id) DO UPDATE SET ("pipeId", "locationId", "crewResourceId") =
         (EXCLUDED."pipeId", EXCLUDED."locationId", EXCLUDED."crewResourceId")`,
      [json('pipeline_works')],
    );
  }
  if (tables.includes('timesheet_entries') && revived.size > 0) {
    await client.query(
      `INSERT INTO timesheet_entries SELECT s.* FROM json_populate_recordset(NULL::timesheet_entries, $1::json) s
       WHERE s."workId" = ANY($2::uuid[]) AND EXISTS (SELECT 1 FROM works w WHERE w.id = s."workId")
       ON CONFLICT DO NOTHING`,
      [json('timesheet_entries'), [...revived]],
    );
  }
}
