import {
  NOTICE_KINDS,
  NOTICE_LIVE_KINDS,
  NOTICES_LIST_MAX,
  type NoticeArea,
  type NoticeDto,
  type NoticeKind,
  noticeKindsOf,
} from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { publishLive } from '../../live';

/**
 * Notices (docs/product-rules.md, "Notices"): what a user is told in a space, kept until they delete it —
 * the system's notices of their own work (calculations, imports) and the personal area (timesheets to
 * approve, the curator's decision, assignments, mentions, cards). Other domains write them with `notify`
 * in their own transaction; each is told live to its user (`user:<id>`).
 */

export interface NoticeInput {
  spaceId: string;
  /** Who is told; the same notice for each (duplicates and empty lists are fine). */
  userIds: readonly string[];
  kind: NoticeKind;
  /** What the panel shows and opens: names, ids of the schedule/version/work/chat/card, counts. */
  params: Record<string, unknown>;
}

interface NoticeRow {
  id: string;
  kind: NoticeKind;
  params: Record<string, unknown>;
  createdAt: Date;
  checkedAt: Date | null;
}

const COLUMNS = 'id, kind, params, "createdAt", "checkedAt"';

export const noticeDto = (row: NoticeRow): NoticeDto => ({
  id: row.id,
  kind: row.kind,
  area: NOTICE_KINDS[row.kind] ?? 'personal',
  params: row.params,
  createdAt: row.createdAt.toISOString(),
  checkedAt: row.checkedAt ? row.checkedAt.toISOString() : null,
});

/** Writes the notices in the caller's transaction and tells each user live once it commits. */
export async function notify(tx: Sql, notice: NoticeInput): Promise<void> {
  const userIds = [...new Set(notice.userIds)];
  if (userIds.length === 0) return;
  const { rows } = await tx.query<NoticeRow & { userId: string }>(
    `INSERT INTO notices (id, "spaceId", "userId", kind, params)
     SELECT gen_random_uuid(), $1, unnest($2::uuid[]), $3, $4::jsonb
     RETURNING ${COLUMNS}, "userId"`,
    [notice.spaceId, userIds, notice.kind, JSON.stringify(notice.params)],
  );
  for (const row of rows)
    await publishLive(tx, {
      spaceId: notice.spaceId,
      topic: `user:${row.userId}`,
      kind: NOTICE_LIVE_KINDS.created,
      data: noticeDto(row),
    });
}

/**
 * A notice about a version to one user (a calculation or an import they started): the schedule and version
 * named, so the panel can show them and open the schedule.
 */
export async function notifyOfVersion(
  tx: Sql,
  target: { spaceId: string; userId: string; versionId: string },
  kind: NoticeKind,
  params: Record<string, unknown> = {},
): Promise<void> {
  const { rows } = await tx.query<{ scheduleId: string; scheduleName: string; versionName: string }>(
    `SELECT v."scheduleId", n.name AS "scheduleName", v.name AS "versionName"
     FROM versions v JOIN eps_nodes n ON n.id = v."scheduleId" WHERE v.id = $1 AND v."spaceId" = $2`,
    [target.versionId, target.spaceId],
  );
  if (!rows[0]) return;
  await notify(tx, {
    spaceId: target.spaceId,
    userIds: [target.userId],
    kind,
    params: { ...rows[0], versionId: target.versionId, ...params },
  });
}

/** A work after a change, with who its executor and curator were before it (null: the change created it). */
export interface AssignedWork {
  id: string;
  name: string;
  executorId: string | null;
  curatorId: string | null;
  was: { executorId: string | null; curatorId: string | null } | null;
}

/**
 * Tells each user newly made executor or curator of works (by someone else) that they were assigned:
 * one notice per user and role, naming the first work and how many there are.
 */
export async function notifyAssignments(
  tx: Sql,
  by: { spaceId: string; userId: string; versionId: string },
  works: readonly AssignedWork[],
): Promise<void> {
  for (const role of ['executor', 'curator'] as const) {
    const key = `${role}Id` as const;
    const byUser = new Map<string, AssignedWork[]>();
    for (const work of works) {
      const userId = work[key];
      if (!userId || userId === by.userId || userId === work.was?.[key]) continue;
      const list = byUser.get(userId);
      if (list) list.push(work);
      else byUser.set(userId, [work]);
    }
    for (const [userId, assigned] of byUser)
      await notifyOfVersion(tx, { spaceId: by.spaceId, userId, versionId: by.versionId }, 'assignment', {
        role,
        workId: assigned[0]!.id,
        workName: assigned[0]!.name,
        works: assigned.length,
        byUserId: by.userId,
      });
  }
}

/** Tells the user's other tabs that notices were checked or deleted (they read the list again). */
const changed = (tx: Sql, ctx: SpaceContext, what: Record<string, unknown>) =>
  publishLive(tx, {
    spaceId: ctx.space.spaceId,
    topic: `user:${ctx.session.userId}`,
    kind: NOTICE_LIVE_KINDS.changed,
    data: what,
  });

async function listOf(ctx: SpaceContext, area: NoticeArea, input: { unchecked?: boolean; limit?: number }) {
  const { rows } = await ctx.db.pool.query<NoticeRow>(
    `SELECT ${COLUMNS} FROM notices
     WHERE "userId" = $1 AND "spaceId" = $2 AND kind = ANY($3::text[]) AND ($4::boolean IS NOT TRUE OR "checkedAt" IS NULL)
     ORDER BY "createdAt" DESC, id LIMIT $5`,
    [
      ctx.session.userId,
      ctx.space.spaceId,
      noticeKindsOf(area),
      input.unchecked ?? false,
      input.limit ?? NOTICES_LIST_MAX,
    ],
  );
  return rows.map(noticeDto);
}

