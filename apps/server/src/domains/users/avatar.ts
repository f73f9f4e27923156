import { LIMITS } from '@takt/contracts';
import type { AuthedContext } from '../../context';
import { AppError } from '../../errors';
import { toUserDto } from './dto';

/** Image types accepted as avatars, recognised by their first bytes rather than by the name. */
const SIGNATURES: { type: string; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  {
    type: 'image/webp',
    test: (b) =>
      b[0] === 0x52 &&
      b[1] === 0x49 &&
      b[2] === 0x46 &&
      b[3] === 0x46 &&
      b[8] === 0x57 &&
      b[9] === 0x45 &&
      b[10] === 0x42 &&
      b[11] === 0x50,
  },
];

export function imageTypeOf(data: Uint8Array): string | null {
  return SIGNATURES.find((s) => s.test(data))?.type ?? null;
}

export async function uploadAvatar(ctx: AuthedContext, file: { data: Uint8Array }) {
  if (file.data.byteLength > LIMITS.avatarMaxBytes) {
    throw new AppError('FileTooLarge', { maxMb: LIMITS.avatarMaxBytes / 1024 / 1024 });
  }
  const type = imageTypeOf(file.data);
  if (!type) throw new AppError('UnsupportedFileType');
  const key = `avatars/${ctx.session.userId}`;
  await ctx.files.put(key, file.data);
  const user = await ctx.db.prisma.user.update({
    where: { id: ctx.session.userId },
    data: { avatarKey: key, avatarType: type },
  });
  return toUserDto(user);
}

export async function deleteAvatar(ctx: AuthedContext) {
  await ctx.files.delete(`avatars/${ctx.session.userId}`);
  const user = await ctx.db.prisma.user.update({
    where: { id: ctx.session.userId },
    data: { avatarKey: null, avatarType: null },
  });
  return toUserDto(user);
}

/** A user's avatar, visible to themselves and to members of a space they share. */
export async function getAvatar(ctx: AuthedContext, userId: string) {
  if (userId !== ctx.session.userId) {
    const shared = await ctx.db.prisma.spaceMember.count({
      where: { userId: ctx.session.userId, space: { members: { some: { userId } } } },
    });
    if (shared === 0) throw new AppError('NotFound');
  }
  const user = await ctx.db.prisma.user.findUnique({ where: { id: userId } });
  if (!user?.avatarKey || !user.avatarType) throw new AppError('NotFound');
  const data = await ctx.files.get(user.avatarKey);
  if (!data) throw new AppError('NotFound');
  return {
    file: true as const,
    contentType: user.avatarType,
    data: new Uint8Array(data),
    cacheControl: 'private, max-age=60',
  };
}
