import { type AttributeType, FORMULA_FIELDS, FORMULA_FUNCTIONS, type FormulaFailure } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import { computeFormulas, formulaScope, scheduleAttributes } from './calculate';
import { parseFormula } from './formula';
import { checkedFormula } from './service';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** How a formula names an attribute: bare when its name is a plain identifier that is no field's, else attr("…"). */
const referenceOf = (name: string) =>
  IDENTIFIER.test(name) &&
  !(name in FORMULA_FIELDS) &&
  !(FORMULA_FUNCTIONS as readonly string[]).includes(name)
    ? name
    : `attr(${JSON.stringify(name)})`;

/** The names a formula of an attribute (in `scheduleId`, or space-wide) may use: the work's fields, attributes, functions. */
export async function formulaNames(ctx: SpaceContext, input: { scheduleId?: string; attributeId?: string }) {
  const scheduleId = input.scheduleId ?? null;
  if (
    scheduleId &&
    !(await ctx.db.prisma.epsNode.count({
      where: { id: scheduleId, spaceId: ctx.space.spaceId, kind: 'schedule' },
    }))
  )
    throw new AppError('NotFound');
  const attributes = await scheduleAttributes(ctx.db.pool, ctx.space.spaceId, scheduleId);
  return {
    fields: Object.entries(FORMULA_FIELDS).map(([name, type]) => ({ name, type })),
    functions: [...FORMULA_FUNCTIONS],
    attributes: formulaScope(attributes, scheduleId, input.attributeId).map((a) => ({
      id: a.id,
      name: a.name,
      valueType: a.valueType,
      formula: !!a.formula,
      reference: referenceOf(a.name),
    })),
  };
}

/**
 * Checks a formula as saving it would (the same validation errors) and, given a version, computes it for one
 * of its works — `workId`, else the first — without writing anything.
 */
export async function checkFormula(
  ctx: SpaceContext,
  input: {
    formula: string;
    valueType: AttributeType;
    scheduleId?: string | null;
    attributeId?: string;
    versionId?: string;
    workId?: string;
  },
) {
  const spaceId = ctx.space.spaceId;
  const scheduleId = input.scheduleId ?? null;
  const formula = await checkedFormula(ctx, {
    ...(input.attributeId ? { attributeId: input.attributeId } : {}),
    formula: input.formula,
    valueType: input.valueType,
    scheduleId,
    directoryId: null,
  });
  if (!formula) return { valid: true, names: [] as string[], sample: null };
  const attributes = await scheduleAttributes(ctx.db.pool, spaceId, scheduleId);
  const parsed = parseFormula(formula, formulaScope(attributes, scheduleId, input.attributeId));
  const byId = new Map(attributes.map((a) => [a.id, a.name]));
  const names = [...parsed.fields, ...parsed.attributes.map((id) => byId.get(id) ?? id)];
  if (!input.versionId) return { valid: true, names, sample: null };

  const { rows: versions } = await ctx.db.pool.query<{ scheduleId: string }>(
    `SELECT "scheduleId" FROM versions WHERE id = $1 AND "spaceId" = $2`,
    [input.versionId, spaceId],
  );
  const version = versions[0];
  if (!version || (scheduleId && version.scheduleId !== scheduleId)) throw new AppError('NotFound');
  const { rows: works } = await ctx.db.pool.query<{ id: string; code: string | null; name: string }>(
    `SELECT id, code, name FROM works WHERE "versionId" = $1 ${input.workId ? 'AND id = $2' : ''}
     ORDER BY (type = 'sum'), "sortKey", id LIMIT 1`,
    input.workId ? [input.versionId, input.workId] : [input.versionId],
  );
  const work = works[0];
  if (!work) {
    if (input.workId) throw new AppError('NotFound');
    return { valid: true, names, sample: null };
  }
  // The attribute being checked, under its own id (or a stand-in), beside the formulas it may read as stored.
  const selfId = input.attributeId ?? '00000000-0000-4000-8000-000000000000';
  const self = { id: selfId, name: '', valueType: input.valueType, formula, scheduleId };
  const only = new Map([[selfId, { attribute: self, parsed }]]);
  const types = new Map(attributes.map((a) => [a.id, a.valueType]));
  let sample: { value: unknown; failure: FormulaFailure | null; empty: boolean } = {
    value: null,
    failure: null,
    empty: true,
  };
  await inTransaction(ctx.db.pool, (client) =>
    computeFormulas(client, spaceId, input.versionId!, only, types, {
      workIds: [work.id],
      dryRun: true,
      onValue: (_attribute, _work, value, failure) => {
        sample = { value, failure, empty: value === null && !failure };
      },
    }),
  );
  return { valid: true, names, sample: { workId: work.id, code: work.code, name: work.name, ...sample } };
}
