import { RESOURCE_LIMITS } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import { notify as notifyUsers } from '../notices';
import { checkEditingPeriod, versionOf } from '../versions';
import { editingWindow } from '../wdp';

/**
 * Timesheets (capabilities, API): hours a user worked on a work on a day. The user submits a range of days; the
 * curators of the works get a notice and approve or decline the user's days (accepted-curator-dates, states
 * approval decision); the user gets a notice of the decision. Submitted and approved days are closed to
 * changes; a declined day can be corrected and submitted again. Days before the editing period are closed.
 */

export interface TimesheetEntryDto {
  id: string;
  workId: string;
  userId: string;
  date: string;
  hours: number;
  comment: string | null;
  status: 'draft' | 'submitted' | 'approved' | 'declined';
  revision: number;
  decidedById: string | null;
}

const ENTRY_SELECT = `e.id, e."workId", e."userId", to_char(e.date, 'YYYY-MM-DD') AS date, e.hours, e.comment, e.status,
  e.revision, e."decidedById"`;

async function members(sql: pg.Pool | pg.PoolClient, spaceId: string, userIds: string[]) {
  const { rows } = await sql.query<{ id: string; login: string; firstName: string; lastName: string }>(
    `SELECT u.id, u.login, u."firstName", u."lastName" FROM users u JOIN space_members m ON m."userId" = u.id
     WHERE m."spaceId" = $1 AND u.id = ANY($2::uuid[])`,
    [spaceId, userIds],
  );
  return rows;
}

/**
 * A timesheet over `from`..`to`: the caller's own (the works they execute or reported on), another user's
 * (with timesheets.accept), or — `curated` — every user's entries on the works the caller curates.
 */
export async function listTimesheet(
  ctx: SpaceContext,
  input: { versionId: string; from: string; to: string; userId?: string; curated?: boolean },
) {
  const spaceId = ctx.space.spaceId;
  const me = ctx.session.userId;
  await versionOf(ctx.db.pool, spaceId, input.versionId);
  const userId = input.userId ?? me;
  if ((userId !== me || input.curated) && !ctx.space.abilities.has('timesheets.accept'))
    throw new AppError('Forbidden');
  const { rows: entries } = await ctx.db.pool.query<TimesheetEntryDto>(
    `SELECT ${ENTRY_SELECT} FROM timesheet_entries e JOIN works w ON w.id = e."workId"
     WHERE e."versionId" = $1 AND e."spaceId" = $2 AND e.date BETWEEN $3::date AND $4::date
       AND (CASE WHEN $6 THEN w."curatorId" = $7 ELSE e."userId" = $5 END)
     ORDER BY e.date, w."sortKey"`,
    [input.versionId, spaceId, input.from, input.to, userId, input.curated === true, me],
  );
  const { rows: works } = await ctx.db.pool.query<{
    workId: string;
    code: string | null;
    name: string;
    curatorId: string | null;
    executorId: string | null;
  }>(
    `SELECT w.id AS "workId", w.code, w.name, w."curatorId", w."executorId" FROM works w
     WHERE w."versionId" = $1 AND w.type <> 'sum'
       AND (w.id = ANY($2::uuid[]) OR (NOT $4 AND w."executorId" = $3))
     ORDER BY w."sortKey", w.id`,
    [input.versionId, [...new Set(entries.map((e) => e.workId))], userId, input.curated === true],
  );
  const users = await members(ctx.db.pool, spaceId, [...new Set([userId, ...entries.map((e) => e.userId)])]);
  return { userId, editing: await editingWindow(ctx.db.pool, spaceId), works, entries, users };
}

