import { CALC_STATUS } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { keyDate } from '../../db/time';
import { AppError } from '../../errors';

export interface VersionRow {
  id: string;
  scheduleId: string;
  locked: boolean;
  calcStatus: number;
  /** Moved on by one by every edit of the version: its fields, its works or its relations. */
  revision: number;
}

/** The version, scoped by space; NotFound when it is not in the caller's space. */
export async function versionOf(sql: Sql, spaceId: string, versionId: string): Promise<VersionRow> {
  const { rows } = await sql.query<VersionRow>(
    `SELECT id, "scheduleId", locked, "calcStatus", revision FROM versions WHERE id = $1 AND "spaceId" = $2`,
    [versionId, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0];
}

/**
 * Locks the version row for an edit of its works or relations (edits of one version are serialized,
 * which keeps ordering keys and undo consistent), refuses a locked version, marks the version not
 * calculated (its results no longer match its data) and moves its revision on by one: an edit based on
 * the version as it was before is refused (`works.applyEdit`), and a client that made this edit itself
 * knows the new revision without reading it. Returns the version as it was before the edit.
 */
export async function versionForEdit(client: pg.PoolClient, spaceId: string, versionId: string) {
  const { rows } = await client.query<VersionRow>(
    `SELECT id, "scheduleId", locked, "calcStatus", revision FROM versions WHERE id = $1 AND "spaceId" = $2 FOR UPDATE`,
    [versionId, spaceId],
  );
  const version = rows[0];
  if (!version) throw new AppError('NotFound');
  if (version.locked) throw new AppError('VersionLocked');
  await client.query(
    `UPDATE versions SET revision = revision + 1,
       "calcStatus" = CASE WHEN "calcStatus" = ${CALC_STATUS.calculated} THEN ${CALC_STATUS.notCalculated} ELSE "calcStatus" END
     WHERE id = $1`,
    [versionId],
  );
  return version;
}

/**
 * The editing period of plan and fact data (docs/product-rules.md, "Editing period"): with N > 0 days
 * configured, plan and fact dates earlier than N days before the key date are refused.
 */
export async function checkEditingPeriod(ctx: SpaceContext, sql: Sql, dates: (string | null | undefined)[]) {
  const given = dates.filter((d): d is string => typeof d === 'string');
  if (given.length === 0) return;
  const { rows } = await sql.query<{ days: number }>(
    `SELECT "editingPeriodDays" AS days FROM spaces WHERE id = $1`,
    [ctx.space.spaceId],
  );
  const days = rows[0]?.days ?? 0;
  if (days <= 0) return;
  const boundary = new Date(`${keyDate()}T00:00:00Z`);
  boundary.setUTCDate(boundary.getUTCDate() - days);
  const first = boundary.toISOString().slice(0, 10);
  if (given.some((d) => d.slice(0, 10) < first))
    throw new AppError('EditingPeriodClosed', { date: first, days });
}
