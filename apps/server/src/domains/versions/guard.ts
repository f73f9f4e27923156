import { CALC_STATUS } from '@takt/contracts';
import { type DB, kyselyOf } from '@takt/db';
import type { ExpressionBuilder } from 'kysely';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { keyDate } from '../../db/time';
import { AppError } from '../../errors';

/**
 * What the guard reads of a version. Its `revision` is moved on by one by every edit of the version: its
 * fields, its works or its relations.
 */
const GUARD_COLUMNS = ['id', 'scheduleId', 'locked', 'calcStatus', 'revision'] as const;

const guardRead = (on: Sql, spaceId: string, versionId: string) =>
  kyselyOf(on)
    .selectFrom('versions')
    .select(GUARD_COLUMNS)
    .where('id', '=', versionId)
    .where('spaceId', '=', spaceId);

/** The version, scoped by space; NotFound when it is not in the caller's space. */
export async function versionOf(on: Sql, spaceId: string, versionId: string) {
  const version = await guardRead(on, spaceId, versionId).executeTakeFirst();
  if (!version) throw new AppError('NotFound');
  return version;
}

/**
 * The version, scoped by space and locked for the caller's transaction (a concurrent change of it waits);
 * NotFound when it is not in the caller's space.
 */
export async function versionLocked(client: pg.PoolClient, spaceId: string, versionId: string) {
  const version = await guardRead(client, spaceId, versionId).forUpdate().executeTakeFirst();
  if (!version) throw new AppError('NotFound');
  return version;
}

/**
 * The version's calculation status after a change of what its calculation reads: a calculated version
 * becomes not calculated (its results no longer match its data); any other status stays.
 */
export const staleCalcStatus = (eb: ExpressionBuilder<DB, 'versions'>) =>
  eb
    .case()
    .when('calcStatus', '=', CALC_STATUS.calculated)
    .then(CALC_STATUS.notCalculated)
    .else(eb.ref('calcStatus'))
    .end();

/**
 * Locks the version row for an edit of its works or relations (edits of one version are serialized,
 * which keeps ordering keys and undo consistent), refuses a locked version, marks the version not
 * calculated (its results no longer match its data) and moves its revision on by one: an edit based on
 * the version as it was before is refused (`works.applyEdit`), and a client that made this edit itself
 * knows the new revision without reading it. Returns the version as it was before the edit.
 */
export async function versionForEdit(client: pg.PoolClient, spaceId: string, versionId: string) {
  const version = await versionLocked(client, spaceId, versionId);
  if (version.locked) throw new AppError('VersionLocked');
  await kyselyOf(client)
    .updateTable('versions')
    .set((eb) => ({
      revision: eb('revision', '+', 1),
      calcStatus: staleCalcStatus(eb),
    }))
    .where('id', '=', versionId)
    .execute();
  return version;
}

/**
 * The editing period of plan and fact data (docs/product-rules.md, "Editing period"): with N > 0 days
 * configured, plan and fact dates earlier than N days before the key date are refused.
 */
export async function checkEditingPeriod(ctx: SpaceContext, on: Sql, dates: (string | null | undefined)[]) {
  const given = dates.filter((d): d is string => typeof d === 'string');
  if (given.length === 0) return;
  const space = await kyselyOf(on)
    .selectFrom('spaces')
    .select('editingPeriodDays as days')
    .where('id', '=', ctx.space.spaceId)
    .executeTakeFirst();
  const days = space?.days ?? 0;
  if (days <= 0) return;
  const boundary = new Date(`${keyDate()}T00:00:00Z`);
  boundary.setUTCDate(boundary.getUTCDate() - days);
  const first = boundary.toISOString().slice(0, 10);
  if (given.some((d) => d.slice(0, 10) < first))
    throw new AppError('EditingPeriodClosed', { date: first, days });
}