/** The caller's hours (upserts; zero hours removes a day). Submitted and approved days are closed. */
export async function saveTimesheet(
  ctx: SpaceContext,
  input: {
    versionId: string;
    entries: { workId: string; date: string; hours: number; comment?: string | null; revision?: number }[];
  },
) {
  const spaceId = ctx.space.spaceId;
  const me = ctx.session.userId;
  // One entry per work and day: the last given wins.
  const entries = [...new Map(input.entries.map((e) => [`${e.workId}:${e.date}`, e])).values()];
  await inTransaction(ctx.db.pool, async (client) => {
    await versionOf(client, spaceId, input.versionId);
    await checkEditingPeriod(
      ctx,
      client,
      entries.map((e) => e.date),
    );
    const workIds = [...new Set(entries.map((e) => e.workId))];
    const works = await client.query(
      `SELECT id FROM works WHERE "versionId" = $1 AND id = ANY($2::uuid[]) AND type <> 'sum'`,
      [input.versionId, workIds],
    );
    if (works.rowCount !== workIds.length) throw new AppError('NotFound');
    const { rows: current } = await client.query<{
      workId: string;
      date: string;
      status: string;
      revision: number;
    }>(
      `SELECT "workId", to_char(date, 'YYYY-MM-DD') AS date, status, revision FROM timesheet_entries
       WHERE "userId" = $1 AND "workId" = ANY($2::uuid[]) AND date = ANY($3::date[]) FOR UPDATE`,
      [me, workIds, entries.map((e) => e.date)],
    );
    const byKey = new Map(current.map((c) => [`${c.workId}:${c.date}`, c]));
    for (const entry of entries) {
      const existing = byKey.get(`${entry.workId}:${entry.date}`);
      if (existing && (existing.status === 'submitted' || existing.status === 'approved'))
        throw new AppError('TimesheetSubmitted', { date: entry.date });
      if (entry.revision !== undefined && existing?.revision !== entry.revision)
        throw new AppError('Conflict');
      if (entry.revision === undefined && existing) throw new AppError('Conflict');
    }
    const keep = entries.filter((e) => e.hours > 0);
    const drop = entries.filter((e) => e.hours === 0);
    if (drop.length)
      await client.query(
        `DELETE FROM timesheet_entries e USING json_to_recordset($2::json) AS x("workId" uuid, date date)
         WHERE e."userId" = $1 AND e."workId" = x."workId" AND e.date = x.date`,
        [me, JSON.stringify(drop.map(({ workId, date }) => ({ workId, date })))],
      );
    if (keep.length)
      await client.query(
        `INSERT INTO timesheet_entries (id, "spaceId", "versionId", "workId", "userId", date, hours, comment)
         SELECT gen_random_uuid(), $1, $2, x."workId", $3, x.date, x.hours, x.comment
         FROM json_to_recordset($4::json) AS x("workId" uuid, date date, hours float8, comment text)
         ON CONFLICT ("userId", "workId", date) DO UPDATE SET hours = EXCLUDED.hours, comment = EXCLUDED.comment,
           status = 'draft', "decidedAt" = NULL, "decidedById" = NULL, revision = timesheet_entries.revision + 1,
           "updatedAt" = now()`,
        [
          spaceId,
          input.versionId,
          me,
          JSON.stringify(
            keep.map((e) => ({ workId: e.workId, date: e.date, hours: e.hours, comment: e.comment ?? null })),
          ),
        ],
      );
    // A day has 24 hours, whatever the works and schedules they went to.
    const { rows: over } = await client.query<{ date: string }>(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date FROM timesheet_entries
       WHERE "userId" = $1 AND "spaceId" = $2 AND date = ANY($3::date[])
       GROUP BY date HAVING sum(hours) > $4 ORDER BY date LIMIT 1`,
      [me, spaceId, entries.map((e) => e.date), RESOURCE_LIMITS.hoursPerDayMax],
    );
    if (over[0]) throw new AppError('TimesheetHoursExceeded', { date: over[0].date });
  });
  const dates = entries.map((e) => e.date).sort();
  return listTimesheet(ctx, { versionId: input.versionId, from: dates[0]!, to: dates.at(-1)! });
}

/** The timesheet notices are the notices domain's (told live to each user as well). */
const notify = (
  client: pg.PoolClient,
  spaceId: string,
  userIds: string[],
  kind: 'timesheet_submitted' | 'timesheet_decided',
  params: Record<string, unknown>,
) => notifyUsers(client, { spaceId, userIds, kind, params });

async function scheduleOf(client: pg.PoolClient, versionId: string) {
  const { rows } = await client.query<{ scheduleId: string; scheduleName: string }>(
    `SELECT v."scheduleId", n.name AS "scheduleName" FROM versions v JOIN eps_nodes n ON n.id = v."scheduleId"
     WHERE v.id = $1`,
    [versionId],
  );
  return rows[0]!;
}

/** Submits the caller's draft and declined days of the range and tells the works' curators. */
export async function submitTimesheet(
  ctx: SpaceContext,
  input: { versionId: string; from: string; to: string },
) {
  const spaceId = ctx.space.spaceId;
  const me = ctx.session.userId;
  return inTransaction(ctx.db.pool, async (client) => {
    await versionOf(client, spaceId, input.versionId);
    const { rows } = await client.query<{ curatorId: string | null; hours: number; date: string }>(
      `UPDATE timesheet_entries e SET status = 'submitted', "submittedAt" = now(), revision = e.revision + 1,
         "updatedAt" = now()
       FROM works w WHERE w.id = e."workId" AND e."versionId" = $1 AND e."userId" = $2
         AND e.date BETWEEN $3::date AND $4::date AND e.status IN ('draft', 'declined')
       RETURNING w."curatorId", e.hours, to_char(e.date, 'YYYY-MM-DD') AS date`,
      [input.versionId, me, input.from, input.to],
    );
    const curators = [...new Set(rows.map((r) => r.curatorId).filter((c): c is string => !!c && c !== me))];
    if (rows.length) {
      const dates = rows.map((r) => r.date).sort();
      const schedule = await scheduleOf(client, input.versionId);
      const [submitter] = await members(client, spaceId, [me]);
      await notify(client, spaceId, curators, 'timesheet_submitted', {
        ...schedule,
        versionId: input.versionId,
        userId: me,
        userName: submitter ? `${submitter.lastName} ${submitter.firstName}`.trim() : '',
        from: dates[0],
        to: dates.at(-1),
        hours: rows.reduce((a, r) => a + r.hours, 0),
      });
    }
    return { success: true as const, submitted: rows.length, notified: curators.length };
  });
}

/**
 * The curator's decision on a user's days (API versions/{id}/accepted-curator-dates, states APPROVED or
 * DECLINED): the user's submitted entries on those days, on works the caller curates (or on works without a
 * curator), are approved or declined, and the user is told.
 */
export async function acceptCuratorDates(
  ctx: SpaceContext,
  input: { versionId: string; userId: string; dates: string[]; decision: 'APPROVED' | 'DECLINED' },
) {
  const spaceId = ctx.space.spaceId;
  const me = ctx.session.userId;
  return inTransaction(ctx.db.pool, async (client) => {
    await versionOf(client, spaceId, input.versionId);
    const { rows: pending } = await client.query<{ id: string; mine: boolean }>(
      `SELECT e.id, (w."curatorId" = $4 OR w."curatorId" IS NULL) AS mine
       FROM timesheet_entries e JOIN works w ON w.id = e."workId"
       WHERE e."versionId" = $1 AND e."userId" = $2 AND e.date = ANY($3::date[]) AND e.status = 'submitted'
       FOR UPDATE OF e`,
      [input.versionId, input.userId, input.dates, me],
    );
    const mine = pending.filter((p) => p.mine).map((p) => p.id);
    if (pending.length > 0 && mine.length === 0) throw new AppError('NotCurator');
    if (mine.length === 0) throw new AppError('NotFound');
    const status = input.decision === 'APPROVED' ? 'approved' : 'declined';
    const { rows } = await client.query<{ date: string; hours: number }>(
      `UPDATE timesheet_entries SET status = $2::"TimesheetStatus", "decidedAt" = now(), "decidedById" = $3,
         revision = revision + 1, "updatedAt" = now()
       WHERE id = ANY($1::uuid[]) RETURNING to_char(date, 'YYYY-MM-DD') AS date, hours`,
      [mine, status, me],
    );
    const schedule = await scheduleOf(client, input.versionId);
    await notify(client, spaceId, input.userId === me ? [] : [input.userId], 'timesheet_decided', {
      ...schedule,
      versionId: input.versionId,
      decision: input.decision,
      dates: [...new Set(rows.map((r) => r.date))].sort(),
      hours: rows.reduce((a, r) => a + r.hours, 0),
    });
    return { success: true as const, decision: input.decision, count: rows.length };
  });
}

/** API versions/{id}/timesheet/users: who reported hours on the version, with totals by status. */
export async function timesheetUsers(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, versionId);
  const { rows } = await ctx.db.pool.query(
    `SELECT u.id, u.login, u."firstName", u."lastName",
       sum(e.hours)::float8 AS hours,
       coalesce(sum(e.hours) FILTER (WHERE e.status = 'submitted'), 0)::float8 AS submitted,
       coalesce(sum(e.hours) FILTER (WHERE e.status = 'approved'), 0)::float8 AS approved,
       coalesce(sum(e.hours) FILTER (WHERE e.status = 'declined'), 0)::float8 AS declined
     FROM timesheet_entries e JOIN users u ON u.id = e."userId"
     WHERE e."versionId" = $1 AND e."spaceId" = $2
     GROUP BY u.id ORDER BY u."lastName", u."firstName", u.login`,
    [versionId, spaceId],
  );
  return rows;
}

/** The node info tab timesheets: hours per user and work on a version. */
export async function timesheetsOfVersion(ctx: SpaceContext, versionId: string) {
  const { rows } = await ctx.db.pool.query(
    `SELECT e."userId" || ':' || e."workId" AS id, e."userId", u.login, u."firstName", u."lastName", w.code, w.name,
       sum(e.hours)::float8 AS hours,
       coalesce(sum(e.hours) FILTER (WHERE e.status = 'approved'), 0)::float8 AS approved,
       coalesce(sum(e.hours) FILTER (WHERE e.status = 'submitted'), 0)::float8 AS submitted
     FROM timesheet_entries e JOIN users u ON u.id = e."userId" JOIN works w ON w.id = e."workId"
     WHERE e."versionId" = $1 AND e."spaceId" = $2
     GROUP BY e."userId", u.id, e."workId", w.id ORDER BY u."lastName", w."sortKey" LIMIT 500`,
    [versionId, ctx.space.spaceId],
  );
  return rows;
}

/** A notice as the notice queries read it; the API sends `createdAt` as an ISO string (`noticeDto`). */
interface NoticeRow {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  createdAt: Date;
}

const noticeDto = (row: NoticeRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** API users/timesheet-notification: the caller's unread timesheet notices in the space. */
export async function timesheetNotifications(ctx: SpaceContext) {
  const { rows } = await ctx.db.pool.query<NoticeRow>(
    `SELECT id, kind, params, "createdAt" FROM notices
     WHERE "userId" = $1 AND "spaceId" = $2 AND kind LIKE 'timesheet_%' AND "checkedAt" IS NULL
     ORDER BY "createdAt" DESC LIMIT 100`,
    [ctx.session.userId, ctx.space.spaceId],
  );
  return rows.map(noticeDto);
}

/** API notices/personal-area/{id}/timesheet-notification: the caller's notice, marked as read. */
export async function checkTimesheetNotification(ctx: SpaceContext, noticeId: string) {
  const { rows } = await ctx.db.pool.query<NoticeRow>(
    `UPDATE notices SET "checkedAt" = coalesce("checkedAt", now())
     WHERE id = $1 AND "userId" = $2 AND "spaceId" = $3 AND kind LIKE 'timesheet_%'
     RETURNING id, kind, params, "createdAt"`,
    [noticeId, ctx.session.userId, ctx.space.spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return noticeDto(rows[0]);
}
