import { type DecompositionTemplate, decompositionTemplate } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';

/**
 * A space's own decomposition templates (docs/product-rules.md, "WBS decomposition"): kept as the
 * contract's template, checked by it on the way in and again on the way out (a body another build wrote
 * that no longer fits is left out of the matching rather than breaking it).
 */
interface Row {
  id: string;
  body: unknown;
  revision: number;
  updatedAt: Date;
}

const view = (row: Row, template: DecompositionTemplate) => ({
  id: row.id,
  revision: row.revision,
  updatedAt: row.updatedAt.toISOString(),
  template,
});

/** The space's templates that fit the contract, oldest first. */
export async function spaceTemplates(ctx: SpaceContext) {
  const { rows } = await ctx.db.pool.query<Row>(
    `SELECT id, body, revision, "updatedAt" FROM decomposition_templates WHERE "spaceId" = $1
     ORDER BY "createdAt", id`,
    [ctx.space.spaceId],
  );
  return rows.flatMap((row) => {
    const parsed = decompositionTemplate.safeParse(row.body);
    return parsed.success ? [view(row, parsed.data)] : [];
  });
}

/** Adds a template of the space (whoever manages the space). */
export async function createTemplate(ctx: SpaceContext, input: { template: DecompositionTemplate }) {
  const { rows } = await ctx.db.pool.query<Row>(
    `INSERT INTO decomposition_templates (id, "spaceId", name, body) VALUES (gen_random_uuid(), $1, $2, $3)
     RETURNING id, body, revision, "updatedAt"`,
    [ctx.space.spaceId, input.template.name.ru, JSON.stringify(input.template)],
  );
  return view(rows[0]!, input.template);
}

/** Replaces a template of the space, based on its revision (a stale one is Conflict). */
export async function updateTemplate(
  ctx: SpaceContext,
  input: { templateId: string; revision: number; template: DecompositionTemplate },
) {
  return inTransaction(ctx.db.pool, async (client) => {
    const { rows: found } = await client.query<{ revision: number }>(
      `SELECT revision FROM decomposition_templates WHERE id = $1 AND "spaceId" = $2 FOR UPDATE`,
      [input.templateId, ctx.space.spaceId],
    );
    if (!found[0]) throw new AppError('NotFound');
    if (found[0].revision !== input.revision) throw new AppError('Conflict');
    const { rows } = await client.query<Row>(
      `UPDATE decomposition_templates SET name = $2, body = $3, revision = revision + 1, "updatedAt" = now()
       WHERE id = $1 RETURNING id, body, revision, "updatedAt"`,
      [input.templateId, input.template.name.ru, JSON.stringify(input.template)],
    );
    return view(rows[0]!, input.template);
  });
}

export async function deleteTemplate(ctx: SpaceContext, input: { templateId: string }) {
  const { rowCount } = await ctx.db.pool.query(
    `DELETE FROM decomposition_templates WHERE id = $1 AND "spaceId" = $2`,
    [input.templateId, ctx.space.spaceId],
  );
  if (!rowCount) throw new AppError('NotFound');
  return { success: true as const };
}
