import {
  type Ability,
  ACTIVITIES_PAGE_MAX,
  EMPTY_WORKS_MAX_IDS,
  type EmptyWorkCheck,
  type ExportFormat,
} from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import type { FileResult } from '../../files/result';
import { downloadFile, exportVersion } from '../interchange';
import { versionOf } from '../versions';
import { nodeOfKind } from './nodes';

/** The rights over a version that the users list shows, in this order. */
const VERSION_RIGHTS = [
  'schedule.view',
  'schedule.edit',
  'schedule.calculate',
  'versions.manage',
  'wdp.edit',
  'timesheets.submit',
  'timesheets.accept',
  'resources.edit',
  'export',
  'print',
] as const satisfies readonly Ability[];

type MemberRow = {
  userId: string;
  name: string;
  login: string;
  role: string;
  own: string[];
  lent: string[] | null;
};

/**
 * API GET versions/{id}/users: the members who see the version, with their rights over it — their role's and
 * those lent to them now (a delegation counts while it runs, for what its lender still holds). A locked version
 * is edited by nobody.
 */
export async function versionUsers(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  const version = await versionOf(ctx.db.pool, spaceId, versionId);
  const { rows } = await ctx.db.pool.query<MemberRow>(
    `SELECT m."userId", trim(concat_ws(' ', u."firstName", u."lastName")) AS name, u.login, r.name AS role,
       r.abilities AS own,
       (SELECT array_agg(DISTINCT a) FROM delegations d JOIN space_members lm ON lm."spaceId" = d."spaceId"
          AND lm."userId" = d."fromUserId" JOIN roles lr ON lr.id = lm."roleId", unnest(d.abilities) a
        WHERE d."spaceId" = $1 AND d."toUserId" = m."userId" AND (d."validUntil" IS NULL OR d."validUntil" > now())
          AND a = ANY(lr.abilities)) AS lent
     FROM space_members m JOIN users u ON u.id = m."userId" JOIN roles r ON r.id = m."roleId"
     WHERE m."spaceId" = $1 ORDER BY name, u.login, m."userId"`,
    [spaceId],
  );
  const users = rows
    .map((row) => {
      const own = new Set(row.own);
      const lent = new Set((row.lent ?? []).filter((a) => !own.has(a)));
      const rights = VERSION_RIGHTS.filter((a) => own.has(a) || lent.has(a)).filter(
        (a) => !(version.locked && ['schedule.edit', 'wdp.edit', 'resources.edit'].includes(a)),
      );
      return {
        userId: row.userId,
        name: row.name || row.login,
        login: row.login,
        role: row.role,
        rights,
        delegated: rights.filter((a) => lent.has(a)),
      };
    })
    .filter((user) => user.rights.includes('schedule.view'));
  return { versionId: version.id, locked: version.locked, users };
}

/** What each check finds: works of the version (summaries aside) that … */
const EMPTY_WORK_SQL: Record<EmptyWorkCheck, string> = {
  // … last no time (a milestone has none by nature)
  duration: `w.type IN ('task', 'work', 'draft') AND w."durationMinutes" = 0`,
  // … have no planned volume
  volume: `w.type IN ('task', 'work', 'draft') AND coalesce(w."planVolume", 0) = 0`,
  // … have no resource assigned
  resources: `w.type IN ('task', 'work', 'draft') AND NOT EXISTS (SELECT 1 FROM assignments a WHERE a."workId" = w.id)`,
  // … neither follow nor lead any other work
  relations: `NOT EXISTS (SELECT 1 FROM relations r WHERE r."predecessorId" = w.id OR r."successorId" = w.id)`,
};

