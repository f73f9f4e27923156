import type { Prisma } from '@takt/db';
import type { Context } from '../../context';

/** Appends to the audit log: who did what, in which space, from where. */
export async function audit(
  ctx: Context,
  entry: { action: string; userId?: string | null; spaceId?: string | null; details?: Prisma.InputJsonValue },
): Promise<void> {
  await ctx.db.prisma.auditLog.create({
    data: {
      action: entry.action,
      userId: entry.userId ?? ctx.session?.userId ?? null,
      spaceId: entry.spaceId ?? ctx.space?.spaceId ?? null,
      details: entry.details ?? undefined,
      ip: ctx.ip,
      requestId: ctx.requestId,
    },
  });
}
