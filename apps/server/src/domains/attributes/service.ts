import type { AttributeType } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { AppError, deleteSpaceRow } from '../../errors';

const select = {
  id: true,
  name: true,
  valueType: true,
  scheduleId: true,
  directoryId: true,
  sortKey: true,
  revision: true,
} as const;

async function checkRefs(ctx: SpaceContext, scheduleId?: string | null, directoryId?: string | null) {
  const spaceId = ctx.space.spaceId;
  if (
    scheduleId &&
    !(await ctx.db.prisma.epsNode.count({ where: { id: scheduleId, spaceId, kind: 'schedule' } }))
  )
    throw new AppError('NotFound');
  if (directoryId && !(await ctx.db.prisma.directory.count({ where: { id: directoryId, spaceId } })))
    throw new AppError('NotFound');
}

/**
 * Attributes offered in a schedule (its own and the space-wide ones); with `roleId`, only those that
 * role may view there, with its edit right (roles: access per schedule and per role).
 */
export async function listAttributes(ctx: SpaceContext, input: { scheduleId?: string; roleId?: string }) {
  const attributes = await ctx.db.prisma.attribute.findMany({
    where: {
      spaceId: ctx.space.spaceId,
      ...(input.scheduleId ? { OR: [{ scheduleId: null }, { scheduleId: input.scheduleId }] } : {}),
    },
    select: { ...select, access: true },
    orderBy: [{ sortKey: 'asc' }, { name: 'asc' }],
  });
  return attributes
    .map(({ access, ...a }) => {
      const rule = access.find((r) => r.roleId === input.roleId && r.scheduleId === input.scheduleId);
      return {
        ...a,
        access: access.map((r) => ({
          scheduleId: r.scheduleId,
          roleId: r.roleId,
          canView: r.canView,
          canEdit: r.canEdit,
        })),
        canView: rule?.canView ?? true,
        canEdit: rule?.canEdit ?? true,
      };
    })
    .filter((a) => !input.roleId || a.canView);
}

export async function createAttribute(
  ctx: SpaceContext,
  input: { name: string; valueType: AttributeType; scheduleId?: string | null; directoryId?: string | null },
) {
  await checkRefs(ctx, input.scheduleId, input.directoryId);
  const count = await ctx.db.prisma.attribute.count({ where: { spaceId: ctx.space.spaceId } });
  return ctx.db.prisma.attribute.create({
    data: {
      spaceId: ctx.space.spaceId,
      name: input.name,
      valueType: input.valueType,
      scheduleId: input.scheduleId ?? null,
      directoryId: input.directoryId ?? null,
      sortKey: (count + 1) * 1024,
    },
    select,
  });
}

export async function updateAttribute(
  ctx: SpaceContext,
  input: {
    attributeId: string;
    revision: number;
    name?: string;
    scheduleId?: string | null;
    directoryId?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  if (!(await ctx.db.prisma.attribute.count({ where: { id: input.attributeId, spaceId } })))
    throw new AppError('NotFound');
  await checkRefs(ctx, input.scheduleId, input.directoryId);
  const updated = await ctx.db.prisma.attribute.updateMany({
    where: { id: input.attributeId, spaceId, revision: input.revision },
    data: {
      name: input.name,
      scheduleId: input.scheduleId,
      directoryId: input.directoryId,
      revision: { increment: 1 },
    },
  });
  if (!updated.count) throw new AppError('Conflict');
  return ctx.db.prisma.attribute.findUniqueOrThrow({ where: { id: input.attributeId }, select });
}

export const deleteAttribute = (ctx: SpaceContext, attributeId: string) =>
  deleteSpaceRow(ctx.db.prisma.attribute, ctx.space.spaceId, attributeId);

/** API schedules: POST attributes/access — who may view and edit an attribute in a schedule. */
export async function setAttributeAccess(
  ctx: SpaceContext,
  input: { attributeId: string; scheduleId: string; roleId: string; canView: boolean; canEdit: boolean },
) {
  const spaceId = ctx.space.spaceId;
  const [attribute, role] = await Promise.all([
    ctx.db.prisma.attribute.count({ where: { id: input.attributeId, spaceId } }),
    ctx.db.prisma.role.count({ where: { id: input.roleId, spaceId } }),
  ]);
  if (!attribute || !role) throw new AppError('NotFound');
  await checkRefs(ctx, input.scheduleId);
  const canEdit = input.canView && input.canEdit;
  await ctx.db.prisma.attributeAccess.upsert({
    where: {
      attributeId_scheduleId_roleId: {
        attributeId: input.attributeId,
        scheduleId: input.scheduleId,
        roleId: input.roleId,
      },
    },
    create: { spaceId, ...input, canEdit },
    update: { canView: input.canView, canEdit },
  });
  return { success: true as const };
}
