import type { SpaceContext } from '../../context';
import { deadlinesOf } from './deadlines';
import { scopeVersions } from './scope';

/** How many days ahead the home screen looks for deadlines. */
const HOME_DAYS = 14;

/**
 * The home screen of a member (the user's own programme): across the actual versions of the space, the
 * unfinished works the user executes or curates — past and coming deadlines within two weeks and counts
 * by status — and the timesheet days others submitted on works the user curates, waiting for a decision
 * (only for whoever may accept timesheets).
 */
export async function homeOf(ctx: SpaceContext) {
  const me = ctx.session.userId;
  const spaceId = ctx.space.spaceId;
  const versions = await scopeVersions(ctx, { spaceId, level: 'space', id: spaceId });
  const versionIds = versions.map((v) => v.versionId);
  const mine = `(leaf."executorId" = $4 OR leaf."curatorId" = $4)`;
  const deadlines = await deadlinesOf(ctx, versions, HOME_DAYS, mine, [me]);
  const { rows: counts } = await ctx.db.pool.query<{
    open: number;
    inProgress: number;
    executing: number;
    curating: number;
  }>(
    `SELECT count(*) FILTER (WHERE status <> 'completed')::int AS open,
       count(*) FILTER (WHERE status = 'in_progress')::int AS "inProgress",
       count(*) FILTER (WHERE status <> 'completed' AND "executorId" = $2)::int AS executing,
       count(*) FILTER (WHERE status <> 'completed' AND "curatorId" = $2)::int AS curating
     FROM works WHERE "versionId" = ANY($1::uuid[]) AND type NOT IN ('sum', 'draft')
       AND ("executorId" = $2 OR "curatorId" = $2)`,
    [versionIds, me],
  );
  const approvals = ctx.space.abilities.has('timesheets.accept')
    ? await pendingApprovals(ctx, versionIds)
    : [];
  return {
    works: counts[0] ?? { open: 0, inProgress: 0, executing: 0, curating: 0 },
    deadlines,
    approvals,
    days: HOME_DAYS,
  };
}

/** Timesheet days submitted on works the caller curates (or without a curator), by version and person. */
async function pendingApprovals(ctx: SpaceContext, versionIds: string[]) {
  const { rows } = await ctx.db.pool.query<{
    versionId: string;
    scheduleId: string;
    schedule: string;
    userId: string;
    user: string;
    days: number;
    hours: number;
    firstDate: string;
  }>(
    `SELECT e."versionId", v."scheduleId", s.name AS schedule, e."userId",
       trim(u."lastName" || ' ' || u."firstName") AS "user",
       count(DISTINCT e.date)::int AS days, sum(e.hours)::float8 AS hours,
       to_char(min(e.date), 'YYYY-MM-DD') AS "firstDate"
     FROM timesheet_entries e
       JOIN works w ON w.id = e."workId"
       JOIN versions v ON v.id = e."versionId"
       JOIN eps_nodes s ON s.id = v."scheduleId"
       JOIN users u ON u.id = e."userId"
     WHERE e."versionId" = ANY($1::uuid[]) AND e.status = 'submitted'
       AND (w."curatorId" = $2 OR w."curatorId" IS NULL) AND e."userId" <> $2
     GROUP BY e."versionId", v."scheduleId", s.name, e."userId", u."lastName", u."firstName"
     ORDER BY min(e.date), s.name, 5`,
    [versionIds, ctx.session.userId],
  );
  return rows;
}
