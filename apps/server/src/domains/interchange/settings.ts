/**
 * Schedule import settings — the version upload rules of entities (rule name, rows to skip, the column of each
 * field, the date format). Names are unique in a space regardless of case; a stale edit is a Conflict.
 */
import type { ImportSettingFields } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { AppError } from '../../errors';

interface SettingDb {
  id: string;
  name: string;
  rowsToSkip: number;
  columns: Record<string, string>;
  dateFormat: string;
  options: { delimiter?: string | null; sheet?: string | null } | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

function toSetting(row: SettingDb) {
  return {
    id: row.id,
    name: row.name,
    rowsToSkip: row.rowsToSkip,
    mapping: row.columns,
    dateFormat: row.dateFormat as ImportSettingFields['dateFormat'],
    delimiter: (row.options?.delimiter ?? null) as ImportSettingFields['delimiter'],
    sheet: row.options?.sheet ?? null,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const SELECT = `id, name, "rowsToSkip", columns, "dateFormat", options, revision, "createdAt", "updatedAt"`;

const nameTaken = () =>
  new AppError('ValidationError', {}, [{ path: 'name', message: 'import.rule.name_taken' }]);

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export async function listImportSettings(ctx: SpaceContext) {
  const { rows } = await ctx.db.pool.query<SettingDb>(
    `SELECT ${SELECT} FROM import_settings WHERE "spaceId" = $1 ORDER BY lower(name)`,
    [ctx.space.spaceId],
  );
  return rows.map(toSetting);
}

export async function importSettingRow(sql: Sql, spaceId: string, settingId: string) {
  const { rows } = await sql.query<SettingDb>(
    `SELECT ${SELECT} FROM import_settings WHERE id = $1 AND "spaceId" = $2`,
    [settingId, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return toSetting(rows[0]);
}

export function getImportSetting(ctx: SpaceContext, settingId: string) {
  return importSettingRow(ctx.db.pool, ctx.space.spaceId, settingId);
}

export async function createImportSetting(ctx: SpaceContext, input: ImportSettingFields) {
  try {
    const { rows } = await ctx.db.pool.query<SettingDb>(
      `INSERT INTO import_settings (id, "spaceId", name, "nameKey", "rowsToSkip", columns, "dateFormat", options,
         "createdById", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2::text, lower($2::text), $3, $4::jsonb, $5, $6::jsonb, $7, now()) RETURNING ${SELECT}`,
      [
        ctx.space.spaceId,
        input.name,
        input.rowsToSkip,
        JSON.stringify(input.mapping),
        input.dateFormat,
        JSON.stringify({ delimiter: input.delimiter ?? null, sheet: input.sheet ?? null }),
        ctx.session.userId,
      ],
    );
    return toSetting(rows[0]!);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateImportSetting(
  ctx: SpaceContext,
  input: Partial<ImportSettingFields> & { settingId: string; revision: number },
) {
  const current = await getImportSetting(ctx, input.settingId);
  if (current.revision !== input.revision) throw new AppError('Conflict');
  const options = {
    delimiter: input.delimiter !== undefined ? input.delimiter : current.delimiter,
    sheet: input.sheet !== undefined ? input.sheet : current.sheet,
  };
  try {
    const { rows } = await ctx.db.pool.query<SettingDb>(
      `UPDATE import_settings SET name = $4::text, "nameKey" = lower($4::text), "rowsToSkip" = $5, columns = $6::jsonb,
         "dateFormat" = $7, options = $8::jsonb, revision = revision + 1, "updatedAt" = now()
       WHERE id = $1 AND "spaceId" = $2 AND revision = $3 RETURNING ${SELECT}`,
      [
        input.settingId,
        ctx.space.spaceId,
        input.revision,
        input.name ?? current.name,
        input.rowsToSkip ?? current.rowsToSkip,
        JSON.stringify(input.mapping ?? current.mapping),
        input.dateFormat ?? current.dateFormat,
        JSON.stringify(options),
      ],
    );
    if (!rows[0]) throw new AppError('Conflict');
    return toSetting(rows[0]);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function deleteImportSetting(ctx: SpaceContext, settingId: string) {
  const { rowCount } = await ctx.db.pool.query(
    `DELETE FROM import_settings WHERE id = $1 AND "spaceId" = $2`,
    [settingId, ctx.space.spaceId],
  );
  if (!rowCount) throw new AppError('NotFound');
  return { success: true as const };
}
