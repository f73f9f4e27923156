import type pg from 'pg';
import { AppError } from '../../errors';

/**
 * Locks the version for a change of data the critical path does not read — assignments, daily plans, cost
 * attributes — and refuses a locked version. Unlike versionForEdit, the calculation stays valid.
 */
export async function versionForResources(client: pg.PoolClient, spaceId: string, versionId: string) {
  const { rows } = await client.query<{ id: string; scheduleId: string; locked: boolean }>(
    `SELECT id, "scheduleId", locked FROM versions WHERE id = $1 AND "spaceId" = $2 FOR UPDATE`,
    [versionId, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  if (rows[0].locked) throw new AppError('VersionLocked');
  return rows[0];
}
