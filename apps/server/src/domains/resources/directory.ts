import type { ResourceFields } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound } from '../../db/sql';
import { AppError, changedOrStale, deleteSpaceRow } from '../../errors';
import { setClauses } from './set-clauses';

type Sql = pg.Pool | pg.PoolClient;

/** A unique violation of PostgreSQL (a code or name taken by a concurrent write). */
const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === constraint;

// ── specialties ───────────────────────────────────────────────────────────────────────────────
const SPECIALTY_SELECT = `s.id, s.name, s.code, s.revision,
  (SELECT count(*)::int FROM resources r WHERE r."specialtyId" = s.id) AS resources,
  (SELECT count(*)::int FROM user_specialties u JOIN space_members m ON m."userId" = u."userId" AND m."spaceId" = s."spaceId"
    WHERE u."specialtyId" = s.id) AS users`;

export interface SpecialtyDto {
  id: string;
  name: string;
  code: string | null;
  revision: number;
  /** Resources of the specialty, and members who have it. */
  resources: number;
  users: number;
}

export async function listSpecialties(ctx: SpaceContext) {
  const { rows } = await ctx.db.pool.query(
    `SELECT ${SPECIALTY_SELECT} FROM specialties s WHERE s."spaceId" = $1 ORDER BY s.name, s.id`,
    [ctx.space.spaceId],
  );
  return rows as SpecialtyDto[];
}

