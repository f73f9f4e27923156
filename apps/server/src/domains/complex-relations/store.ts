/**
 * Complex relations of directories as stored: the relation (name, mode, revision), its directories in order
 * with their role (`complex_relation_directories`), its rows (`complex_relation_rows`) with one cell per
 * directory that has a value (`complex_relation_cells`), and the schedules it is assigned to
 * (`complex_relation_schedules`). docs/product-rules.md, "Complex relations of directories".
 */
import {
  COMPLEX_RELATION_LIMITS,
  type ComplexRelationMode,
  type createComplexRelationInput,
  type updateComplexRelationOptionsInput,
} from '@takt/contracts';
import type pg from 'pg';
import type { z } from 'zod';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';

type LevelRole = 'driver' | 'dependent' | 'none';

interface RelationLevel {
  directoryId: string;
  name: string;
  role: LevelRole;
}

interface RelationSummary {
  id: string;
  name: string;
  mode: ComplexRelationMode;
  revision: number;
  directories: RelationLevel[];
  scheduleIds: string[];
  rowCount: number;
}

/** A validation error of one field, its text an id of the complex relations' catalogue. */
const invalid = (path: string, message: string, params: Record<string, string | number> = {}) =>
  new AppError('ValidationError', {}, [{ path, message: `complex_relations.error.${message}`, params }]);

/** The space's relations (all of them, or those with these ids), in the order they were made. */
export async function relationSummaries(
  on: Sql,
  spaceId: string,
  only: { ids?: string[]; scheduleId?: string } = {},
): Promise<RelationSummary[]> {
  const { rows } = await on.query<{
    id: string;
    name: string;
    mode: ComplexRelationMode;
    revision: number;
    directories: RelationLevel[] | null;
    scheduleIds: string[] | null;
    rowCount: number;
  }>(
    `SELECT r.id, r.name, r.mode, r.revision,
       (SELECT json_agg(json_build_object('directoryId', d.id, 'name', d.name, 'role', rd.role) ORDER BY rd.position)
          FROM complex_relation_directories rd JOIN directories d ON d.id = rd."directoryId"
          WHERE rd."relationId" = r.id) AS directories,
       (SELECT array_agg(s."scheduleId" ORDER BY s."scheduleId") FROM complex_relation_schedules s
          WHERE s."relationId" = r.id) AS "scheduleIds",
       (SELECT count(*)::int FROM complex_relation_rows w WHERE w."relationId" = r.id) AS "rowCount"
     FROM complex_relations r
     WHERE r."spaceId" = $1
       AND ($2::uuid[] IS NULL OR r.id = ANY($2::uuid[]))
       AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM complex_relation_schedules s
             WHERE s."relationId" = r.id AND s."scheduleId" = $3))
     ORDER BY r."createdAt", r.id`,
    [spaceId, only.ids ?? null, only.scheduleId ?? null],
  );
  return rows.map((r) => ({ ...r, directories: r.directories ?? [], scheduleIds: r.scheduleIds ?? [] }));
}

export async function relationSummary(on: Sql, spaceId: string, relationId: string) {
  const [relation] = await relationSummaries(on, spaceId, { ids: [relationId] });
  if (!relation) throw new AppError('NotFound');
  return relation;
}

