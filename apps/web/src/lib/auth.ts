import { navigate } from 'wouter/use-browser-location';
import { dismissAll } from './notifications';
import { queryClient } from './query-client';
import { setCurrentUserId } from './session';
import { getLastSpace, getToken, removeToken, setToken } from './storage';
import { postTabMessage } from './tabs';
import { api } from './trpc';

/** Stores a fresh session, tells the other tabs, and returns the space to open (the last used one). */
export function signedIn(token: string, userId: string): string | null {
  queryClient.clear();
  dismissAll();
  setToken(token);
  setCurrentUserId(userId);
  postTabMessage({ type: 'auth', token });
  return getLastSpace(userId);
}

/** Ends the session of every tab: on the server (best effort), in storage, then opens `to`. */
export async function signOut(reason: 'logout' | 'idleness'): Promise<void> {
  const token = getToken();
  postTabMessage({ type: reason });
  removeToken();
  setCurrentUserId(null);
  queryClient.clear();
  navigate(reason === 'logout' ? '/auth/login' : '/auth/idleness');
  if (token) await api.auth.logout.mutate(undefined, { context: { quiet: true, token } }).catch(() => {});
}
