import type { Ability } from '@takt/contracts';
import type { AuthedContext, SpaceAccess } from '../../context';
import { AppError } from '../../errors';
import { ipAllowed } from './ip';
import { licenceInForce, noLicenceError } from './licence';

export function isActiveDelegation(d: { validUntil: Date | null }, now = Date.now()): boolean {
  return d.validUntil === null || d.validUntil.getTime() > now;
}

/**
 * Checks, in this order, what stands between a user and a space: membership (403 Forbidden), the
 * space's IP allowlist (403 IPNotAllowed), its licence (402 LicenseNotFound / LicenseExpired /
 * LicenseNotActive / LicenseVersionUnsupported / LicenseLimit, see `noLicenceError`) and the ability the
 * procedure needs (403 Forbidden). Abilities are the member's role plus what others delegated to them,
 * limited to what each delegator still holds. Without `licence` the licence is not asked (the licence desk,
 * `licenceDeskProcedure`).
 */
export async function resolveSpaceAccess(
  ctx: AuthedContext,
  spaceId: string,
  ability: Ability,
  options: { licence: boolean } = { licence: true },
): Promise<SpaceAccess> {
  const userId = ctx.session.userId;
  const { member, seat } = await ctx.reads.read(`access:${spaceId}:${userId}`, () =>
    membershipOf(ctx, spaceId, userId),
  );
  if (!member || member.space.deletingAt) throw new AppError('Forbidden');
  const { space } = member;

  if (
    !ipAllowed(
      ctx.ip,
      space.ipAllowlist.map((e) => e.cidr),
    )
  )
    throw new AppError('IPNotAllowed');

  const now = Date.now();
  if (options.licence) {
    const current = licenceInForce(space.licences, now);
    if (!current) throw new AppError(noLicenceError(space.licences, now));
    // Members beyond the licence's seats (latest joiners first) are turned away.
    if (seat > current.userLimit) throw new AppError('LicenseLimit');
  }

  const abilities = new Set<Ability>(member.role.abilities as Ability[]);
  for (const delegation of space.delegations) {
    if (!isActiveDelegation(delegation, now)) continue;
    const lender = new Set(delegation.fromUser.memberships[0]?.role.abilities ?? []);
    for (const a of delegation.abilities) if (lender.has(a)) abilities.add(a as Ability);
  }
  if (!abilities.has(ability)) throw new AppError('Forbidden');

  // the session takes the idle timeout of the space it works in (written only when it changes)
  if (ctx.session.id && ctx.session.idleTimeoutMinutes !== space.idleTimeoutMinutes) {
    ctx.session.idleTimeoutMinutes = space.idleTimeoutMinutes;
    await ctx.db.prisma.session.updateMany({
      where: { id: ctx.session.id, idleTimeoutMinutes: { not: space.idleTimeoutMinutes } },
      data: { idleTimeoutMinutes: space.idleTimeoutMinutes },
    });
  }
  return { spaceId, roleId: member.roleId, roleName: member.role.name, roleKey: member.role.key, abilities };
}

/** The caller's membership of a space with what access depends on, and their seat (joining order). */
async function membershipOf(ctx: AuthedContext, spaceId: string, userId: string) {
  const member = await ctx.db.prisma.spaceMember.findUnique({
    where: { spaceId_userId: { spaceId, userId } },
    include: {
      role: true,
      space: {
        include: {
          ipAllowlist: { select: { cidr: true } },
          licences: { where: { active: true }, orderBy: { validFrom: 'desc' } },
          delegations: {
            where: { toUserId: userId },
            include: {
              fromUser: { include: { memberships: { where: { spaceId }, include: { role: true } } } },
            },
          },
        },
      },
    },
  });
  const seat = member
    ? await ctx.db.prisma.spaceMember.count({ where: { spaceId, joinedAt: { lte: member.joinedAt } } })
    : 0;
  return { member, seat };
}
