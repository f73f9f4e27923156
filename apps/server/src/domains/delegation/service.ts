import type { Ability } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { audit } from '../audit';
import { displayName } from '../users';

type Row = {
  id: string;
  fromUserId: string;
  toUserId: string;
  abilities: string[];
  validUntil: Date | null;
  comment: string | null;
  createdAt: Date;
  fromUser: { firstName: string; lastName: string };
  toUser: { firstName: string; lastName: string };
};

function toDelegation(d: Row) {
  return {
    id: d.id,
    fromUser: { id: d.fromUserId, name: displayName(d.fromUser) },
    toUser: { id: d.toUserId, name: displayName(d.toUser) },
    abilities: d.abilities as Ability[],
    validUntil: d.validUntil?.toISOString() ?? null,
    comment: d.comment,
    createdAt: d.createdAt.toISOString(),
  };
}

export async function listDelegations(ctx: SpaceContext) {
  const rows = await ctx.db.prisma.delegation.findMany({
    where: {
      spaceId: ctx.space.spaceId,
      OR: [{ fromUserId: ctx.session.userId }, { toUserId: ctx.session.userId }],
    },
    include: { fromUser: true, toUser: true },
    orderBy: { createdAt: 'desc' },
  });
  return {
    given: rows.filter((r) => r.fromUserId === ctx.session.userId).map(toDelegation),
    received: rows.filter((r) => r.toUserId === ctx.session.userId).map(toDelegation),
  };
}

/** A member lends abilities of their own role (not ones lent to them) to another member of the space. */
export async function createDelegation(
  ctx: SpaceContext,
  input: {
    toUserId: string;
    abilities: Ability[];
    validUntil?: string | null | undefined;
    comment?: string | undefined;
  },
) {
  const spaceId = ctx.space.spaceId;
  if (input.toUserId === ctx.session.userId) {
    throw new AppError('ValidationError', {}, [{ path: 'toUserId', message: 'validation.delegate_to_self' }]);
  }
  const [own, target] = await Promise.all([
    ctx.db.prisma.spaceMember.findUniqueOrThrow({
      where: { spaceId_userId: { spaceId, userId: ctx.session.userId } },
      include: { role: true },
    }),
    ctx.db.prisma.spaceMember.findUnique({ where: { spaceId_userId: { spaceId, userId: input.toUserId } } }),
  ]);
  if (!target) throw new AppError('NotFound');
  const notHeld = input.abilities.filter((a) => !own.role.abilities.includes(a));
  if (notHeld.length > 0) {
    throw new AppError('ValidationError', {}, [
      {
        path: 'abilities',
        message: 'validation.ability_not_held',
        params: { abilities: notHeld.join(', ') },
      },
    ]);
  }
  const validUntil = input.validUntil ? new Date(input.validUntil) : null;
  if (validUntil && validUntil.getTime() <= Date.now()) {
    throw new AppError('ValidationError', {}, [{ path: 'validUntil', message: 'validation.date_in_past' }]);
  }
  const created = await ctx.db.prisma.delegation.create({
    data: {
      spaceId,
      fromUserId: ctx.session.userId,
      toUserId: input.toUserId,
      abilities: [...new Set(input.abilities)],
      validUntil,
      comment: input.comment || null,
    },
    include: { fromUser: true, toUser: true },
  });
  await audit(ctx, {
    action: 'delegation.create',
    details: { delegationId: created.id, toUserId: input.toUserId },
  });
  return toDelegation(created);
}

/** The lender or the receiver may end a delegation. */
export async function deleteDelegation(ctx: SpaceContext, delegationId: string) {
  const removed = await ctx.db.prisma.delegation.deleteMany({
    where: {
      id: delegationId,
      spaceId: ctx.space.spaceId,
      OR: [{ fromUserId: ctx.session.userId }, { toUserId: ctx.session.userId }],
    },
  });
  if (removed.count === 0) throw new AppError('NotFound');
  await audit(ctx, { action: 'delegation.delete', details: { delegationId } });
  return { success: true as const };
}
