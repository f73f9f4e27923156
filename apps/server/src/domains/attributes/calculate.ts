import {
  type AttributeType,
  FORMULA_LIMITS,
  type FormulaAttributeResult,
  type FormulaCalculation,
  type FormulaFailure,
  type FormulaField,
} from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import {
  attributeSymbol,
  evaluationOrder,
  type FormulaScopeAttribute,
  formulaInput,
  type ParsedFormula,
  parseFormula,
  storedValue,
} from './formula';

/**
 * attribute-calculate: the values of a version's formula attributes, computed in bulk (docs/product-rules.md,
 * "Formulas"). The works and the values the formulas read are loaded by one statement each, every formula
 * is evaluated in memory in an order where an attribute comes after those it reads, and each attribute's
 * changed values are written by one statement — so a version of 100,000 works takes seconds.
 */

interface AttributeRow extends FormulaScopeAttribute {
  formula: string | null;
  scheduleId: string | null;
}

/** The attributes offered in a schedule: the space's own and the schedule's (`'all'`: every attribute of the space). */
export async function scheduleAttributes(on: Sql, spaceId: string, scheduleId: string | null | 'all') {
  const { rows } = await on.query<AttributeRow>(
    `SELECT id, name, "valueType", formula, "scheduleId" FROM attributes
     WHERE "spaceId" = $1 AND ($2 = 'all' OR "scheduleId" IS NULL OR "scheduleId"::text = $2) ORDER BY "sortKey", name`,
    [spaceId, scheduleId ?? ''],
  );
  return rows;
}

/** What a formula of an attribute in `scheduleId` (null: space-wide) may read: never a schedule's own from a space-wide one. */
export function formulaScope(
  attributes: readonly AttributeRow[],
  scheduleId: string | null,
  exceptId?: string,
) {
  return attributes.filter(
    (a) =>
      a.id !== exceptId &&
      a.valueType !== 'through' &&
      (a.scheduleId === null || a.scheduleId === scheduleId),
  );
}

export interface CompiledFormula {
  attribute: AttributeRow;
  parsed: ParsedFormula;
}

/** Parses the formula attributes among `attributes`; one that no longer parses (renamed names) is left out and named. */
export function compileFormulas(attributes: readonly AttributeRow[]) {
  const compiled = new Map<string, CompiledFormula>();
  const broken: AttributeRow[] = [];
  for (const attribute of attributes) {
    if (!attribute.formula) continue;
    try {
      const parsed = parseFormula(
        attribute.formula,
        formulaScope(attributes, attribute.scheduleId, attribute.id),
      );
      compiled.set(attribute.id, { attribute, parsed });
    } catch {
      broken.push(attribute);
    }
  }
  return { compiled, broken };
}

interface WorkRow {
  id: string;
  code: string | null;
  name: string;
  unit: string | null;
  durationMinutes: number;
  /** day number */
  planStart: number | null;
  /** day number */
  planFinish: number | null;
  /** day number */
  factStart: number | null;
  /** day number */
  factFinish: number | null;
  planVolume: number | null;
  approvedVolume: number | null;
  factVolume: number | null;
  progress: number;
  totalFloat: number | null;
  hoursPerDay: number;
}

/** A date column as a day number, computed by the database (no Date objects for 100,000 rows). */
const DAYS = (column: string) => `(extract(epoch FROM w."${column}") / 86400)::float8 AS "${column}"`;

/** The works of a version (or some of them) with what a formula reads of each. */
async function loadWorks(client: Sql, versionId: string, workIds: readonly string[] | undefined) {
  const { rows } = await client.query<WorkRow>(
    `SELECT w.id, w.code, w.name, w.unit, w."durationMinutes", ${DAYS('planStart')}, ${DAYS('planFinish')},
       ${DAYS('factStart')}, ${DAYS('factFinish')}, w."planVolume", w."approvedVolume", w."factVolume", w.progress,
       w."totalFloat",
       coalesce(c."hoursPerDay", vc."hoursPerDay", 8)::float8 AS "hoursPerDay"
     FROM works w JOIN versions v ON v.id = w."versionId"
       LEFT JOIN calendars c ON c.id = w."calendarId" LEFT JOIN calendars vc ON vc.id = v."calendarId"
     WHERE w."versionId" = $1 ${workIds ? 'AND w.id = ANY($2::uuid[])' : ''}
     ORDER BY w."sortKey", w.id`,
    workIds ? [versionId, workIds] : [versionId],
  );
  return rows;
}

/** Plan cost (quantity × price) and labour (quantity of labour resources) of each work from its assignments. */
async function loadCostAndLabour(client: Sql, versionId: string, workIds: readonly string[] | undefined) {
  const { rows } = await client.query<{ workId: string; cost: number; labour: number }>(
    `SELECT a."workId", sum(a."planQuantity" * coalesce(a.price, r.price, 0))::float8 AS cost,
       sum(CASE WHEN r.kind = 'labour' THEN a."planQuantity" ELSE 0 END)::float8 AS labour
     FROM assignments a JOIN resources r ON r.id = a."resourceId"
     WHERE a."versionId" = $1 ${workIds ? 'AND a."workId" = ANY($2::uuid[])' : ''}
     GROUP BY a."workId"`,
    workIds ? [versionId, workIds] : [versionId],
  );
  return new Map(rows.map((r) => [r.workId, r]));
}

