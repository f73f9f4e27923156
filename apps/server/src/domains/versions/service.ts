import { CALC_STATUS_TEXT } from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import { translate } from '@takt/i18n';
import { sql } from 'kysely';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { isoText } from '../../db/work-row';
import { AppError } from '../../errors';
import { isSpaceCalendar } from '../calendars';
import { applyVersionTemplate } from '../version-templates';
import { versionCopyData } from './copy';
import { staleCalcStatus, versionLocked } from './guard';

/** A version as the API returns it: its row with its dates as wall-clock text and its count of works. */
const selectVersions = (on: Sql) =>
  kyselyOf(on)
    .selectFrom('versions as v')
    .select([
      'v.id',
      'v.scheduleId',
      'v.number',
      'v.name',
      'v.actual',
      'v.locked',
      'v.calcStatus',
      'v.calcError',
      'v.calculatedAt',
      isoText('v.projectStart').as('projectStart'),
      isoText('v.dataDate').as('dataDate'),
      'v.calendarId',
      'v.revision',
      'v.createdAt',
      sql<number>`(SELECT count(*)::int FROM works w WHERE w."versionId" = v.id)`.as('workCount'),
    ]);

type VersionDbRow = Awaited<ReturnType<ReturnType<typeof selectVersions>['executeTakeFirstOrThrow']>>;

