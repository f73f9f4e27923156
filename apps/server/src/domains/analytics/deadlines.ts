import { ANALYTICS_LIMITS, type AnalyticsScope } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { iso } from '../../db/time';
import { cachedAnswer } from './cache';
import { SCOPE_WORKS, type ScopeVersion, scopeParams, scopeVersions } from './scope';

/** A work whose finish is due or past, as a deadlines list names it. */
export interface DeadlineWork {
  id: string;
  code: string | null;
  name: string;
  milestone: boolean;
  critical: boolean;
  status: string;
  progress: number;
  planFinish: string;
  approvedFinish: string | null;
  /** Whole calendar days past the planned finish at the data date (0 when not past). */
  overdueDays: number;
  versionId: string;
  scheduleId: string;
  schedule: string;
  executor: string | null;
}

/**
 * The unfinished works of the scope's versions that `filter` (SQL over `leaf`) keeps and whose planned
 * finish is before the data date plus `days`: past ones first, then by planned finish; the counts of past
 * and of coming ones over all of them, the list cut at `ANALYTICS_LIMITS.maxDeadlines`.
 */
export async function deadlinesOf(
  ctx: SpaceContext,
  versions: readonly ScopeVersion[],
  days: number,
  filter = 'true',
  params: unknown[] = [],
) {
  if (!versions.length) return { overdue: 0, upcoming: 0, works: [] as DeadlineWork[] };
  const byVersion = new Map(versions.map((v) => [v.versionId, v]));
  const { rows } = await ctx.db.pool.query<
    Omit<DeadlineWork, 'scheduleId' | 'schedule'> & { overdueCount: number; upcomingCount: number }
  >(
    `WITH ${SCOPE_WORKS},
       due AS (SELECT * FROM leaf WHERE status <> 'completed' AND "planFinish" IS NOT NULL
                 AND "planFinish" < dd + $3 * interval '1 day' AND (${filter}))
     SELECT due.id, due.code, due.name, due.type IN ('milestone_start', 'milestone_finish') AS milestone,
       due.critical, due.status::text AS status, due.progress,
       ${iso('due."planFinish"')} AS "planFinish", ${iso('due."approvedFinish"')} AS "approvedFinish",
       greatest(0, floor(extract(epoch FROM due.dd - due."planFinish") / 86400))::int AS "overdueDays",
       due."versionId", trim(u."lastName" || ' ' || u."firstName") AS executor,
       count(*) FILTER (WHERE due."planFinish" < due.dd) OVER ()::int AS "overdueCount",
       count(*) FILTER (WHERE due."planFinish" >= due.dd) OVER ()::int AS "upcomingCount"
     FROM due LEFT JOIN users u ON u.id = due."executorId"
     ORDER BY due."planFinish" < due.dd DESC, due."planFinish", due.code, due.id
     LIMIT ${ANALYTICS_LIMITS.maxDeadlines}`,
    [...scopeParams(versions), days, ...params],
  );
  return {
    overdue: rows[0]?.overdueCount ?? 0,
    upcoming: rows[0]?.upcomingCount ?? 0,
    works: rows.map(({ overdueCount: _o, upcomingCount: _u, ...work }) => {
      const version = byVersion.get(work.versionId)!;
      return { ...work, scheduleId: version.scheduleId, schedule: version.schedule };
    }),
  };
}

/** A scope's deadlines (the deadlines widget): its past and coming finishes within `days`. */
export async function scopeDeadlines(ctx: SpaceContext, input: AnalyticsScope & { days: number }) {
  const versions = await scopeVersions(ctx, input);
  return cachedAnswer(ctx, versions, `deadlines:${input.days}`, () => deadlinesOf(ctx, versions, input.days));
}