/** Locks the relation for a change and moves its revision on (`revision` given: it must be the stored one). */
export async function lockRelation(
  client: pg.PoolClient,
  spaceId: string,
  relationId: string,
  revision?: number,
) {
  const { rows } = await client.query<{ revision: number }>(
    `SELECT revision FROM complex_relations WHERE id = $1 AND "spaceId" = $2 FOR UPDATE`,
    [relationId, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  if (revision !== undefined && rows[0].revision !== revision) throw new AppError('Conflict');
  await client.query(
    `UPDATE complex_relations SET revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
    [relationId],
  );
  return relationSummary(client, spaceId, relationId);
}

/** The roles of the directories from the driver and the dependents chosen; every mistake a validation error. */
function rolesOf(
  directoryIds: readonly string[],
  driverDirectoryId: string | undefined,
  dependentDirectoryIds: readonly string[] | undefined,
): LevelRole[] {
  const driver = driverDirectoryId ?? directoryIds[0]!;
  if (!directoryIds.includes(driver)) throw invalid('driverDirectoryId', 'not_in_relation');
  const dependents = new Set(dependentDirectoryIds ?? directoryIds.filter((d) => d !== driver));
  for (const d of dependents)
    if (!directoryIds.includes(d)) throw invalid('dependentDirectoryIds', 'not_in_relation');
  if (dependents.has(driver)) throw invalid('dependentDirectoryIds', 'driver_dependent');
  if (dependents.size === 0) throw invalid('dependentDirectoryIds', 'no_dependent');
  return directoryIds.map((d) => (d === driver ? 'driver' : dependents.has(d) ? 'dependent' : 'none'));
}

/** API directory-complex-relations create. */
export async function createRelation(ctx: SpaceContext, input: z.output<typeof createComplexRelationInput>) {
  const spaceId = ctx.space.spaceId;
  const roles = rolesOf(input.directoryIds, input.driverDirectoryId, input.dependentDirectoryIds);
  return inTransaction(ctx.db.pool, async (client) => {
    await checkDirectories(client, spaceId, input.directoryIds);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO complex_relations (id, "spaceId", name, mode, "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, now()) RETURNING id`,
      [spaceId, input.name, input.mode],
    );
    const id = rows[0]!.id;
    await client.query(
      `INSERT INTO complex_relation_directories ("relationId", "directoryId", "spaceId", position, role)
       SELECT $1, u.d, $2, u.n - 1, u.role FROM unnest($3::uuid[], $4::text[]) WITH ORDINALITY AS u(d, role, n)`,
      [id, spaceId, input.directoryIds, roles],
    );
    return relationSummary(client, spaceId, id);
  });
}