/** The stored values of some attributes for the works of a version: work id → attribute id → value. */
async function loadValues(
  client: Sql,
  versionId: string,
  attributeIds: readonly string[],
  workIds: readonly string[] | undefined,
) {
  const values = new Map<string, Map<string, unknown>>();
  if (!attributeIds.length) return values;
  const { rows } = await client.query<{ workId: string; attributeId: string; value: unknown }>(
    `SELECT av."workId", av."attributeId", av.value FROM attribute_values av JOIN works w ON w.id = av."workId"
     WHERE w."versionId" = $1 AND av."attributeId" = ANY($2::uuid[]) ${workIds ? 'AND w.id = ANY($3::uuid[])' : ''}`,
    workIds ? [versionId, attributeIds, workIds] : [versionId, attributeIds],
  );
  for (const row of rows) {
    let byAttribute = values.get(row.workId);
    if (!byAttribute) {
      byAttribute = new Map();
      values.set(row.workId, byAttribute);
    }
    byAttribute.set(row.attributeId, row.value);
  }
  return values;
}

function fieldValue(field: FormulaField, w: WorkRow, costs: Map<string, { cost: number; labour: number }>) {
  switch (field) {
    case 'duration':
      return w.durationMinutes / 60 / (w.hoursPerDay || 8);
    case 'start':
      return w.planStart;
    case 'finish':
      return w.planFinish;
    case 'factStart':
      return w.factStart;
    case 'factFinish':
      return w.factFinish;
    case 'totalFloat':
      return w.totalFloat === null ? null : w.totalFloat / 60 / (w.hoursPerDay || 8);
    case 'cost':
      return costs.get(w.id)?.cost ?? 0;
    case 'labour':
      return costs.get(w.id)?.labour ?? 0;
    default:
      return w[field];
  }
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** Whether a stored JSON value and a new one are the same (values are scalars). */
const sameValue = (a: unknown, b: unknown) => (isEmpty(a) ? isEmpty(b) : a === b);

/**
 * Computes `formulas` for the works of a version (all, or `workIds`) and writes what changed inside the
 * caller's transaction. `types` gives the value type of every attribute the formulas read.
 */
export async function computeFormulas(
  client: pg.PoolClient,
  spaceId: string,
  versionId: string,
  formulas: ReadonlyMap<string, CompiledFormula>,
  types: ReadonlyMap<string, AttributeType>,
  options: {
    workIds?: readonly string[];
    /** compute only: nothing is written, each value is handed to `onValue` */
    dryRun?: boolean;
    onValue?: (attributeId: string, workId: string, value: unknown, failure: FormulaFailure | null) => void;
  } = {},
): Promise<FormulaCalculation> {
  const { workIds, dryRun, onValue } = options;
  const reads = new Map([...formulas].map(([id, f]) => [id, f.parsed.attributes]));
  const order = evaluationOrder(reads);
  const fields = new Set(order.flatMap((id) => formulas.get(id)!.parsed.fields));
  const needed = [...new Set([...order, ...order.flatMap((id) => reads.get(id)!)])];
  const works = await loadWorks(client, versionId, workIds);
  const costs =
    fields.has('cost') || fields.has('labour')
      ? await loadCostAndLabour(client, versionId, workIds)
      : new Map<string, { cost: number; labour: number }>();
  const values = await loadValues(client, versionId, needed, workIds);

  const results: FormulaAttributeResult[] = [];
  let written = 0;
  for (const attributeId of order) {
    const { attribute, parsed } = formulas.get(attributeId)!;
    const result: FormulaAttributeResult = {
      attributeId,
      name: attribute.name,
      computed: 0,
      empty: 0,
      failed: 0,
      samples: [],
    };
    const scope = new Map<string, unknown>();
    const upserts: { w: string; v: unknown }[] = [];
    const cleared: string[] = [];
    for (const work of works) {
      let own = values.get(work.id);
      let anyEmpty = false;
      for (const field of parsed.fields) {
        const v = fieldValue(field, work, costs);
        if (isEmpty(v)) anyEmpty = true;
        scope.set(field, v);
      }
      for (const read of parsed.attributes) {
        const v = formulaInput(types.get(read) ?? 'string', own?.get(read));
        if (isEmpty(v)) anyEmpty = true;
        scope.set(attributeSymbol(read), v);
      }
      let next: unknown = null;
      let failure: FormulaFailure | null = null;
      if (anyEmpty && !parsed.handlesEmpty) result.empty += 1;
      else {
        let outcome: ReturnType<typeof storedValue>;
        try {
          outcome = storedValue(attribute.valueType, parsed.evaluate(scope));
        } catch {
          outcome = { failure: 'wrongType' };
        }
        if ('failure' in outcome) {
          result.failed += 1;
          if (result.samples.length < FORMULA_LIMITS.errorSamples)
            result.samples.push({
              workId: work.id,
              code: work.code,
              name: work.name,
              reason: outcome.failure,
            });
          failure = outcome.failure;
        } else if (outcome.value === null) result.empty += 1;
        else {
          result.computed += 1;
          next = outcome.value;
        }
      }
      onValue?.(attributeId, work.id, next, failure);
      const before = own?.get(attributeId);
      if (!sameValue(before, next)) {
        if (isEmpty(next)) cleared.push(work.id);
        else upserts.push({ w: work.id, v: next });
      }
      // Formulas further on read this value as it is now.
      if (!own) {
        own = new Map();
        values.set(work.id, own);
      }
      own.set(attributeId, next);
    }
    if (!dryRun && (upserts.length || cleared.length)) {
      // One statement per attribute: the cleared values deleted and the changed ones upserted from one JSON array.
      await client.query(
        `WITH gone AS (DELETE FROM attribute_values WHERE "attributeId" = $1 AND "workId" = ANY($2::uuid[]))
         INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
         SELECT $3, t.w, $1, t.v FROM jsonb_to_recordset($4::jsonb) AS t(w uuid, v jsonb)
         ON CONFLICT ("workId", "attributeId") DO UPDATE SET value = excluded.value`,
        [attributeId, cleared, spaceId, JSON.stringify(upserts)],
      );
      written += upserts.length + cleared.length;
    }
    results.push(result);
  }
  return { versionId, works: works.length, written, attributes: results };
}

/** The version's schedule, refused when the version is not the space's (NotFound) or is locked. */
async function versionOf(on: Sql, spaceId: string, versionId: string) {
  const { rows } = await on.query<{ scheduleId: string; locked: boolean }>(
    `SELECT "scheduleId", locked FROM versions WHERE id = $1 AND "spaceId" = $2`,
    [versionId, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0];
}

/**
 * Recalculates the formula attributes of a version (or some of its works) inside the caller's transaction;
 * null when the version's schedule has none — the one cheap query every edit of a version without formulas pays.
 */
export async function recalculateFormulas(
  client: pg.PoolClient,
  spaceId: string,
  versionId: string,
  options: { workIds?: readonly string[]; attributeId?: string } = {},
): Promise<FormulaCalculation | null> {
  const { rows: any } = await client.query(
    `SELECT 1 FROM attributes a JOIN versions v ON v.id = $1
     WHERE a."spaceId" = $2 AND a.formula IS NOT NULL AND (a."scheduleId" IS NULL OR a."scheduleId" = v."scheduleId")
     LIMIT 1`,
    [versionId, spaceId],
  );
  if (!any.length) return null;
  const version = await versionOf(client, spaceId, versionId);
  const attributes = await scheduleAttributes(client, spaceId, version.scheduleId);
  const { compiled, broken } = compileFormulas(attributes);
  const chosen = options.attributeId
    ? new Map([...compiled].filter(([id]) => id === options.attributeId))
    : compiled;
  const types = new Map(attributes.map((a) => [a.id, a.valueType]));
  const calculation = await computeFormulas(client, spaceId, versionId, chosen, types, {
    ...(options.workIds ? { workIds: options.workIds } : {}),
  });
  // A formula whose names no longer resolve is reported with every work failed, its values left as they are.
  for (const a of broken)
    if (!options.attributeId || a.id === options.attributeId)
      calculation.attributes.push({
        attributeId: a.id,
        name: a.name,
        computed: 0,
        empty: 0,
        failed: calculation.works,
        samples: [],
      });
  return calculation;
}

/** API attribute-calculate: every formula attribute of a version, or one, as one transaction. */
export async function calculateFormulas(
  ctx: SpaceContext,
  input: { versionId: string; attributeId?: string },
): Promise<FormulaCalculation> {
  const spaceId = ctx.space.spaceId;
  const version = await versionOf(ctx.db.pool, spaceId, input.versionId);
  if (version.locked) throw new AppError('VersionLocked');
  if (input.attributeId) {
    const { rows } = await ctx.db.pool.query(
      `SELECT 1 FROM attributes WHERE id = $1 AND "spaceId" = $2 AND formula IS NOT NULL
         AND ("scheduleId" IS NULL OR "scheduleId" = $3)`,
      [input.attributeId, spaceId, version.scheduleId],
    );
    if (!rows.length) throw new AppError('NotFound');
  }
  return inTransaction(ctx.db.pool, async (client) => {
    const options = input.attributeId ? { attributeId: input.attributeId } : {};
    const result = await recalculateFormulas(client, spaceId, input.versionId, options);
    return result ?? { versionId: input.versionId, works: 0, written: 0, attributes: [] };
  });
}
