import { z } from 'zod';
import { id } from './api';
import { restoreBackupInput } from './backups';
import { VALIDATION } from './messages';

/**
 * Remote spaces (docs/product-rules.md, "Remote spaces"): the spaces a user has on another Takt server, listed
 * through that server's REST API with the user's token there, and one of them copied here as a new space.
 */
export const REMOTE_LIMITS = {
  urlMaxLength: 2_000,
  tokenMaxLength: 512,
  /** The other server's answers to the listing and each step of the copy, at most (ms). */
  requestMs: 20_000,
  /** The other server's backup of the space, taken there before it is downloaded, at most (ms). */
  backupMs: 30 * 60_000,
  /** The download of the archive, at most (ms). */
  downloadMs: 60 * 60_000,
  /** Spaces listed at most (each is asked whether the caller may copy it). */
  spacesMax: 100,
} as const;

export const REMOTE_VALIDATION = {
  url: 'remote.validation.url',
} as const;

/** An http or https address with no user name or password in it. */
export function isRemoteUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

const remoteUrl = z
  .string()
  .trim()
  .min(1, { message: VALIDATION.required })
  .max(REMOTE_LIMITS.urlMaxLength, { message: VALIDATION.maxLength })
  .refine(isRemoteUrl, { message: REMOTE_VALIDATION.url });
const remoteToken = z
  .string()
  .trim()
  .min(1, { message: VALIDATION.required })
  .max(REMOTE_LIMITS.tokenMaxLength, { message: VALIDATION.maxLength });

/** The other server and the caller's token there (API GET remote-spaces; the token in a header over REST). */
export const remoteSpacesInput = z.object({ spaceId: id, url: remoteUrl, token: remoteToken });

/** One space of the other server copied here as a new space (API POST space/copy-remote), as a job. */
export const copyRemoteSpaceInput = remoteSpacesInput.extend({
  remoteSpaceId: id,
  /** The new space's name (default: the copied one's). */
  name: restoreBackupInput.shape.name,
});

/** A space of the other server as the listing shows it. */
export interface RemoteSpace {
  id: string;
  name: string;
  /** the caller administers it there: only then may it be copied */
  canCopy: boolean;
}
