import { RESOURCE_LIMITS } from '@takt/contracts';
import { resourcesCompile, resourceTotals } from '@takt/engine';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import { UndoRecorder } from '../undo';
import { resourceProjectLoad, withEngine } from './engine-input';
import { versionForResources } from './lock';
import { resourceSettingsOf } from './settings';

/**
 * The error catalogue missing-volume message names the first two codes, then "and N more" (the ICU message
 * counts N): this builds its parameters.
 */
export function missingCodesParams(codes: string[]) {
  const shown = codes.slice(0, RESOURCE_LIMITS.missingCodesShown);
  return { codes: shown.join(', '), more: codes.length - shown.length };
}

/**
 * update-costs (API, error catalogue): the plan and fact cost of each work from its assignments, as the engine
 * totals them (quantity × price — the assignment's price, else the resource's; a distributed price as it
 * is; a summary the sum of its works). A volume assignment without a quantity takes the work's volume; when
 * neither is set and the volume has a price, the cost cannot be known: the works are named (VolumeMissing)
 * and nothing is written. The costs go to the money attributes chosen in the resource settings
 * (CostAttributesMissing without them), as one undo action.
 */
export async function updateCosts(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await versionForResources(client, spaceId, versionId);
    const settings = await resourceSettingsOf(client, spaceId, versionId);
    const targets = [settings.planCostAttributeId, settings.factCostAttributeId].filter(
      (a): a is string => !!a,
    );
    const { rows: attributes } = targets.length
      ? await client.query<{ id: string }>(
          `SELECT id FROM attributes WHERE "spaceId" = $1 AND id = ANY($2::uuid[]) AND "valueType" IN ('money', 'number')`,
          [spaceId, targets],
        )
      : { rows: [] };
    if (attributes.length === 0 || attributes.length !== targets.length)
      throw new AppError('CostAttributesMissing');

    const { rows: missing } = await client.query<{ label: string }>(
      `SELECT coalesce(w.code, w.name) AS label FROM assignments a JOIN resources r ON r.id = a."resourceId"
       JOIN works w ON w.id = a."workId"
       WHERE a."versionId" = $1 AND r.kind = 'volume' AND a."planQuantity" = 0 AND coalesce(w."planVolume", 0) = 0
         AND coalesce(a.price, r.price) > 0 AND a.reserved IS DISTINCT FROM 'by_date'
       GROUP BY w.id ORDER BY min(w."sortKey"), w.id`,
      [versionId],
    );
    if (missing.length) throw new AppError('VolumeMissing', missingCodesParams(missing.map((m) => m.label)));

    const loaded = await resourceProjectLoad(client, spaceId, versionId);
    const model = withEngine(loaded.labels, () =>
      resourcesCompile(loaded.project, loaded.resources, loaded.assignments),
    );
    const totals = resourceTotals(model);
    const { rows: works } = await client.query<{ id: string; parentId: string | null }>(
      `SELECT id, "parentId" FROM works WHERE "versionId" = $1`,
      [versionId],
    );
    const parent = new Map(works.map((w) => [w.id, w.parentId]));
    // The works with assignments and their summaries get a cost (zero included); the others keep theirs.
    const costed = new Set<string>();
    for (const a of loaded.assignments)
      for (let id: string | null | undefined = a.workId; id && !costed.has(id); id = parent.get(id))
        costed.add(id);
    const workIds = [...costed];
    const index = model.project.workIndex;
    const round = (v: number) => Math.round(v * 100) / 100;
    const valuesOf = (costs: Float64Array) =>
      workIds.map((workId) => ({ workId, value: round(costs[index.get(workId)!] ?? 0) }));
    const undo = new UndoRecorder(client);
    await undo.works(workIds);
    const write = async (attributeId: string | null, values: { workId: string; value: number }[]) => {
      if (!attributeId) return;
      await client.query(
        `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
         SELECT $1, x."workId", $2, to_jsonb(x.value) FROM json_to_recordset($3::json) AS x("workId" uuid, value float8)
         ON CONFLICT ("workId", "attributeId") DO UPDATE SET value = EXCLUDED.value`,
        [spaceId, attributeId, JSON.stringify(values)],
      );
    };
    await write(settings.planCostAttributeId, valuesOf(totals.planCost));
    await write(settings.factCostAttributeId, valuesOf(totals.factCost));
    await client.query(
      `UPDATE works SET revision = revision + 1, "updatedAt" = now() WHERE id = ANY($1::uuid[])`,
      [workIds],
    );
    await undo.save(ctx, versionId, 'undo_wbs', 'resources.update_costs');
    let planTotal = 0;
    let factTotal = 0;
    for (const id of workIds)
      if (!parent.get(id)) {
        planTotal += totals.planCost[index.get(id)!] ?? 0;
        factTotal += totals.factCost[index.get(id)!] ?? 0;
      }
    return {
      success: true as const,
      count: workIds.length,
      planTotal: round(planTotal),
      factTotal: round(factTotal),
    };
  });
}
