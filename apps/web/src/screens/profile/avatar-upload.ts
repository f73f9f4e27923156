import { LIMITS } from '@takt/contracts';
import type { User } from '../../lib/api-types';
import type { FailedCall } from '../../lib/errors';
import { postForm } from '../../lib/upload';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const AVATAR_MAX_MB = LIMITS.avatarMaxBytes / (1024 * 1024);

/** The same checks the server makes, so that a wrong file is refused before it is sent. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > LIMITS.avatarMaxBytes) return 'size';
  return null;
}

/** Uploads the avatar (`POST /api/v1/users/avatar`, multipart field `file`). */
export async function uploadAvatar(file: File): Promise<{ user: User } | { failure: FailedCall }> {
  const body = new FormData();
  body.append('file', file);
  const result = await postForm<User>('/api/v1/users/avatar', body, 'users.avatar');
  return 'failure' in result ? result : { user: result.answer };
}