/** The directories of the space among `directoryIds`, or NotFound. */
async function checkDirectories(client: pg.PoolClient, spaceId: string, directoryIds: readonly string[]) {
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM directories WHERE id = ANY($1::uuid[]) AND "spaceId" = $2`,
    [directoryIds, spaceId],
  );
  if (rows.length !== directoryIds.length) throw new AppError('NotFound');
}

/**
 * Another set of directories (or the same in another order) for a relation: refused while it has rows
 * unless `clearRows` deletes them; the driver kept when it stays (else the first), the dependents those
 * that were and stay plus the directories added, unless given. Answers the directories now.
 */
async function changeDirectories(
  client: pg.PoolClient,
  spaceId: string,
  relation: RelationSummary,
  input: z.output<typeof updateComplexRelationOptionsInput> & { directoryIds: string[] },
) {
  const before = relation.directories.map((d) => d.directoryId);
  const next = input.directoryIds;
  const sameSet = next.length === before.length && next.every((d) => before.includes(d));
  if (sameSet && next.every((d, k) => d === before[k])) return before;
  await checkDirectories(client, spaceId, next);
  if (!sameSet && relation.rowCount > 0) {
    if (!input.clearRows)
      throw invalid('directoryIds', 'directories_have_rows', { count: relation.rowCount });
    await client.query(`DELETE FROM complex_relation_rows WHERE "relationId" = $1`, [relation.id]);
  }
  const roleOf = new Map(relation.directories.map((d) => [d.directoryId, d.role]));
  const oldDriver = relation.directories.find((d) => d.role === 'driver')?.directoryId;
  const driver = input.driverDirectoryId ?? (oldDriver && next.includes(oldDriver) ? oldDriver : next[0]!);
  const dependents =
    input.dependentDirectoryIds ?? next.filter((d) => d !== driver && roleOf.get(d) !== 'none');
  const roles = rolesOf(next, driver, dependents);
  await client.query(`DELETE FROM complex_relation_directories WHERE "relationId" = $1`, [relation.id]);
  await client.query(
    `INSERT INTO complex_relation_directories ("relationId", "directoryId", "spaceId", position, role)
     SELECT $1, u.d, $2, u.n - 1, u.role FROM unnest($3::uuid[], $4::text[]) WITH ORDINALITY AS u(d, role, n)`,
    [relation.id, spaceId, next, roles],
  );
  // The same directories in another order keep their rows: a new driver must still be one value a row.
  if (sameSet && relation.rowCount > 0) await checkDriverValues(client, relation.id);
  return next;
}

/**
 * API directory-complex-relations update options: name, directories, driver, dependents, mode; at the
 * relation's revision.
 */
export async function updateRelationOptions(
  ctx: SpaceContext,
  input: z.output<typeof updateComplexRelationOptionsInput>,
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const relation = await lockRelation(client, spaceId, input.complexRelationId, input.revision);
    if (input.directoryIds) {
      await changeDirectories(client, spaceId, relation, { ...input, directoryIds: input.directoryIds });
      await client.query(
        `UPDATE complex_relations SET name = coalesce($2, name), mode = coalesce($3, mode) WHERE id = $1`,
        [relation.id, input.name ?? null, input.mode ?? null],
      );
      return relationSummary(client, spaceId, relation.id);
    }
    const directoryIds = relation.directories.map((d) => d.directoryId);
    if (input.driverDirectoryId || input.dependentDirectoryIds) {
      const driver =
        input.driverDirectoryId ?? relation.directories.find((d) => d.role === 'driver')?.directoryId;
      const dependents =
        input.dependentDirectoryIds ??
        relation.directories
          .filter((d) => d.role === 'dependent' && d.directoryId !== driver)
          .map((d) => d.directoryId);
      const roles = rolesOf(directoryIds, driver, dependents);
      const changed = relation.directories.some((d, k) => d.role !== roles[k]);
      await client.query(
        `UPDATE complex_relation_directories rd SET role = u.role
         FROM unnest($2::uuid[], $3::text[]) AS u(d, role) WHERE rd."relationId" = $1 AND rd."directoryId" = u.d`,
        [relation.id, directoryIds, roles],
      );
      // A new driver: the rows must still name one driver value each, once.
      if (changed) await checkDriverValues(client, relation.id);
    }
    await client.query(
      `UPDATE complex_relations SET name = coalesce($2, name), mode = coalesce($3, mode) WHERE id = $1`,
      [relation.id, input.name ?? null, input.mode ?? null],
    );
    return relationSummary(client, spaceId, relation.id);
  });
}

/** Every row has a value of the driver, and no two rows the same one. */
async function checkDriverValues(client: pg.PoolClient, relationId: string) {
  const { rows } = await client.query<{ missing: number; repeated: string | null }>(
    `WITH driver AS (SELECT "directoryId" FROM complex_relation_directories WHERE "relationId" = $1 AND role = 'driver'),
          cells AS (SELECT w.id, c."valueId" FROM complex_relation_rows w
                    LEFT JOIN complex_relation_cells c ON c."rowId" = w.id AND c."directoryId" = (SELECT "directoryId" FROM driver)
                    WHERE w."relationId" = $1)
     SELECT (SELECT count(*)::int FROM cells WHERE "valueId" IS NULL) AS missing,
            (SELECT v.name FROM cells c JOIN directory_values v ON v.id = c."valueId"
              GROUP BY v.id, v.name HAVING count(*) > 1 LIMIT 1) AS repeated`,
    [relationId],
  );
  if (rows[0]!.missing)
    throw invalid('driverDirectoryId', 'driver_missing_in_rows', { count: rows[0]!.missing });
  if (rows[0]!.repeated) throw invalid('driverDirectoryId', 'driver_repeats', { value: rows[0]!.repeated });
}

export async function deleteRelation(ctx: SpaceContext, relationId: string) {
  const { rowCount } = await ctx.db.pool.query(
    `DELETE FROM complex_relations WHERE id = $1 AND "spaceId" = $2`,
    [relationId, ctx.space.spaceId],
  );
  if (!rowCount) throw new AppError('NotFound');
  return { success: true as const };
}

/** API directory-complex-relations assign: the schedules the relation applies to, replacing those before. */
export async function assignRelation(
  ctx: SpaceContext,
  input: { complexRelationId: string; scheduleIds: string[] },
) {
  const spaceId = ctx.space.spaceId;
  const scheduleIds = [...new Set(input.scheduleIds)];
  return inTransaction(ctx.db.pool, async (client) => {
    const relation = await lockRelation(client, spaceId, input.complexRelationId);
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM eps_nodes WHERE id = ANY($1::uuid[]) AND "spaceId" = $2 AND kind = 'schedule'`,
      [scheduleIds, spaceId],
    );
    if (rows.length !== scheduleIds.length) throw new AppError('NotFound');
    await client.query(
      `DELETE FROM complex_relation_schedules WHERE "relationId" = $1 AND NOT ("scheduleId" = ANY($2::uuid[]))`,
      [relation.id, scheduleIds],
    );
    await client.query(
      `INSERT INTO complex_relation_schedules ("relationId", "scheduleId", "spaceId")
       SELECT $1, s, $2 FROM unnest($3::uuid[]) AS s ON CONFLICT DO NOTHING`,
      [relation.id, spaceId, scheduleIds],
    );
    return relationSummary(client, spaceId, relation.id);
  });
}

