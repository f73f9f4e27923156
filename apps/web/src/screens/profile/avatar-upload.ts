import { LIMITS } from '@takt/contracts';
import type { User } from '../../lib/api-types';
import { describeFailure, type FailedCall, restFailure } from '../../lib/errors';
import { requestHeaders } from '../../lib/trpc';

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
  const path = 'users.avatar';
  try {
    const response = await fetch('/api/v1/users/avatar', { method: 'POST', headers: requestHeaders(), body });
    const data: unknown = await response.json().catch(() => null);
    if (!response.ok) return { failure: restFailure(path, response.status, data) };
    return { user: data as User };
  } catch (error) {
    return { failure: describeFailure(error, path) };
  }
}
