import type { Context } from '../../context';
import { inTransaction } from '../../db/sql';
import { registerDemoFiller } from '../spaces';
import { fillResidentialDemo } from './residential';

/** Registers the demo space's construction programme; skipped when the space already has a structure. */
export function registerScheduleDemo(): void {
  registerDemoFiller('schedule', fillScheduleDemo);
}

async function fillScheduleDemo(ctx: Context, spaceId: string) {
  await inTransaction(ctx.db.pool, async (client) => {
    const { rowCount } = await client.query(`SELECT 1 FROM eps_nodes WHERE "spaceId" = $1 LIMIT 1`, [
      spaceId,
    ]);
    if (!rowCount) {
      const { rows } = await client.query<{ userId: string }>(
        `SELECT m."userId" FROM space_members m JOIN users u ON u.id = m."userId"
       WHERE m."spaceId" = $1 AND u.executor ORDER BY u.login`,
        [spaceId],
      );
      await fillResidentialDemo(
        client,
        spaceId,
        rows.map((r) => r.userId),
      );
    }
  });
}
