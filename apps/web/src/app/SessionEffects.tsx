import { LIMITS } from '@takt/contracts';
import { isLanguage } from '@takt/i18n';
import { useEffect } from 'react';
import { signOut } from '../lib/auth';
import { IdleDetector } from '../lib/idle';
import { applyTheme, setLanguage } from '../lib/preferences';
import { setCurrentUserId, useIdleTimeoutMinutes, useToken } from '../lib/session';
import { setDarkTheme } from '../lib/storage';
import { onIdleCleared, postTabMessage, startTabSync } from '../lib/tabs';
import { trpc } from '../lib/trpc';
import { appState } from '../state/app-state';

/**
 * Everything a signed-in tab does besides rendering a screen: learns who the user is (and applies
 * their language and theme), talks to the other tabs, and ends the session after the idle timeout.
 */
export function SessionEffects() {
  const token = useToken();
  useEffect(() => startTabSync(), []);
  return token ? <SignedIn token={token} /> : null;
}

function SignedIn({ token }: { token: string }) {
  const idleMinutes = useIdleTimeoutMinutes() ?? LIMITS.defaultIdleTimeoutMinutes;
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });

  useEffect(() => {
    const user = me.data;
    if (!user) return;
    setCurrentUserId(user.id);
    const allowed = appState.get().systemState?.allowed_langs;
    if (user.language && isLanguage(user.language) && (!allowed || allowed.includes(user.language))) {
      setLanguage(user.language);
    }
    applyTheme(user.theme === 'dark');
    setDarkTheme(user.theme === 'dark');
  }, [me.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token starts a new idle period
  useEffect(() => {
    const detector = new IdleDetector({
      timeoutMs: idleMinutes * 60_000,
      onIdle: () => void signOut('idleness'),
      onActivity: () => postTabMessage({ type: 'idleness-updated' }),
    });
    detector.start();
    const stopListening = onIdleCleared(() => detector.reset());
    return () => {
      stopListening();
      detector.stop();
    };
  }, [idleMinutes, token]);

  return null;
}
