import type pg from 'pg';
import type { Context } from '../../context';
import { inTransaction } from '../../db/sql';
import { rollUpStoredSummaries } from '../calculation';
import { registerDemoFiller } from '../spaces';
import { fillParkingDemo } from './parking';
import { fillResidentialDemo } from './residential';
import { type DemoPeople, fillDemoResources } from './resources';

/**
 * Registers the demo space's construction programmes (the residential building and the car park beside
 * it) with their resources, daily plans, timesheets and costs; skipped when the space already has a structure.
 */
export function registerScheduleDemo(): void {
  registerDemoFiller('schedule', fillScheduleDemo);
}

async function fillScheduleDemo(ctx: Context, spaceId: string) {
  await inTransaction(ctx.db.pool, async (client) => {
    const { rowCount } = await client.query(`SELECT 1 FROM eps_nodes WHERE "spaceId" = $1 LIMIT 1`, [
      spaceId,
    ]);
    if (rowCount) return;
    const { rows } = await client.query<{ userId: string }>(
      `SELECT m."userId" FROM space_members m JOIN users u ON u.id = m."userId"
       WHERE m."spaceId" = $1 AND u.executor ORDER BY u.login`,
      [spaceId],
    );
    // Whoever fills the space (its creator at first start) curates the executed works.
    await fillProgrammes(client, spaceId, {
      executorIds: rows.map((r) => r.userId),
      curatorId: ctx.session?.userId ?? null,
    });
  });
}

/**
 * The residential programme, the car park beside it, and their resources, daily plans, timesheets and costs,
 * in the caller's transaction.
 */
export async function fillProgrammes(client: pg.PoolClient, spaceId: string, people: DemoPeople) {
  const residential = await fillResidentialDemo(client, spaceId, people.executorIds);
  const parking = await fillParkingDemo(client, spaceId, {
    facilityId: residential.facilityId,
    calendars: residential.calendars,
    calendarIds: residential.calendarIds,
    executorIds: people.executorIds,
  });
  const resources = await fillDemoResources(
    client,
    spaceId,
    [residential, parking],
    residential.calendarIds,
    people,
  );
  // The summaries show what their works add up to from the first start, as after a calculation.
  for (const { versionId } of [residential, parking]) await rollUpStoredSummaries(client, spaceId, versionId);
  return { residential, parking, resources };
}
