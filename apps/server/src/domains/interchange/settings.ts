/**
 * Schedule import settings — the version upload rules of entities (rule name, rows to skip, the column of each
 * field, the date format). Names are unique in a space regardless of case; a stale edit is a Conflict.
 */
import type { ImportSettingFields } from '@takt/contracts';
import { type DB, kyselyOf, type Tables } from '@takt/db';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { SpaceContext } from '../../context';
import { jsonb, type Sql } from '../../db/sql';
import { AppError, notFound, rethrowNameTaken } from '../../errors';

/** What a rule keeps in its JSON `options`. */
type SettingOptions = { delimiter?: string | null; sheet?: string | null } | null;

// The JSON columns are typed `unknown` by the schema; these are what the rules write into them.
const SELECTED = (eb: ExpressionBuilder<DB, 'import_settings'>) => [
  'id' as const,
  'name' as const,
  'rowsToSkip' as const,
  eb.ref('columns').$castTo<Record<string, string>>().as('columns'),
  'dateFormat' as const,
  eb.ref('options').$castTo<SettingOptions>().as('options'),
  'revision' as const,
  'createdAt' as const,
  'updatedAt' as const,
];

type SettingDb = Pick<
  Selectable<Tables.ImportSetting>,
  'id' | 'name' | 'rowsToSkip' | 'dateFormat' | 'revision' | 'createdAt' | 'updatedAt'
> & {
  columns: Record<string, string>;
  options: SettingOptions;
};

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

const nameTaken = rethrowNameTaken('import.rule.name_taken');

export async function listImportSettings(ctx: SpaceContext) {
  const rows = await kyselyOf(ctx.db.pool)
    .selectFrom('import_settings')
    .select(SELECTED)
    .where('spaceId', '=', ctx.space.spaceId)
    .orderBy(sql`lower(name)`)
    .execute();
  return rows.map(toSetting);
}

export async function importSettingRow(on: Sql, spaceId: string, settingId: string) {
  const row = await kyselyOf(on)
    .selectFrom('import_settings')
    .select(SELECTED)
    .where('id', '=', settingId)
    .where('spaceId', '=', spaceId)
    .executeTakeFirstOrThrow(notFound);
  return toSetting(row);
}

export function getImportSetting(ctx: SpaceContext, settingId: string) {
  return importSettingRow(ctx.db.pool, ctx.space.spaceId, settingId);
}

export async function createImportSetting(ctx: SpaceContext, input: ImportSettingFields) {
  const row = await kyselyOf(ctx.db.pool)
    .insertInto('import_settings')
    .values({
      id: sql`gen_random_uuid()`,
      spaceId: ctx.space.spaceId,
      name: input.name,
      nameKey: sql`lower(${input.name}::text)`,
      rowsToSkip: input.rowsToSkip,
      columns: jsonb(input.mapping),
      dateFormat: input.dateFormat,
      options: jsonb({ delimiter: input.delimiter ?? null, sheet: input.sheet ?? null }),
      createdById: ctx.session.userId,
      updatedAt: sql`now()`,
    })
    .returning(SELECTED)
    .executeTakeFirstOrThrow()
    .catch(nameTaken);
  return toSetting(row);
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
  const name = input.name ?? current.name;
  const row = await kyselyOf(ctx.db.pool)
    .updateTable('import_settings')
    .set((eb) => ({
      name,
      nameKey: sql`lower(${name}::text)`,
      rowsToSkip: input.rowsToSkip ?? current.rowsToSkip,
      columns: jsonb(input.mapping ?? current.mapping),
      dateFormat: input.dateFormat ?? current.dateFormat,
      options: jsonb(options),
      revision: eb('revision', '+', 1),
      updatedAt: sql`now()`,
    }))
    .where('id', '=', input.settingId)
    .where('spaceId', '=', ctx.space.spaceId)
    .where('revision', '=', input.revision)
    .returning(SELECTED)
    .executeTakeFirst()
    .catch(nameTaken);
  if (!row) throw new AppError('Conflict');
  return toSetting(row);
}

export async function deleteImportSetting(ctx: SpaceContext, settingId: string) {
  const { numDeletedRows } = await kyselyOf(ctx.db.pool)
    .deleteFrom('import_settings')
    .where('id', '=', settingId)
    .where('spaceId', '=', ctx.space.spaceId)
    .executeTakeFirst();
  if (!numDeletedRows) throw new AppError('NotFound');
  return { success: true as const };
}