interface RelationRow {
  id: string;
  /** The value of each directory that has one, by directory id. */
  values: Record<string, string>;
}

/** The relation's rows in their order. */
export async function relationRows(on: Sql, relationId: string): Promise<RelationRow[]> {
  const { rows } = await on.query<{ id: string; values: Record<string, string> | null }>(
    `SELECT w.id, (SELECT json_object_agg(c."directoryId", c."valueId") FROM complex_relation_cells c
                   WHERE c."rowId" = w.id) AS values
     FROM complex_relation_rows w WHERE w."relationId" = $1 ORDER BY w."sortKey", w.id`,
    [relationId],
  );
  return rows.map((r) => ({ id: r.id, values: r.values ?? {} }));
}

/** API directory-complex-relations get rows: the relation with its rows. */
export async function getRelationRows(ctx: SpaceContext, relationId: string) {
  const relation = await relationSummary(ctx.db.pool, ctx.space.spaceId, relationId);
  return { relation, rows: await relationRows(ctx.db.pool, relationId) };
}

/**
 * Checks the values of rows against the relation: each names directories of the relation and values of those
 * directories, each has a driver value. Answers the rows' cells; issues name the row's place in the input.
 */
async function checkRowValues(
  on: Sql,
  relation: RelationSummary,
  rows: readonly { values: Record<string, string | null> }[],
): Promise<{ directoryId: string; valueId: string }[][]> {
  const levels = new Set(relation.directories.map((d) => d.directoryId));
  const driver = relation.directories.find((d) => d.role === 'driver')?.directoryId;
  const valueIds = [...new Set(rows.flatMap((r) => Object.values(r.values).filter((v): v is string => !!v)))];
  const { rows: found } = await on.query<{ id: string; directoryId: string }>(
    `SELECT id, "directoryId" FROM directory_values WHERE id = ANY($1::uuid[])`,
    [valueIds],
  );
  const directoryOf = new Map(found.map((v) => [v.id, v.directoryId]));
  return rows.map((row, k) => {
    const cells: { directoryId: string; valueId: string }[] = [];
    for (const [directoryId, valueId] of Object.entries(row.values)) {
      if (!levels.has(directoryId)) throw invalid(`rows.${k}.values.${directoryId}`, 'not_in_relation');
      if (!valueId) continue;
      if (directoryOf.get(valueId) !== directoryId)
        throw invalid(`rows.${k}.values.${directoryId}`, 'value_not_in_directory');
      cells.push({ directoryId, valueId });
    }
    if (!driver || !cells.some((c) => c.directoryId === driver))
      throw invalid(`rows.${k}.values.${driver ?? ''}`, 'driver_required');
    return cells;
  });
}

/** Writes the cells of rows (replacing what the rows had). */
export async function writeCells(
  client: pg.PoolClient,
  spaceId: string,
  rowIds: readonly string[],
  cells: readonly { directoryId: string; valueId: string }[][],
) {
  await client.query(`DELETE FROM complex_relation_cells WHERE "rowId" = ANY($1::uuid[])`, [rowIds]);
  const flat = cells.flatMap((row, k) => row.map((c) => ({ rowId: rowIds[k]!, ...c })));
  if (!flat.length) return;
  await client.query(
    `INSERT INTO complex_relation_cells ("rowId", "directoryId", "valueId", "spaceId")
     SELECT u.r, u.d, u.v, $1 FROM unnest($2::uuid[], $3::uuid[], $4::uuid[]) AS u(r, d, v)`,
    [spaceId, flat.map((c) => c.rowId), flat.map((c) => c.directoryId), flat.map((c) => c.valueId)],
  );
}

