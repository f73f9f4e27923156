import { useEffect, useState } from 'react';
import { initials } from '../lib/ids';
import { requestHeaders } from '../lib/trpc';
import { createStore, useStore } from '../state/store';

/** Bumped after an upload or removal so that every shown avatar is fetched again. */
const avatarVersion = createStore({ version: 0 });

export function avatarChanged(): void {
  avatarVersion.set((s) => ({ version: s.version + 1 }));
}

/** The avatar image needs the Authorization header, so it is fetched as a blob into an object URL. */
export function useAvatarUrl(userId: string, hasAvatar: boolean): string | null {
  const version = useStore(avatarVersion, (s) => s.version);
  const [url, setUrl] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means a new picture
  useEffect(() => {
    setUrl(null);
    if (!hasAvatar) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetch(`/api/v1/users/${userId}/avatar`, { headers: requestHeaders(), signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        // No picture: the initials stay.
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [userId, hasAvatar, version]);
  return url;
}

interface AvatarUser {
  id: string;
  login: string;
  firstName: string;
  lastName: string;
  hasAvatar: boolean;
}

export function Avatar({ user, size = 32, src }: { user: AvatarUser; size?: number; src?: string | null }) {
  const fetched = useAvatarUrl(user.id, user.hasAvatar && src === undefined);
  const url = src === undefined ? fetched : src;
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
    >
      {url ? <img src={url} alt="" /> : initials(user.firstName, user.lastName, user.login)}
    </span>
  );
}
