import type { HistogramDates, HistogramGrouping, ResourceModel } from '@takt/engine';
import { NO_TIME, resourceHistogram, timeFromIso } from '@takt/engine';
import type { SpaceContext } from '../../context';
import { rowOrNotFound, type Sql } from '../../db/sql';
import { iso } from '../../db/time';
import { versionOf } from '../versions';
import { resourceModelCached, resourceModelOf, withEngine } from './engine-input';

export interface HistogramRequest {
  versionId: string;
  period: 'day' | 'week' | 'month' | 'quarter' | 'year';
  resourceIds?: string[];
  groupBy: 'resource' | 'kind' | 'performer' | 'attribute';
  attributeId?: string;
  measure: 'quantity' | 'cost';
  from?: string;
  to?: string;
}

/** Dates of a compiled model's histograms (a cached model keeps them; a changed version gets a new model). */
const datesByModel = new WeakMap<
  ResourceModel,
  { plan: HistogramDates | null; approved: HistogramDates | null }
>();

/**
 * The histogram's dates by work index: the plan is the version's calculated early dates — what the Gantt
 * above shows — while the version is calculated (otherwise the engine's critical path of the current data);
 * the approved plan the approved dates of the works that have them (null while no work has any).
 */
async function histogramDatesOf(sql: Sql, versionId: string, model: ResourceModel) {
  const known = datesByModel.get(model);
  if (known) return known;
  const { rows } = await sql.query<{
    id: string;
    earlyStart: string | null;
    earlyFinish: string | null;
    approvedStart: string | null;
    approvedFinish: string | null;
    calculated: boolean;
  }>(
    `SELECT w.id, ${iso('w."earlyStart"')} AS "earlyStart", ${iso('w."earlyFinish"')} AS "earlyFinish",
       ${iso('w."approvedStart"')} AS "approvedStart", ${iso('w."approvedFinish"')} AS "approvedFinish",
       v."calcStatus" = 1 AS calculated
     FROM works w JOIN versions v ON v.id = w."versionId" WHERE w."versionId" = $1`,
    [versionId],
  );
  const count = model.project.workCount;
  const arrays = () => ({
    start: new Int32Array(count).fill(NO_TIME),
    finish: new Int32Array(count).fill(NO_TIME),
  });
  const plan = arrays();
  const approved = arrays();
  let approvedAny = false;
  for (const w of rows) {
    const i = model.project.workIndex.get(w.id);
    if (i === undefined) continue;
    if (w.earlyStart && w.earlyFinish) {
      plan.start[i] = timeFromIso(w.earlyStart);
      plan.finish[i] = timeFromIso(w.earlyFinish);
    }
    if (w.approvedStart && w.approvedFinish) {
      approved.start[i] = timeFromIso(w.approvedStart);
      approved.finish[i] = timeFromIso(w.approvedFinish);
      approvedAny = true;
    }
  }
  // External predecessors (works of other schedules) are not the version's: the engine places them.
  const calculated = rows.length > 0 && rows[0]!.calculated && rows.length === count;
  const dates = { plan: calculated ? plan : null, approved: approvedAny ? approved : null };
  datesByModel.set(model, dates);
  return dates;
}

/**
 * After a calculation of a version whose histogram is charted: its model and dates are read and compiled
 * again now, off the request, so the histogram shown under the Gantt follows the new dates at once.
 */
export async function histogramWarm(sql: Sql, spaceId: string, versionId: string): Promise<void> {
  if (!resourceModelCached(spaceId, versionId)) return;
  const { model } = await resourceModelOf(sql, spaceId, versionId);
  await histogramDatesOf(sql, versionId, model);
}

const finite = (values: ArrayLike<number>) => Array.from(values, (v) => (Number.isFinite(v) ? v : null));

/**
 * Histograms and S-curves of a version (capabilities): per resource, resource kind, performer (the works'
 * executor) or work attribute (work type), by period — plan (the critical-path dates of the current data),
 * approved plan (the approved dates of the works that have them; the plan's dates while none has) and fact, each also cumulative, with the
 * availability of each resource and the periods where the plan demand is over it. The engine computes all
 * of it; this reads the version and names the rows.
 */