/** Inserts new rows after the relation's last one; answers their ids in order. */
export async function insertRows(client: pg.PoolClient, spaceId: string, relationId: string, count: number) {
  const { rows } = await client.query<{ id: string; sortKey: number }>(
    `INSERT INTO complex_relation_rows (id, "spaceId", "relationId", "sortKey")
     SELECT gen_random_uuid(), $1, $2, coalesce((SELECT max("sortKey") FROM complex_relation_rows WHERE "relationId" = $2), 0) + n * 1024
     FROM generate_series(1, $3::int) AS n ORDER BY n RETURNING id, "sortKey"`,
    [spaceId, relationId, count],
  );
  return rows.sort((a, b) => a.sortKey - b.sortKey).map((r) => r.id);
}

/** API directory-complex-relations update rows: saves rows (new ones without an id), all or none. */
export async function updateRelationRows(
  ctx: SpaceContext,
  input: {
    complexRelationId: string;
    rows: { complexRelationRowId?: string | undefined; values: Record<string, string | null> }[];
  },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const relation = await lockRelation(client, spaceId, input.complexRelationId);
    const cells = await checkRowValues(client, relation, input.rows);
    const given = input.rows.flatMap((r) => (r.complexRelationRowId ? [r.complexRelationRowId] : []));
    if (new Set(given).size !== given.length) throw invalid('rows', 'row_twice');
    const { rows: existing } = await client.query<{ id: string }>(
      `SELECT id FROM complex_relation_rows WHERE id = ANY($1::uuid[]) AND "relationId" = $2`,
      [given, relation.id],
    );
    if (existing.length !== given.length) throw new AppError('NotFound');
    const added = input.rows.filter((r) => !r.complexRelationRowId).length;
    const newIds = added ? await insertRows(client, spaceId, relation.id, added) : [];
    let next = 0;
    const rowIds = input.rows.map((r) => r.complexRelationRowId ?? newIds[next++]!);
    if (relation.rowCount + added > COMPLEX_RELATION_LIMITS.maxRows)
      throw invalid('rows', 'too_many_rows', { max: COMPLEX_RELATION_LIMITS.maxRows });
    await writeCells(client, spaceId, rowIds, cells);
    await checkDriverValues(client, relation.id);
    return {
      relation: await relationSummary(client, spaceId, relation.id),
      rows: await relationRows(client, relation.id),
    };
  });
}

/** API directory-complex-relations delete rows. */
export async function deleteRelationRows(
  ctx: SpaceContext,
  input: { complexRelationId: string; complexRelationRowIds: string[] },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const relation = await lockRelation(client, spaceId, input.complexRelationId);
    const { rowCount } = await client.query(
      `DELETE FROM complex_relation_rows WHERE id = ANY($1::uuid[]) AND "relationId" = $2`,
      [input.complexRelationRowIds, relation.id],
    );
    if (!rowCount) throw new AppError('NotFound');
    return {
      success: true as const,
      count: rowCount,
      relation: await relationSummary(client, spaceId, relation.id),
    };
  });
}

/**
 * API directory-complex-relations dependent directories: the directories whose values follow this one's, by
 * the relations it drives (those assigned to `scheduleId` when given).
 */
export async function dependentDirectories(
  ctx: SpaceContext,
  input: { directoryId: string; scheduleId?: string | undefined },
) {
  const spaceId = ctx.space.spaceId;
  const { rows: found } = await ctx.db.pool.query(
    `SELECT 1 FROM directories WHERE id = $1 AND "spaceId" = $2`,
    [input.directoryId, spaceId],
  );
  if (!found.length) throw new AppError('NotFound');
  const relations = await relationSummaries(
    ctx.db.pool,
    spaceId,
    input.scheduleId ? { scheduleId: input.scheduleId } : {},
  );
  return relations
    .filter((r) => r.directories.some((d) => d.directoryId === input.directoryId && d.role === 'driver'))
    .flatMap((r) =>
      r.directories
        .filter((d) => d.role === 'dependent')
        .map((d) => ({
          directoryId: d.directoryId,
          name: d.name,
          complexRelationId: r.id,
          relationName: r.name,
          mode: r.mode,
        })),
    );
}
