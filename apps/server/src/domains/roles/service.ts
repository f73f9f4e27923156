import type { Ability } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { AppError, rethrowNameTaken } from '../../errors';
import { audit } from '../audit';

type RoleRow = { id: string; name: string; key: string | null; abilities: string[]; revision: number };

function toRole(role: RoleRow, memberCount: number) {
  return {
    id: role.id,
    name: role.name,
    key: role.key,
    abilities: role.abilities as Ability[],
    revision: role.revision,
    memberCount,
  };
}

const nameTaken = rethrowNameTaken('validation.role_name_taken');

export async function listRoles(ctx: SpaceContext) {
  const roles = await ctx.db.prisma.role.findMany({
    where: { spaceId: ctx.space.spaceId },
    include: { _count: { select: { members: true } } },
    orderBy: [{ key: { sort: 'asc', nulls: 'last' } }, { name: 'asc' }],
  });
  return roles.map((r) => toRole(r, r._count.members));
}

export async function createRole(ctx: SpaceContext, input: { name: string; abilities: Ability[] }) {
  const role = await ctx.db.prisma.role
    .create({
      data: { spaceId: ctx.space.spaceId, name: input.name, abilities: [...new Set(input.abilities)] },
    })
    .catch(nameTaken);
  await audit(ctx, { action: 'roles.create', details: { roleId: role.id, name: role.name } });
  return toRole(role, 0);
}

/** Built-in roles can be renamed and re-scoped, except that the administrator keeps every ability. */
export async function updateRole(
  ctx: SpaceContext,
  input: { roleId: string; name: string; abilities: Ability[]; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  const role = await ctx.db.prisma.role.findFirst({ where: { id: input.roleId, spaceId } });
  if (!role) throw new AppError('NotFound');
  if (role.key === 'administrator' && !sameSet(role.abilities, input.abilities))
    throw new AppError('BuiltInRole');
  if (role.abilities.includes('users.manage') && !input.abilities.includes('users.manage')) {
    const otherManagers = await ctx.db.prisma.spaceMember.count({
      where: { spaceId, roleId: { not: role.id }, role: { abilities: { has: 'users.manage' } } },
    });
    if (otherManagers === 0) throw new AppError('LastAdministrator');
  }
  const updated = await ctx.db.prisma.role
    .updateMany({
      where: { id: role.id, spaceId, revision: input.revision },
      data: { name: input.name, abilities: [...new Set(input.abilities)], revision: { increment: 1 } },
    })
    .catch(nameTaken);
  if (updated.count === 0) throw new AppError('Conflict');
  await audit(ctx, { action: 'roles.update', details: { roleId: role.id, name: input.name } });
  const fresh = await ctx.db.prisma.role.findUniqueOrThrow({
    where: { id: role.id },
    include: { _count: { select: { members: true } } },
  });
  return toRole(fresh, fresh._count.members);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((x) => right.has(x));
}

export async function deleteRole(ctx: SpaceContext, roleId: string) {
  const spaceId = ctx.space.spaceId;
  const role = await ctx.db.prisma.role.findFirst({
    where: { id: roleId, spaceId },
    include: { _count: { select: { members: true } } },
  });
  if (!role) throw new AppError('NotFound');
  if (role.key) throw new AppError('BuiltInRole');
  if (role._count.members > 0) throw new AppError('RoleInUse', { count: role._count.members });
  await ctx.db.prisma.role.deleteMany({ where: { id: roleId, spaceId } });
  await audit(ctx, { action: 'roles.delete', details: { roleId, name: role.name } });
  return { success: true as const };
}
