import { type ProgressWeighting, progressWeightsOf, type ScheduleDocument } from '@takt/schedule';
import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { versionOf } from '../versions';

/** The calculation scenarios that measure progress by something else than duration (resource settings). */
const SCENARIO_VOLUME = 6;
const SCENARIO_LABOUR = 9;
const SCENARIO_COST = 12;

/** What the version's calculation scenario weighs progress by (`resource_settings.scenario`, 1 without settings). */
async function progressMeasure(sql: Sql, versionId: string): Promise<ProgressWeighting['measure']> {
  const { rows } = await sql.query<{ scenario: number }>(
    `SELECT scenario FROM resource_settings WHERE "versionId" = $1`,
    [versionId],
  );
  const scenario = rows[0]?.scenario ?? 1;
  return scenario === SCENARIO_VOLUME
    ? 'volume'
    : scenario === SCENARIO_LABOUR
      ? 'labour'
      : scenario === SCENARIO_COST
        ? 'cost'
        : 'duration';
}

/**
 * How a version's summaries weigh their works' progress (docs/product-rules.md, "Summary roll-ups"), by
 * its calculation scenario: planned volume (6), planned labour (9) or planned cost (12) of the work's
 * assignments — the measures the scenario itself reads — else duration. For labour and cost, the sums
 * by work (only of `workIds` when given); a work without any is absent. What the browser is sent too
 * (`calculation.progressWeighting`), so that its roll-ups equal the stored ones.
 */
export async function progressWeighting(
  sql: Sql,
  versionId: string,
  workIds: readonly string[] | null = null,
): Promise<ProgressWeighting> {
  const measure = await progressMeasure(sql, versionId);
  if (measure !== 'labour' && measure !== 'cost') return { measure };
  // The same sums as the scenario's own read of a work's plan (resources/scenarios.ts).
  const sum =
    measure === 'labour'
      ? `sum(a."planQuantity") FILTER (WHERE r.kind = 'labour')`
      : `sum(CASE WHEN r.kind = 'distributed_price' THEN a."planQuantity"
           ELSE a."planQuantity" * coalesce(a.price, r.price) END)`;
  const { rows } = await sql.query<{ workId: string; weight: number | null }>(
    `SELECT a."workId", ${sum}::float8 AS weight
     FROM assignments a JOIN resources r ON r.id = a."resourceId"
     WHERE a."versionId" = $1 AND ($2::uuid[] IS NULL OR a."workId" = ANY($2::uuid[]))
     GROUP BY a."workId"`,
    [versionId, workIds],
  );
  const byWork = new Map<string, number>();
  for (const { workId, weight } of rows) if (weight !== null) byWork.set(workId, weight);
  return { measure, byWork };
}

/**
 * The weight of each work's progress in its summaries' % complete (`progressWeightsOf` of the version's
 * weighting): null when by duration; NaN for a row without the measure (the roll-up weighs a summary
 * none of whose works has one by duration).
 */
export async function progressWeights(sql: Sql, doc: ScheduleDocument): Promise<Float64Array | null> {
  return progressWeightsOf(doc, await progressWeighting(sql, doc.versionId));
}

/**
 * A version's weighting for the browser (`calculation.progressWeighting`): the measure, and for labour
 * or cost the sums by work as two arrays (a map does not travel as JSON). With it the browser's roll-ups
 * after an edit (`rollUpAncestors`, `previewEdit`) equal the ones the server stores.
 */
export async function versionProgressWeighting(ctx: SpaceContext, versionId: string) {
  await versionOf(ctx.db.pool, ctx.space.spaceId, versionId);
  const { measure, byWork } = await progressWeighting(ctx.db.pool, versionId);
  return { measure, workIds: [...(byWork?.keys() ?? [])], weights: [...(byWork?.values() ?? [])] };
}
