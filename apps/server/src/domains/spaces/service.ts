import type { SpaceSettings } from '@takt/contracts';
import { translate } from '@takt/i18n';
import type { AuthedContext, SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { ipAllowed, isActiveDelegation, isValidAllowEntry, licenceInForce, noLicenceError } from '../access';
import { audit } from '../audit';
import { displayName } from '../users';
import { fillDemo } from './demo';
import { createSpaceRecords } from './setup';

export const SPACE_DELETION_JOB = 'space-deletion';

export async function createSpace(
  ctx: AuthedContext,
  input: { name: string },
  kind: 'free' | 'demo' = 'free',
) {
  const space = await ctx.db.prisma.$transaction((tx) =>
    createSpaceRecords(ctx, tx, { name: input.name, kind, creatorId: ctx.session.userId }),
  );
  await audit(ctx, { action: 'space.create', spaceId: space.id, details: { name: space.name, kind } });
  return { id: space.id, name: space.name };
}

export async function createDemoSpace(ctx: AuthedContext) {
  const created = await createSpace(ctx, { name: translate(ctx.lang, 'space.demo_name') }, 'demo');
  await fillDemo(ctx, created.id);
  return created;
}

export async function fillWithDemo(ctx: SpaceContext) {
  await fillDemo(ctx, ctx.space.spaceId);
  await audit(ctx, { action: 'space.demo' });
  return { success: true as const };
}

export async function renameSpace(ctx: SpaceContext, name: string) {
  const space = await ctx.db.prisma.space.update({
    where: { id: ctx.space.spaceId },
    data: { name, revision: { increment: 1 } },
  });
  await audit(ctx, { action: 'space.rename', details: { name } });
  return { id: space.id, name: space.name };
}

/** Marks the space as being deleted (nobody can enter it from now on) and queues the deletion job. */
export async function deleteSpace(ctx: SpaceContext) {
  const spaceId = ctx.space.spaceId;
  const job = await ctx.db.prisma.$transaction(async (tx) => {
    const marked = await tx.space.updateMany({
      where: { id: spaceId, deletingAt: null },
      data: { deletingAt: new Date() },
    });
    if (marked.count === 0) throw new AppError('SpaceDeleting');
    return tx.jobProgress.create({ data: { spaceId, kind: SPACE_DELETION_JOB, userId: ctx.session.userId } });
  });
  await audit(ctx, { action: 'space.delete' });
  await ctx.jobs.send(SPACE_DELETION_JOB, { spaceId, jobId: job.id });
  return { jobId: job.id };
}

/**
 * API `DELETE delete-free`: deletes a free space (SpaceNotFree for a demo or licensed one) the way every space
 * is deleted, by the deletion job.
 */
export async function deleteFreeSpace(ctx: SpaceContext) {
  const space = await ctx.db.prisma.space.findUniqueOrThrow({
    where: { id: ctx.space.spaceId },
    select: { kind: true },
  });
  if (space.kind !== 'free') throw new AppError('SpaceNotFree');
  return deleteSpace(ctx);
}

/** Readable by the member who asked for the deletion even after the space is gone. */
export async function deletionStatus(ctx: AuthedContext, spaceId: string) {
  const job = await ctx.db.prisma.jobProgress.findFirst({
    where: {
      spaceId,
      kind: SPACE_DELETION_JOB,
      OR: [{ userId: ctx.session.userId }, { spaceId: { in: await memberSpaceIds(ctx) } }],
    },
    orderBy: { createdAt: 'desc' },
  });
  if (!job) return { state: 'none' as const, progress: 0 };
  return { state: job.state as 'queued' | 'running' | 'completed' | 'failed', progress: job.progress };
}

async function memberSpaceIds(ctx: AuthedContext): Promise<string[]> {
  const rows = await ctx.db.prisma.spaceMember.findMany({
    where: { userId: ctx.session.userId },
    select: { spaceId: true },
  });
  return rows.map((r) => r.spaceId);
}

/** The spaces the user is a member of. A space being deleted is gone for its users from the moment it is marked. */
export async function listUserSpaces(ctx: AuthedContext) {
  const rows = await ctx.db.prisma.spaceMember.findMany({
    where: { userId: ctx.session.userId, space: { deletingAt: null } },
    include: { role: true, space: { include: { _count: { select: { members: true } } } } },
    orderBy: { space: { name: 'asc' } },
  });
  return rows.map((m) => ({
    id: m.space.id,
    name: m.space.name,
    kind: m.space.kind,
    role: { id: m.role.id, name: m.role.name, key: m.role.key },
    memberCount: m.space._count.members,
  }));
}

export async function spaceConfig(ctx: SpaceContext) {
  const space = await ctx.db.prisma.space.findUniqueOrThrow({ where: { id: ctx.space.spaceId } });
  return {
    space: { id: space.id, name: space.name, kind: space.kind },
    role: { id: ctx.space.roleId, name: ctx.space.roleName, key: ctx.space.roleKey },
    abilities: [...ctx.space.abilities].sort(),
    settings: { idleTimeoutMinutes: space.idleTimeoutMinutes, editingPeriodDays: space.editingPeriodDays },
    licence: await licence(ctx),
  };
}

export async function licence(ctx: SpaceContext) {
  const spaceId = ctx.space.spaceId;
  const [licences, usedSeats, bimUsers, estimateUsers] = await Promise.all([
    ctx.db.prisma.licence.findMany({ where: { spaceId, active: true } }),
    ctx.db.prisma.spaceMember.count({ where: { spaceId } }),
    ctx.db.prisma.licenceModuleUser.count({ where: { spaceId, module: 'bim' } }),
    ctx.db.prisma.licenceModuleUser.count({ where: { spaceId, module: 'estimate' } }),
  ]);
  const current = licenceInForce(licences);
  if (!current) throw new AppError(noLicenceError(licences));
  return {
    kind: current.kind,
    userLimit: current.userLimit,
    usedSeats,
    bimUserLimit: current.bimUserLimit,
    bimUsers,
    estimateUserLimit: current.estimateUserLimit,
    estimateUsers,
    validUntil: current.validUntil?.toISOString() ?? null,
  };
}

function toMember(m: {
  userId: string;
  joinedAt: Date;
  role: { id: string; name: string; key: string | null };
  user: { login: string; firstName: string; lastName: string; email: string; executor: boolean };
}) {
  return {
    userId: m.userId,
    login: m.user.login,
    firstName: m.user.firstName,
    lastName: m.user.lastName,
    email: m.user.email,
    executor: m.user.executor,
    role: { id: m.role.id, name: m.role.name, key: m.role.key },
    joinedAt: m.joinedAt.toISOString(),
  };
}

export async function listMembers(ctx: SpaceContext) {
  const rows = await ctx.db.prisma.spaceMember.findMany({
    where: { spaceId: ctx.space.spaceId },
    include: { user: true, role: true },
    orderBy: [{ user: { lastName: 'asc' } }, { user: { firstName: 'asc' } }],
  });
  return rows.map(toMember);
}

async function roleInSpace(ctx: SpaceContext, roleId: string) {
  const role = await ctx.db.prisma.role.findFirst({ where: { id: roleId, spaceId: ctx.space.spaceId } });
  if (!role) throw new AppError('NotFound');
  return role;
}

export async function invite(ctx: SpaceContext, input: { login: string; roleId: string }) {
  const spaceId = ctx.space.spaceId;
  await roleInSpace(ctx, input.roleId);
  const user = await ctx.db.prisma.user.findUnique({ where: { loginKey: input.login.trim().toLowerCase() } });
  if (!user) throw new AppError('NotFound');
  const member = await ctx.db.prisma.$transaction(async (tx) => {
    // Lock the space row so two invitations cannot both take the last seat.
    await tx.$queryRaw`SELECT id FROM spaces WHERE id = ${spaceId}::uuid FOR UPDATE`;
    const existing = await tx.spaceMember.findUnique({
      where: { spaceId_userId: { spaceId, userId: user.id } },
    });
    if (existing) throw new AppError('AlreadyMember');
    const [licences, used] = await Promise.all([
      tx.licence.findMany({ where: { spaceId, active: true } }),
      tx.spaceMember.count({ where: { spaceId } }),
    ]);
    const current = licenceInForce(licences);
    if (!current) throw new AppError(noLicenceError(licences));
    // every member takes a paid seat: an invitation past them is refused
    if (used >= current.userLimit) throw new AppError('LicensePaidUsersExceeded');
    return tx.spaceMember.create({
      data: { spaceId, userId: user.id, roleId: input.roleId },
      include: { user: true, role: true },
    });
  });
  await audit(ctx, { action: 'space.invite', details: { userId: user.id, roleId: input.roleId } });
  return toMember(member);
}

/** The space keeps at least one member who can manage users. */
async function assertAnotherManager(ctx: SpaceContext, leavingUserId: string) {
  const managers = await ctx.db.prisma.spaceMember.count({
    where: {
      spaceId: ctx.space.spaceId,
      userId: { not: leavingUserId },
      role: { abilities: { has: 'users.manage' } },
    },
  });
  if (managers === 0) throw new AppError('LastAdministrator');
}

export async function kickout(ctx: SpaceContext, userId: string) {
  const spaceId = ctx.space.spaceId;
  await assertAnotherManager(ctx, userId);
  await ctx.db.prisma.$transaction([
    ctx.db.prisma.delegation.deleteMany({
      where: { spaceId, OR: [{ fromUserId: userId }, { toUserId: userId }] },
    }),
    ctx.db.prisma.spaceMember.deleteMany({ where: { spaceId, userId } }),
  ]);
  await audit(ctx, { action: 'space.kickout', details: { userId } });
  return { success: true as const };
}

export async function setMemberRole(ctx: SpaceContext, input: { userId: string; roleId: string }) {
  const member = await ctx.db.prisma.spaceMember.findUnique({
    where: { spaceId_userId: { spaceId: ctx.space.spaceId, userId: input.userId } },
  });
  if (!member) throw new AppError('NotFound');
  const role = await roleInSpace(ctx, input.roleId);
  if (!role.abilities.includes('users.manage')) await assertAnotherManager(ctx, input.userId);
  const updated = await ctx.db.prisma.spaceMember.update({
    where: { spaceId_userId: { spaceId: ctx.space.spaceId, userId: input.userId } },
    data: { roleId: input.roleId },
    include: { user: true, role: true },
  });
  await audit(ctx, { action: 'space.set_member_role', details: input });
  return toMember(updated);
}

export async function getSettings(ctx: SpaceContext) {
  const space = await ctx.db.prisma.space.findUniqueOrThrow({
    where: { id: ctx.space.spaceId },
    include: { ipAllowlist: { orderBy: { createdAt: 'asc' } } },
  });
  return {
    idleTimeoutMinutes: space.idleTimeoutMinutes,
    ipAllowlist: space.ipAllowlist.map((e) => e.cidr),
    editingPeriodDays: space.editingPeriodDays,
    revision: space.revision,
  };
}

export async function updateSettings(
  ctx: SpaceContext,
  input: Partial<SpaceSettings> & { revision: number },
) {
  const spaceId = ctx.space.spaceId;
  const invalid = (input.ipAllowlist ?? []).findIndex((entry) => !isValidAllowEntry(entry));
  if (invalid >= 0) {
    throw new AppError('ValidationError', {}, [
      { path: `ipAllowlist.${invalid}`, message: 'validation.invalid_ip' },
    ]);
  }
  if (input.ipAllowlist && input.ipAllowlist.length > 0 && !ipAllowed(ctx.ip, input.ipAllowlist)) {
    // Saving a list that shuts out the administrator saving it would lock the space for good.
    throw new AppError('ValidationError', {}, [
      { path: 'ipAllowlist', message: 'validation.ip_locks_you_out' },
    ]);
  }
  await ctx.db.prisma.$transaction(async (tx) => {
    const updated = await tx.space.updateMany({
      where: { id: spaceId, revision: input.revision },
      data: {
        ...(input.idleTimeoutMinutes !== undefined ? { idleTimeoutMinutes: input.idleTimeoutMinutes } : {}),
        ...(input.editingPeriodDays !== undefined ? { editingPeriodDays: input.editingPeriodDays } : {}),
        revision: { increment: 1 },
      },
    });
    if (updated.count === 0) throw new AppError('Conflict');
    if (input.ipAllowlist) {
      const unique = [...new Set(input.ipAllowlist)];
      await tx.ipAllowEntry.deleteMany({ where: { spaceId } });
      await tx.ipAllowEntry.createMany({ data: unique.map((cidr) => ({ spaceId, cidr })) });
    }
  });
  await audit(ctx, { action: 'space.update_settings', details: { ...input } });
  return getSettings(ctx);
}

export async function access(ctx: SpaceContext) {
  const received = await ctx.db.prisma.delegation.findMany({
    where: { spaceId: ctx.space.spaceId, toUserId: ctx.session.userId },
    include: { fromUser: true },
    orderBy: { createdAt: 'asc' },
  });
  return {
    abilities: [...ctx.space.abilities].sort(),
    role: { id: ctx.space.roleId, name: ctx.space.roleName },
    delegated: received
      .filter((d) => isActiveDelegation(d))
      .map((d) => ({
        delegationId: d.id,
        fromUser: { id: d.fromUserId, name: displayName(d.fromUser) },
        abilities: d.abilities,
        validUntil: d.validUntil?.toISOString() ?? null,
      })),
  };
}

export async function auditLog(ctx: SpaceContext, input: { cursor?: string | undefined; limit: number }) {
  const rows = await ctx.db.prisma.auditLog.findMany({
    where: { spaceId: ctx.space.spaceId, ...(input.cursor ? { id: { lt: BigInt(input.cursor) } } : {}) },
    orderBy: { id: 'desc' },
    take: input.limit + 1,
  });
  const users = await ctx.db.prisma.user.findMany({
    where: { id: { in: rows.flatMap((r) => (r.userId ? [r.userId] : [])) } },
    select: { id: true, login: true },
  });
  const loginOf = new Map(users.map((u) => [u.id, u.login]));
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((r) => ({
      id: r.id.toString(),
      at: r.at.toISOString(),
      userLogin: r.userId ? (loginOf.get(r.userId) ?? null) : null,
      action: r.action,
      details: r.details ?? null,
      ip: r.ip,
    })),
    nextCursor: rows.length > input.limit ? page[page.length - 1]!.id.toString() : null,
  };
}