/** API GET versions/{id}/check-empty-works: for each check asked, how many works it finds and their ids (WBS order). */
export async function checkEmptyWorks(
  ctx: SpaceContext,
  input: { versionId: string; checks: EmptyWorkCheck[] },
) {
  const spaceId = ctx.space.spaceId;
  const version = await versionOf(ctx.db.pool, spaceId, input.versionId);
  const total = await ctx.db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM works WHERE "versionId" = $1 AND type <> 'sum'`,
    [version.id],
  );
  const checks = [];
  for (const check of input.checks) {
    const { rows } = await ctx.db.pool.query<{ count: number; ids: string[] | null }>(
      `SELECT count(*)::int AS count, (array_agg(id ORDER BY "sortKey", id))[1:${EMPTY_WORKS_MAX_IDS}] AS ids
       FROM works w WHERE w."versionId" = $1 AND w.type <> 'sum' AND ${EMPTY_WORK_SQL[check]}`,
      [version.id],
    );
    const found = rows[0]!;
    checks.push({
      check,
      count: found.count,
      ids: found.ids ?? [],
      truncated: found.count > EMPTY_WORKS_MAX_IDS,
    });
  }
  return { versionId: version.id, works: total.rows[0]!.n, checks };
}

type ActivityRow = {
  source: 'edit' | 'audit';
  id: string;
  at: Date;
  userId: string | null;
  user: string | null;
  action: string;
  versionId: string | null;
  undone: boolean;
  details: Record<string, unknown> | null;
};

/**
 * API GET versions/{id}/activities and schedules/{id}/activities: what was done on a version (or on all versions
 * of a schedule) lately, newest first — its edits (the undo history) and the audit log's entries naming it —
 * a page at a time: `before` is the last entry's cursor of the page before.
 */
export async function activities(
  ctx: SpaceContext,
  input: { versionId?: string; scheduleId?: string; before?: string; limit?: number },
) {
  const spaceId = ctx.space.spaceId;
  if (!input.versionId === !input.scheduleId) {
    throw new AppError('ValidationError', {}, [{ path: 'versionId', message: 'validation.required' }]);
  }
  let scheduleId: string;
  let versionIds: string[];
  if (input.versionId) {
    const version = await versionOf(ctx.db.pool, spaceId, input.versionId);
    scheduleId = version.scheduleId;
    versionIds = [version.id];
  } else {
    scheduleId = (await nodeOfKind(ctx.db.pool, spaceId, input.scheduleId!, 'schedule')).id;
    const { rows } = await ctx.db.pool.query<{ id: string }>(
      `SELECT id FROM versions WHERE "scheduleId" = $1`,
      [scheduleId],
    );
    versionIds = rows.map((r) => r.id);
  }
  const limit = Math.min(input.limit ?? 50, ACTIVITIES_PAGE_MAX);
  const before = parseCursor(input.before);
  const { rows } = await ctx.db.pool.query<ActivityRow>(
    `SELECT * FROM (
       SELECT 'edit' AS source, a.id::text AS id, a."createdAt" AS at, a."userId", a.action, a."versionId"::text,
         a."appliedAt" IS NOT NULL AS undone, NULL::jsonb AS details
       FROM undo_actions a WHERE a."spaceId" = $1 AND a."versionId" = ANY($2::uuid[])
       UNION ALL
       SELECT 'audit', l.id::text, l.at, l."userId", l.action, l.details->>'versionId', false, l.details
       FROM audit_log l WHERE l."spaceId" = $1
         AND (l.details->>'versionId' = ANY($2::text[]) OR ($4::boolean AND l.details->>'scheduleId' = $3::text))
     ) x LEFT JOIN LATERAL (SELECT coalesce(nullif(trim(concat_ws(' ', u."firstName", u."lastName")), ''), u.login) AS user
       FROM users u WHERE u.id = x."userId") u ON true
     WHERE ($5::timestamptz IS NULL OR (x.at, x.source, x.id) < ($5::timestamptz, $6::text, $7::text))
     ORDER BY x.at DESC, x.source DESC, x.id DESC LIMIT $8`,
    [
      spaceId,
      versionIds,
      scheduleId,
      !input.versionId,
      before?.at ?? null,
      before?.source ?? null,
      before?.id ?? null,
      limit + 1,
    ],
  );
  const page = rows.slice(0, limit).map((row) => ({
    cursor: `${row.at.toISOString()}|${row.source}|${row.id}`,
    source: row.source,
    at: row.at.toISOString(),
    user: row.userId ? { id: row.userId, name: row.user ?? '' } : null,
    action: row.action,
    versionId: row.versionId,
    undone: row.undone,
    details: row.details,
  }));
  return { items: page, more: rows.length > limit };
}

function parseCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [at, source, id] = cursor.split('|');
  if (!at || !source || !id || Number.isNaN(Date.parse(at)) || !/^\d{1,19}$/.test(id)) {
    throw new AppError('ValidationError', {}, [{ path: 'before', message: 'validation.required' }]);
  }
  return { at, source, id };
}

/**
 * API POST storage/schedule/{id}/version/{id}/download: the file the version was uploaded from, as it came;
 * a version not uploaded (or with `format`) is exported in that format (Takt JSON by default).
 */
export async function versionFile(
  ctx: SpaceContext,
  input: { scheduleId: string; versionId: string; format?: ExportFormat },
): Promise<FileResult> {
  const spaceId = ctx.space.spaceId;
  const version = await versionOf(ctx.db.pool, spaceId, input.versionId);
  if (version.scheduleId !== input.scheduleId) throw new AppError('NotFound');
  if (!input.format) {
    const { rows } = await ctx.db.pool.query<{ fileId: string }>(
      `SELECT j."fileId" FROM interchange_jobs j JOIN stored_files f ON f.id = j."fileId" AND f."expiresAt" IS NULL
       WHERE j."spaceId" = $1 AND j.kind = 'import' AND j.state = 'completed' AND j."versionId" = $2
       ORDER BY j."createdAt" DESC LIMIT 1`,
      [spaceId, version.id],
    );
    if (rows[0]) return downloadFile(ctx, rows[0].fileId);
  }
  return exportVersion(ctx, { versionId: version.id, format: input.format ?? 'json' });
}
