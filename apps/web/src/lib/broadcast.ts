import { BROADCAST_CHANNEL } from '@takt/contracts';

/** Messages the tabs of one browser exchange (states "Cross-tab messages"). */
export type TabMessage =
  | { type: 'auth'; token: string }
  | { type: 'logout' }
  | { type: 'idleness' }
  | { type: 'idleness-updated' };

export interface TabMessageEffects {
  getToken(): string | null;
  setToken(token: string): void;
  removeToken(): void;
  navigate(path: string): void;
  /** The last used space of the signed-in user, if any. */
  lastSpace(): string | null;
  clearIdle(): void;
}

export function isTabMessage(value: unknown): value is TabMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; token?: unknown };
  switch (message.type) {
    case 'auth':
      return typeof message.token === 'string';
    case 'logout':
    case 'idleness':
    case 'idleness-updated':
      return true;
    default:
      return false;
  }
}

/** What a tab does when another tab speaks. */
export function handleTabMessage(message: TabMessage, effects: TabMessageEffects): void {
  switch (message.type) {
    case 'auth':
      if (message.token !== effects.getToken()) {
        effects.setToken(message.token);
      } else {
        const space = effects.lastSpace();
        effects.navigate(space ? `/${space}` : '/');
      }
      return;
    case 'logout':
      effects.removeToken();
      effects.navigate('/auth/login');
      return;
    case 'idleness':
      effects.removeToken();
      effects.navigate('/auth/idleness');
      return;
    case 'idleness-updated':
      effects.clearIdle();
      return;
  }
}

export interface TabChannel {
  post(message: TabMessage): void;
  close(): void;
}

/** Opens the shared channel; without BroadcastChannel support the tab simply talks to nobody. */
export function openTabChannel(onMessage: (message: TabMessage) => void): TabChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => {}, close: () => {} };
  const channel = new BroadcastChannel(BROADCAST_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (isTabMessage(event.data)) onMessage(event.data);
  };
  return { post: (message) => channel.postMessage(message), close: () => channel.close() };
}
