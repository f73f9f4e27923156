import { RESOURCE_LIMITS } from '@takt/contracts';
import { calendarWorkingMinutesBetween } from '@takt/engine';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { UndoRecorder } from '../undo/record';
import { inTransaction, keyDate, versionForEdit } from '../versions/guard';
import { iso } from '../works/fields';
import { versionForResources } from './lock';
import { resourceSettingsOf } from './settings';
import { instantOf, versionCalendars } from './time';

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

interface IntensityRow {
  workId: string;
  code: string | null;
  name: string;
  calendarId: string | null;
  durationMinutes: number;
  planVolume: number;
  factVolume: number | null;
  wdpFact: number | null;
  factStart: string;
  revision: number;
}

/**
 * calculate-remains-duration-by-intensity (spec §7): for works in progress with a volume, the intensity
 * reached so far — actual volume per working minute from the actual start to the data date (today without
 * one) — gives the remaining duration of the rest of the volume; the work's duration becomes the elapsed
 * working time plus that. One undo action; the version needs a new calculation.
 */
export async function calculateRemainsByIntensity(
  ctx: SpaceContext,
  input: { versionId: string; workIds?: string[] },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx, async (client) => {
    await versionForEdit(client, spaceId, input.versionId);
    const { rows: version } = await client.query<{ dataDate: string | null }>(
      `SELECT ${iso('"dataDate"')} AS "dataDate" FROM versions WHERE id = $1`,
      [input.versionId],
    );
    const dataDate = version[0]?.dataDate ?? `${keyDate()}T00:00`;
    const { rows } = await client.query<IntensityRow>(
      `SELECT w.id AS "workId", w.code, w.name, w."calendarId", w."durationMinutes", w."planVolume", w."factVolume",
         (SELECT sum(v."factVolume") FROM wdp_values v WHERE v."workId" = w.id)::float8 AS "wdpFact",
         ${iso('w."factStart"')} AS "factStart", w.revision
       FROM works w WHERE w."versionId" = $1 AND w.type NOT IN ('sum', 'milestone_start', 'milestone_finish')
         AND w."factStart" IS NOT NULL AND w."factFinish" IS NULL AND w."planVolume" > 0
         AND ($2::uuid[] IS NULL OR w.id = ANY($2::uuid[]))
       FOR UPDATE OF w`,
      [input.versionId, input.workIds ?? null],
    );
    const calendars = await versionCalendars(client, spaceId, input.versionId);
    const changed: {
      workId: string;
      code: string | null;
      intensityPerDay: number;
      durationMinutes: number;
    }[] = [];
    for (const w of rows) {
      const done = w.factVolume ?? w.wdpFact ?? 0;
      const calendar = calendars.of(w.calendarId);
      const elapsed = calendarWorkingMinutesBetween(calendar, instantOf(w.factStart), instantOf(dataDate));
      if (done <= 0 || elapsed <= 0) continue;
      const perMinute = done / elapsed;
      const remaining = Math.max(0, w.planVolume - done);
      const durationMinutes = Math.round(elapsed + remaining / perMinute);
      if (durationMinutes === w.durationMinutes) continue;
      const weekFrom = instantOf(w.factStart.slice(0, 10));
      const minutesPerDay =
        calendarWorkingMinutesBetween(calendar, weekFrom, (weekFrom + 7 * 1440) as typeof weekFrom) / 7;
      changed.push({
        workId: w.workId,
        code: w.code,
        intensityPerDay: Math.round(perMinute * (minutesPerDay || 480) * 1000) / 1000,
        durationMinutes,
      });
    }
    if (changed.length) {
      const undo = new UndoRecorder(client);
      await undo.works(changed.map((c) => c.workId));
      await client.query(
        `UPDATE works w SET "durationMinutes" = x."durationMinutes", revision = w.revision + 1, "updatedAt" = now()
         FROM json_to_recordset($1::json) AS x("workId" uuid, "durationMinutes" int) WHERE w.id = x."workId"`,
        [JSON.stringify(changed.map(({ workId, durationMinutes }) => ({ workId, durationMinutes })))],
      );
      await undo.save(ctx, input.versionId, 'undo_wbs', 'resources.remains_by_intensity');
    }
    return { success: true as const, dataDate, count: changed.length, works: changed };
  });
}
