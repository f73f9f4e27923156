import type { ScheduleDocument } from '@takt/schedule';
import type { Sql } from '../../db/sql';

/** The calculation scenarios that measure progress by something else than duration (resource settings). */
const SCENARIO_VOLUME = 6;
const SCENARIO_LABOUR = 9;
const SCENARIO_COST = 12;

/**
 * The weight of each work's progress in its summaries' % complete, by the version's calculation scenario
 * (`resource_settings.scenario`): planned volume (6), planned labour (9) or planned cost (12) of its
 * assignments — the measures the scenario itself reads. Null for scenario 1 (and a version without
 * settings): summaries are weighted by duration. Rows without the measure get NaN (the roll-up weighs a
 * summary none of whose works has one by duration).
 */
export async function progressWeights(sql: Sql, doc: ScheduleDocument): Promise<Float64Array | null> {
  const { rows } = await sql.query<{ scenario: number }>(
    `SELECT scenario FROM resource_settings WHERE "versionId" = $1`,
    [doc.versionId],
  );
  const scenario = rows[0]?.scenario ?? 1;
  if (scenario === SCENARIO_VOLUME) return doc.planVolume.slice();
  if (scenario !== SCENARIO_LABOUR && scenario !== SCENARIO_COST) return null;
  // The same sums as the scenario's own read of a work's plan (resources/scenarios.ts).
  const measure =
    scenario === SCENARIO_LABOUR
      ? `sum(a."planQuantity") FILTER (WHERE r.kind = 'labour')`
      : `sum(CASE WHEN r.kind = 'distributed_price' THEN a."planQuantity"
           ELSE a."planQuantity" * coalesce(a.price, r.price) END)`;
  const sums = await sql.query<{ workId: string; weight: number | null }>(
    `SELECT a."workId", ${measure}::float8 AS weight
     FROM assignments a JOIN resources r ON r.id = a."resourceId"
     WHERE a."versionId" = $1
     GROUP BY a."workId"`,
    [doc.versionId],
  );
  const weights = new Float64Array(doc.count).fill(Number.NaN);
  for (const { workId, weight } of sums.rows) {
    const row = doc.rowOf.get(workId);
    if (row !== undefined && weight !== null) weights[row] = weight;
  }
  return weights;
}
