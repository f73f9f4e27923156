/**
 * Estimate upload rules (docs/product-rules.md, "Estimates"): how an xlsx or CSV estimate is read — rows to
 * skip, the column of each field (a letter, a 1-based number or the header text), whether a header row names
 * the columns, the sheet, the CSV delimiter and encoding. Kept in the schedule's upload rules table with the
 * target `estimate`: names unique among the estimate rules, a stale edit a Conflict.
 */
import type { EstimateRuleFields, EstimateTabularFieldId } from '@takt/contracts';
import type { EstimateTabularRule } from '@takt/interchange';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import {
  deleteRuleRow,
  insertRule,
  listRuleRows,
  type RuleRow,
  ruleRow,
  updateRuleRow,
} from '../interchange';

function toRule(row: RuleRow) {
  return {
    id: row.id,
    name: row.name,
    rowsToSkip: row.rowsToSkip,
    mapping: row.columns as Record<string, EstimateTabularFieldId>,
    header: row.options?.header !== false,
    sheet: row.options?.sheet ?? null,
    delimiter: (row.options?.delimiter ?? null) as EstimateRuleFields['delimiter'],
    encoding: (row.options?.encoding ?? 'auto') as NonNullable<EstimateRuleFields['encoding']>,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
type EstimateRule = ReturnType<typeof toRule>;

const valuesOf = (rule: Omit<EstimateRule, 'id' | 'revision' | 'createdAt' | 'updatedAt'>) => ({
  name: rule.name,
  rowsToSkip: rule.rowsToSkip,
  mapping: rule.mapping,
  options: {
    header: rule.header,
    sheet: rule.sheet || null,
    delimiter: rule.delimiter ?? null,
    encoding: rule.encoding,
  },
});

export async function listEstimateRules(ctx: SpaceContext) {
  return (await listRuleRows(ctx, 'estimate')).map(toRule);
}

export async function getEstimateRule(ctx: SpaceContext, estimateRuleId: string) {
  return toRule(await ruleRow(ctx.db.pool, ctx.space.spaceId, 'estimate', estimateRuleId));
}

export async function createEstimateRule(ctx: SpaceContext, input: EstimateRuleFields) {
  const row = await insertRule(
    ctx,
    'estimate',
    valuesOf({
      name: input.name,
      rowsToSkip: input.rowsToSkip,
      mapping: input.mapping,
      header: input.header !== false,
      sheet: input.sheet ?? null,
      delimiter: input.delimiter ?? null,
      encoding: input.encoding ?? 'auto',
    }),
  );
  return toRule(row);
}

export async function updateEstimateRule(
  ctx: SpaceContext,
  input: Partial<EstimateRuleFields> & { estimateRuleId: string; revision: number },
) {
  const current = await getEstimateRule(ctx, input.estimateRuleId);
  if (current.revision !== input.revision) throw new AppError('Conflict');
  const row = await updateRuleRow(
    ctx,
    'estimate',
    input.estimateRuleId,
    input.revision,
    valuesOf({
      name: input.name ?? current.name,
      rowsToSkip: input.rowsToSkip ?? current.rowsToSkip,
      mapping: input.mapping ?? current.mapping,
      header: input.header ?? current.header,
      sheet: input.sheet !== undefined ? input.sheet : current.sheet,
      delimiter: input.delimiter !== undefined ? input.delimiter : current.delimiter,
      encoding: input.encoding ?? current.encoding,
    }),
  );
  return toRule(row);
}

export function deleteEstimateRule(ctx: SpaceContext, estimateRuleId: string) {
  return deleteRuleRow(ctx, 'estimate', estimateRuleId);
}

/** The rule a sheet is read through: a saved one, else the one given with the file; none when neither. */
export async function ruleForImport(
  ctx: SpaceContext,
  input: { estimateRuleId?: string | undefined; rule?: Partial<EstimateRuleFields> | undefined },
): Promise<EstimateTabularRule | undefined> {
  const given: Partial<EstimateRuleFields> | undefined = input.estimateRuleId
    ? await getEstimateRule(ctx, input.estimateRuleId)
    : input.rule;
  if (!given) return undefined;
  return {
    rowsToSkip: given.rowsToSkip ?? 0,
    mapping: given.mapping ?? {},
    header: given.header !== false,
    sheet: given.sheet || null,
    delimiter: given.delimiter ?? null,
    encoding: given.encoding ?? 'auto',
  };
}