/** API GET notices: the caller's notices of the system (calculations, imports), newest first. */
export const listNotices = (ctx: SpaceContext, input: { unchecked?: boolean; limit?: number }) =>
  listOf(ctx, 'notices', input);

/** API GET notices/personal-area: the caller's personal-area notices, newest first. */
export const listPersonalArea = (ctx: SpaceContext, input: { unchecked?: boolean; limit?: number }) =>
  listOf(ctx, 'personal', input);

/** API GET notices/notices-status: how many notices of each area the caller has, and how many unchecked. */
export async function noticesStatus(ctx: SpaceContext) {
  const { rows } = await ctx.db.pool.query<{ kind: NoticeKind; total: number; unchecked: number }>(
    `SELECT kind, count(*)::int AS total, count(*) FILTER (WHERE "checkedAt" IS NULL)::int AS unchecked
     FROM notices WHERE "userId" = $1 AND "spaceId" = $2 GROUP BY kind`,
    [ctx.session.userId, ctx.space.spaceId],
  );
  const status = { notices: { total: 0, unchecked: 0 }, personal: { total: 0, unchecked: 0 } };
  for (const row of rows) {
    const area = status[NOTICE_KINDS[row.kind] ?? 'personal'];
    area.total += row.total;
    area.unchecked += row.unchecked;
  }
  return { ...status, unchecked: status.notices.unchecked + status.personal.unchecked };
}

/** Marks the caller's notices checked (those named, or all of the space). */
export function checkNotices(ctx: SpaceContext, input: { noticeIds?: string[] }) {
  return inTransaction(ctx.db.pool, async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE notices SET "checkedAt" = now()
       WHERE "userId" = $1 AND "spaceId" = $2 AND "checkedAt" IS NULL AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))`,
      [ctx.session.userId, ctx.space.spaceId, input.noticeIds ?? null],
    );
    if (rowCount) await changed(tx, ctx, { checked: input.noticeIds ?? 'all' });
    return { success: true as const, checked: rowCount ?? 0 };
  });
}

/**
 * API GET notices/personal-area/{id}/actual-version-and-set-checked: marks the notice checked and answers
 * where it leads — its schedule's actual version now (the notice may name a version since replaced), and
 * the work, chat or card it names.
 */
export function actualVersionAndSetChecked(ctx: SpaceContext, noticeId: string) {
  return inTransaction(ctx.db.pool, async (tx) => {
    const { rows } = await tx.query<NoticeRow & { wasChecked: boolean }>(
      `UPDATE notices n SET "checkedAt" = coalesce(n."checkedAt", now())
       FROM notices old WHERE old.id = n.id AND n.id = $1 AND n."userId" = $2 AND n."spaceId" = $3
       RETURNING n.id, n.kind, n.params, n."createdAt", n."checkedAt", old."checkedAt" IS NOT NULL AS "wasChecked"`,
      [noticeId, ctx.session.userId, ctx.space.spaceId],
    );
    const row = rows[0];
    if (!row) throw new AppError('NotFound');
    if (!row.wasChecked) await changed(tx, ctx, { checked: [noticeId] });
    const params = row.params;
    const scheduleId = typeof params.scheduleId === 'string' ? params.scheduleId : null;
    let versionId: string | null = null;
    if (scheduleId) {
      const { rows: versions } = await tx.query<{ id: string }>(
        `SELECT id FROM versions WHERE "scheduleId" = $1 AND "spaceId" = $2
         ORDER BY actual DESC, number DESC LIMIT 1`,
        [scheduleId, ctx.space.spaceId],
      );
      versionId = versions[0]?.id ?? null;
    }
    return { notice: noticeDto(row), scheduleId, versionId };
  });
}

async function deleteWhere(ctx: SpaceContext, condition: string, params: unknown[]) {
  return inTransaction(ctx.db.pool, async (tx) => {
    const { rowCount } = await tx.query(
      `DELETE FROM notices WHERE "userId" = $1 AND "spaceId" = $2 AND ${condition}`,
      [ctx.session.userId, ctx.space.spaceId, ...params],
    );
    if (rowCount) await changed(tx, ctx, { deleted: rowCount });
    return rowCount ?? 0;
  });
}

async function deleteOne(ctx: SpaceContext, area: NoticeArea, noticeId: string) {
  const deleted = await deleteWhere(ctx, 'id = $3 AND kind = ANY($4::text[])', [
    noticeId,
    noticeKindsOf(area),
  ]);
  if (!deleted) throw new AppError('NotFound');
  return { success: true as const };
}

async function deleteAll(ctx: SpaceContext, area: NoticeArea) {
  const deleted = await deleteWhere(ctx, 'kind = ANY($3::text[])', [noticeKindsOf(area)]);
  return { success: true as const, deleted };
}

/** API DELETE notices/{id}: one of the caller's system notices. */
export const deleteNotice = (ctx: SpaceContext, noticeId: string) => deleteOne(ctx, 'notices', noticeId);
/** API DELETE notices/{id}/personal-area: one of the caller's personal-area notices. */
export const deletePersonalNotice = (ctx: SpaceContext, noticeId: string) =>
  deleteOne(ctx, 'personal', noticeId);
/** API DELETE notices/all: all the caller's system notices of the space. */
export const deleteAllNotices = (ctx: SpaceContext) => deleteAll(ctx, 'notices');
/** API DELETE notices/all/personal-area: all the caller's personal-area notices of the space. */
export const deleteAllPersonal = (ctx: SpaceContext) => deleteAll(ctx, 'personal');
