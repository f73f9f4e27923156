import { LIMITS } from '@takt/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getStoredCountdown, setStoredCountdown } from '../../lib/storage';

/**
 * The reconnect countdown of the disconnect page (screens and routes, states): from 10 to 0 in one-second steps,
 * saved when the page is left or unloaded and restored when it opens again. `restore` goes back one
 * step in history and clears the stored value.
 */
export function useDisconnectCountdown(goBack: () => void = () => window.history.back()) {
  const [count, setCount] = useState(() => getStoredCountdown() ?? LIMITS.disconnectCountdownSeconds);
  const countRef = useRef(count);
  countRef.current = count;
  const restored = useRef(false);

  useEffect(() => {
    if (count <= 0) return;
    const timer = setTimeout(() => setCount((c) => Math.max(0, c - 1)), 1000);
    return () => clearTimeout(timer);
  }, [count]);

  useEffect(() => {
    const save = () => {
      if (!restored.current) setStoredCountdown(countRef.current);
    };
    window.addEventListener('pagehide', save);
    window.addEventListener('beforeunload', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.removeEventListener('beforeunload', save);
      save();
    };
  }, []);

  const restore = useCallback(() => {
    if (countRef.current > 0) return;
    restored.current = true;
    setStoredCountdown(null);
    goBack();
  }, [goBack]);

  return { count, ready: count === 0, restore };
}
