/**
 * Upload rules (import settings): how a spreadsheet is read — the rule's name, rows to skip, the column of each
 * field, the date format and further reader options. One table keeps the rules of both targets: a schedule's
 * works (`works`, the entities upload rules) and estimates (`estimate`, the estimates domain's rules). Names
 * are unique among a space's rules of a target regardless of case; a stale edit is a Conflict.
 */
import type { ImportSettingFields } from '@takt/contracts';
import { type DB, kyselyOf, type Tables } from '@takt/db';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { SpaceContext } from '../../context';
import { jsonb, type Sql } from '../../db/sql';
import { AppError, notFound, rethrowNameTaken } from '../../errors';

/** What a rule reads: a schedule's works or an estimate. */
export type RuleTarget = 'works' | 'estimate';

/** What a rule keeps in its JSON `options`. */
export type RuleOptions = {
  delimiter?: string | null;
  sheet?: string | null;
  /** estimates: whether a header row names the columns */
  header?: boolean;
  encoding?: string;
} | null;

// The JSON columns are typed `unknown` by the schema; these are what the rules write into them.
const SELECTED = (eb: ExpressionBuilder<DB, 'import_settings'>) => [
  'id' as const,
  'name' as const,
  'rowsToSkip' as const,
  eb.ref('columns').$castTo<Record<string, string>>().as('columns'),
  'dateFormat' as const,
  eb.ref('options').$castTo<RuleOptions>().as('options'),
  'revision' as const,
  'createdAt' as const,
  'updatedAt' as const,
];

/** A stored rule as the table has it (`columns`: column → field). */
export type RuleRow = Pick<
  Selectable<Tables.ImportSetting>,
  'id' | 'name' | 'rowsToSkip' | 'dateFormat' | 'revision' | 'createdAt' | 'updatedAt'
> & {
  columns: Record<string, string>;
  options: RuleOptions;
};

/** What a rule writes. */
export interface RuleValues {
  name: string;
  rowsToSkip: number;
  mapping: Record<string, string>;
  dateFormat?: string;
  options: RuleOptions;
}

const nameTaken = rethrowNameTaken('import.rule.name_taken');

export function listRuleRows(ctx: SpaceContext, target: RuleTarget): Promise<RuleRow[]> {
  return kyselyOf(ctx.db.pool)
    .selectFrom('import_settings')
    .select(SELECTED)
    .where('spaceId', '=', ctx.space.spaceId)
    .where('target', '=', target)
    .orderBy(sql`lower(name)`)
    .execute();
}

export function ruleRow(on: Sql, spaceId: string, target: RuleTarget, ruleId: string): Promise<RuleRow> {
  return kyselyOf(on)
    .selectFrom('import_settings')
    .select(SELECTED)
    .where('id', '=', ruleId)
    .where('spaceId', '=', spaceId)
    .where('target', '=', target)
    .executeTakeFirstOrThrow(notFound);
}

export function insertRule(ctx: SpaceContext, target: RuleTarget, values: RuleValues): Promise<RuleRow> {
  return kyselyOf(ctx.db.pool)
    .insertInto('import_settings')
    .values({
      id: sql`gen_random_uuid()`,
      spaceId: ctx.space.spaceId,
      target,
      ...ruleColumns(values),
      createdById: ctx.session.userId,
      updatedAt: sql`now()`,
    })
    .returning(SELECTED)
    .executeTakeFirstOrThrow()
    .catch(nameTaken);
}

/** The columns a rule's values are written to, alike when it is made and when it is changed. */
const ruleColumns = (values: RuleValues) => ({
  name: values.name,
  nameKey: sql<string>`lower(${values.name}::text)`,
  rowsToSkip: values.rowsToSkip,
  columns: jsonb(values.mapping),
  ...(values.dateFormat ? { dateFormat: values.dateFormat } : {}),
  options: jsonb(values.options),
});

/** Writes a rule's new values if it is still at `revision` (else Conflict). */
export async function updateRuleRow(
  ctx: SpaceContext,
  target: RuleTarget,
  ruleId: string,
  revision: number,
  values: RuleValues,
): Promise<RuleRow> {
  const row = await kyselyOf(ctx.db.pool)
    .updateTable('import_settings')
    .set((eb) => ({
      ...ruleColumns(values),
      revision: eb('revision', '+', 1),
      updatedAt: sql`now()`,
    }))
    .where('id', '=', ruleId)
    .where('spaceId', '=', ctx.space.spaceId)
    .where('target', '=', target)
    .where('revision', '=', revision)
    .returning(SELECTED)
    .executeTakeFirst()
    .catch(nameTaken);
  if (!row) throw new AppError('Conflict');
  return row;
}

export async function deleteRuleRow(ctx: SpaceContext, target: RuleTarget, ruleId: string) {
  const { numDeletedRows } = await kyselyOf(ctx.db.pool)
    .deleteFrom('import_settings')
    .where('id', '=', ruleId)
    .where('spaceId', '=', ctx.space.spaceId)
    .where('target', '=', target)
    .executeTakeFirst();
  if (!numDeletedRows) throw new AppError('NotFound');
  return { success: true as const };
}

// ── The schedule's upload rules ──────────────────────────────────────────────────────────────────────

function toSetting(row: RuleRow) {
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

export async function listImportSettings(ctx: SpaceContext) {
  return (await listRuleRows(ctx, 'works')).map(toSetting);
}

export async function importSettingRow(on: Sql, spaceId: string, settingId: string) {
  return toSetting(await ruleRow(on, spaceId, 'works', settingId));
}

export function getImportSetting(ctx: SpaceContext, settingId: string) {
  return importSettingRow(ctx.db.pool, ctx.space.spaceId, settingId);
}

export async function createImportSetting(ctx: SpaceContext, input: ImportSettingFields) {
  const row = await insertRule(ctx, 'works', {
    name: input.name,
    rowsToSkip: input.rowsToSkip,
    mapping: input.mapping,
    dateFormat: input.dateFormat,
    options: { delimiter: input.delimiter ?? null, sheet: input.sheet ?? null },
  });
  return toSetting(row);
}

export async function updateImportSetting(
  ctx: SpaceContext,
  input: Partial<ImportSettingFields> & { settingId: string; revision: number },
) {
  const current = await getImportSetting(ctx, input.settingId);
  if (current.revision !== input.revision) throw new AppError('Conflict');
  const row = await updateRuleRow(ctx, 'works', input.settingId, input.revision, {
    name: input.name ?? current.name,
    rowsToSkip: input.rowsToSkip ?? current.rowsToSkip,
    mapping: input.mapping ?? current.mapping,
    dateFormat: input.dateFormat ?? current.dateFormat,
    options: {
      delimiter: input.delimiter !== undefined ? input.delimiter : current.delimiter,
      sheet: input.sheet !== undefined ? input.sheet : current.sheet,
    },
  });
  return toSetting(row);
}

export function deleteImportSetting(ctx: SpaceContext, settingId: string) {
  return deleteRuleRow(ctx, 'works', settingId);
}
