import { CALC_STATUS, CALC_STATUS_TEXT, type ScheduleSettings } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { audit } from '../audit';
import { isSpaceCalendar } from '../calendars';
import { deleteEpsNode } from '../eps';
import { listVersions } from '../versions';
import { nodeOfKind, pathOf, saveSettings } from './nodes';

/** A schedule's settings as stored, every key present. */
function scheduleSettingsOf(stored: Record<string, unknown> | null) {
  const s = (stored ?? {}) as ScheduleSettings;
  return {
    description: s.description ?? '',
    calendarId: s.calendarId ?? null,
    calculation: s.calculation ?? null,
  };
}

/** API GET schedules/{id}: the schedule, where it sits, its settings and its versions (the actual one apart). */
export async function getSchedule(ctx: SpaceContext, scheduleId: string) {
  const spaceId = ctx.space.spaceId;
  const node = await nodeOfKind(ctx.db.pool, spaceId, scheduleId, 'schedule');
  const [path, versions] = await Promise.all([pathOf(ctx.db.pool, node.id), listVersions(ctx, node.id)]);
  const actual = versions.find((v) => v.actual) ?? null;
  return {
    id: node.id,
    name: node.name,
    code: node.code,
    projectId: node.parentId,
    path,
    revision: node.revision,
    settings: scheduleSettingsOf(node.settings),
    actualVersionId: actual?.id ?? null,
    versions: {
      count: versions.length,
      locked: versions.filter((v) => v.locked).length,
      list: versions.map((v) => ({
        id: v.id,
        number: v.number,
        name: v.name,
        actual: v.actual,
        locked: v.locked,
        calcStatus: v.calcStatusText,
        workCount: v.workCount,
        createdAt: v.createdAt,
      })),
    },
  };
}

/**
 * API DELETE schedules/{id}: the schedule with its versions and their data, in one transaction (a locked
 * version refuses it); the audit log keeps who deleted what.
 */
export async function deleteSchedule(ctx: SpaceContext, scheduleId: string) {
  const node = await nodeOfKind(ctx.db.pool, ctx.space.spaceId, scheduleId, 'schedule');
  const { rows } = await ctx.db.pool.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM versions WHERE "scheduleId" = $1`,
    [node.id],
  );
  await deleteEpsNode(ctx, node.id);
  await audit(ctx, {
    action: 'schedule.delete',
    details: {
      scheduleId: node.id,
      name: node.name,
      projectId: node.parentId,
      versions: rows[0]?.count ?? 0,
    },
  });
  return { success: true as const };
}

/** API GET schedules/{id}/actual/info: where the schedule's actual version stands. */
export async function actualInfo(ctx: SpaceContext, scheduleId: string) {
  const node = await nodeOfKind(ctx.db.pool, ctx.space.spaceId, scheduleId, 'schedule');
  const { rows } = await ctx.db.pool.query<{
    id: string;
    number: number;
    name: string;
    locked: boolean;
    calcStatus: number;
    calcError: string | null;
    calculatedAt: Date | null;
    dataDate: string | null;
    projectStart: string | null;
    updatedAt: Date;
    works: number;
  }>(
    `SELECT v.id, v.number, v.name, v.locked, v."calcStatus", v."calcError", v."calculatedAt", v."updatedAt",
       to_char(v."dataDate", 'YYYY-MM-DD"T"HH24:MI:SS') AS "dataDate",
       to_char(v."projectStart", 'YYYY-MM-DD"T"HH24:MI:SS') AS "projectStart",
       (SELECT count(*)::int FROM works w WHERE w."versionId" = v.id) AS works
     FROM versions v WHERE v."scheduleId" = $1 AND v.actual`,
    [node.id],
  );
  const v = rows[0];
  if (!v) return { scheduleId: node.id, version: null };
  return {
    scheduleId: node.id,
    version: {
      id: v.id,
      number: v.number,
      name: v.name,
      status: CALC_STATUS_TEXT[v.calcStatus] ?? 'not_calculated',
      locked: v.locked,
      dataDate: v.dataDate,
      projectStart: v.projectStart,
      works: v.works,
      lastCalculation:
        v.calculatedAt || v.calcError
          ? {
              at: v.calculatedAt?.toISOString() ?? null,
              ok: v.calcStatus === CALC_STATUS.calculated && !v.calcError,
              error: v.calcError,
            }
          : null,
      updatedAt: v.updatedAt.toISOString(),
    },
  };
}

/**
 * API PATCH schedules/{id}/settings: its description, the calendar its new versions start with, its own
 * calculation options (over its project's). New options make its calculated versions that follow them stale.
 */
export async function updateScheduleSettings(
  ctx: SpaceContext,
  input: { scheduleId: string; settings: ScheduleSettings; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  const { settings } = input;
  await inTransaction(ctx.db.pool, async (client) => {
    const node = await nodeOfKind(client, spaceId, input.scheduleId, 'schedule', true);
    if (settings.calendarId && !(await isSpaceCalendar(client, spaceId, settings.calendarId))) {
      throw new AppError('ValidationError', {}, [
        { path: 'settings.calendarId', message: 'validation.required' },
      ]);
    }
    await saveSettings(client, node, settings, input.revision);
    if (settings.calculation !== undefined) await markInheritorsStale(client, [node.id]);
  });
  await audit(ctx, { action: 'schedule.settings', details: { scheduleId: input.scheduleId } });
  return getSchedule(ctx, input.scheduleId);
}

/** The calculated versions of these schedules that take their options from them are to be calculated again. */
export async function markInheritorsStale(on: Sql, scheduleIds: string[]) {
  await on.query(
    `UPDATE versions SET "calcStatus" = ${CALC_STATUS.notCalculated}, "updatedAt" = now()
     WHERE "scheduleId" = ANY($1::uuid[]) AND "scheduleOptions" IS NULL AND "calcStatus" = ${CALC_STATUS.calculated}`,
    [scheduleIds],
  );
}
