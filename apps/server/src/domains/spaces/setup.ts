import { BUILT_IN_ROLES, type BuiltInRoleKey, LIMITS } from '@takt/contracts';
import type { Prisma } from '@takt/db';
import { translate } from '@takt/i18n';
import type { Context } from '../../context';

type Tx = Prisma.TransactionClient;

/**
 * A new space: its built-in roles (named in the creator's language), the creator as administrator,
 * and a licence — free (few seats, no end) or demo (more seats, 30 days).
 */
export async function createSpaceRecords(
  ctx: Context,
  tx: Tx,
  options: { name: string; kind: 'free' | 'demo'; creatorId: string },
) {
  const space = await tx.space.create({
    data: { name: options.name, kind: options.kind, createdById: options.creatorId },
  });
  const keys = Object.keys(BUILT_IN_ROLES) as BuiltInRoleKey[];
  await tx.role.createMany({
    data: keys.map((key) => ({
      spaceId: space.id,
      key,
      name: translate(ctx.lang, `roles.${key}`),
      abilities: [...BUILT_IN_ROLES[key]],
    })),
  });
  const admin = await tx.role.findFirstOrThrow({ where: { spaceId: space.id, key: 'administrator' } });
  await tx.spaceMember.create({ data: { spaceId: space.id, userId: options.creatorId, roleId: admin.id } });
  const demo = options.kind === 'demo';
  await tx.licence.create({
    data: {
      spaceId: space.id,
      kind: options.kind,
      userLimit: demo ? LIMITS.demoSpaceUserLimit : LIMITS.freeSpaceUserLimit,
      bimUserLimit: demo ? null : LIMITS.freeSpaceBimUserLimit,
      estimateUserLimit: demo ? null : LIMITS.freeSpaceEstimateUserLimit,
      validUntil: demo ? new Date(Date.now() + 30 * 24 * 3600_000) : null,
    },
  });
  return space;
}
