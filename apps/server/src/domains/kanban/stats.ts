import { KANBAN_LIMITS } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { boardOf } from './boards';

/**
 * A board's statistics: cards per column (against the WIP limits), cycle time and throughput. A card is done
 * when it enters a column mapped to "completed"; its cycle time runs from its first move (the work started)
 * to that entry — from its creation when it never moved before — and its last entry counts. Throughput is
 * the cards done per week (weeks from Monday, UTC) over the last weeks.
 */
export async function boardStats(ctx: SpaceContext, input: { boardId: string }) {
  const pool = ctx.db.pool;
  await boardOf(pool, ctx.space.spaceId, input.boardId);
  const weeks = KANBAN_LIMITS.statsWeeks;
  const [columns, cycle, throughput] = await Promise.all([
    pool
      .query<{ columnId: string; name: string; wipLimit: number | null; cards: number }>(
        `SELECT c.id AS "columnId", c.name, c."wipLimit", count(i.id)::int AS cards
         FROM kanban_columns c LEFT JOIN kanban_items i ON i."columnId" = c.id
         WHERE c."boardId" = $1 GROUP BY c.id ORDER BY c."sortKey", c.id`,
        [input.boardId],
      )
      .then((r) => r.rows.map((c) => ({ ...c, overLimit: c.wipLimit !== null && c.cards > c.wipLimit }))),
    pool
      .query<{ cards: number; averageHours: number | null; medianHours: number | null }>(
        `WITH done AS (
           SELECT e."itemId", max(e."createdAt") AS at FROM kanban_item_events e
           JOIN kanban_columns c ON c.id = e."toColumnId" AND c."workStatus" = 'completed'
           JOIN kanban_items i ON i.id = e."itemId" AND i."columnId" = c.id
           WHERE e."boardId" = $1 AND e.kind = 'moved' GROUP BY e."itemId"),
         spans AS (
           SELECT d."itemId", extract(epoch FROM d.at - coalesce(
             (SELECT min(m."createdAt") FROM kanban_item_events m WHERE m."itemId" = d."itemId" AND m.kind = 'moved'
                AND m."createdAt" < d.at),
             (SELECT min(m."createdAt") FROM kanban_item_events m WHERE m."itemId" = d."itemId"))) / 3600 AS hours
           FROM done d)
         SELECT count(*)::int AS cards, avg(hours)::float8 AS "averageHours",
                (percentile_cont(0.5) WITHIN GROUP (ORDER BY hours))::float8 AS "medianHours" FROM spans`,
        [input.boardId],
      )
      .then((r) => r.rows[0]!),
    pool
      .query<{ week: string; cards: number }>(
        `WITH w AS (SELECT generate_series(date_trunc('week', now()) - ($2::int - 1) * interval '1 week',
                                         date_trunc('week', now()), interval '1 week') AS week)
         SELECT to_char(w.week, 'YYYY-MM-DD') AS week, count(e.id)::int AS cards FROM w
         LEFT JOIN (kanban_item_events e JOIN kanban_columns c ON c.id = e."toColumnId" AND c."workStatus" = 'completed')
           ON e."boardId" = $1 AND e.kind IN ('moved', 'created') AND date_trunc('week', e."createdAt") = w.week
         GROUP BY w.week ORDER BY w.week`,
        [input.boardId, weeks],
      )
      .then((r) => r.rows),
  ]);
  return { columns, cycleTime: cycle, throughput };
}