async function specialtyOf(sql: Sql, spaceId: string, id: string) {
  const { rows } = await sql.query(
    `SELECT ${SPECIALTY_SELECT} FROM specialties s WHERE s.id = $1 AND s."spaceId" = $2`,
    [id, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0] as SpecialtyDto;
}

const specialtyTaken = () =>
  new AppError('ValidationError', {}, [{ path: 'name', message: 'resources.specialty_name_taken' }]);

export async function createSpecialty(ctx: SpaceContext, input: { name: string; code?: string | null }) {
  const spaceId = ctx.space.spaceId;
  try {
    const { rows } = await ctx.db.pool.query<{ id: string }>(
      `INSERT INTO specialties (id, "spaceId", name, "nameKey", code) VALUES (gen_random_uuid(), $1, $2::text, lower($2::text), $3)
       RETURNING id`,
      [spaceId, input.name, input.code || null],
    );
    return specialtyOf(ctx.db.pool, spaceId, rows[0]!.id);
  } catch (error) {
    if (isUniqueViolation(error, 'specialties_spaceId_nameKey_key')) throw specialtyTaken();
    throw error;
  }
}

export async function updateSpecialty(
  ctx: SpaceContext,
  input: { specialtyId: string; revision: number; name: string; code?: string | null },
) {
  const spaceId = ctx.space.spaceId;
  try {
    const { rowCount } = await ctx.db.pool.query(
      `UPDATE specialties SET name = $4::text, "nameKey" = lower($4::text), code = CASE WHEN $6 THEN $5 ELSE code END,
         revision = revision + 1, "updatedAt" = now()
       WHERE id = $1 AND "spaceId" = $2 AND revision = $3`,
      [input.specialtyId, spaceId, input.revision, input.name, input.code || null, input.code !== undefined],
    );
    await changedOrStale(rowCount, () => specialtyOf(ctx.db.pool, spaceId, input.specialtyId));
  } catch (error) {
    if (isUniqueViolation(error, 'specialties_spaceId_nameKey_key')) throw specialtyTaken();
    throw error;
  }
  return specialtyOf(ctx.db.pool, spaceId, input.specialtyId);
}

export const deleteSpecialty = (ctx: SpaceContext, specialtyId: string) =>
  deleteSpaceRow(ctx.db.prisma.specialty, ctx.space.spaceId, specialtyId);

/** Executors: members with the executor flag, and every member who has specialties, with their specialties. */
export async function listExecutors(ctx: SpaceContext) {
  const { rows } = await ctx.db.pool.query(
    `SELECT u.id, u.login, u."firstName", u."lastName", u.executor,
       coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name)
         FROM user_specialties us JOIN specialties s ON s.id = us."specialtyId"
         WHERE us."userId" = u.id AND us."spaceId" = m."spaceId"), '[]') AS specialties
     FROM space_members m JOIN users u ON u.id = m."userId"
     WHERE m."spaceId" = $1 AND (u.executor OR EXISTS (SELECT 1 FROM user_specialties us
       WHERE us."userId" = u.id AND us."spaceId" = m."spaceId"))
     ORDER BY u."lastName", u."firstName", u.login`,
    [ctx.space.spaceId],
  );
  return rows as {
    id: string;
    login: string;
    firstName: string;
    lastName: string;
    executor: boolean;
    specialties: { id: string; name: string }[];
  }[];
}

/** Replaces a member's specialties (API specialties and user-specialties). */
export async function setUserSpecialties(
  ctx: SpaceContext,
  input: { userId: string; specialtyIds: string[] },
) {
  const spaceId = ctx.space.spaceId;
  const ids = [...new Set(input.specialtyIds)];
  await inTransaction(ctx.db.pool, async (client) => {
    const member = await client.query(`SELECT 1 FROM space_members WHERE "spaceId" = $1 AND "userId" = $2`, [
      spaceId,
      input.userId,
    ]);
    if (!member.rowCount) throw new AppError('NotFound');
    const known = await client.query(
      `SELECT id FROM specialties WHERE "spaceId" = $1 AND id = ANY($2::uuid[])`,
      [spaceId, ids],
    );
    if (known.rowCount !== ids.length) throw new AppError('NotFound');
    await client.query(`DELETE FROM user_specialties WHERE "spaceId" = $1 AND "userId" = $2`, [
      spaceId,
      input.userId,
    ]);
    await client.query(
      `INSERT INTO user_specialties ("spaceId", "userId", "specialtyId") SELECT $1, $2, unnest($3::uuid[])`,
      [spaceId, input.userId, ids],
    );
  });
  return { success: true as const, specialtyIds: ids };
}

// ── resources ─────────────────────────────────────────────────────────────────────────────────
export const RESOURCE_SELECT = `r.id, r.name, r.code, r.kind, r.unit, r.price, r."unitsPerDay", r."calendarId",
  r.periods, r."specialtyId", r."sortKey", r.revision`;

export interface ResourceDto {
  id: string;
  name: string;
  code: string | null;
  kind: ResourceFields['kind'];
  unit: string | null;
  price: number;
  unitsPerDay: number | null;
  calendarId: string | null;
  periods: ResourceFields['periods'];
  specialtyId: string | null;
  sortKey: number;
  revision: number;
  /** How many assignments use it, in every version of the space. */
  assignments: number;
}

const WITH_COUNT = `${RESOURCE_SELECT}, (SELECT count(*)::int FROM assignments a WHERE a."resourceId" = r.id) AS assignments`;

export async function listResources(ctx: SpaceContext, input: { filter?: string; kind?: string }) {
  const filter = input.filter?.trim() ? `%${input.filter.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await ctx.db.pool.query<ResourceDto>(
    `SELECT ${WITH_COUNT} FROM resources r
     WHERE r."spaceId" = $1 AND ($2::text IS NULL OR r.name ILIKE $2 OR r.code ILIKE $2)
       AND ($3::"ResourceKind" IS NULL OR r.kind = $3::"ResourceKind")
     ORDER BY r."sortKey", r.name, r.id`,
    [ctx.space.spaceId, filter, input.kind ?? null],
  );
  return rows;
}

export async function resourceOf(sql: Sql, spaceId: string, resourceId: string): Promise<ResourceDto> {
  return rowOrNotFound<ResourceDto>(
    sql,
    `SELECT ${WITH_COUNT} FROM resources r WHERE r.id = $1 AND r."spaceId" = $2`,
    [resourceId, spaceId],
  );
}

export async function getResource(ctx: SpaceContext, resourceId: string) {
  return resourceOf(ctx.db.pool, ctx.space.spaceId, resourceId);
}

/** The calendar and specialty a resource names must be the space's own. */
async function checkResourceReferences(sql: Sql, spaceId: string, fields: Partial<ResourceFields>) {
  const issues: { path: string; message: string }[] = [];
  if (fields.calendarId) {
    const { rowCount } = await sql.query(`SELECT 1 FROM calendars WHERE id = $1 AND "spaceId" = $2`, [
      fields.calendarId,
      spaceId,
    ]);
    if (!rowCount) issues.push({ path: 'calendarId', message: 'validation.required' });
  }
  if (fields.specialtyId) {
    const { rowCount } = await sql.query(`SELECT 1 FROM specialties WHERE id = $1 AND "spaceId" = $2`, [
      fields.specialtyId,
      spaceId,
    ]);
    if (!rowCount) issues.push({ path: 'specialtyId', message: 'validation.required' });
  }
  if (issues.length) throw new AppError('ValidationError', {}, issues);
}

const codeTaken = () =>
  new AppError('ValidationError', {}, [{ path: 'code', message: 'resources.code_taken' }]);

const COLUMNS: Record<keyof ResourceFields, string> = {
  name: 'text',
  code: 'text',
  kind: '"ResourceKind"',
  unit: 'text',
  price: 'float8',
  unitsPerDay: 'float8',
  calendarId: 'uuid',
  periods: 'jsonb',
  specialtyId: 'uuid',
};

/** `SET` parts for the given fields, parameters from `$first`. */
function resourceSets(fields: Partial<ResourceFields>, first: number) {
  return setClauses(fields, COLUMNS, first, (key, value) => {
    if (key === 'periods') return JSON.stringify(value);
    return (key === 'code' || key === 'unit') && value === '' ? null : value;
  });
}

export async function createResource(ctx: SpaceContext, input: Partial<ResourceFields> & { name: string }) {
  const spaceId = ctx.space.spaceId;
  await checkResourceReferences(ctx.db.pool, spaceId, input);
  try {
    const id = await inTransaction(ctx.db.pool, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO resources (id, "spaceId", name, kind, "sortKey")
         VALUES (gen_random_uuid(), $1, $2, $3::"ResourceKind",
           (SELECT coalesce(max("sortKey"), 0) + 1024 FROM resources WHERE "spaceId" = $1)) RETURNING id`,
        [spaceId, input.name, input.kind],
      );
      const id = rows[0]!.id;
      const { sets, params } = resourceSets(input, 2);
      if (sets.length)
        await client.query(`UPDATE resources SET ${sets.join(', ')} WHERE id = $1`, [id, ...params]);
      return id;
    });
    return resourceOf(ctx.db.pool, spaceId, id);
  } catch (error) {
    if (isUniqueViolation(error, 'resources_spaceId_code_key')) throw codeTaken();
    throw error;
  }
}

