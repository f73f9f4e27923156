import { resourceHistogram } from '@takt/engine';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { groupBy } from '../../group-by';
import { listAssignments } from './assignments';
import { resourceModelOf, withEngine } from './engine-input';

/**
 * Distributions of a schedule node (API GET distributions/by-eps-id/{id}): every assignment of the
 * node's actual version (or the given one) with its distribution settings and its planned, approved and
 * actual quantity per period, as the engine spreads them.
 */
export async function distributionsByEps(
  ctx: SpaceContext,
  input: { epsId: string; versionId?: string; period: 'day' | 'week' | 'month' | 'quarter' | 'year' },
) {
  const spaceId = ctx.space.spaceId;
  const { rows } = await ctx.db.pool.query<{ id: string }>(
    `SELECT v.id FROM versions v JOIN eps_nodes n ON n.id = v."scheduleId"
     WHERE n.id = $1 AND n."spaceId" = $2 AND ($3::uuid IS NULL OR v.id = $3)
     ORDER BY v.actual DESC, v.number DESC LIMIT 1`,
    [input.epsId, spaceId, input.versionId ?? null],
  );
  const versionId = rows[0]?.id;
  if (!versionId) throw new AppError('NotFound');
  const assignments = await listAssignments(ctx, { versionId });
  if (assignments.length === 0) return { versionId, period: input.period, periodLabels: [], items: [] };
  const { loaded, model } = await resourceModelOf(ctx.db.pool, spaceId, versionId);
  return withEngine(loaded.labels, () => {
    const index = model.project.workIndex;
    // The widest range of periods first, so that every assignment's row shares the same columns.
    const all = resourceHistogram(model, { period: input.period });
    const from = all.periodLabels[0] ?? null;
    const lastStart = all.periodLabels.at(-1) ?? null;
    const series = new Map<string, { plan: number[]; approved: number[]; fact: number[] }>();
    for (const [resourceId, list] of groupBy(assignments, (a) => a.resourceId)) {
      // One resource at a time, a group per work: each group is exactly one assignment.
      const groupOfWork = new Int32Array(model.project.workCount).fill(-1);
      list.forEach((a, g) => {
        const i = index.get(a.workId);
        if (i !== undefined) groupOfWork[i] = g;
      });
      const h = resourceHistogram(model, {
        period: input.period,
        resourceIds: [resourceId],
        groupBy: { groups: list.map((a) => a.id), groupOfWork },
        from,
        until: lastStart,
      });
      list.forEach((a, g) => {
        const slice = (values: Float64Array) =>
          Array.from(values.subarray(g * h.periodCount, (g + 1) * h.periodCount));
        series.set(a.id, { plan: slice(h.plan), approved: slice(h.approved), fact: slice(h.fact) });
      });
    }
    return {
      versionId,
      period: input.period,
      periodLabels: all.periodLabels,
      items: assignments.map((a) => ({
        ...a,
        ...(series.get(a.id) ?? { plan: [], approved: [], fact: [] }),
      })),
    };
  });
}
