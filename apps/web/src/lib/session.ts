import { createStore, useStore } from '../state/store';
import {
  clearLastSpaces,
  getLastSpace,
  getToken,
  removeToken,
  setLastSpace,
  subscribeToken,
} from './storage';

/**
 * The signed-in user as far as the browser knows: the token lives in local storage (shared by the
 * tabs), the user id is learnt from `users.whoAmI` or the login reply.
 */
const session = createStore<{
  token: string | null;
  userId: string | null;
  idleTimeoutMinutes: number | null;
}>({
  token: getToken(),
  userId: null,
  idleTimeoutMinutes: null,
});

subscribeToken(() => {
  const token = getToken();
  session.set((state) => ({ token, userId: token ? state.userId : null }));
});

export function useToken(): string | null {
  return useStore(session, (s) => s.token);
}

/** Idle timeout of the open space (`users.spaceConfig`); null outside a space. */
export function useIdleTimeoutMinutes(): number | null {
  return useStore(session, (s) => s.idleTimeoutMinutes);
}

export function setIdleTimeoutMinutes(minutes: number | null): void {
  session.set({ idleTimeoutMinutes: minutes });
}

export function currentUserId(): string | null {
  return session.get().userId;
}

export function setCurrentUserId(userId: string | null): void {
  session.set({ userId });
}

export function endSession(): void {
  removeToken();
}

/** The last used space of the signed-in user, if known. */
export function lastSpaceOfCurrentUser(): string | null {
  const userId = currentUserId();
  return userId ? getLastSpace(userId) : null;
}

export function rememberSpace(spaceId: string): void {
  const userId = currentUserId();
  if (userId) setLastSpace(userId, spaceId);
}

/** Forgets the last used space; when the user is not known yet, of every user of this browser. */
export function forgetLastSpace(): void {
  const userId = currentUserId();
  if (userId) setLastSpace(userId, '');
  else clearLastSpaces();
}
