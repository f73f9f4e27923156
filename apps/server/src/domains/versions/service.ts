import { CALC_STATUS_TEXT } from '@takt/contracts';
import { translate } from '@takt/i18n';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { iso } from '../../db/time';
import { AppError } from '../../errors';
import { versionCopyData } from './copy';

const VERSION_SELECT = `v.id, v."scheduleId", v.number, v.name, v.actual, v.locked, v."calcStatus", v."calcError",
  v."calculatedAt", ${iso('v."projectStart"')} AS "projectStart", ${iso('v."dataDate"')} AS "dataDate",
  v."calendarId", v.revision, v."createdAt",
  (SELECT count(*)::int FROM works w WHERE w."versionId" = v.id) AS "workCount"`;

type VersionDbRow = {
  id: string;
  calcStatus: number;
  calculatedAt: Date | null;
  createdAt: Date;
  [key: string]: unknown;
};

function toVersion(row: VersionDbRow) {
  return {
    ...row,
    calcStatusText: CALC_STATUS_TEXT[row.calcStatus] ?? 'not_calculated',
    calculatedAt: row.calculatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function readVersion(sql: Sql, spaceId: string, versionId: string) {
  const { rows } = await sql.query<VersionDbRow>(
    `SELECT ${VERSION_SELECT} FROM versions v WHERE v.id = $1 AND v."spaceId" = $2`,
    [versionId, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return toVersion(rows[0]);
}

export async function listVersions(ctx: SpaceContext, scheduleId: string) {
  const { rows } = await ctx.db.pool.query<VersionDbRow>(
    `SELECT ${VERSION_SELECT} FROM versions v WHERE v."scheduleId" = $1 AND v."spaceId" = $2 ORDER BY v.number`,
    [scheduleId, ctx.space.spaceId],
  );
  return rows.map(toVersion);
}

async function scheduleNode(sql: Sql, spaceId: string, scheduleId: string) {
  const { rows } = await sql.query<{ id: string }>(
    `SELECT id FROM eps_nodes WHERE id = $1 AND "spaceId" = $2 AND kind = 'schedule'`,
    [scheduleId, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
}

/** A name for version number n in the caller's language. */
export function versionName(ctx: SpaceContext, number: number): string {
  const text = translate(ctx.lang, 'schedule.version_name', { number });
  return text === 'schedule.version_name' ? `Version ${number}` : text;
}

/** Inserts a version (the first of a schedule becomes its actual one), optionally copying another's data. */
export async function insertVersion(
  ctx: SpaceContext,
  client: pg.PoolClient,
  options: { scheduleId: string; name?: string; copyFrom?: string | null },
) {
  const spaceId = ctx.space.spaceId;
  const { rows } = await client.query<{ next: number; count: number }>(
    `SELECT coalesce(max(number), 0) + 1 AS next, count(*)::int AS count FROM versions WHERE "scheduleId" = $1`,
    [options.scheduleId],
  );
  const number = rows[0]!.next;
  const source = options.copyFrom
    ? await client.query<{ projectStart: Date | null; dataDate: Date | null; calendarId: string | null }>(
        `SELECT "projectStart", "dataDate", "calendarId" FROM versions WHERE id = $1 AND "spaceId" = $2`,
        [options.copyFrom, spaceId],
      )
    : null;
  if (source && !source.rows[0]) throw new AppError('NotFound');
  const created = await client.query<{ id: string }>(
    `INSERT INTO versions (id, "spaceId", "scheduleId", number, name, actual, "createdById", "updatedAt",
       "projectStart", "dataDate", "calendarId")
     SELECT gen_random_uuid(), $1::uuid, $2::uuid, $3::int, $4::text, $5::bool, $6::uuid, now(), s."projectStart",
       s."dataDate", s."calendarId"
     FROM (SELECT NULL) AS one LEFT JOIN versions s ON s.id = $7::uuid
     RETURNING id`,
    [
      spaceId,
      options.scheduleId,
      number,
      options.name ?? versionName(ctx, number),
      rows[0]!.count === 0,
      ctx.session.userId,
      options.copyFrom ?? null,
    ],
  );
  const id = created.rows[0]!.id;
  if (options.copyFrom) await versionCopyData(client, options.copyFrom, id);
  return id;
}

export async function createVersion(
  ctx: SpaceContext,
  input: { scheduleId: string; name: string; copyFromVersionId?: string },
) {
  const id = await inTransaction(ctx.db.pool, async (client) => {
    await scheduleNode(client, ctx.space.spaceId, input.scheduleId);
    return insertVersion(ctx, client, {
      scheduleId: input.scheduleId,
      name: input.name,
      copyFrom: input.copyFromVersionId,
    });
  });
  return readVersion(ctx.db.pool, ctx.space.spaceId, id);
}

/** API versions/{id}/copy-to/{id}: the version with all its data becomes a new version of another schedule. */
export async function copyVersionTo(
  ctx: SpaceContext,
  input: { versionId: string; scheduleId: string; name?: string },
) {
  const id = await inTransaction(ctx.db.pool, async (client) => {
    await scheduleNode(client, ctx.space.spaceId, input.scheduleId);
    return insertVersion(ctx, client, {
      scheduleId: input.scheduleId,
      name: input.name,
      copyFrom: input.versionId,
    });
  });
  return readVersion(ctx.db.pool, ctx.space.spaceId, id);
}

export async function updateVersion(
  ctx: SpaceContext,
  input: {
    versionId: string;
    revision: number;
    name?: string;
    projectStart?: string | null;
    dataDate?: string | null;
    calendarId?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const { rows } = await client.query<{ locked: boolean; revision: number }>(
      `SELECT locked, revision FROM versions WHERE id = $1 AND "spaceId" = $2 FOR UPDATE`,
      [input.versionId, spaceId],
    );
    if (!rows[0]) throw new AppError('NotFound');
    if (rows[0].locked) throw new AppError('VersionLocked');
    if (rows[0].revision !== input.revision) throw new AppError('Conflict');
    if (input.calendarId) {
      const found = await client.query(`SELECT 1 FROM calendars WHERE id = $1 AND "spaceId" = $2`, [
        input.calendarId,
        spaceId,
      ]);
      if (!found.rowCount) throw new AppError('NotFound');
    }
    await client.query(
      `UPDATE versions SET
         name = coalesce($2, name),
         "projectStart" = CASE WHEN $4 THEN $3::timestamp ELSE "projectStart" END,
         "dataDate" = CASE WHEN $6 THEN $5::timestamp ELSE "dataDate" END,
         "calendarId" = CASE WHEN $8 THEN $7::uuid ELSE "calendarId" END,
         "calcStatus" = CASE WHEN "calcStatus" = 1 AND ($4 OR $6 OR $8) THEN 0 ELSE "calcStatus" END,
         revision = revision + 1, "updatedAt" = now()
       WHERE id = $1`,
      [
        input.versionId,
        input.name ?? null,
        input.projectStart ?? null,
        input.projectStart !== undefined,
        input.dataDate ?? null,
        input.dataDate !== undefined,
        input.calendarId ?? null,
        input.calendarId !== undefined,
      ],
    );
  });
  return readVersion(ctx.db.pool, spaceId, input.versionId);
}

/** One actual version per schedule (states: set by its own call). */
export async function setActualVersion(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const { rows } = await client.query<{ scheduleId: string }>(
      `SELECT "scheduleId" FROM versions WHERE id = $1 AND "spaceId" = $2 FOR UPDATE`,
      [versionId, spaceId],
    );
    if (!rows[0]) throw new AppError('NotFound');
    await client.query(
      `UPDATE versions SET actual = (id = $1), revision = revision + 1, "updatedAt" = now()
       WHERE "scheduleId" = $2 AND (actual OR id = $1)`,
      [versionId, rows[0].scheduleId],
    );
  });
  return readVersion(ctx.db.pool, spaceId, versionId);
}

export async function setVersionLocked(ctx: SpaceContext, versionId: string, locked: boolean) {
  const { rowCount } = await ctx.db.pool.query(
    `UPDATE versions SET locked = $3, revision = revision + 1, "updatedAt" = now() WHERE id = $1 AND "spaceId" = $2`,
    [versionId, ctx.space.spaceId, locked],
  );
  if (!rowCount) throw new AppError('NotFound');
  return readVersion(ctx.db.pool, ctx.space.spaceId, versionId);
}

/** A locked version cannot be deleted either; unlock it first. */
export async function deleteVersion(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const { rows } = await client.query<{ locked: boolean }>(
      `SELECT locked FROM versions WHERE id = $1 AND "spaceId" = $2 FOR UPDATE`,
      [versionId, spaceId],
    );
    if (!rows[0]) throw new AppError('NotFound');
    if (rows[0].locked) throw new AppError('VersionLocked');
    // Links from other versions into this one go with it (relations cascade with their works).
    await client.query(`DELETE FROM versions WHERE id = $1`, [versionId]);
    return { success: true as const };
  });
}