function toVersion(row: VersionDbRow) {
  return {
    ...row,
    calcStatusText: CALC_STATUS_TEXT[row.calcStatus] ?? 'not_calculated',
    calculatedAt: row.calculatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function readVersion(on: Sql, spaceId: string, versionId: string) {
  const row = await selectVersions(on)
    .where('v.id', '=', versionId)
    .where('v.spaceId', '=', spaceId)
    .executeTakeFirst();
  if (!row) throw new AppError('NotFound');
  return toVersion(row);
}

export async function listVersions(ctx: SpaceContext, scheduleId: string) {
  const rows = await selectVersions(ctx.db.pool)
    .where('v.scheduleId', '=', scheduleId)
    .where('v.spaceId', '=', ctx.space.spaceId)
    .orderBy('v.number')
    .execute();
  return rows.map(toVersion);
}

/** Checks that `scheduleId` is a schedule of the caller's space; NotFound when it is not. */
export async function scheduleNode(on: Sql, spaceId: string, scheduleId: string) {
  const schedule = await kyselyOf(on)
    .selectFrom('eps_nodes')
    .select('id')
    .where('id', '=', scheduleId)
    .where('spaceId', '=', spaceId)
    .where('kind', '=', 'schedule')
    .executeTakeFirst();
  if (!schedule) throw new AppError('NotFound');
}

/** A name for version number n in the caller's language. */
export function versionName(ctx: SpaceContext, number: number): string {
  const text = translate(ctx.lang, 'schedule.version_name', { number });
  return text === 'schedule.version_name' ? `Version ${number}` : text;
}

/** Inserts a version (the first of a schedule becomes its actual one), optionally copying another's data. */
export async function insertVersion(
  ctx: SpaceContext,
  client: pg.PoolClient,
  options: { scheduleId: string; name?: string; copyFrom?: string | null },
) {
  const spaceId = ctx.space.spaceId;
  const db = kyselyOf(client);
  const siblings = await db
    .selectFrom('versions')
    .select([sql<number>`coalesce(max(number), 0) + 1`.as('next'), sql<number>`count(*)::int`.as('count')])
    .where('scheduleId', '=', options.scheduleId)
    .executeTakeFirstOrThrow();
  const number = siblings.next;
  const { copyFrom } = options;
  if (copyFrom) {
    const source = await db
      .selectFrom('versions')
      .select('id')
      .where('id', '=', copyFrom)
      .where('spaceId', '=', spaceId)
      .executeTakeFirst();
    if (!source) throw new AppError('NotFound');
  }
  // A copy starts from the source's project start, data date and calendar (copied inside the database,
  // so a timestamp never passes through a JavaScript Date); a new version from none.
  const fromSource = <C extends 'projectStart' | 'dataDate' | 'calendarId'>(column: C) =>
    copyFrom ? db.selectFrom('versions').select(column).where('id', '=', copyFrom) : null;
  const { id } = await db
    .insertInto('versions')
    .values({
      id: sql`gen_random_uuid()`,
      spaceId,
      scheduleId: options.scheduleId,
      number,
      name: options.name ?? versionName(ctx, number),
      actual: siblings.count === 0,
      createdById: ctx.session.userId,
      updatedAt: sql`now()`,
      projectStart: fromSource('projectStart'),
      dataDate: fromSource('dataDate'),
      // a new version starts with its schedule's calendar (its settings), when that is still a calendar here
      calendarId: copyFrom
        ? fromSource('calendarId')
        : sql`(SELECT c.id FROM eps_nodes n JOIN calendars c ON c.id::text = n.settings->>'calendarId'
            AND c."spaceId" = n."spaceId" WHERE n.id = ${options.scheduleId})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (copyFrom) await versionCopyData(client, copyFrom, id);
  // …and its project's resource scenario (the project's calculation settings)
  else
    await sql`INSERT INTO resource_settings ("versionId", "spaceId", scenario)
      SELECT ${id}::uuid, ${spaceId}::uuid, (p.settings#>>'{calculate,scenario}')::int
      FROM eps_nodes s JOIN eps_nodes p ON p.id = s."parentId"
      WHERE s.id = ${options.scheduleId} AND p.settings#>>'{calculate,scenario}' IS NOT NULL`.execute(db);
  return id;
}

/** A new version of the schedule, empty or a copy of another version with all its data. */
async function newVersion(
  ctx: SpaceContext,
  scheduleId: string,
  name: string | undefined,
  copyFrom?: string,
  templateId?: string,
) {
  const id = await inTransaction(ctx.db.pool, async (client) => {
    await scheduleNode(client, ctx.space.spaceId, scheduleId);
    const versionId = await insertVersion(ctx, client, { scheduleId, name, copyFrom });
    if (templateId)
      await applyVersionTemplate(client, ctx.space.spaceId, { templateId, versionId, scheduleId });
    return versionId;
  });
  return readVersion(ctx.db.pool, ctx.space.spaceId, id);
}

/** A new version of a schedule: empty, a copy of another version, or started from a version template. */
export function createVersion(
  ctx: SpaceContext,
  input: { scheduleId: string; name: string; copyFromVersionId?: string; templateId?: string },
) {
  if (input.copyFromVersionId && input.templateId)
    throw new AppError('ValidationError', {}, [
      { path: 'templateId', message: 'validation.template_or_copy' },
    ]);
  return newVersion(ctx, input.scheduleId, input.name, input.copyFromVersionId, input.templateId);
}

/** API versions/{id}/copy-to/{id}: the version with all its data becomes a new version of another schedule. */
export const copyVersionTo = (
  ctx: SpaceContext,
  input: { versionId: string; scheduleId: string; name?: string },
) => newVersion(ctx, input.scheduleId, input.name, input.versionId);

export async function updateVersion(
  ctx: SpaceContext,
  input: {
    versionId: string;
    revision: number;
    name?: string;
    projectStart?: string | null;
    dataDate?: string | null;
    calendarId?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const db = kyselyOf(client);
    const version = await versionLocked(client, spaceId, input.versionId);
    if (version.locked) throw new AppError('VersionLocked');
    if (version.revision !== input.revision) throw new AppError('Conflict');
    if (input.calendarId && !(await isSpaceCalendar(client, spaceId, input.calendarId)))
      throw new AppError('NotFound');
    // What the calculation reads (project start, data date, calendar) makes a calculated version stale.
    const scheduling =
      input.projectStart !== undefined || input.dataDate !== undefined || input.calendarId !== undefined;
    await db
      .updateTable('versions')
      .set((eb) => ({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.projectStart !== undefined ? { projectStart: input.projectStart } : {}),
        ...(input.dataDate !== undefined ? { dataDate: input.dataDate } : {}),
        ...(input.calendarId !== undefined ? { calendarId: input.calendarId } : {}),
        ...(scheduling ? { calcStatus: staleCalcStatus(eb) } : {}),
        revision: eb('revision', '+', 1),
        updatedAt: sql`now()`,
      }))
      .where('id', '=', input.versionId)
      .execute();
  });
  return readVersion(ctx.db.pool, spaceId, input.versionId);
}

/** What follows a schedule's new actual version in the transaction that sets it. */
type ActualHook = (client: pg.PoolClient, spaceId: string, versionId: string) => Promise<void>;
const actualHooks = new Set<ActualHook>();

/** Runs `hook` whenever a version is made its schedule's actual one (linked attributes copy from it). */
export function onActualVersionSet(hook: ActualHook): void {
  actualHooks.add(hook);
}

/** One actual version per schedule (states: set by its own call). */
export async function setActualVersion(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const db = kyselyOf(client);
    const version = await versionLocked(client, spaceId, versionId);
    await db
      .updateTable('versions')
      .set((eb) => ({
        actual: sql<boolean>`(id = ${versionId})`,
        revision: eb('revision', '+', 1),
        updatedAt: sql`now()`,
      }))
      .where('scheduleId', '=', version.scheduleId)
      .where((eb) => eb.or([eb('actual', '=', true), eb('id', '=', versionId)]))
      .execute();
    for (const hook of actualHooks) await hook(client, spaceId, versionId);
  });
  return readVersion(ctx.db.pool, spaceId, versionId);
}

export async function setVersionLocked(ctx: SpaceContext, versionId: string, locked: boolean) {
  const { numUpdatedRows } = await kyselyOf(ctx.db.pool)
    .updateTable('versions')
    .set((eb) => ({ locked, revision: eb('revision', '+', 1), updatedAt: sql`now()` }))
    .where('id', '=', versionId)
    .where('spaceId', '=', ctx.space.spaceId)
    .executeTakeFirst();
  if (!numUpdatedRows) throw new AppError('NotFound');
  return readVersion(ctx.db.pool, ctx.space.spaceId, versionId);
}

/** A locked version cannot be deleted either; unlock it first. */
export async function deleteVersion(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const db = kyselyOf(client);
    const version = await versionLocked(client, spaceId, versionId);
    if (version.locked) throw new AppError('VersionLocked');
    // Links from other versions into this one go with it (relations cascade with their works).
    await db.deleteFrom('versions').where('id', '=', versionId).execute();
    return { success: true as const };
  });
}