export async function updateResource(
  ctx: SpaceContext,
  input: Partial<ResourceFields> & { resourceId: string; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  const { resourceId, revision, ...fields } = input;
  await checkResourceReferences(ctx.db.pool, spaceId, fields);
  const { sets, params } = resourceSets(fields, 4);
  try {
    const { rowCount } = await ctx.db.pool.query(
      `UPDATE resources SET ${[...sets, 'revision = revision + 1', '"updatedAt" = now()'].join(', ')}
       WHERE id = $1 AND "spaceId" = $2 AND revision = $3`,
      [resourceId, spaceId, revision, ...params],
    );
    await changedOrStale(rowCount, () => resourceOf(ctx.db.pool, spaceId, resourceId));
  } catch (error) {
    if (isUniqueViolation(error, 'resources_spaceId_code_key')) throw codeTaken();
    throw error;
  }
  return resourceOf(ctx.db.pool, spaceId, resourceId);
}

/** A resource assigned to works stays: its assignments must go first (ResourceInUse says how many). */
export async function deleteResource(ctx: SpaceContext, resourceId: string) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM resources WHERE id = $1 AND "spaceId" = $2 FOR UPDATE`,
      [resourceId, spaceId],
    );
    if (!rows[0]) throw new AppError('NotFound');
    const used = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM assignments WHERE "resourceId" = $1`,
      [resourceId],
    );
    if (used.rows[0]!.n > 0) throw new AppError('ResourceInUse', { count: used.rows[0]!.n });
    await client.query(`DELETE FROM resources WHERE id = $1`, [resourceId]);
    return { success: true as const };
  });
}