export async function versionHistogram(ctx: SpaceContext, input: HistogramRequest) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, input.versionId);
  const { loaded, model } = await resourceModelOf(ctx.db.pool, spaceId, input.versionId);
  const { plan, approved } = await histogramDatesOf(ctx.db.pool, input.versionId, model);
  const grouped = input.groupBy === 'performer' || input.groupBy === 'attribute';
  const { rows: works } = grouped
    ? await ctx.db.pool.query<{
        id: string;
        executorId: string | null;
        executor: string | null;
        attribute: unknown;
      }>(
        `SELECT w.id, w."executorId", nullif(trim(u."lastName" || ' ' || u."firstName"), '') AS executor,
           v.value AS attribute
         FROM works w LEFT JOIN users u ON u.id = w."executorId"
         LEFT JOIN attribute_values v ON v."workId" = w.id AND v."attributeId" = $2::uuid
         WHERE w."versionId" = $1`,
        [input.versionId, input.attributeId ?? null],
      )
    : { rows: [] };
  if (input.groupBy === 'attribute') {
    await rowOrNotFound(ctx.db.pool, `SELECT 1 FROM attributes WHERE id = $1 AND "spaceId" = $2`, [
      input.attributeId ?? null,
      spaceId,
    ]);
  }
  const known = new Set(loaded.resources.map((r) => r.id));
  const resourceIds = input.resourceIds?.filter((id) => known.has(id)) ?? null;

  return withEngine(loaded.labels, () => {
    const index = model.project.workIndex;
    const count = model.project.workCount;
    let groupBy: HistogramGrouping = input.groupBy === 'kind' ? 'kind' : 'resource';
    const groupLabels = new Map<string, string>();
    if (grouped) {
      const groups: string[] = [];
      const position = new Map<string, number>();
      const groupOfWork = new Int32Array(count).fill(-1);
      for (const w of works) {
        const key =
          input.groupBy === 'performer'
            ? (w.executorId ?? '')
            : w.attribute === null || w.attribute === undefined
              ? ''
              : String(w.attribute);
        let g = position.get(key);
        if (g === undefined) {
          g = groups.length;
          groups.push(key);
          position.set(key, g);
          groupLabels.set(key, input.groupBy === 'performer' ? (w.executor ?? '') : key);
        }
        const i = index.get(w.id);
        if (i !== undefined) groupOfWork[i] = g;
      }
      groupBy = { groups, groupOfWork };
    }
    const h = resourceHistogram(model, {
      period: input.period,
      groupBy,
      measure: input.measure,
      resourceIds,
      plan,
      approved,
      from: input.from ?? null,
      until: input.to ?? null,
    });
    const rows = h.groupIds.map((id) => {
      const info = loaded.resourceInfo.get(id);
      return {
        id,
        label: info ? (info.code ? `${info.code} ${info.name}` : info.name) : (groupLabels.get(id) ?? id),
        kind: info?.kind ?? null,
        unit: input.measure === 'cost' ? null : (info?.unit ?? null),
      };
    });
    return {
      period: h.period,
      measure: h.measure,
      groupBy: input.groupBy,
      rows,
      periodCount: h.periodCount,
      periodLabels: h.periodLabels,
      /** First day of each period and the day after the last, as days since 2000-01-01. */
      periodStartDays: Array.from(h.periodStart),
      plan: Array.from(h.plan),
      approved: Array.from(h.approved),
      fact: Array.from(h.fact),
      planCumulative: Array.from(h.planCumulative),
      approvedCumulative: Array.from(h.approvedCumulative),
      factCumulative: Array.from(h.factCumulative),
      availability: h.availability ? finite(h.availability) : null,
      overAllocated: h.overAllocated ? Array.from(h.overAllocated) : null,
      overAllocations: h.overAllocations.map((o) => ({
        ...o,
        label: rows.find((r) => r.id === o.resourceId)?.label,
      })),
    };
  });
}
