import type { ErrorCode } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { LICENCE_IN_FORCE_SQL, type LicenceTerms, licenceInForce } from './licence';

/** The licensed modules: the licence's column of seats and the error a member beyond them gets. */
const MODULES = {
  bim: { column: 'bimUserLimit', error: 'BimLicense' },
  estimate: { column: 'estimateUserLimit', error: 'EstimateLicense' },
} as const satisfies Record<string, { column: string; error: ErrorCode }>;

/**
 * A licensed module (BIM, estimating) is open to the members who hold its seats: the first `bimUserLimit`
 * (`estimateUserLimit`) members to use it, in order of first use (a null limit: every member; 0: the module
 * is not licensed). A member beyond the seats gets `BimLicense` (error catalogue: BIM functionality missing
 * or user limit exceeded), or `EstimateLicense` (estimate functionality missing or user limit exceeded).
 */
export async function requireModuleSeat(ctx: SpaceContext, module: keyof typeof MODULES): Promise<void> {
  const { column, error } = MODULES[module];
  const { spaceId } = ctx.space;
  const userId = ctx.session.userId;
  const { rows } = await ctx.db.pool.query<LicenceTerms & Record<typeof column, number | null>>(
    LICENCE_IN_FORCE_SQL,
    [spaceId],
  );
  // the space's access was checked with the licence in force: read its seats
  const limit = licenceInForce(rows)?.[column] ?? null;
  if (limit === null) return;
  if (limit <= 0) throw new AppError(error);
  await ctx.db.pool.query(
    `INSERT INTO licence_module_users ("spaceId", module, "userId") VALUES ($1, $3, $2) ON CONFLICT DO NOTHING`,
    [spaceId, userId, module],
  );
  const seat = await ctx.db.pool.query<{ seat: number }>(
    `SELECT count(*)::int AS seat FROM licence_module_users m
     WHERE m."spaceId" = $1 AND m.module = $3 AND (m."firstUsedAt", m."userId") <=
       (SELECT "firstUsedAt", "userId" FROM licence_module_users WHERE "spaceId" = $1 AND module = $3 AND "userId" = $2)`,
    [spaceId, userId, module],
  );
  if ((seat.rows[0]?.seat ?? 0) > limit) throw new AppError(error);
}

/** The BIM module's seat (see requireModuleSeat). */
export const requireBimSeat = (ctx: SpaceContext) => requireModuleSeat(ctx, 'bim');
