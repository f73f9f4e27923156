import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';

/**
 * A licensed module (BIM) is open to the members who hold its seats: the first `bimUserLimit` members
 * to use it, in order of first use (a null limit: every member; 0: the module is not licensed). A
 * member beyond the seats gets `BimLicense` (error catalogue: BIM functionality missing or user limit exceeded).
 */
export async function requireBimSeat(ctx: SpaceContext): Promise<void> {
  const { spaceId } = ctx.space;
  const userId = ctx.session.userId;
  const { rows } = await ctx.db.pool.query<{ limit: number | null }>(
    `SELECT "bimUserLimit" AS limit FROM licences WHERE "spaceId" = $1 AND active
     ORDER BY "validFrom" DESC LIMIT 1`,
    [spaceId],
  );
  const limit = rows[0]?.limit ?? null;
  if (limit === null) return;
  if (limit <= 0) throw new AppError('BimLicense');
  await ctx.db.pool.query(
    `INSERT INTO licence_module_users ("spaceId", module, "userId") VALUES ($1, 'bim', $2) ON CONFLICT DO NOTHING`,
    [spaceId, userId],
  );
  const seat = await ctx.db.pool.query<{ seat: number }>(
    `SELECT count(*)::int AS seat FROM licence_module_users m
     WHERE m."spaceId" = $1 AND m.module = 'bim' AND (m."firstUsedAt", m."userId") <=
       (SELECT "firstUsedAt", "userId" FROM licence_module_users WHERE "spaceId" = $1 AND module = 'bim' AND "userId" = $2)`,
    [spaceId, userId],
  );
  if ((seat.rows[0]?.seat ?? 0) > limit) throw new AppError('BimLicense');
}
