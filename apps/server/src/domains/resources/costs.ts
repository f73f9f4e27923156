import { RESOURCE_LIMITS } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { UndoRecorder } from '../undo/record';
import { inTransaction } from '../versions/guard';
import { versionForResources } from './lock';
import { resourceSettingsOf } from './settings';

interface CostRow {
  workId: string;
  parentId: string | null;
  code: string | null;
  name: string;
  type: string;
  planVolume: number | null;
  factVolume: number | null;
  wdpFact: number | null;
  kind: 'volume' | 'labour' | 'cost' | 'distributed_price' | null;
  planQuantity: number | null;
  factQuantity: number | null;
  price: number | null;
}

/**
 * The spec §8 missing-volume message names the first two codes, then "and N more" (the ICU message
 * counts N): this builds its parameters.
 */
export function missingCodesParams(codes: string[]) {
  const shown = codes.slice(0, RESOURCE_LIMITS.missingCodesShown);
  return { codes: shown.join(', '), more: codes.length - shown.length };
}

/**
 * update-costs (spec §7, §8): the plan and fact cost of each work from its assignments — quantity × price
 * (the assignment's price, else the resource's); a distributed price is money as it is. A volume assignment
 * without a quantity takes the work's volume; when neither is set, its cost cannot be known and the works
 * are named (VolumeMissing) with nothing written. Summary works get the sum of their works. The costs go to
 * the money attributes chosen in the resource settings (CostAttributesMissing without them), as one undo
 * action.
 */
export async function updateCosts(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx, async (client) => {
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

    const { rows } = await client.query<CostRow>(
      `SELECT w.id AS "workId", w."parentId", w.code, w.name, w.type, w."planVolume", w."factVolume",
         (SELECT sum(v."factVolume") FROM wdp_values v WHERE v."workId" = w.id)::float8 AS "wdpFact",
         r.kind, a."planQuantity", a."factQuantity", coalesce(a.price, r.price) AS price
       FROM works w LEFT JOIN assignments a ON a."workId" = w.id LEFT JOIN resources r ON r.id = a."resourceId"
       WHERE w."versionId" = $1 ORDER BY w."sortKey", w.id`,
      [versionId],
    );
    const plan = new Map<string, number>();
    const fact = new Map<string, number>();
    const parent = new Map<string, string | null>();
    const missing: string[] = [];
    for (const row of rows) {
      parent.set(row.workId, row.parentId);
      if (!row.kind || row.type === 'sum') continue;
      const price = row.kind === 'distributed_price' ? 1 : (row.price ?? 0);
      let planQuantity = row.planQuantity ?? 0;
      let factQuantity = row.factQuantity;
      if (row.kind === 'volume') {
        if (planQuantity === 0) planQuantity = row.planVolume ?? 0;
        factQuantity ??= row.factVolume ?? row.wdpFact;
        if (planQuantity === 0 && price > 0 && !missing.includes(row.code ?? row.name))
          missing.push(row.code ?? row.name);
      }
      plan.set(row.workId, (plan.get(row.workId) ?? 0) + planQuantity * price);
      fact.set(row.workId, (fact.get(row.workId) ?? 0) + (factQuantity ?? 0) * price);
    }
    if (missing.length) throw new AppError('VolumeMissing', missingCodesParams(missing));
    // Roll the costs of works up to their summaries.
    for (const costs of [plan, fact]) {
      for (const [workId, value] of [...costs]) {
        for (let up = parent.get(workId); up; up = parent.get(up))
          costs.set(up, (costs.get(up) ?? 0) + value);
      }
    }
    const workIds = [...new Set([...plan.keys(), ...fact.keys()])];
    const undo = new UndoRecorder(client);
    await undo.works(workIds);
    const round = (v: number) => Math.round(v * 100) / 100;
    const write = async (attributeId: string | null, costs: Map<string, number>) => {
      if (!attributeId) return;
      await client.query(
        `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
         SELECT $1, x."workId", $2, to_jsonb(x.value) FROM json_to_recordset($3::json) AS x("workId" uuid, value float8)
         ON CONFLICT ("workId", "attributeId") DO UPDATE SET value = EXCLUDED.value`,
        [
          spaceId,
          attributeId,
          JSON.stringify([...costs].map(([workId, value]) => ({ workId, value: round(value) }))),
        ],
      );
    };
    await write(settings.planCostAttributeId, plan);
    await write(settings.factCostAttributeId, fact);
    await client.query(
      `UPDATE works SET revision = revision + 1, "updatedAt" = now() WHERE id = ANY($1::uuid[])`,
      [workIds],
    );
    await undo.save(ctx, versionId, 'undo_wbs', 'resources.update_costs');
    let total = 0;
    let totalFact = 0;
    for (const row of rows)
      if (row.parentId === null) {
        total += plan.get(row.workId) ?? 0;
        totalFact += fact.get(row.workId) ?? 0;
      }
    return {
      success: true as const,
      count: workIds.length,
      planTotal: round(total),
      factTotal: round(totalFact),
    };
  });
}
