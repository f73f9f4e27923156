import { navigate } from 'wouter/use-browser-location';
import { handleTabMessage, openTabChannel, type TabChannel, type TabMessage } from './broadcast';
import { queryClient } from './query-client';
import { lastSpaceOfCurrentUser } from './session';
import { getToken, removeToken, setToken } from './storage';

let channel: TabChannel | null = null;
const idleResetters = new Set<() => void>();

/** Listens to the other tabs of this browser until the returned function is called. */
export function startTabSync(): () => void {
  channel = openTabChannel((message) =>
    handleTabMessage(message, {
      getToken,
      setToken,
      removeToken: () => {
        removeToken();
        queryClient.clear();
      },
      navigate: (path) => navigate(path),
      lastSpace: lastSpaceOfCurrentUser,
      clearIdle: () => {
        for (const reset of idleResetters) reset();
      },
    }),
  );
  return () => {
    channel?.close();
    channel = null;
  };
}

export function postTabMessage(message: TabMessage): void {
  channel?.post(message);
}

/** Registers the idle detector's reset, run when another tab reports activity. */
export function onIdleCleared(reset: () => void): () => void {
  idleResetters.add(reset);
  return () => idleResetters.delete(reset);
}
